import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { GET as daily } from '@/app/api/v1/stories/daily/route';
import { GET as list } from '@/app/api/v1/stories/route';
import { GET as getStrain } from '@/app/api/v1/strains/slug/[slug]/route';
import { ready } from '@/lib/bootstrap';
import { MemoryStore, setLimitStore } from '@/lib/ratelimit';
import { storyGenerations, todayUtc } from '@/lib/stories/service';
import { wordCount } from '@/lib/stories/write';
import { objectExists } from '@/lib/storage';
import { authHeader, call } from '@/tests/helpers/route';

beforeAll(() => ready().then(() => undefined), 180_000);
beforeEach(() => setLimitStore(new MemoryStore()));
afterAll(() => undefined);

const get = async (query: Record<string, string> = {}, sub = 'story-reader', tier: 'premium' | 'free' = 'premium') =>
  call(daily, { path: '/api/v1/stories/daily', query, headers: await authHeader(sub, tier) });

describe('GET /stories/daily', () => {
  it('is premium: 401 without a token, 403 for a free user', async () => {
    expect((await call(daily, { path: '/api/v1/stories/daily' })).status).toBe(401);
    const free = await get({}, 'free-reader', 'free');
    expect(free.status).toBe(403);
    expect(free.body.error.details).toMatchObject({ requiredTier: 'premium', feature: 'stories' });
  });

  it('generates one story for the day under 10 concurrent first requests, stores it and serves it to everyone', { timeout: 120_000 }, async () => {
    const before = storyGenerations();
    const answers = await Promise.all(Array.from({ length: 10 }, (_, i) => get({}, `reader-${i}`)));
    expect(answers.map((a) => a.status)).toEqual(Array(10).fill(200));
    expect(storyGenerations() - before).toBe(1);
    const first = answers[0].body.data;
    for (const a of answers) expect(a.body.data).toEqual(first);

    expect(first.date).toBe(todayUtc());
    const words = wordCount(first.body);
    expect(words).toBeGreaterThanOrEqual(150);
    expect(words).toBeLessThanOrEqual(400);
    expect(first.body).toContain(`**${first.strain.name}**`);
    expect(first.highlights.length).toBeGreaterThanOrEqual(3);
    expect(first.highlights.length).toBeLessThanOrEqual(5);
    // The strain is a real catalog record, and the story's numbers are its numbers.
    const strain = await call(getStrain, { path: `/api/v1/strains/slug/${first.strain.slug}`, params: { slug: first.strain.slug } });
    expect(strain.status).toBe(200);
    expect(strain.body.data.name).toBe(first.strain.name);
    if (strain.body.data.thc !== null) expect(first.body).toContain(`${Math.round(strain.body.data.thc * 10) / 10}% THC`);
    // Hero image through the image pipeline (the local renderer here), stored as WebP.
    expect(first.imageUrl).toMatch(/\/stories\/[0-9a-f]{32}\.webp$/);
    const objectPath = first.imageUrl.slice(first.imageUrl.indexOf('stories/'));
    expect(await objectExists('images', objectPath)).toBe(true);

    // A later request, an explicit date: the stored row, nothing generated.
    const again = await get({ date: todayUtc() }, 'late-reader');
    expect(again.body.data).toEqual(first);
    expect(storyGenerations() - before).toBe(1);

    const all = await call(list, { path: '/api/v1/stories', headers: await authHeader('lister') });
    expect(all.status).toBe(200);
    expect(all.body.data).toEqual([first]);
    expect(all.body.meta.pagination.total).toBe(1);
  });

  it('answers 400 for a future date or a malformed one, and 404 before the first story', async () => {
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    const future = await get({ date: tomorrow });
    expect(future.status).toBe(400);
    expect(future.body.error.code).toBe('VALIDATION_ERROR');
    expect((await get({ date: '2026-13-40' })).status).toBe(400);
    await get();
    const old = await get({ date: '2020-01-01' });
    expect(old.status).toBe(404);
    expect(old.body.error.code).toBe('NOT_FOUND');
  });
});
