/**
 * The limits on the production build, as a client that writes its own X-Forwarded-For sees them
 * (TRUSTED_PROXY=hops:1: the service's entry is the hop, so the socket decides the bucket).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { prepareProductionApp, type ProductionApp } from '@/scripts/lib/prod-server';
import type { NextServer } from '@/scripts/lib/next-server';

let app: ProductionApp;
let server: NextServer;
beforeAll(async () => {
  app = prepareProductionApp('limits');
  server = await app.start({
    ...process.env,
    TRUSTED_PROXY: 'hops:1',
    SUPABASE_JWT_SECRET: 'limits-jwt-secret-0123456789abcdef0123456789',
    ADMIN_API_KEY: 'limits-admin-key-0123456789',
    REDIS_URL: '',
    ...(process.env.DATABASE_URL ? { DATABASE_SCHEMA: `limits_${process.pid}` } : { PGLITE_DIR: `${app.work}/pglite` }),
  });
});
afterAll(async () => {
  await server?.stop();
  app?.remove();
});

const spoof = (i: number) => ({ 'x-forwarded-for': `203.0.113.${i % 250}, 198.51.100.${(i * 7) % 250}` });

describe('per-address limits cannot be dodged with X-Forwarded-For', () => {
  it('research submissions: 5 an hour, then 429 whatever the header says', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) {
      const r = await fetch(`${server.base}/api/v1/research/strains/submit`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...spoof(i) },
        body: JSON.stringify({ strainName: `Spoofed Haze ${String.fromCharCode(97 + i)}x` }),
      });
      statuses.push(r.status);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429, 429]);
  });

  it('admin sign-in: guesses are limited (strict tier by address, and the key prefix window)', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 30; i++) {
      const r = await fetch(`${server.base}/api/v1/admin/session`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...spoof(i) },
        body: JSON.stringify({ key: `guess-${i}` }),
      });
      statuses.push(r.status);
    }
    expect(statuses.slice(0, 10).every((s) => s === 401)).toBe(true);
    expect(statuses.slice(10).every((s) => s === 429)).toBe(true);
  });

  it('a spoofed socket-address header is replaced by the entry', async () => {
    const a = await fetch(`${server.base}/api/v1/strains/popular`, { headers: { 'x-ci-socket-address': '6.6.6.6', ...spoof(1) } });
    const b = await fetch(`${server.base}/api/v1/strains/popular`, { headers: { 'x-ci-socket-address': '7.7.7.7', ...spoof(2) } });
    expect(Number(b.headers.get('x-ratelimit-remaining'))).toBe(Number(a.headers.get('x-ratelimit-remaining')) - 1);
  });

  it('an undecodable path is the 400 envelope, before Next', async () => {
    const r = await fetch(`${server.base}/api/v1/strains/slug/%ZZ`);
    expect(r.status).toBe(400);
    expect((await r.json()).error.code).toBe('BAD_REQUEST');
  });
});
