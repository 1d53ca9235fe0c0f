import { afterEach, describe, expect, it } from 'vitest';
import { clientIp, SOCKET_ADDRESS_HEADER } from '@/lib/http/client-key';

const g = globalThis as { __ciSocketEntry?: boolean };
afterEach(() => {
  delete process.env.TRUSTED_PROXY;
  delete process.env.APP_ENV;
  delete g.__ciSocketEntry;
});

const req = (headers: Record<string, string>) => new Request('http://api.test/x', { headers });

describe('client address (docs/contract.md §2: TRUSTED_PROXY)', () => {
  it.each([
    // hops:N — the entry the N-th trusted proxy appended, counted from the right
    ['hops:1', { 'x-forwarded-for': '6.6.6.6, 203.0.113.7' }, '203.0.113.7'],
    ['hops:1', { 'x-forwarded-for': '203.0.113.7' }, '203.0.113.7'],
    ['hops:2', { 'x-forwarded-for': '6.6.6.6, 203.0.113.7, 10.0.0.2' }, '203.0.113.7'],
    ['hops:2', { 'x-forwarded-for': ' 1.1.1.1 ,  2001:db8::1 , 10.0.0.2 ' }, '2001:db8::1'],
    ['hops:1', { 'x-forwarded-for': '6.6.6.6, [2001:db8::2]:443' }, '2001:db8::2'],
    ['hops:1', { 'x-forwarded-for': '6.6.6.6, 198.51.100.4:5555' }, '198.51.100.4'],
    ['hops:1', { 'x-forwarded-for': '6.6.6.6, ::ffff:198.51.100.9' }, '198.51.100.9'],
    // a value that is not an address is no address (never a bucket the client named)
    ['hops:1', { 'x-forwarded-for': '1.2.3.4, not-an-ip' }, null],
    // vercel — the platform's own header, never the client's X-Forwarded-For
    ['vercel', { 'x-vercel-forwarded-for': '203.0.113.9', 'x-forwarded-for': '6.6.6.6' }, '203.0.113.9'],
    ['vercel', { 'x-real-ip': '203.0.113.10', 'x-forwarded-for': '6.6.6.6' }, '203.0.113.10'],
    ['vercel', { 'x-forwarded-for': '6.6.6.6' }, null],
  ])('%s %j → %s', (rule, headers, expected) => {
    process.env.TRUSTED_PROXY = rule;
    expect(clientIp(req(headers))).toBe(expected);
  });

  it('the client cannot choose its bucket with X-Forwarded-For under hops:1', () => {
    process.env.TRUSTED_PROXY = 'hops:1';
    // the trusted proxy appends what it saw; whatever the client wrote before stays to the left
    const seen = new Set(['1.1.1.1', '2.2.2.2', '3.3.3.3'].map((spoof) => clientIp(req({ 'x-forwarded-for': `${spoof}, 203.0.113.7` }))));
    expect([...seen]).toEqual(['203.0.113.7']);
  });

  it("behind the service's entry, hops:1 is the socket whatever the client wrote; hops:2 the proxy in front", () => {
    g.__ciSocketEntry = true;
    // as server/entry.cjs leaves the headers: the socket address appended and recorded
    const viaEntry = (clientXff: string | null, peer: string) => req({ [SOCKET_ADDRESS_HEADER]: peer, 'x-forwarded-for': clientXff ? `${clientXff}, ${peer}` : peer });
    process.env.TRUSTED_PROXY = 'hops:1';
    expect(new Set(['1.1.1.1', '2.2.2.2', null].map((spoof) => clientIp(viaEntry(spoof, '198.51.100.20'))))).toEqual(new Set(['198.51.100.20']));
    process.env.TRUSTED_PROXY = 'hops:2';
    // nginx (10.0.0.2) appended the client it saw; the entry appended nginx
    expect(clientIp(viaEntry('6.6.6.6, 203.0.113.7', '10.0.0.2'))).toBe('203.0.113.7');
    expect(clientIp(viaEntry(null, '10.0.0.2'))).toBe('10.0.0.2'); // fewer entries: the socket
  });

  describe('none: the socket address recorded by the production entry', () => {
    it('uses the entry header and ignores X-Forwarded-For', () => {
      process.env.TRUSTED_PROXY = 'none';
      g.__ciSocketEntry = true;
      expect(clientIp(req({ [SOCKET_ADDRESS_HEADER]: '::ffff:127.0.0.1', 'x-forwarded-for': '6.6.6.6' }))).toBe('127.0.0.1');
      expect(clientIp(req({ [SOCKET_ADDRESS_HEADER]: '2001:db8::5' }))).toBe('2001:db8::5');
    });
    it('without the entry the header is not trusted (a client could have written it)', () => {
      process.env.TRUSTED_PROXY = 'none';
      process.env.APP_ENV = 'production';
      expect(clientIp(req({ [SOCKET_ADDRESS_HEADER]: '203.0.113.1', 'x-forwarded-for': '6.6.6.6' }))).toBeNull();
    });
    it('in development without the entry: the X-Forwarded-For Next sets from the socket', () => {
      process.env.APP_ENV = 'development';
      expect(clientIp(req({ 'x-forwarded-for': '127.0.0.1' }))).toBe('127.0.0.1');
    });
    it("hops:N with fewer entries than proxies falls back to the socket (never to the client's word)", () => {
      process.env.TRUSTED_PROXY = 'hops:2';
      g.__ciSocketEntry = true;
      expect(clientIp(req({ [SOCKET_ADDRESS_HEADER]: '10.0.0.9', 'x-forwarded-for': '6.6.6.6' }))).toBe('10.0.0.9');
      delete g.__ciSocketEntry;
      expect(clientIp(req({ [SOCKET_ADDRESS_HEADER]: '10.0.0.9', 'x-forwarded-for': '6.6.6.6' }))).toBeNull();
    });
  });
});
