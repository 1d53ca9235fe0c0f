import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { GET as dailySync } from '@/app/api/v1/cron/daily-sync/route';
import { GET as daily } from '@/app/api/v1/stories/daily/route';
import { ready } from '@/lib/bootstrap';
import { MemoryStore, setLimitStore } from '@/lib/ratelimit';
import { storyGenerations, todayUtc } from '@/lib/stories/service';
import { authHeader, call } from '@/tests/helpers/route';

const saved = process.env.CRON_SECRET;
beforeAll(async () => {
  process.env.CRON_SECRET = 'story-sync-cron-secret';
  await ready();
}, 180_000);
afterAll(() => {
  if (saved === undefined) delete process.env.CRON_SECRET;
  else process.env.CRON_SECRET = saved;
});
beforeEach(() => setLimitStore(new MemoryStore()));

const sync = () => call(dailySync, { path: '/api/v1/cron/daily-sync', headers: { authorization: 'Bearer story-sync-cron-secret' } });

describe("the daily sync writes the day's story", () => {
  it('generates it once; the first reader then gets the stored story', { timeout: 120_000 }, async () => {
    const before = storyGenerations();
    const first = await sync();
    expect(first.status).toBe(200);
    expect(first.body.data.stories).toEqual({ date: todayUtc(), generated: true });
    expect(storyGenerations() - before).toBe(1);

    const again = await sync();
    expect(again.body.data.stories).toEqual({ date: todayUtc(), generated: false });

    const r = await call(daily, { path: '/api/v1/stories/daily', headers: await authHeader('sync-reader') });
    expect(r.status).toBe(200);
    expect(r.body.data.date).toBe(todayUtc());
    expect(storyGenerations() - before).toBe(1);

    // The same sync drafted the story for every social platform, once (a second sync adds none).
    const db = await ready();
    const drafts = await db.query<{ platform: string; kind: string }>(`SELECT platform, kind FROM social_drafts WHERE source_kind = 'story' AND source_id = $1`, [todayUtc()]);
    expect(drafts.rows.map((d) => d.kind)).toEqual(drafts.rows.map(() => 'daily_story'));
    expect(new Set(drafts.rows.map((d) => d.platform)).size).toBe(drafts.rows.length);
    expect(drafts.rows.length).toBeGreaterThanOrEqual(4);
  });
});
