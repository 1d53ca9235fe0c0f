import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GET as DAILY_SYNC } from '@/app/api/v1/cron/daily-sync/route';
import { ready } from '@/lib/bootstrap';
import { singleFlight, type Db } from '@/lib/db';
import { openPg } from '@/lib/db/pg';
import { call } from '@/tests/helpers/route';

// Cron, pipeline and backfill jobs run once at a time across instances (they deadlocked when six
// daily syncs ran together: 4 × 500 "deadlock detected" and answers that never came).
describe.runIf(Boolean(process.env.DATABASE_URL))('single-flight jobs on PostgreSQL', () => {
  const others: Db[] = [];
  beforeAll(async () => {
    process.env.CRON_SECRET = 'it-cron-secret';
    await ready();
  });
  afterAll(async () => {
    await Promise.all(others.map((o) => o.close()));
  });

  it('six concurrent GET /cron/daily-sync: one runs, five answer alreadyRunning, no 500, none hangs', async () => {
    const answers = await Promise.all(Array.from({ length: 6 }, () => call(DAILY_SYNC, { path: '/api/v1/cron/daily-sync', headers: { authorization: 'Bearer it-cron-secret' } })));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200, 200]);
    const ran = answers.filter((a) => a.body.data.alreadyRunning === false);
    const waited = answers.filter((a) => a.body.data.alreadyRunning === true);
    expect(ran).toHaveLength(1);
    expect(ran[0].body.data.popularity.strains).toBeGreaterThan(0);
    expect(waited).toHaveLength(5);
    for (const w of waited) expect(Date.parse(w.body.data.startedAt)).not.toBeNaN();
    // and afterwards the job runs again
    const again = await call(DAILY_SYNC, { path: '/api/v1/cron/daily-sync', headers: { authorization: 'Bearer it-cron-secret' } });
    expect(again.body.data.alreadyRunning).toBe(false);
  });

  it('across instances (separate pools): the advisory lock lets one run and reports its start', async () => {
    const instances = await Promise.all([1, 2, 3].map(() => openPg(process.env.DATABASE_URL!, { schema: process.env.DATABASE_SCHEMA })));
    others.push(...instances);
    let release!: () => void;
    let started!: () => void;
    const hold = new Promise<void>((r) => (release = r));
    const running = new Promise<void>((r) => (started = r));
    const first = singleFlight(instances[0], 'it-job', async () => {
      started();
      await hold;
      return 'done';
    });
    await running; // the first instance holds the lock and is inside the job
    const [b, c] = await Promise.all([singleFlight(instances[1], 'it-job', async () => 'ran twice'), singleFlight(instances[2], 'it-job', async () => 'ran twice')]);
    expect(b).toMatchObject({ alreadyRunning: true });
    expect(c).toMatchObject({ alreadyRunning: true });
    release();
    expect(await first).toEqual({ alreadyRunning: false, result: 'done' });
    expect(await singleFlight(instances[1], 'it-job', async () => 'next')).toEqual({ alreadyRunning: false, result: 'next' });
  });
});
