import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { SignJWT } from 'jose';
import { POST as batch } from '@/app/api/v1/notebooks/stream/batch/route';
import { POST as single } from '@/app/api/v1/notebooks/stream/[sectionKey]/route';
import { GET as health } from '@/app/api/v1/notebooks/stream/health/route';
import { GET as sections } from '@/app/api/v1/notebooks/stream/sections/route';
import { GET as getNotebook } from '@/app/api/v1/notebooks/[id]/route';
import { GET as listNotebooks } from '@/app/api/v1/notebooks/route';
import { GET as reportsHealth } from '@/app/api/v1/reports/stream/health/route';
import { GET as reportsSections } from '@/app/api/v1/reports/stream/sections/route';
import { POST as reportsBatch } from '@/app/api/v1/reports/stream/batch/route';
import { POST as reportsSingle } from '@/app/api/v1/reports/stream/[sectionKey]/route';
import { AI_SECTION_KEYS } from '@/lib/notebooks/sections';
import { ready } from '@/lib/bootstrap';
import { MemoryStore, setLimitStore } from '@/lib/ratelimit';
import { authHeader, call } from '@/tests/helpers/route';
import { ORDER } from '@/tests/unit/notebooks/fixtures';
import type { Loose } from '@/tests/helpers/sse';
import { startWellInsideWindow } from '@/tests/helpers/limit-window';

const ENV_KEYS = ['AI_PROVIDER', 'OPENAI_API_KEY', 'OPENAI_BASE_URL', 'NOTEBOOK_STREAMING'] as const;
const saved = Object.fromEntries(ENV_KEYS.map((k) => [k, process.env[k]]));

// Migrating and seeding the in-memory catalog is slow on a loaded machine: not a test's time.
beforeAll(() => ready().then(() => undefined), 180_000);
beforeEach(() => setLimitStore(new MemoryStore()));
afterEach(() => {
  for (const k of ENV_KEYS) {
    if (saved[k] === undefined) delete process.env[k];
    else process.env[k] = saved[k];
  }
});

async function expiredToken() {
  const secret = new TextEncoder().encode(process.env.SUPABASE_JWT_SECRET);
  return new SignJWT({ app_metadata: { subscription_tier: 'premium' } })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject('user-1')
    .setIssuedAt(Math.floor(Date.now() / 1000) - 7200)
    .setExpirationTime(Math.floor(Date.now() / 1000) - 3600)
    .sign(secret);
}

type Case = {
  name: string;
  route: 'single' | 'batch';
  key?: string;
  headers?: () => Promise<Record<string, string>>;
  body?: unknown;
  env?: Record<string, string>;
  status: number;
  expect: (body: Loose) => void;
};

const premium = () => authHeader('user-1', 'premium');
const okBatch = { sectionKeys: ['overview'], ...ORDER };

