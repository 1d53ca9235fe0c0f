/**
 * The front cache (lib/http/front-cache.ts): which answers the builder keeps, and how a replay
 * is written — over a real HTTP server whose listener asks `serveFront` first and answers 599
 * "to Next" otherwise, as server/entry.cjs does.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { z } from 'zod';
import { resetConfig } from '@/lib/config';
import { CDN, defineRoute, ok } from '@/lib/http';
import { clearFrontCache, frontCacheSize, frontKey, serveFront } from '@/lib/http/front-cache';
import { MemoryStore, setLimitStore } from '@/lib/ratelimit';
import { SizedCache } from '@/lib/sized-cache';
import { call, userToken } from '@/tests/helpers/route';

let current = true;
let version = 1;
const keep = () => current;
const Item = z.object({ name: z.string(), version: z.number() });

const envelopeRoute = defineRoute({ cache: CDN.catalog, limit: 'lenient', db: false, response: Item, query: z.object({ q: z.string().optional() }) }, async () =>
  ok({ name: 'Blue Dream', version }, { keep, headers: { etag: `"v${version}"` } }),
);
const flatRoute = defineRoute({ cache: CDN.static, limit: false, db: false, flat: true, response: z.object({ list: z.array(z.number()) }) }, async () =>
  ok({ list: [1, 2, 3] }, { keep }),
);
const noKeep = defineRoute({ cache: CDN.catalog, limit: false, db: false, response: Item }, async () => ok({ name: 'x', version }));
const privateRoute = defineRoute({ auth: 'user', limit: false, db: false, response: Item }, async () => ok({ name: 'mine', version }, { keep }));

let server: http.Server;
let base: { host: string; port: number };
beforeAll(async () => {
  server = http.createServer((req, res) => {
    const served = serveFront(req, res);
    const next = () => {
      res.writeHead(599);
      res.end('next');
    };
    if (served === false) return next();
    if (served !== true) void served.then((done) => (done ? undefined : next()), next);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = { host: '127.0.0.1', port: (server.address() as AddressInfo).port };
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

beforeEach(() => {
  clearFrontCache();
  current = true;
  version = 1;
});
afterEach(() => {
  setLimitStore(null);
  delete process.env.RATE_LIMIT_ENABLED;
  delete process.env.FRONT_CACHE;
  resetConfig();
});

/** Answer a request twice through the builder (an answer is kept the second time its key is answered); the second answer. */
async function answered(handler: Parameters<typeof call>[0], o: Parameters<typeof call>[1]) {
  await call(handler, o);
  return call(handler, o);
}

/** A GET over the socket, with a Host that is not local (no development bypass). */
function get(path: string, headers: Record<string, string> = {}): Promise<{ status: number; headers: http.IncomingHttpHeaders; text: string; body: any }> {
  return new Promise((resolve, reject) => {
    const req = http.request({ ...base, path, method: 'GET', headers: { host: 'api.test', ...headers } }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (c) => (text += c));
      res.on('end', () => {
        let body: unknown = null;
        try {
          body = JSON.parse(text);
        } catch {
          /* not JSON */
        }
        resolve({ status: res.statusCode ?? 0, headers: res.headers, text, body });
      });
    });
    req.on('error', reject);
    req.end();
  });
}

describe('SizedCache', () => {
  it('drops the oldest entries past the count or byte bound and refuses a value larger than the byte bound', () => {
    const c = new SizedCache<string>();
    c.set('a', 'A', 10, { entries: 2, bytes: 100 });
    c.set('b', 'B', 10, { entries: 2, bytes: 100 });
    c.set('c', 'C', 10, { entries: 2, bytes: 100 });
    expect([c.has('a'), c.has('b'), c.has('c')]).toEqual([false, true, true]);
    c.set('d', 'D', 85, { entries: 5, bytes: 100 });
    expect([c.has('b'), c.has('c'), c.has('d'), c.bytes]).toEqual([false, true, true, 95]);
    c.set('e', 'E', 101, { entries: 5, bytes: 100 });
    expect(c.has('e')).toBe(false);
    c.set('c', 'C2', 5, { entries: 5, bytes: 100 });
    expect([c.get('c'), c.bytes, c.size]).toEqual(['C2', 90, 2]);
  });
});

