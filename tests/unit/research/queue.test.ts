import { beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '@/lib/db';
import { ready } from '@/lib/bootstrap';
import { enqueueResearch, findOpenSubmission } from '@/lib/research/queue';
import { nameKey } from '@/lib/research/names';

let db: Db;
beforeAll(async () => {
  db = await ready();
});

describe('nameKey', () => {
  it.each([
    ['Blue Dream', 'blue-dream'],
    ['  blue   DREAM!! ', 'blue-dream'],
    ['Blué-Dréam', 'blue-dream'],
    ['GSC #4', 'gsc-4'],
    ['!!!', ''],
  ])('%j → %j', (input, key) => expect(nameKey(input)).toBe(key));
});

describe('enqueueResearch', () => {
  it('queues new names once, set-based, and reports the second time as already queued', async () => {
    const first = await enqueueResearch(db, [
      { name: 'Queue Test Alpha', source: 'menu-scan', metadata: { domain: 'example.com' } },
      { name: 'Queue Test Beta', source: 'api' },
    ]);
    expect(first.map((r) => [r.name, r.queued, r.alreadyQueued])).toEqual([
      ['Queue Test Alpha', true, false],
      ['Queue Test Beta', true, false],
    ]);
    expect(first.every((r) => typeof r.submissionId === 'string')).toBe(true);

    const again = await enqueueResearch(db, [{ name: 'queue test  ALPHA', source: 'website' }]);
    expect(again).toEqual([{ name: 'queue test ALPHA', submissionId: first[0].submissionId, queued: false, alreadyQueued: true }]);

    const rows = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM research_submissions WHERE name_key = 'queue-test-alpha'`);
    expect(rows.rows[0].n).toBe(1);
    const row = await db.query<{ metadata: unknown; source: string; status: string }>(`SELECT metadata, source, status FROM research_submissions WHERE id = $1`, [
      first[0].submissionId,
    ]);
    expect(row.rows[0]).toEqual({ metadata: { domain: 'example.com' }, source: 'menu-scan', status: 'pending' });
  });

  it('collapses duplicates inside one batch', async () => {
    const r = await enqueueResearch(db, [
      { name: 'Batch Dup', source: 'menu-scan' },
      { name: 'batch-dup', source: 'menu-scan' },
    ]);
    expect(r[0].queued).toBe(true);
    expect(r[1]).toMatchObject({ queued: false, alreadyQueued: true, submissionId: r[0].submissionId });
  });

  it('does not queue names that are too short, too long or without letters/digits', async () => {
    const r = await enqueueResearch(db, [
      { name: 'x', source: 'menu-scan' },
      { name: 'y'.repeat(201), source: 'menu-scan' },
      { name: '***', source: 'menu-scan' },
    ]);
    expect(r.map((x) => [x.queued, x.alreadyQueued, x.submissionId])).toEqual([
      [false, false, null],
      [false, false, null],
      [false, false, null],
    ]);
  });

  it('queues a name again once its earlier submission is closed', async () => {
    const [a] = await enqueueResearch(db, [{ name: 'Closed Later', source: 'api' }]);
    await db.query(`UPDATE research_submissions SET status = 'rejected' WHERE id = $1`, [a.submissionId]);
    expect(await findOpenSubmission(db, 'closed later')).toBeNull();
    const [b] = await enqueueResearch(db, [{ name: 'Closed Later', source: 'api' }]);
    expect(b.queued).toBe(true);
    expect(b.submissionId).not.toBe(a.submissionId);
    expect((await findOpenSubmission(db, 'CLOSED later'))?.id).toBe(b.submissionId);
  });

  it('strips control characters and NUL from names and metadata (jsonb cannot hold NUL)', async () => {
    const [r] = await enqueueResearch(db, [{ name: 'Nul\u0000 Scraped\tName', source: 'menu-scan', metadata: { raw: 'a\u0000b' } }]);
    expect(r).toMatchObject({ name: 'Nul Scraped Name', queued: true });
    const row = await db.query<{ metadata: unknown }>(`SELECT metadata FROM research_submissions WHERE id = $1`, [r.submissionId]);
    expect(row.rows[0].metadata).toEqual({ raw: 'ab' });
  });

  it('is safe under concurrent callers', async () => {
    const results = await Promise.all(Array.from({ length: 5 }, () => enqueueResearch(db, [{ name: 'Race Name', source: 'menu-scan' }])));
    expect(results.flat().filter((r) => r.queued)).toHaveLength(1);
    expect(new Set(results.flat().map((r) => r.submissionId)).size).toBe(1);
  });
});
