import { z } from 'zod';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SignJWT, exportJWK, generateKeyPair } from 'jose';
import { defineRoute } from '@/lib/http';
import { signUserToken } from '@/lib/auth';
import { call } from '@/tests/helpers/route';

const SECRET = process.env.SUPABASE_JWT_SECRET!;
const admin = defineRoute({ response: z.unknown(), auth: 'admin', limit: false, db: false }, async () => 'admin ok');
const apiKey = defineRoute({ response: z.unknown(), auth: 'api-key', limit: false, db: false }, async ({ secret }) => ({ secret }));
const cron = defineRoute({ response: z.unknown(), auth: 'cron', limit: false, db: false }, async ({ secret }) => ({ secret }));
const internal = defineRoute({ response: z.unknown(), auth: 'internal', limit: false, db: false }, async ({ secret }) => ({ secret }));
const user = defineRoute({ response: z.unknown(), auth: 'user', limit: false, db: false }, async ({ user }) => ({ sub: user!.sub, tier: user!.tier }));
const shopping = defineRoute({ response: z.unknown(), auth: 'user', uniformAuthCode: true, limit: false, db: false }, async ({ user }) => user!.sub);
const premium = defineRoute({ response: z.unknown(), auth: 'user', tier: 'premium', feature: 'notebooks', limit: false, db: false }, async () => 'paid');

const saved = { ...process.env };
beforeEach(() => {
  for (const k of ['ADMIN_API_KEY', 'ADMIN_BYPASS_KEY', 'API_KEY', 'CRON_SECRET', 'APP_ENV', 'ALLOW_LOCALHOST_BYPASS']) delete process.env[k];
});
afterEach(() => {
  process.env = { ...saved };
});

const flat = (b: any, code: string) => {
  expect(b.success).toBe(false);
  expect(b.code).toBe(code);
  expect(typeof b.error).toBe('string');
  expect(b.meta).toBeUndefined(); // flat body, not the envelope
};

describe('admin key (X-Admin-Key)', () => {
  const rows: { name: string; env: Record<string, string>; headers?: Record<string, string>; host?: string; status: number; code?: string; message?: boolean }[] = [
    { name: 'missing header', env: { ADMIN_API_KEY: 'k1' }, status: 401, code: 'ADMIN_AUTH_REQUIRED', message: true },
    { name: 'empty header', env: { ADMIN_API_KEY: 'k1' }, headers: { 'x-admin-key': '' }, status: 401, code: 'ADMIN_AUTH_REQUIRED', message: true },
    { name: 'wrong key', env: { ADMIN_API_KEY: 'k1' }, headers: { 'x-admin-key': 'k2' }, status: 401, code: 'ADMIN_AUTH_INVALID' },
    { name: 'prefix of the key', env: { ADMIN_API_KEY: 'k1-long' }, headers: { 'x-admin-key': 'k1' }, status: 401, code: 'ADMIN_AUTH_INVALID' },
    { name: 'not configured', env: {}, headers: { 'x-admin-key': 'k1' }, status: 500, code: 'ADMIN_AUTH_NOT_CONFIGURED' },
    { name: 'not configured in production', env: { APP_ENV: 'production' }, status: 500, code: 'ADMIN_AUTH_NOT_CONFIGURED' },
    { name: 'right key', env: { ADMIN_API_KEY: 'k1' }, headers: { 'x-admin-key': 'k1' }, status: 200 },
    { name: 'bypass key accepted', env: { ADMIN_API_KEY: 'k1', ADMIN_BYPASS_KEY: 'device' }, headers: { 'x-admin-key': 'device' }, status: 200 },
    { name: 'bypass key alone configured', env: { ADMIN_BYPASS_KEY: 'device' }, headers: { 'x-admin-key': 'device' }, status: 200 },
    { name: 'development skips the check', env: { APP_ENV: 'development' }, status: 200 },
    { name: 'localhost host skips outside production', env: { ADMIN_API_KEY: 'k1' }, host: 'localhost:3001', status: 200 },
    { name: '127.0.0.1 host skips outside production', env: { ADMIN_API_KEY: 'k1' }, host: '127.0.0.1:3001', status: 200 },
    { name: 'production ignores the localhost host', env: { APP_ENV: 'production', ADMIN_API_KEY: 'k1' }, host: 'localhost:3001', status: 401, code: 'ADMIN_AUTH_REQUIRED' },
    {
      name: 'production honours localhost with ALLOW_LOCALHOST_BYPASS',
      env: { APP_ENV: 'production', ADMIN_API_KEY: 'k1', ALLOW_LOCALHOST_BYPASS: 'true' },
      host: 'localhost',
      status: 200,
    },
  ];
  it.each(rows)('$name → $status', async ({ env, headers, host, status, code, message }) => {
    Object.assign(process.env, env);
    const r = await call(admin, { path: '/api/v1/blog/generate-image', headers, host });
    expect(r.status).toBe(status);
    if (code) {
      flat(r.body, code);
      if (message) expect(r.body.message).toMatch(/X-Admin-Key/);
    } else expect(r.body.data).toBe('admin ok');
  });
});

