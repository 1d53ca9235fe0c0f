import { z } from 'zod';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defineRoute } from '@/lib/http';
import { setLimitStore } from '@/lib/ratelimit';
import { ioredisStore } from '@/lib/ratelimit/upstash-store';
import { call } from '@/tests/helpers/route';

const url = process.env.REDIS_URL;

describe.runIf(url)('rate limiting on real Redis through @upstash/ratelimit', () => {
  let close: () => Promise<unknown>;
  beforeAll(async () => {
    const { store, client } = await ioredisStore(url!, 2000);
    await client.flushdb();
    setLimitStore(store);
    close = () => client.quit();
  });
  afterAll(async () => {
    setLimitStore(null);
    await close();
  });

  it('N+1 concurrent requests into a limit of N let exactly N through', async () => {
    const route = defineRoute({ response: z.unknown(), limit: 'strict', db: false }, async () => 'ok');
    const ip = `203.0.113.${Math.floor(Math.random() * 200)}`;
    const results = await Promise.all(Array.from({ length: 11 }, () => call(route, { path: `/api/v1/redis-race`, headers: { 'x-forwarded-for': ip } })));
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(10);
    expect(statuses.filter((s) => s === 429)).toHaveLength(1);
    const remaining = results
      .filter((r) => r.status === 200)
      .map((r) => Number(r.headers.get('x-ratelimit-remaining')))
      .sort((a, b) => a - b);
    expect(remaining).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
  });

  it('two store instances (two app instances) share the window', async () => {
    const second = await ioredisStore(url!, 2000);
    const ip = `198.51.100.${Math.floor(Math.random() * 200)}`;
    const route = defineRoute({ response: z.unknown(), limit: 'strict', db: false }, async () => 'ok');
    for (let i = 0; i < 5; i++) await call(route, { path: '/api/v1/shared', headers: { 'x-forwarded-for': ip } });
    const r = await second.store.hit(`strict:/api/v1/shared:${ip}`, 10, 60_000);
    expect(r.remaining).toBe(4);
    await second.client.quit();
  });
});

describe('a dead Redis', () => {
  it('lets traffic through instead of failing', async () => {
    // a port with nothing listening
    const port = await new Promise<number>((resolve) => {
      const s = net.createServer().listen(0, '127.0.0.1', () => {
        const p = (s.address() as net.AddressInfo).port;
        s.close(() => resolve(p));
      });
    });
    const { store, client } = await ioredisStore(`redis://127.0.0.1:${port}`, 500);
    setLimitStore(store);
    try {
      const route = defineRoute({ response: z.unknown(), limit: 'strict', db: false }, async () => 'ok');
      const started = Date.now();
      for (let i = 0; i < 12; i++) expect((await call(route, { path: '/api/v1/dead', headers: { 'x-forwarded-for': '192.0.2.1' } })).status).toBe(200);
      expect(Date.now() - started).toBeLessThan(12 * 1000);
    } finally {
      setLimitStore(null);
      client.disconnect();
    }
  });
});
