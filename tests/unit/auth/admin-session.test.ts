import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { requireAdmin } from '@/lib/auth';
import { ADMIN_SESSION_COOKIE, adminSessionCookie, createAdminSession, verifyAdminSession } from '@/lib/auth/admin-session';
import { FlatError } from '@/lib/http';
import { call } from '@/tests/helpers/route';
import { DELETE, GET, POST } from '@/app/api/v1/admin/session/route';

const KEY = 'admin-test-key-0123456789';

function reqWith(headers: Record<string, string>): Request {
  return new Request('http://api.test/api/v1/admin/research', { headers: { host: 'api.test', ...headers } });
}

async function statusOf(fn: () => Promise<unknown>): Promise<number | 'ok'> {
  try {
    await fn();
    return 'ok';
  } catch (e) {
    if (e instanceof FlatError) return e.status;
    throw e;
  }
}

describe('admin session cookie', () => {
  beforeEach(() => {
    process.env.ADMIN_API_KEY = KEY;
    delete process.env.ADMIN_BYPASS_KEY;
  });
  afterEach(() => {
    delete process.env.ADMIN_API_KEY;
  });

  it('verifies a fresh session and rejects tampering, expiry and other keys', () => {
    const s = createAdminSession();
    expect(s).not.toBeNull();
    const value = s!.value;
    expect(value).not.toContain(KEY);
    expect(verifyAdminSession(value)).toBe(true);

    const [v, exp, nonce, sig] = value.split('.');
    const cases: Array<[string, string | null | undefined]> = [
      ['empty', ''],
      ['null', null],
      ['garbage', 'not-a-session'],
      ['flipped signature', `${v}.${exp}.${nonce}.${sig.slice(0, -2)}${sig.endsWith('AA') ? 'BB' : 'AA'}`],
      ['extended expiry', `${v}.${Number(exp) + 1000}.${nonce}.${sig}`],
      ['other version', `v2.${exp}.${nonce}.${sig}`],
      ['extra part', `${value}.x`],
    ];
    for (const [name, bad] of cases) expect(verifyAdminSession(bad), name).toBe(false);

    expect(verifyAdminSession(value, Number(exp) + 1)).toBe(false);
    process.env.ADMIN_API_KEY = 'a-rotated-key-9876543210';
    expect(verifyAdminSession(value)).toBe(false);
  });

  it('creates no session when no admin key is configured', () => {
    delete process.env.ADMIN_API_KEY;
    expect(createAdminSession()).toBeNull();
    expect(verifyAdminSession('v1.99999999999999.abc.def')).toBe(false);
  });

  it('requireAdmin accepts a valid cookie and still rejects a bad one', async () => {
    const value = createAdminSession()!.value;
    const table: Array<[string, Record<string, string>, number | 'ok']> = [
      ['valid cookie', { cookie: `other=1; ${ADMIN_SESSION_COOKIE}=${value}` }, 'ok'],
      ['tampered cookie', { cookie: `${ADMIN_SESSION_COOKIE}=${value}x` }, 401],
      ['no cookie, no key', {}, 401],
      ['header key still works', { 'x-admin-key': KEY }, 'ok'],
      ['wrong header key', { 'x-admin-key': 'nope' }, 401],
      // a stray `%` is no session (it used to throw from decodeURIComponent: a 500)
      ['malformed cookie', { cookie: `${ADMIN_SESSION_COOKIE}=%` }, 401],
      ['malformed cookie escape', { cookie: `${ADMIN_SESSION_COOKIE}=%E0%A4%A` }, 401],
    ];
    for (const [name, headers, expected] of table) expect(await statusOf(() => requireAdmin(reqWith(headers))), name).toBe(expected);
  });

  it('marks the cookie httpOnly and SameSite=Strict, Secure only in production', () => {
    const c = adminSessionCookie('v', 60);
    expect(c).toContain('HttpOnly');
    expect(c).toContain('SameSite=Strict');
    expect(c).not.toContain('Secure');
    const prev = process.env.APP_ENV;
    process.env.APP_ENV = 'production';
    try {
      expect(adminSessionCookie('v', 60)).toContain('Secure');
    } finally {
      if (prev === undefined) delete process.env.APP_ENV;
      else process.env.APP_ENV = prev;
    }
  });
});

describe('/api/v1/admin/session route', () => {
  beforeEach(() => {
    process.env.ADMIN_API_KEY = KEY;
  });
  afterEach(() => {
    delete process.env.ADMIN_API_KEY;
  });

  it('signs in with the key, reports the session, and signs out', async () => {
    const res = await call(POST, { path: '/api/v1/admin/session', body: { key: KEY } });
    expect(res.status).toBe(200);
    expect(res.body.data.signedIn).toBe(true);
    const setCookie = res.headers.get('set-cookie') ?? '';
    expect(setCookie).toMatch(new RegExp(`^${ADMIN_SESSION_COOKIE}=v1\\.`));
    expect(setCookie).not.toContain(KEY);
    const cookie = setCookie.split(';')[0];

    const state = await call(GET, { path: '/api/v1/admin/session', headers: { cookie } });
    expect(state.body.data.signedIn).toBe(true);
    expect(Date.parse(state.body.data.expiresAt)).toBeGreaterThan(Date.now());

    const out = await call(DELETE, { method: 'DELETE', path: '/api/v1/admin/session', headers: { cookie } });
    expect(out.status).toBe(200);
    expect(out.headers.get('set-cookie')).toContain('Max-Age=0');
  });

  it.each([
    [{ key: 'wrong-key' }, 401, 'ADMIN_AUTH_INVALID'],
    [{ key: '' }, 400, 'VALIDATION_ERROR'],
    [{}, 400, 'VALIDATION_ERROR'],
  ])('rejects %j with %i %s', async (body, status, code) => {
    const res = await call(POST, { path: '/api/v1/admin/session', body });
    expect(res.status).toBe(status);
    expect(res.body.code ?? res.body.error?.code).toBe(code);
    expect(res.headers.get('set-cookie')).toBeNull();
  });

  it('answers 500 ADMIN_AUTH_NOT_CONFIGURED when no key is configured', async () => {
    delete process.env.ADMIN_API_KEY;
    const res = await call(POST, { path: '/api/v1/admin/session', body: { key: 'anything' } });
    expect(res.status).toBe(500);
    expect(res.body.code).toBe('ADMIN_AUTH_NOT_CONFIGURED');
  });

  it('reports signed out for a forged cookie', async () => {
    const res = await call(GET, { path: '/api/v1/admin/session', headers: { cookie: `${ADMIN_SESSION_COOKIE}=v1.99999999999999.a.b` } });
    expect(res.body.data).toEqual({ signedIn: false, expiresAt: null });
  });
});
