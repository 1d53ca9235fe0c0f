/**
 * A cached answer's body is built from its stored JSON text (successJson, Ok.json): it must be
 * byte for byte what serialising the data again would give, meta and all.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { defineRoute, ok, successBody } from '@/lib/http';
import { paginated, sharedJson, successJson } from '@/lib/http/envelope';

afterEach(() => vi.useRealTimers());

describe('pre-serialised success bodies', () => {
  it('successJson is JSON.stringify(successBody(…)) for the same data, meta, time and id', () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-25T12:00:00.000Z'));
    const data = { slug: 'blue-dream', name: 'Blue "Dream" ü', thc: 18.5, terpenes: [{ name: 'myrcene', percentage: 0.4 }], description: null };
    for (const meta of [undefined, {}, { pagination: { limit: 20, offset: 0, total: 1, hasMore: false } }]) {
      expect(successJson(JSON.stringify(data), 'req-1', meta)).toBe(JSON.stringify(successBody(data, 'req-1', meta)));
    }
  });

  it('a handler returning ok(data, { json }) answers that text in the envelope (and flat routes the text alone)', async () => {
    const data = { a: 1, b: ['x'] };
    const text = JSON.stringify(data);
    const enveloped = defineRoute({ db: false, response: z.object({ a: z.number(), b: z.array(z.string()) }) }, async () => ok(data, { json: text, headers: { etag: '"t"' } }));
    const flat = defineRoute({ db: false, flat: true, response: z.object({ a: z.number(), b: z.array(z.string()) }) }, async () => ok(data, { json: text }));
    const r = await enveloped(new Request('http://api.test/x'));
    const body = await r.text();
    const parsed = JSON.parse(body);
    expect(body.startsWith(`{"success":true,"data":${text},"meta":{"timestamp":"`)).toBe(true);
    expect(parsed.meta.requestId).toBe(r.headers.get('x-request-id'));
    expect(r.headers.get('etag')).toBe('"t"');
    expect(r.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(await (await flat(new Request('http://api.test/x'))).text()).toBe(text);
  });

  it('outside production the data is still checked against the response schema', async () => {
    const bad = defineRoute({ db: false, response: z.object({ a: z.number() }) }, async () => ok({ a: 'no' } as unknown as { a: number }, { json: '{"a":"no"}' }));
    const r = await bad(new Request('http://api.test/x'));
    expect(r.status).toBe(500);
  });
});

describe('sharedJson (cached values answered without serialising them again)', () => {
  it('is JSON.stringify of the value, made once per object', () => {
    const items = [
      { slug: 'a', n: 1.5 },
      { slug: 'b"c', n: null },
    ];
    const t = sharedJson(items);
    expect(t).toBe(JSON.stringify(items));
    expect(sharedJson(items)).toBe(t);
    const copy = structuredClone(items);
    expect(sharedJson(copy)).toBe(t);
  });

  it('a paginated answer built from it is the same envelope, pagination included', () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-25T12:00:00.000Z'));
    const items = [{ slug: 'blue-dream' }, { slug: 'blue-cheese' }];
    const p = { limit: 20, offset: 0, total: 2 };
    const withText = paginated(items, p, undefined, sharedJson(items));
    const plain = paginated(items, p);
    expect(successJson(withText.json as string, 'r', withText.meta)).toBe(JSON.stringify(successBody(plain.data, 'r', plain.meta)));
  });
});
