import { beforeAll, describe, expect, it } from 'vitest';
import { call } from '@/tests/helpers/route';
import { POST as SUBMIT } from '@/app/api/v1/research/strains/submit/route';
import { POST as APPROVE } from '@/app/api/v1/admin/research/[id]/approve/route';
import { GET as STRAIN } from '@/app/api/v1/strains/slug/[slug]/route';
import { GET as DAILY_SYNC } from '@/app/api/v1/cron/daily-sync/route';
import { POST as BACKFILL } from '@/app/api/v1/admin/backfill/route';
import { ready } from '@/lib/bootstrap';
import type { Db } from '@/lib/db';
import { runResearchPipeline } from '@/lib/admin/pipeline';
import { enqueueResearch, getSubmission } from '@/lib/research';

// The research queue, review and internal jobs on real PostgreSQL (own schema per file), where
// concurrent callers really run in parallel on separate pool connections.
describe.runIf(Boolean(process.env.DATABASE_URL))('research on PostgreSQL', () => {
  let db: Db;
  beforeAll(async () => {
    process.env.ADMIN_API_KEY = 'it-admin-key';
    process.env.API_KEY = 'it-api-key';
    process.env.CRON_SECRET = 'it-cron-secret';
    db = await ready();
    expect(db.kind).toBe('pg');
  });

  it('queues a name once when many callers race on separate connections', async () => {
    const results = await Promise.all(Array.from({ length: 12 }, () => enqueueResearch(db, [{ name: 'Race On Postgres', source: 'menu-scan' }])));
    const flat = results.flat();
    expect(flat.filter((r) => r.queued)).toHaveLength(1);
    expect(flat.filter((r) => r.alreadyQueued)).toHaveLength(11);
    expect(new Set(flat.map((r) => r.submissionId)).size).toBe(1);
  });

  it('never drafts a submission twice when pipelines run concurrently', async () => {
    await db.query(`UPDATE research_submissions SET status = 'rejected' WHERE status IN ('pending', 'researching', 'failed')`);
    const names = Array.from({ length: 6 }, (_, i) => ({ name: `Concurrent Pipeline ${String.fromCharCode(65 + i)}x`, source: 'menu-scan' as const }));
    await enqueueResearch(db, names);
    const [a, b, c] = await Promise.all([runResearchPipeline(db, { limit: 6 }), runResearchPipeline(db, { limit: 6 }), runResearchPipeline(db, { limit: 6 })]);
    expect(a.drafted + b.drafted + c.drafted).toBe(6);
    expect(a.failed + b.failed + c.failed).toBe(0);
    const rows = await db.query<{ status: string; attempts: number }>(`SELECT status, attempts FROM research_submissions WHERE strain_name LIKE 'Concurrent Pipeline %'`);
    expect(rows.rows).toHaveLength(6);
    expect(rows.rows.every((r) => r.status === 'pending_review' && Number(r.attempts) === 1)).toBe(true);
  });

  it('submit → queued → pending_review → approve → /strains/slug/:slug', async () => {
    const sub = await call(SUBMIT, {
      path: '/api/v1/research/strains/submit',
      body: { strainName: 'Postgres Peach Haze', metadata: { terpenes: [{ name: 'terpinolene', percentage: 0.7 }], cannabinoids: { thc: 20 } } },
      headers: { 'x-forwarded-for': '192.0.2.200' },
    });
    expect(sub.body.data.status).toBe('queued');
    const id = sub.body.data.submissionId as string;
    const until = Date.now() + 20_000;
    while ((await getSubmission(db, id))?.status !== 'pending_review') {
      if (Date.now() > until) throw new Error('research did not finish');
      await new Promise((r) => setTimeout(r, 100));
    }
    const ok = await call(APPROVE, { path: `/api/v1/admin/research/${id}/approve`, method: 'POST', params: { id }, headers: { 'x-admin-key': 'it-admin-key' } });
    expect(ok.status).toBe(200);
    const strain = await call(STRAIN, { path: '/api/v1/strains/slug/postgres-peach-haze', params: { slug: 'postgres-peach-haze' } });
    expect(strain.status).toBe(200);
    expect(strain.body.data).toMatchObject({ name: 'Postgres Peach Haze', source: 'research', highFamily: 'Energizing', thc: 20 });
  });

  it('runs the daily sync and every backfill job, idempotently', async () => {
    await db.query(
      `INSERT INTO scan_cache (website_domain, categories_hash, dispensary_name, scan_results, expires_at) VALUES
       ('expired.example', 'a', 'Expired', '{"products": [{"strainSlug": "blue-dream"}]}'::jsonb, now() - interval '1 hour')`,
    );
    const sync = await call(DAILY_SYNC, { path: '/api/v1/cron/daily-sync', headers: { authorization: 'Bearer it-cron-secret' } });
    expect(sync.status).toBe(200);
    expect(sync.body.data.scanCache.purged).toBeGreaterThanOrEqual(1);
    for (const job of ['high-family', 'slugs', 'popularity', 'search']) {
      const first = await call(BACKFILL, { path: '/api/v1/admin/backfill', body: { job }, headers: { authorization: 'Bearer it-api-key' } });
      expect(first.status, job).toBe(200);
      const second = await call(BACKFILL, { path: '/api/v1/admin/backfill', body: { job }, headers: { authorization: 'Bearer it-api-key' } });
      expect(second.body.data.updated, job).toBe(0);
    }
  });
});