describe('what the builder keeps', () => {
  it('the second time its key is answered, not the first (one-off requests do not fill it)', async () => {
    await call(envelopeRoute, { path: '/api/v1/strains/search?q=once' });
    expect(frontCacheSize().entries).toBe(0);
    expect((await get('/api/v1/strains/search?q=once')).status).toBe(599);
    await call(envelopeRoute, { path: '/api/v1/strains/search?q=once' });
    expect(frontCacheSize().entries).toBe(1);
    expect((await get('/api/v1/strains/search?q=once')).status).toBe(200);
  });

  it('an anonymous GET of a public read whose handler gives `keep`', async () => {
    await answered(envelopeRoute, { path: '/api/v1/strains/search?q=1' });
    expect(frontCacheSize().entries).toBe(1);
  });

  it('also a route without a CDN policy that takes no credentials (as /health, whose answer is no-store to HTTP caches)', async () => {
    const health = defineRoute({ limit: false, db: false, response: Item }, async () => ok({ name: 'ok', version }, { keep, headers: { 'Cache-Control': 'no-store' } }));
    await answered(health, { path: '/api/v1/health' });
    const a = await get('/api/v1/health');
    expect(a.status).toBe(200);
    expect(a.headers['cache-control']).toBe('no-store');
  });

  it('nothing for a signed-in caller, a route that takes credentials, a handler without `keep`, a conditional request or FRONT_CACHE=false', async () => {
    const token = await userToken('u-1', 'free');
    await answered(envelopeRoute, { path: '/api/v1/strains/search', headers: { authorization: `Bearer ${token}` } });
    await answered(privateRoute, { path: '/api/v1/chat/conversations', headers: { authorization: `Bearer ${token}` } });
    await answered(noKeep, { path: '/api/v1/strains/popular' });
    await answered(envelopeRoute, { path: '/api/v1/strains/search?q=1', headers: { 'if-none-match': '"v0"' } });
    process.env.FRONT_CACHE = 'false';
    resetConfig();
    await answered(envelopeRoute, { path: '/api/v1/strains/search?q=2' });
    expect(frontCacheSize().entries).toBe(0);
  });

  it('nothing on a path the route table does not know', async () => {
    await answered(envelopeRoute, { path: '/api/v1/not-a-route' });
    expect(frontCacheSize().entries).toBe(0);
  });

  it('nothing when `keep` is already false as the answer is made', async () => {
    current = false;
    await answered(envelopeRoute, { path: '/api/v1/strains/search' });
    expect(frontCacheSize().entries).toBe(0);
  });
});

