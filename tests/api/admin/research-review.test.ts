import { beforeAll, describe, expect, it } from 'vitest';
import { call } from '@/tests/helpers/route';
import { POST as SUBMIT } from '@/app/api/v1/research/strains/submit/route';
import { GET as LIST } from '@/app/api/v1/admin/research/route';
import { POST as APPROVE } from '@/app/api/v1/admin/research/[id]/approve/route';
import { POST as REJECT } from '@/app/api/v1/admin/research/[id]/reject/route';
import { GET as ONE } from '@/app/api/v1/admin/research/[id]/route';
import { GET as STRAIN } from '@/app/api/v1/strains/slug/[slug]/route';
import { ready } from '@/lib/bootstrap';
import type { Db } from '@/lib/db';
import { enqueueResearch, getSubmission, runStrainResearch } from '@/lib/research';

const ADMIN = 'admin-key-for-review-tests';
const admin = { 'x-admin-key': ADMIN };
let db: Db;
let ip = 0;

beforeAll(async () => {
  process.env.ADMIN_API_KEY = ADMIN;
  db = await ready();
});

async function waitForStatus(id: string, status: string, ms = 15_000) {
  const until = Date.now() + ms;
  for (;;) {
    const s = await getSubmission(db, id);
    if (s?.status === status) return s;
    if (Date.now() > until) throw new Error(`submission ${id} stayed ${s?.status}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

const submit = (strainName: string, metadata?: object) =>
  call(SUBMIT, { path: '/api/v1/research/strains/submit', body: { strainName, metadata }, headers: { 'x-forwarded-for': `192.0.2.${++ip}` } });
const approve = (id: string, body?: object, headers = admin) => call(APPROVE, { path: `/api/v1/admin/research/${id}/approve`, method: 'POST', params: { id }, body, headers });
const reject = (id: string, body?: object, headers = admin) => call(REJECT, { path: `/api/v1/admin/research/${id}/reject`, method: 'POST', params: { id }, body, headers });

describe('end to end: submit → queued → drafted → pending_review → approved → in the catalog', () => {
  it('a new name ends up at /strains/slug/:slug with source research', async () => {
    const before = await call(STRAIN, { path: '/api/v1/strains/slug/velvet-kush-harbor', params: { slug: 'velvet-kush-harbor' } });
    expect(before.status).toBe(404);

    const sub = await submit('Velvet Kush Harbor', {
      terpenes: [
        { name: 'b-caryophyllene', percentage: 0.5 },
        { name: 'limonene', percentage: 0.25 },
      ],
      cannabinoids: { thc: 23, cbd: 0.1 },
    });
    expect(sub.status).toBe(200);
    expect(sub.body.data.status).toBe('queued');
    const id = sub.body.data.submissionId as string;

    const drafted = await waitForStatus(id, 'pending_review');
    expect(drafted.draft?.slug).toBe('velvet-kush-harbor');

    const list = await call(LIST, { path: '/api/v1/admin/research', query: { status: 'pending_review' }, headers: admin });
    expect(list.status).toBe(200);
    const listed = list.body.data.find((s: { id: string }) => s.id === id);
    expect(listed).toMatchObject({ strainName: 'Velvet Kush Harbor', status: 'pending_review', draft: { highFamily: 'Balancing' } });
    expect(list.body.meta.counts.pending_review).toBeGreaterThanOrEqual(1);
    expect(list.body.meta.pagination).toMatchObject({ limit: 50, offset: 0 });

    const one = await call(ONE, { path: `/api/v1/admin/research/${id}`, params: { id }, headers: admin });
    expect(one.status).toBe(200);
    expect(one.body.data).toMatchObject({ id, status: 'pending_review', draft: { slug: 'velvet-kush-harbor' } });

    const ok = await approve(id, { note: 'looks right', overrides: { type: 'hybrid' } });
    expect(ok.status).toBe(200);
    expect(ok.body.data.submission).toMatchObject({ id, status: 'approved', strainSlug: 'velvet-kush-harbor', reviewNote: 'looks right' });
    expect(ok.body.data.strain).toMatchObject({ slug: 'velvet-kush-harbor', name: 'Velvet Kush Harbor', inserted: true });

    const after = await call(STRAIN, { path: '/api/v1/strains/slug/velvet-kush-harbor', params: { slug: 'velvet-kush-harbor' } });
    expect(after.status).toBe(200);
    expect(after.body.data).toMatchObject({ slug: 'velvet-kush-harbor', name: 'Velvet Kush Harbor', type: 'hybrid', thc: 23, source: 'research', highFamily: 'Balancing' });

    // Now in the catalog, the same name is a duplicate.
    const again = await submit('Velvet Kush Harbor');
    expect(again.body.data).toMatchObject({ status: 'duplicate', strain: { slug: 'velvet-kush-harbor' } });
  });
});

describe('review rules', () => {
  it('approves only pending_review drafts, rejects only open ones, and 404s unknown ids', async () => {
    const [q] = await enqueueResearch(db, [{ name: 'Review Rules Alpha', source: 'menu-scan' }]);
    const id = q.submissionId!;
    const early = await approve(id);
    expect(early.status).toBe(400);
    expect(early.body.error).toMatchObject({ code: 'BAD_REQUEST', details: { status: 'pending' } });

    await runStrainResearch({ submissionId: id }, { db });
    expect((await getSubmission(db, id))?.status).toBe('pending_review');

    const no = await reject(id, { note: 'not a strain' });
    expect(no.status).toBe(200);
    expect(no.body.data).toMatchObject({ id, status: 'rejected', reviewNote: 'not a strain' });
    expect((await reject(id)).body.error.details).toEqual({ status: 'rejected' });
    expect((await approve(id)).body.error.details).toEqual({ status: 'rejected' });

    for (const unknown of ['00000000-0000-4000-8000-000000000000', 'not-a-uuid']) {
      const r = await approve(unknown);
      expect(r.status).toBe(404);
      expect(r.body.error).toMatchObject({ code: 'NOT_FOUND', message: `Submission not found: ${unknown}` });
      expect((await reject(unknown)).status).toBe(404);
      expect((await call(ONE, { path: `/api/v1/admin/research/${unknown}`, params: { id: unknown }, headers: admin })).status).toBe(404);
    }
  });

  it('filters the queue by status and validates the filter', async () => {
    const r = await call(LIST, { path: '/api/v1/admin/research', query: { status: 'rejected', limit: 5 }, headers: admin });
    expect(r.status).toBe(200);
    expect(r.body.data.every((s: { status: string }) => s.status === 'rejected')).toBe(true);
    const bad = await call(LIST, { path: '/api/v1/admin/research', query: { status: 'bogus' }, headers: admin });
    expect(bad.status).toBe(400);
    expect(bad.body.error.code).toBe('VALIDATION_ERROR');
  });

  it.each([
    ['missing key', {}, 401, 'ADMIN_AUTH_REQUIRED'],
    ['wrong key', { 'x-admin-key': 'nope' }, 401, 'ADMIN_AUTH_INVALID'],
  ])('needs the admin key: %s', async (_l, headers, status, code) => {
    const r = await call(LIST, { path: '/api/v1/admin/research', headers });
    expect(r.status).toBe(status);
    expect(r.body).toMatchObject({ success: false, code });
    const a = await approve('00000000-0000-4000-8000-000000000000', undefined, headers as typeof admin);
    expect(a.status).toBe(status);
  });
});