const CASES: Case[] = [
  { name: 'no token', route: 'batch', body: okBatch, status: 401, expect: (b) => expect(b).toEqual({ success: false, error: expect.any(String), code: 'UNAUTHORIZED' }) },
  {
    name: 'garbage token',
    route: 'single',
    key: 'overview',
    headers: async () => ({ authorization: 'Bearer not.a.jwt' }),
    body: ORDER,
    status: 401,
    expect: (b) => expect(b).toMatchObject({ success: false, code: 'INVALID_TOKEN' }),
  },
  {
    name: 'expired token',
    route: 'batch',
    headers: async () => ({ authorization: `Bearer ${await expiredToken()}` }),
    body: okBatch,
    status: 401,
    expect: (b) => expect(b).toMatchObject({ success: false, code: 'TOKEN_EXPIRED' }),
  },
  {
    name: 'free tier',
    route: 'batch',
    headers: () => authHeader('user-2', 'free'),
    body: okBatch,
    status: 403,
    expect: (b) => expect(b.error).toMatchObject({ code: 'INSUFFICIENT_PERMISSIONS', details: { requiredTier: 'premium', feature: 'notebooks' } }),
  },
  {
    name: 'free tier, single',
    route: 'single',
    key: 'overview',
    headers: () => authHeader('user-2', 'free'),
    body: ORDER,
    status: 403,
    expect: (b) => expect(b.error.code).toBe('INSUFFICIENT_PERMISSIONS'),
  },
  {
    name: 'empty sectionKeys',
    route: 'batch',
    headers: premium,
    body: { sectionKeys: [] },
    status: 400,
    expect: (b) => {
      expect(b.error.code).toBe('VALIDATION_ERROR');
      expect(b.error.details).toEqual(expect.arrayContaining([expect.objectContaining({ path: ['sectionKeys'], minimum: 1 })]));
    },
  },
  {
    name: 'missing sectionKeys',
    route: 'batch',
    headers: premium,
    body: ORDER,
    status: 400,
    expect: (b) => expect(b.error.details[0].path).toEqual(['sectionKeys']),
  },
  {
    name: 'unknown key in a batch',
    route: 'batch',
    headers: premium,
    body: { sectionKeys: ['overview', 'horoscope'] },
    status: 400,
    expect: (b) => {
      expect(b.error.code).toBe('BAD_REQUEST');
      expect(b.error.details).toEqual({ invalidKeys: ['horoscope'], validKeys: AI_SECTION_KEYS });
    },
  },
  {
    name: 'unknown key, single',
    route: 'single',
    key: 'horoscope',
    headers: premium,
    body: ORDER,
    status: 400,
    expect: (b) => expect(b.error).toMatchObject({ code: 'BAD_REQUEST', details: { invalidKeys: ['horoscope'], validKeys: AI_SECTION_KEYS } }),
  },
  {
    name: 'computed key, single',
    route: 'single',
    key: 'spend_summary',
    headers: premium,
    body: ORDER,
    status: 400,
    expect: (b) =>
      expect(b.error).toMatchObject({
        code: 'BAD_REQUEST',
        message: "Section 'spend_summary' is computed locally and cannot be streamed",
        details: { sectionKey: 'spend_summary', strategy: 'computed' },
      }),
  },
  {
    name: 'computed keys in a batch',
    route: 'batch',
    headers: premium,
    body: { sectionKeys: ['overview', 'terpene_chart', 'potency_chart'] },
    status: 400,
    expect: (b) => expect(b.error).toMatchObject({ code: 'BAD_REQUEST', details: { computedKeys: ['terpene_chart', 'potency_chart'] } }),
  },
  {
    name: 'bad order item',
    route: 'single',
    key: 'overview',
    headers: premium,
    body: { orderItems: [{ strainName: 'X', grams: -1 }] },
    status: 400,
    expect: (b) => expect(b.error.details[0].path).toEqual(['orderItems', 0, 'grams']),
  },
  { name: 'body not JSON', route: 'batch', headers: premium, body: '{"sectionKeys": [', status: 400, expect: (b) => expect(b.error.code).toBe('BAD_REQUEST') },
  {
    name: 'AI_PROVIDER=openai without a key',
    route: 'batch',
    headers: premium,
    body: okBatch,
    env: { AI_PROVIDER: 'openai' },
    status: 503,
    expect: (b) => expect(b).toEqual({ error: expect.stringContaining('OPENAI_API_KEY'), code: 'SERVICE_UNAVAILABLE' }),
  },
  {
    name: 'AI_PROVIDER=openai-compatible without a URL',
    route: 'single',
    key: 'overview',
    headers: premium,
    body: ORDER,
    env: { AI_PROVIDER: 'openai-compatible' },
    status: 503,
    expect: (b) => expect(b).toEqual({ error: expect.stringContaining('OPENAI_BASE_URL'), code: 'SERVICE_UNAVAILABLE' }),
  },
  {
    name: 'NOTEBOOK_STREAMING=off',
    route: 'single',
    key: 'overview',
    headers: premium,
    body: ORDER,
    env: { NOTEBOOK_STREAMING: 'off' },
    status: 503,
    expect: (b) => expect(b).toEqual({ error: expect.any(String), code: 'SERVICE_UNAVAILABLE' }),
  },
];

describe('notebook stream error answers', () => {
  it.each(CASES)('$name → $status', async (c) => {
    Object.assign(process.env, c.env ?? {});
    const handler = c.route === 'batch' ? batch : single;
    const path = c.route === 'batch' ? '/api/v1/notebooks/stream/batch' : `/api/v1/notebooks/stream/${c.key}`;
    const r = await call(handler, { path, params: c.key ? { sectionKey: c.key } : {}, headers: (await c.headers?.()) ?? {}, body: c.body });
    expect(r.status).toBe(c.status);
    expect(r.headers.get('content-type')).toContain('application/json');
    c.expect(r.body);
  });

  it.each([
    ['batch', 5, () => batch, '/api/v1/notebooks/stream/batch', {}, { sectionKeys: ['overview'] }],
    ['single', 10, () => single, '/api/v1/notebooks/stream/overview', { sectionKey: 'overview' }, {}],
  ] as const)('%s: request %i + 1 in the window → 429 with Retry-After', async (_n, limit, h, path, params, body) => {
    const headers = await authHeader('rate-user');
    await startWellInsideWindow();
    for (let i = 0; i < limit; i++) {
      const r = await call(h(), { path, params, headers, body });
      expect(r.status).toBe(200);
      expect(r.headers.get('x-ratelimit-limit')).toBe(String(limit));
      await r.response.body?.cancel();
    }
    const r = await call(h(), { path, params, headers, body });
    expect(r.status).toBe(429);
    expect(r.body.error.code).toBe('RATE_LIMIT_EXCEEDED');
    const retry = Number(r.headers.get('retry-after'));
    expect(retry).toBeGreaterThanOrEqual(1);
    expect(r.body.error.details.retryAfter).toBe(retry);
  });
});