describe('replays', () => {
  it('the kept answer with a fresh request id and timestamp, the same data and headers, and a length', async () => {
    const first = await answered(envelopeRoute, { path: '/api/v1/strains/search?q=1' });
    await new Promise((r) => setTimeout(r, 5));
    const a = await get('/api/v1/strains/search?q=1');
    const b = await get('/api/v1/strains/search?q=1');
    expect(a.status).toBe(200);
    expect(a.body.data).toEqual(first.body.data);
    expect(a.body.success).toBe(true);
    expect(a.headers['x-request-id']).toBe(a.body.meta.requestId);
    expect(b.body.meta.requestId).not.toBe(a.body.meta.requestId);
    expect(a.body.meta.requestId).not.toBe(first.body.meta.requestId);
    expect(a.body.meta.timestamp > first.body.meta.timestamp).toBe(true);
    expect(a.headers['cache-control']).toBe(first.headers.get('cache-control'));
    expect(a.headers['etag']).toBe('"v1"');
    expect(a.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(Number(a.headers['content-length'])).toBe(Buffer.byteLength(a.text));
  });

  it('finds the answer whatever form the query was written in (Next re-serialises it for the route)', async () => {
    await answered(envelopeRoute, { path: '/api/v1/strains/search?q=blue+dream' });
    expect((await get('/api/v1/strains/search?q=blue%20dream')).status).toBe(200);
    expect((await get('/api/v1/strains/search?q=blue+dream')).status).toBe(200);
    expect((await get('/api/v1/strains/search?q=blue%20dreams')).status).toBe(599);
    expect(frontKey('/a?x=1&y=b%20c', false)).toBe(frontKey('/a?x=1&y=b+c', false));
    expect(frontKey('/a?', false)).toBe(frontKey('/a', false));
    expect(frontKey('/a?x=1&y=2', false)).not.toBe(frontKey('/a?y=2&x=1', false));
  });

  it('a flat body as it was', async () => {
    const first = await answered(flatRoute, { path: '/api/v1/notebooks/stream/sections' });
    const a = await get('/api/v1/notebooks/stream/sections');
    expect(a.text).toBe(first.text);
    expect(a.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('goes to Next for another path or query, a caller with Authorization or If-None-Match, an Origin never answered, or a HEAD', async () => {
    await answered(envelopeRoute, { path: '/api/v1/strains/search?q=1' });
    expect((await get('/api/v1/strains/search?q=2')).status).toBe(599);
    expect((await get('/api/v1/strains/search')).status).toBe(599);
    expect((await get('/api/v1/strains/search?q=1', { authorization: 'Bearer abc' })).status).toBe(599);
    expect((await get('/api/v1/strains/search?q=1', { 'if-none-match': '"v1"' })).status).toBe(599);
    expect((await get('/api/v1/strains/search?q=1', { origin: 'https://web.example' })).status).toBe(599);
    await answered(envelopeRoute, { path: '/api/v1/strains/search?q=1', headers: { origin: 'https://web.example' } });
    const o = await get('/api/v1/strains/search?q=1', { origin: 'https://other.example' });
    expect(o.status).toBe(200);
    expect(o.headers['access-control-allow-origin']).toBe('*');
  });

  it('stops once `keep` says the answer is no longer current, and the next answer is kept again', async () => {
    await answered(envelopeRoute, { path: '/api/v1/strains/search' });
    current = false;
    expect((await get('/api/v1/strains/search')).status).toBe(599);
    expect(frontCacheSize().entries).toBe(0);
    current = true;
    version = 2;
    await answered(envelopeRoute, { path: '/api/v1/strains/search' });
    expect((await get('/api/v1/strains/search')).body.data.version).toBe(2);
  });

  it("counts against the route's own rate limit and answers the builder's 429 when it is spent", async () => {
    process.env.RATE_LIMIT_ENABLED = 'true';
    resetConfig();
    setLimitStore(new MemoryStore());
    // The windows are fixed minutes of the clock: a run crossing a minute's end would start a fresh
    // count mid-test. The clock is held at a window's start (only Date is faked; timers run).
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.UTC(2026, 0, 1, 12, 0, 0, 5));
    onTestFinished(() => {
      vi.useRealTimers();
    });
    const first = await answered(envelopeRoute, { path: '/api/v1/strains/search' });
    const remainingAfterFirst = Number(first.headers.get('x-ratelimit-remaining'));
    expect(remainingAfterFirst).toBeGreaterThan(0);
    // Neither call carries an address here (no entry hook, no X-Forwarded-For): one `anonymous` bucket.
    const replays: { status: number; remaining: number }[] = [];
    let refused: Awaited<ReturnType<typeof get>> | undefined;
    for (let i = 0; i < 400 && !refused; i++) {
      const r = await get('/api/v1/strains/search');
      if (r.status === 429) refused = r;
      else replays.push({ status: r.status, remaining: Number(r.headers['x-ratelimit-remaining']) });
    }
    expect(replays.length).toBe(remainingAfterFirst);
    expect(replays.every((r) => r.status === 200)).toBe(true);
    expect(replays.map((r) => r.remaining)).toEqual(Array.from({ length: remainingAfterFirst }, (_, i) => remainingAfterFirst - 1 - i));
    expect(refused?.body.error.code).toBe('RATE_LIMIT_EXCEEDED');
    expect(refused?.headers['x-request-id']).toBe(refused?.body.meta.requestId);
    expect(Number(refused?.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused?.headers['x-ratelimit-remaining']).toBe('0');
  });
});
