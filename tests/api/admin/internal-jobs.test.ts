import { beforeAll, describe, expect, it } from 'vitest';
import { call } from '@/tests/helpers/route';
import { POST as BACKFILL } from '@/app/api/v1/admin/backfill/route';
import { POST as TRIGGER } from '@/app/api/v1/admin/trigger/route';
import { GET as DAILY_SYNC } from '@/app/api/v1/cron/daily-sync/route';
import { POST as PIPELINE } from '@/app/api/v1/trigger/pipeline/route';
import { ready } from '@/lib/bootstrap';
import type { Db } from '@/lib/db';
import { enqueueResearch, getSubmission } from '@/lib/research';

const API_KEY = 'jobs-api-key-0123456789';
const CRON_SECRET = 'jobs-cron-secret-0123456789';
const apiKey = { authorization: `Bearer ${API_KEY}` };
const cron = { authorization: `Bearer ${CRON_SECRET}` };
let db: Db;

beforeAll(async () => {
  process.env.API_KEY = API_KEY;
  process.env.CRON_SECRET = CRON_SECRET;
  db = await ready();
});

const backfill = (job: unknown) => call(BACKFILL, { path: '/api/v1/admin/backfill', body: { job }, headers: apiKey });
const one = async <T>(sql: string, params: unknown[] = []) => (await db.query<T>(sql, params)).rows[0];

describe('POST /admin/backfill', () => {
  it('high-family: restores damaged values, then a rerun changes nothing', async () => {
    await db.query(`UPDATE strains SET high_family = NULL WHERE slug IN ('blue-dream', 'jack-herer')`);
    await db.query(`UPDATE strains SET high_family = 'Wrong' WHERE slug = 'og-kush'`);
    const r = await backfill('high-family');
    expect(r.status).toBe(200);
    expect(r.body.data).toMatchObject({ job: 'high-family', updated: 3 });
    expect(r.body.data.scanned).toBeGreaterThan(100);
    expect(await one(`SELECT high_family FROM strains WHERE slug = 'blue-dream'`)).toEqual({ high_family: 'Relaxing' });
    expect((await backfill('high-family')).body.data.updated).toBe(0);
  });

  it('slugs: repairs malformed slugs and canonical names, keeps valid curated slugs, counts conflicts', async () => {
    await db.query(`UPDATE strains SET slug = 'Durban Poison!!' WHERE slug = 'durban-poison'`);
    await db.query(`UPDATE strains SET canonical_name = 'stale' WHERE slug = 'white-widow'`);
    // A malformed slug whose repaired form another strain holds is a conflict, left as is.
    await db.query(`UPDATE strains SET slug = 'Blue_Dream' WHERE slug = 'blueberry'`);
    const r = await backfill('slugs');
    expect(r.body.data).toMatchObject({ job: 'slugs', updated: 2, details: { conflicts: 1 } });
    expect(await one(`SELECT name FROM strains WHERE slug = 'durban-poison'`)).toEqual({ name: 'Durban Poison' });
    expect(await one(`SELECT canonical_name FROM strains WHERE slug = 'white-widow'`)).toEqual({ canonical_name: 'white widow' });
    expect((await backfill('slugs')).body.data.updated).toBe(0);
    await db.query(`UPDATE strains SET slug = 'blueberry' WHERE slug = 'Blue_Dream'`);
  });

  it('search: rebuilds the terpene map, dominant terpene and name rows', async () => {
    await db.query(`UPDATE strains SET terpene_map = '{}'::jsonb, dominant_terpene = NULL WHERE slug = 'sour-diesel'`);
    const { id } = (await one<{ id: string }>(`SELECT id FROM strains WHERE slug = 'gelato'`))!;
    await db.query(`DELETE FROM strain_names WHERE strain_id = $1`, [id]);
    const r = await backfill('search');
    expect(r.body.data).toMatchObject({ job: 'search', updated: 1, details: { namesResynced: 1 } });
    const sd = await one<{ dominant_terpene: string; terpene_map: Record<string, number> }>(`SELECT dominant_terpene, terpene_map FROM strains WHERE slug = 'sour-diesel'`);
    expect(sd?.dominant_terpene).toBeTruthy();
    expect(Object.keys(sd!.terpene_map).length).toBeGreaterThan(0);
    expect((await db.query(`SELECT 1 FROM strain_names WHERE strain_id = $1`, [id])).rows.length).toBeGreaterThan(0);
    const again = await backfill('search');
    expect(again.body.data).toMatchObject({ updated: 0, details: { namesResynced: 0 } });
  });

  it('popularity: adds menu demand to the base score, idempotently', async () => {
    const base = Number((await one<{ p: number }>(`SELECT popularity_score AS p FROM strains WHERE slug = 'zkittlez'`))!.p);
    await db.query(
      `INSERT INTO scan_cache (website_domain, categories_hash, dispensary_name, scan_results, expires_at)
       VALUES ('popular.example', 'h1', 'Popular', $1::jsonb, now() + interval '4 hours')`,
      [
        JSON.stringify({
          products: [
            { rawName: 'Zkittlez 3.5g', strainSlug: 'zkittlez' },
            { rawName: 'Mystery', strainSlug: null },
          ],
        }),
      ],
    );
    const r = await backfill('popularity');
    expect(r.body.data.job).toBe('popularity');
    expect(r.body.data.details.withDemand).toBe(1);
    expect(r.body.data.updated).toBeGreaterThanOrEqual(1);
    const after = Number((await one<{ p: number }>(`SELECT popularity_score AS p FROM strains WHERE slug = 'zkittlez'`))!.p);
    expect(after).toBeCloseTo(Math.min(100, base + 15), 2);
    expect((await backfill('popularity')).body.data.updated).toBe(0);
    // An import that changes the score makes it the new base.
    await db.query(`UPDATE strains SET popularity_score = 10 WHERE slug = 'zkittlez'`);
    const rebased = await backfill('popularity');
    expect(rebased.body.data.details.rebased).toBe(1);
    expect(Number((await one<{ p: number }>(`SELECT popularity_score AS p FROM strains WHERE slug = 'zkittlez'`))!.p)).toBeCloseTo(25, 2);
  });

  it.each([[undefined], ['everything'], [42]])('refuses job %j with 400 VALIDATION_ERROR', async (job) => {
    const r = await backfill(job);
    expect(r.status).toBe(400);
    expect(r.body.error.code).toBe('VALIDATION_ERROR');
  });
});