describe('internal bearer secrets', () => {
  const rows: { name: string; route: any; env: Record<string, string>; token?: string; status: number; secret?: string | null }[] = [
    { name: '/admin takes API_KEY', route: apiKey, env: { API_KEY: 'a', CRON_SECRET: 'c' }, token: 'a', status: 200, secret: 'API_KEY' },
    { name: '/admin refuses CRON_SECRET', route: apiKey, env: { API_KEY: 'a', CRON_SECRET: 'c' }, token: 'c', status: 401 },
    { name: '/cron takes CRON_SECRET', route: cron, env: { API_KEY: 'a', CRON_SECRET: 'c' }, token: 'c', status: 200, secret: 'CRON_SECRET' },
    { name: '/cron refuses API_KEY', route: cron, env: { API_KEY: 'a', CRON_SECRET: 'c' }, token: 'a', status: 401 },
    { name: 'pipeline takes API_KEY', route: internal, env: { API_KEY: 'a', CRON_SECRET: 'c' }, token: 'a', status: 200, secret: 'API_KEY' },
    { name: 'pipeline takes CRON_SECRET', route: internal, env: { API_KEY: 'a', CRON_SECRET: 'c' }, token: 'c', status: 200, secret: 'CRON_SECRET' },
    { name: 'missing bearer', route: internal, env: { API_KEY: 'a' }, status: 401 },
    { name: 'wrong bearer', route: internal, env: { API_KEY: 'a' }, token: 'zzz', status: 401 },
    { name: 'unconfigured fails closed in production', route: cron, env: { APP_ENV: 'production' }, token: 'anything', status: 401 },
    { name: 'unconfigured fails closed in test', route: apiKey, env: {}, token: 'anything', status: 401 },
    { name: 'unconfigured fails open in development', route: cron, env: { APP_ENV: 'development' }, status: 200, secret: null },
  ];
  it.each(rows)('$name → $status', async ({ route, env, token, status, secret }) => {
    Object.assign(process.env, env);
    const r = await call(route, { path: '/api/v1/cron/daily-sync', headers: token ? { authorization: `Bearer ${token}` } : {} });
    expect(r.status).toBe(status);
    if (status === 401) flat(r.body, 'UNAUTHORIZED');
    else expect(r.body.data.secret).toBe(secret);
  });
});

async function token(payload: Record<string, unknown>, opts: { alg?: string; secret?: string; exp?: number } = {}) {
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT(payload)
    .setProtectedHeader({ alg: opts.alg ?? 'HS256' })
    .setSubject('u-1')
    .setIssuedAt(now)
    .setExpirationTime(opts.exp ?? now + 600)
    .sign(new TextEncoder().encode(opts.secret ?? SECRET));
}
const b64 = (o: unknown) => Buffer.from(JSON.stringify(o)).toString('base64url');

