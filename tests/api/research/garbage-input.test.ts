import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { call } from '@/tests/helpers/route';
import { POST as SUBMIT } from '@/app/api/v1/research/strains/submit/route';
import { GET as LIST } from '@/app/api/v1/admin/research/route';
import { POST as APPROVE } from '@/app/api/v1/admin/research/[id]/approve/route';
import { POST as REJECT } from '@/app/api/v1/admin/research/[id]/reject/route';
import { POST as BACKFILL } from '@/app/api/v1/admin/backfill/route';
import { POST as TRIGGER } from '@/app/api/v1/admin/trigger/route';
import { POST as PIPELINE } from '@/app/api/v1/trigger/pipeline/route';
import { GET as FILES } from '@/app/api/v1/files/[...path]/route';
import { GET as POSTS } from '@/app/api/v1/blog/posts/route';
import { GET as POST_BY_SLUG } from '@/app/api/v1/blog/posts/[slug]/route';
import { GET as PREVIEW } from '@/app/api/v1/blog/generate-image/preview/route';
import { POST as GENERATE_PROBLEM } from '@/app/api/v1/app-landing/generate-image/route';
import { ready } from '@/lib/bootstrap';

// Garbage in, never a 5xx out: every route of this area against arbitrary JSON bodies, strings
// in path segments and query values (with valid credentials, so the handlers really run).
const ADMIN = 'garbage-admin-key';
const API_KEY = 'garbage-api-key';
const admin = { 'x-admin-key': ADMIN };
const bearer = { authorization: `Bearer ${API_KEY}` };
let ip = 0;

beforeAll(async () => {
  process.env.ADMIN_API_KEY = ADMIN;
  process.env.API_KEY = API_KEY;
  process.env.RATE_LIMIT_ENABLED = 'false';
  await ready();
});
afterAll(() => {
  delete process.env.RATE_LIMIT_ENABLED;
});

const body = fc.oneof(
  fc.anything(),
  fc.record({ strainName: fc.string({ maxLength: 250 }), source: fc.string(), metadata: fc.anything() }, { requiredKeys: [] }),
  fc.record(
    { job: fc.string(), task: fc.string(), payload: fc.anything(), limit: fc.anything(), slug: fc.string(), problemId: fc.string(), note: fc.anything(), overrides: fc.anything() },
    { requiredKeys: [] },
  ),
);
const segment = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.constantFrom('..', '%2e%2e', '%00', '\u0000', '/etc/passwd', 'images', 'screenshots', '00000000-0000-4000-8000-000000000000'),
);

function jsonOrString(v: unknown): unknown {
  try {
    JSON.stringify(v);
    return v === undefined ? '' : v;
  } catch {
    return String(v);
  }
}

describe('garbage input never answers 5xx', () => {
  it('POST bodies', async () => {
    await fc.assert(
      fc.asyncProperty(body, segment, async (b, id) => {
        const bodyValue = jsonOrString(b);
        const results = await Promise.all([
          call(SUBMIT, { path: '/api/v1/research/strains/submit', method: 'POST', body: bodyValue, headers: { 'x-forwarded-for': `203.0.113.${++ip % 250}` } }),
          call(APPROVE, { path: `/api/v1/admin/research/x/approve`, method: 'POST', params: { id }, body: bodyValue, headers: admin }),
          call(REJECT, { path: `/api/v1/admin/research/x/reject`, method: 'POST', params: { id }, body: bodyValue, headers: admin }),
          call(BACKFILL, { path: '/api/v1/admin/backfill', method: 'POST', body: bodyValue, headers: bearer }),
          call(TRIGGER, { path: '/api/v1/admin/trigger', method: 'POST', body: bodyValue, headers: bearer }),
          call(PIPELINE, { path: '/api/v1/trigger/pipeline', method: 'POST', body: bodyValue, headers: bearer }),
          call(GENERATE_PROBLEM, { path: '/api/v1/app-landing/generate-image', method: 'POST', body: bodyValue, headers: admin }),
        ]);
        for (const r of results) {
          expect(r.status, r.text.slice(0, 300)).toBeLessThan(500);
          expect(r.body.success === true || r.body.success === false).toBe(true);
        }
      }),
      { numRuns: 40 },
    );
  }, 120_000);

  it('path segments and query values', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(segment, { minLength: 1, maxLength: 4 }), fc.string({ maxLength: 30 }), fc.string({ maxLength: 10 }), async (segs, q, n) => {
        const results = await Promise.all([
          call(FILES, { path: '/api/v1/files/x', params: { path: segs } }),
          call(POST_BY_SLUG, { path: '/api/v1/blog/posts/x', params: { slug: segs[0] } }),
          call(POSTS, { path: '/api/v1/blog/posts', query: { tag: q, limit: n, offset: n } }),
          call(PREVIEW, { path: '/api/v1/blog/generate-image/preview', query: { slug: q }, headers: admin }),
          call(LIST, { path: '/api/v1/admin/research', query: { status: q, limit: n }, headers: admin }),
        ]);
        for (const r of results) expect(r.status, r.text.slice(0, 300)).toBeLessThan(500);
      }),
      { numRuns: 60 },
    );
  }, 120_000);
});