describe('health, sections and the /reports aliases', () => {
  it('notebook health is flat; reports health is the envelope around the same object', async () => {
    const flat = await call(health, { path: '/api/v1/notebooks/stream/health' });
    expect(flat.status).toBe(200);
    expect(flat.body).toEqual({ available: true, service: 'notebook-streaming', timestamp: expect.stringMatching(/Z$/), aiSectionsCount: 12, provider: 'local' });
    const env = await call(reportsHealth, { path: '/api/v1/reports/stream/health' });
    expect(env.body.success).toBe(true);
    expect({ ...env.body.data, timestamp: 'x' }).toEqual({ ...flat.body, timestamp: 'x' });
  });

  it.each([
    [{ AI_PROVIDER: 'openai' }, false],
    [{ NOTEBOOK_STREAMING: 'off' }, false],
    [{ AI_PROVIDER: 'openai-compatible', OPENAI_BASE_URL: 'http://127.0.0.1:1/v1' }, true],
  ])('health available with %j → %s', async (vars, available) => {
    Object.assign(process.env, vars);
    const r = await call(health, { path: '/api/v1/notebooks/stream/health' });
    expect(r.body.available).toBe(available);
  });

  it('sections: twelve ai sections, sixteen with include=all', async () => {
    const ai = await call(sections, { path: '/api/v1/notebooks/stream/sections' });
    expect(ai.body.totalSections).toBe(12);
    // made once per process: the flat body, byte for byte, as JSON
    expect(ai.text).toBe(JSON.stringify({ sections: ai.body.sections, totalSections: 12 }));
    expect(ai.headers.get('content-type')).toMatch(/^application\/json/);
    expect(ai.body.sections.every((s: { strategy: string }) => s.strategy === 'ai')).toBe(true);
    expect(ai.body.sections[0]).toEqual({ key: 'overview', label: 'Overview', tab: 'summary', order: 1, strategy: 'ai', estimatedTokens: expect.any(Number) });
    const all = await call(sections, { path: '/api/v1/notebooks/stream/sections', query: { include: 'all' } });
    expect(all.body.totalSections).toBe(16);
    expect(all.body.sections.map((s: { order: number }) => s.order)).toEqual([...Array(16)].map((_, i) => i + 1));
    expect(all.body.sections.filter((s: { strategy: string }) => s.strategy === 'computed').map((s: { key: string }) => s.key)).toEqual([
      'spend_summary',
      'terpene_chart',
      'potency_chart',
      'type_distribution',
    ]);
  });

  it('the /reports stream routes are the /notebooks handlers', () => {
    expect(reportsSections).toBe(sections);
    expect(reportsBatch).toBe(batch);
    expect(reportsSingle).toBe(single);
  });

  it.each([
    ['another user', 'user-9', true],
    ['a malformed id', 'user-1', false],
  ])('GET /notebooks/:id for %s → 404 NOTEBOOK_NOT_FOUND', async (_n, sub, realId) => {
    let id = 'not-a-uuid';
    if (realId) {
      const r = await call(batch, { path: '/api/v1/notebooks/stream/batch', headers: await authHeader('owner'), body: { sectionKeys: ['overview'], ...ORDER } });
      const text = await r.response.text();
      id = /"notebookId":"([^"]+)"/.exec(text)![1];
    }
    const r = await call(getNotebook, { path: `/api/v1/notebooks/${id}`, params: { id }, headers: await authHeader(sub) });
    expect(r.status).toBe(404);
    expect(r.body.error).toMatchObject({ code: 'NOTEBOOK_NOT_FOUND', details: { resource: 'notebook', id } });
  });

  it('a single section needs no body (every order field is optional)', async () => {
    const r = await call(single, { method: 'POST', path: '/api/v1/notebooks/stream/overview', params: { sectionKey: 'overview' }, headers: await authHeader() });
    expect(r.status).toBe(200);
    const text = await r.response.text();
    expect(text).toContain('event: complete');
    expect(text).toContain('no items yet');
  });

  it.each([
    [{ limit: 0 }, 400],
    [{ limit: 101 }, 400],
    [{ offset: -1 }, 400],
    [{ limit: 'x' }, 400],
  ])('GET /notebooks?%j → %i VALIDATION_ERROR', async (query, status) => {
    const r = await call(listNotebooks, { path: '/api/v1/notebooks', query, headers: await authHeader() });
    expect(r.status).toBe(status);
    expect(r.body.error.code).toBe('VALIDATION_ERROR');
  });

  it('GET /notebooks/:id without a token → 401', async () => {
    const r = await call(getNotebook, { path: '/api/v1/notebooks/x', params: { id: 'x' } });
    expect(r.status).toBe(401);
    expect(r.body.code).toBe('UNAUTHORIZED');
  });
});