describe('POST /admin/trigger', () => {
  it('starts a registered task and answers its runId', async () => {
    const [q] = await enqueueResearch(db, [{ name: 'Triggered Orchid', source: 'api' }]);
    const r = await call(TRIGGER, { path: '/api/v1/admin/trigger', body: { task: 'strain-research', payload: { submissionId: q.submissionId } }, headers: apiKey });
    expect(r.status).toBe(200);
    expect(r.body.data).toMatchObject({ task: 'strain-research', deduplicated: false });
    expect(r.body.data.runId).toMatch(/^run_/);
    const run = await one<{ task_identifier: string }>(`SELECT task_identifier FROM task_runs WHERE id = $1`, [r.body.data.runId]);
    expect(run).toEqual({ task_identifier: 'strain-research' });
  });

  it.each([
    ['unknown task', { task: 'mine-bitcoin', payload: {} }, 'BAD_REQUEST'],
    ['payload the task refuses', { task: 'strain-research', payload: { submissionId: 'nope' } }, 'BAD_REQUEST'],
    ['missing task', { payload: {} }, 'VALIDATION_ERROR'],
  ])('%s → 400', async (_l, body, code) => {
    const r = await call(TRIGGER, { path: '/api/v1/admin/trigger', body, headers: apiKey });
    expect(r.status).toBe(400);
    expect(r.body.error.code).toBe(code);
  });

  it('names the valid tasks when the id is unknown', async () => {
    const r = await call(TRIGGER, { path: '/api/v1/admin/trigger', body: { task: 'nope' }, headers: apiKey });
    expect(r.body.error.details.validTasks).toEqual(expect.arrayContaining(['strain-research', 'shopping-menu-scan']));
  });
});

