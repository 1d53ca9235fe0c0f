/**
 * The front cache on the production build (lib/http/front-cache.ts, server/entry.cjs): repeated
 * anonymous public reads are answered from memory with the answer Next gave, fresh request ids,
 * the same rate-limit counter; a catalog write by anyone (here a psql-like client) is seen within
 * the version-check interval. Next marks its own answers with its RSC `Vary` header; a replay is
 * written by the entry hook without it (and with a Content-Length), which is how a test tells them apart.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client } from 'pg';
import { prepareProductionApp, type ProductionApp } from '@/scripts/lib/prod-server';
import type { NextServer } from '@/scripts/lib/next-server';

const SCHEMA = `front_${process.pid}`;
let app: ProductionApp;
let server: NextServer;
beforeAll(async () => {
  app = prepareProductionApp('front');
  server = await app.start({
    ...process.env,
    TRUSTED_PROXY: 'hops:1',
    SUPABASE_JWT_SECRET: 'front-jwt-secret-0123456789abcdef0123456789',
    ADMIN_API_KEY: 'front-admin-key-0123456789',
    REDIS_URL: '',
    ...(process.env.DATABASE_URL ? { DATABASE_SCHEMA: SCHEMA } : { PGLITE_DIR: `${app.work}/pglite` }),
  });
});
afterAll(async () => {
  await server?.stop();
  app?.remove();
});

const viaNext = (r: Response) => (r.headers.get('vary') ?? '').includes('rsc');

async function read(path: string, headers: Record<string, string> = {}) {
  const r = await fetch(`${server.base}${path}`, { headers });
  return { r, body: (await r.json()) as any };
}

type Read = Awaited<ReturnType<typeof read>>;
/**
 * Ask until an answer comes from the front cache (a path's first answers go through Next and are
 * kept); `next` is the last answer Next gave before it, if any was asked here.
 */
async function untilReplayed(path: string): Promise<{ next: Read | undefined; replay: Read }> {
  let next: Read | undefined;
  for (let i = 0; i < 20; i++) {
    const a = await read(path);
    if (!viaNext(a.r)) return { next, replay: a };
    next = a;
  }
  throw new Error(`${path} was never replayed`);
}

describe('front cache on the production build', () => {
  it('replays the static section list: same body, same headers, a fresh request id, a length', async () => {
    const { next, replay } = await untilReplayed('/api/v1/notebooks/stream/sections');
    if (!next) throw new Error('the first answer did not come from Next');
    expect(replay.r.status).toBe(200);
    expect(replay.body).toEqual(next.body);
    expect(replay.r.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    expect(replay.r.headers.get('x-request-id')).not.toBe(next.r.headers.get('x-request-id'));
    for (const h of ['cache-control', 'content-type', 'access-control-allow-origin', 'access-control-expose-headers'])
      expect(replay.r.headers.get(h), h).toBe(next.r.headers.get(h));
    expect(Number(replay.r.headers.get('content-length'))).toBeGreaterThan(100);
  });

  it('replays a strain read in the envelope with its own request id and timestamp, on the same rate-limit counter', async () => {
    const { next, replay } = await untilReplayed('/api/v1/strains/slug/blue-dream');
    if (!next) throw new Error('the first answer did not come from Next');
    expect(replay.body.data).toEqual(next.body.data);
    expect(replay.body.meta.requestId).toBe(replay.r.headers.get('x-request-id'));
    expect(replay.body.meta.requestId).not.toBe(next.body.meta.requestId);
    expect(replay.body.meta.timestamp >= next.body.meta.timestamp).toBe(true);
    expect(replay.r.headers.get('etag')).toBe(next.r.headers.get('etag'));
    const a = Number(replay.r.headers.get('x-ratelimit-remaining'));
    const b = await read('/api/v1/strains/slug/blue-dream');
    expect(Number(b.r.headers.get('x-ratelimit-remaining'))).toBe(a - 1);
  });

  it('replays a search written as clients write it (Next re-serialises the query the route sees)', async () => {
    const { next, replay } = await untilReplayed('/api/v1/strains/search?q=blue%20dream');
    if (!next) throw new Error('the first answer did not come from Next');
    expect(replay.body.data).toEqual(next.body.data);
    expect(replay.body.data[0].slug).toBe('blue-dream');
    expect(replay.body.meta.pagination).toEqual(next.body.meta.pagination);
  });

  it('replays /health only while its database probe stands (a second at most)', async () => {
    const { replay } = await untilReplayed('/api/v1/health');
    expect(replay.body.data.status).toBe('ok');
    expect(replay.r.headers.get('cache-control')).toBe('no-store');
    // After the probe interval the next answer is Next's again (a new probe).
    await new Promise((r) => setTimeout(r, 1100));
    expect(viaNext((await read('/api/v1/health')).r)).toBe(true);
  });

  it('leaves signed-in, conditional and HEAD requests to Next', async () => {
    await untilReplayed('/api/v1/strains/slug/blue-dream');
    const signed = await fetch(`${server.base}/api/v1/strains/slug/blue-dream`, { headers: { authorization: 'Bearer not-a-token' } });
    expect(viaNext(signed)).toBe(true);
    const etag = (await read('/api/v1/strains/slug/blue-dream')).r.headers.get('etag')!;
    const conditional = await fetch(`${server.base}/api/v1/strains/slug/blue-dream`, { headers: { 'if-none-match': etag } });
    expect(conditional.status).toBe(304);
    const head = await fetch(`${server.base}/api/v1/strains/slug/blue-dream`, { method: 'HEAD' });
    expect(viaNext(head)).toBe(true);
  });

  it.runIf(!!process.env.DATABASE_URL)('shows a catalog write made outside the service within the version-check interval', async () => {
    await untilReplayed('/api/v1/strains/slug/blue-dream');
    const description = `Front cache check ${Date.now()}`;
    const pg = new Client({ connectionString: process.env.DATABASE_URL, options: `-c search_path=${SCHEMA}` });
    await pg.connect();
    try {
      const written = await pg.query('UPDATE strains SET description = $1 WHERE slug = $2', [description, 'blue-dream']);
      expect(written.rowCount).toBe(1);
    } finally {
      await pg.end();
    }
    const t0 = Date.now();
    let seenAt = -1;
    const after: string[] = [];
    while (Date.now() - t0 < 4000) {
      const { body } = await read('/api/v1/strains/slug/blue-dream');
      if (seenAt < 0 && body.data.description === description) seenAt = Date.now() - t0;
      if (seenAt >= 0) after.push(body.data.description);
      await new Promise((r) => setTimeout(r, 50));
    }
    expect(seenAt).toBeGreaterThanOrEqual(0);
    expect(seenAt).toBeLessThan(2500);
    // Once the new record is out, no replay of the old one follows.
    expect(after.every((d) => d === description)).toBe(true);
  });
});