describe('user tokens', () => {
  it.each([
    { name: 'missing', make: async () => undefined, code: 'UNAUTHORIZED' },
    { name: 'expired', make: () => token({}, { exp: Math.floor(Date.now() / 1000) - 10 }), code: 'TOKEN_EXPIRED' },
    { name: 'wrong signature', make: () => token({}, { secret: 'another-secret-another-secret-another' }), code: 'INVALID_TOKEN' },
    { name: 'alg none', make: async () => `${b64({ alg: 'none', typ: 'JWT' })}.${b64({ sub: 'u-1', exp: Math.floor(Date.now() / 1000) + 600 })}.`, code: 'INVALID_TOKEN' },
    { name: 'wrong algorithm (HS512)', make: () => token({}, { alg: 'HS512' }), code: 'INVALID_TOKEN' },
    {
      name: 'wrong algorithm (RS256 when a shared secret is configured)',
      make: async () => {
        const { privateKey } = await generateKeyPair('RS256');
        return new SignJWT({}).setProtectedHeader({ alg: 'RS256' }).setSubject('u-1').setExpirationTime('10m').sign(privateKey);
      },
      code: 'INVALID_TOKEN',
    },
    { name: 'malformed', make: async () => 'not.a.jwt', code: 'INVALID_TOKEN' },
    { name: 'garbage', make: async () => '%%%%', code: 'INVALID_TOKEN' },
    { name: 'a run token is not a user token', make: () => token({ token_use: 'run' }), code: 'INVALID_TOKEN' },
  ])('$name → 401 $code (flat)', async ({ make, code }) => {
    const t = await make();
    const r = await call(user, { path: '/api/v1/x', headers: t ? { authorization: `Bearer ${t}` } : {} });
    expect(r.status).toBe(401);
    flat(r.body, code);
    // shopping answers every token failure with UNAUTHORIZED, the text saying why
    const s = await call(shopping, { path: '/api/v1/shopping/scan-token', headers: t ? { authorization: `Bearer ${t}` } : {} });
    expect(s.status).toBe(401);
    flat(s.body, 'UNAUTHORIZED');
  });

  it('a valid token yields the subject and tier', async () => {
    const t = await signUserToken({ sub: 'abc', tier: 'premium' });
    const r = await call(user, { path: '/x', headers: { authorization: `Bearer ${t}` } });
    expect(r.body.data).toEqual({ sub: 'abc', tier: 'premium' });
  });

  it('premium passes, free gets 403 INSUFFICIENT_PERMISSIONS in the envelope', async () => {
    const p = await call(premium, { path: '/x', headers: { authorization: `Bearer ${await signUserToken({ sub: 'p', tier: 'premium' })}` } });
    expect(p.status).toBe(200);
    const f = await call(premium, { path: '/x', headers: { authorization: `Bearer ${await signUserToken({ sub: 'f', tier: 'free' })}` } });
    expect(f.status).toBe(403);
    expect(f.body.error).toMatchObject({ code: 'INSUFFICIENT_PERMISSIONS', details: { requiredTier: 'premium', feature: 'notebooks' } });
    expect(f.body.meta.path).toBe('/x');
    const none = await call(premium, { path: '/x' });
    expect(none.status).toBe(401);
  });

  it('verifies RS256 tokens against the project JWKS when no shared secret is set', async () => {
    const { publicKey, privateKey } = await generateKeyPair('RS256');
    const jwk = { ...(await exportJWK(publicKey)), kid: 'k1', alg: 'RS256', use: 'sig' };
    const http = await import('node:http');
    const server = http.createServer((req, res) => {
      if (req.url === '/auth/v1/.well-known/jwks.json') {
        res.setHeader('content-type', 'application/json');
        res.end(JSON.stringify({ keys: [jwk] }));
      } else res.writeHead(404).end();
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const port = (server.address() as { port: number }).port;
    delete process.env.SUPABASE_JWT_SECRET;
    process.env.SUPABASE_URL = `http://127.0.0.1:${port}`;
    try {
      const good = await new SignJWT({ app_metadata: { subscription_tier: 'premium' } })
        .setProtectedHeader({ alg: 'RS256', kid: 'k1' })
        .setSubject('jwks-user')
        .setExpirationTime('10m')
        .sign(privateKey);
      const r = await call(user, { path: '/x', headers: { authorization: `Bearer ${good}` } });
      expect(r.body.data).toEqual({ sub: 'jwks-user', tier: 'premium' });
      const hs = await token({}, { secret: 'whatever-secret-whatever-secret-whatever' });
      const bad = await call(user, { path: '/x', headers: { authorization: `Bearer ${hs}` } });
      expect(bad.status).toBe(401);
      expect(bad.body.code).toBe('INVALID_TOKEN');
    } finally {
      server.close();
    }
  });
});