describe('GET /cron/daily-sync', () => {
  it('purges expired cache rows and old runs, re-queues dead research, recomputes popularity, answers counts', async () => {
    await db.query(`DELETE FROM scan_cache`);
    await db.query(
      `INSERT INTO scan_cache (website_domain, categories_hash, dispensary_name, scan_results, expires_at) VALUES
       ('old-1.example', 'a', 'Old 1', '{}'::jsonb, now() - interval '1 minute'),
       ('old-2.example', 'a', 'Old 2', '{}'::jsonb, now() - interval '2 days'),
       ('fresh.example', 'a', 'Fresh', '{}'::jsonb, now() + interval '3 hours')`,
    );
    await db.query(
      `INSERT INTO task_runs (id, task_identifier, status, finished_at, updated_at) VALUES
       ('run_sync_old_done', 'strain-research', 'COMPLETED', now() - interval '30 days', now() - interval '30 days'),
       ('run_sync_old_fail', 'shopping-menu-scan', 'FAILED', now() - interval '8 days', now() - interval '8 days'),
       ('run_sync_recent', 'strain-research', 'COMPLETED', now() - interval '1 hour', now() - interval '1 hour')`,
    );
    await db.query(
      `INSERT INTO receipt_attempts (user_id, attempt_id, image_sha256, status, claim_token, created_at) VALUES
       ('u1', 'old-attempt-000000001', 'h', 'done', 'c', now() - interval '40 days'),
       ('u1', 'new-attempt-000000001', 'h', 'done', 'c', now() - interval '1 day')`,
    );
    const [q] = await enqueueResearch(db, [{ name: 'Stuck Research', source: 'api' }]);
    await db.query(`UPDATE research_submissions SET status = 'researching', updated_at = now() - interval '1 hour' WHERE id = $1`, [q.submissionId]);

    const r = await call(DAILY_SYNC, { path: '/api/v1/cron/daily-sync', headers: cron });
    expect(r.status).toBe(200);
    expect(r.body.data.scanCache).toEqual({ purged: 2 });
    expect(r.body.data.runs.purged).toBe(2);
    expect(r.body.data.receiptAttempts).toEqual({ purged: 1 });
    expect((await db.query(`SELECT attempt_id FROM receipt_attempts`)).rows).toEqual([{ attempt_id: 'new-attempt-000000001' }]);
    expect(r.body.data.research).toEqual({ requeued: 1 });
    expect(r.body.data.popularity.strains).toBeGreaterThan(100);
    expect(typeof r.body.data.durationMs).toBe('number');
    expect((await db.query(`SELECT website_domain FROM scan_cache`)).rows).toEqual([{ website_domain: 'fresh.example' }]);
    expect((await db.query(`SELECT 1 FROM task_runs WHERE id = 'run_sync_recent'`)).rows.length).toBe(1);
    expect((await getSubmission(db, q.submissionId!))?.status).toBe('pending');

    const again = await call(DAILY_SYNC, { path: '/api/v1/cron/daily-sync', headers: cron });
    expect(again.body.data).toMatchObject({ receiptAttempts: { purged: 0 }, scanCache: { purged: 0 }, runs: { purged: 0 }, research: { requeued: 0 }, popularity: { updated: 0 } });
  });
});

describe('POST /trigger/pipeline', () => {
  it('drafts queued research (retrying failed ones under the limit) and answers counts', async () => {
    await db.query(`UPDATE research_submissions SET status = 'rejected' WHERE status IN ('pending', 'researching', 'failed')`);
    const queued = await enqueueResearch(db, [
      { name: 'Pipeline Copper', source: 'menu-scan' },
      { name: 'Pipeline Meadow', source: 'menu-scan' },
      { name: 'Pipeline Falcon', source: 'menu-scan' },
    ]);
    await db.query(`UPDATE research_submissions SET status = 'failed', attempts = 1 WHERE id = $1`, [queued[2].submissionId]);
    const [gaveUp] = await enqueueResearch(db, [{ name: 'Pipeline Gave Up', source: 'menu-scan' }]);
    await db.query(`UPDATE research_submissions SET status = 'failed', attempts = 3 WHERE id = $1`, [gaveUp.submissionId]);

    const r = await call(PIPELINE, { path: '/api/v1/trigger/pipeline', body: { limit: 2 }, headers: cron });
    expect(r.status).toBe(200);
    expect(r.body.data).toMatchObject({ retried: 1, picked: 2, drafted: 2, skipped: 0, failed: 0, remaining: 1 });
    const rest = await call(PIPELINE, { path: '/api/v1/trigger/pipeline', headers: { authorization: `Bearer ${API_KEY}` } });
    expect(rest.body.data).toMatchObject({ picked: 1, drafted: 1, remaining: 0 });
    for (const q of queued) expect((await getSubmission(db, q.submissionId!))?.status).toBe('pending_review');
    expect((await getSubmission(db, gaveUp.submissionId!))?.status).toBe('failed');
    const idle = await call(PIPELINE, { path: '/api/v1/trigger/pipeline', headers: cron });
    expect(idle.body.data).toMatchObject({ retried: 0, picked: 0, drafted: 0, remaining: 0 });
  });

  it.each([[{ limit: 0 }], [{ limit: 101 }], [{ limit: 'ten' }]])('refuses %j', async (body) => {
    const r = await call(PIPELINE, { path: '/api/v1/trigger/pipeline', body, headers: cron });
    expect(r.status).toBe(400);
    expect(r.body.error.code).toBe('VALIDATION_ERROR');
  });
});
