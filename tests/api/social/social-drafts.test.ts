import { beforeAll, describe, expect, it } from 'vitest';
import { call } from '@/tests/helpers/route';
import { GET as LIST, PATCH } from '@/app/api/v1/social/drafts/route';
import { POST as GENERATE } from '@/app/api/v1/social/drafts/generate/route';
import { GET as STATS } from '@/app/api/v1/social/stats/route';
import { ready } from '@/lib/bootstrap';
import type { Db } from '@/lib/db';
import { dailySync } from '@/lib/admin/daily-sync';
import { insertDraft } from '@/lib/social/repo';
import { DRAFT_STATUSES, type DraftStatus, type SocialDraft } from '@/lib/social/schemas';
import { TRANSITIONS } from '@/lib/social/service';
import { PLATFORMS, platformLength, composePost } from '@/lib/social/length';

const ADMIN = 'admin-key-social-0123456789';
const admin = { 'x-admin-key': ADMIN };
let db: Db;

beforeAll(async () => {
  process.env.ADMIN_API_KEY = ADMIN;
  process.env.SOCIAL_SITE_URL = 'https://cannabis.example.com';
  // The batches below send more than the moderate tier's 60 a minute; one test turns it back on.
  process.env.RATE_LIMIT_ENABLED = 'false';
  db = await ready();
});

const list = (query: Record<string, string | number> = {}, headers: Record<string, string> = admin) => call(LIST, { path: '/api/v1/social/drafts', query, headers });
const patch = (body: unknown, headers: Record<string, string> = admin) => call(PATCH, { path: '/api/v1/social/drafts', method: 'PATCH', body, headers });
const generate = (body: unknown = {}, headers: Record<string, string> = admin) => call(GENERATE, { path: '/api/v1/social/drafts/generate', body, headers });
const stats = (headers: Record<string, string> = admin) => call(STATS, { path: '/api/v1/social/stats', headers });
const future = (h = 24) => new Date(Date.now() + h * 3600_000).toISOString();

let seq = 0;
/** A fresh draft put straight into `status` (fixture set-up, not through the API). */
async function draftIn(status: DraftStatus, platform: (typeof PLATFORMS)[number] = 'bluesky'): Promise<SocialDraft> {
  const d = await insertDraft(db, {
    platform,
    kind: 'strain_spotlight',
    text: `Fixture draft ${++seq}`,
    hashtags: ['cannabis'],
    imageUrl: null,
    link: null,
    sourceKind: 'strain',
    sourceId: `fixture-${seq}`,
  });
  if (!d) throw new Error('fixture not inserted');
  if (status !== 'draft') {
    await db.query(
      `UPDATE social_drafts SET status = $2, scheduled_for = CASE WHEN $2 = 'scheduled' THEN now() + interval '2 days' END, published_at = CASE WHEN $2 = 'published' THEN now() END WHERE id = $1`,
      [d.id, status],
    );
  }
  return { ...d, status };
}

describe('admin key on every social route', () => {
  const routes: [string, (h: Record<string, string>) => ReturnType<typeof call>][] = [
    ['GET /social/drafts', (h) => list({}, h)],
    ['PATCH /social/drafts', (h) => patch({ updates: [{ id: '00000000-0000-4000-8000-000000000000', version: 1, status: 'approved' }] }, h)],
    ['POST /social/drafts/generate', (h) => generate({}, h)],
    ['GET /social/stats', (h) => stats(h)],
  ];
  it.each(
    routes.flatMap(([name, send]) => [
      [name, 'no key', send, {}, 'ADMIN_AUTH_REQUIRED'] as const,
      [name, 'wrong key', send, { 'x-admin-key': 'nope' }, 'ADMIN_AUTH_INVALID'] as const,
    ]),
  )('%s: %s → 401', async (_n, _l, send, headers, code) => {
    const r = await send(headers);
    expect(r.status).toBe(401);
    expect(r.body).toMatchObject({ success: false, code });
  });
});

describe('POST /social/drafts/generate and the daily sync', () => {
  it('drafts one post per platform for a newly approved strain and a new blog post, never twice', async () => {
    await db.query(
      `INSERT INTO research_submissions (strain_name, name_key, source, status, reviewed_at, strain_slug) VALUES ('Blue Dream', 'blue-dream-approved', 'api', 'approved', now(), 'blue-dream')`,
    );
    await db.query(
      `INSERT INTO blog_posts (slug, title, excerpt, body, tags, published_at) VALUES ('fresh-post', 'A Fresh Post About Limonene', 'Citrus, mood and what the studies say.', 'Body.', ARRAY['terpenes','lab-testing'], now() - interval '1 hour')`,
    );
    const r = await generate();
    expect(r.status).toBe(200);
    expect(r.body.data.created).toBe(10);
    expect(r.body.data.skipped).toBe(0);
    expect(r.body.data.sources).toEqual(
      expect.arrayContaining([
        { kind: 'strain', id: 'blue-dream', title: 'Blue Dream' },
        { kind: 'blog_post', id: 'fresh-post', title: 'A Fresh Post About Limonene' },
      ]),
    );
    const drafts = r.body.data.drafts as SocialDraft[];
    expect(new Set(drafts.map((d) => d.platform))).toEqual(new Set(PLATFORMS));
    for (const d of drafts) {
      expect(d).toMatchObject({ status: 'draft', version: 1 });
      expect(d.length.count).toBeLessThanOrEqual(d.length.limit);
      expect(d.length.count).toBe(platformLength(d.platform, composePost(d)));
    }
    const x = drafts.find((d) => d.platform === 'x' && d.source.id === 'blue-dream')!;
    expect(x).toMatchObject({ kind: 'new_strain', link: 'https://cannabis.example.com/strains/blue-dream' });
    expect(x.text).toContain('Blue Dream');
    expect(x.hashtags).toHaveLength(2);
    expect(drafts.find((d) => d.platform === 'instagram' && d.source.id === 'blue-dream')!.hashtags.length).toBeGreaterThan(2);

    const again = await generate();
    expect(again.body.data).toMatchObject({ created: 0, skipped: 10 });
    const both = await Promise.all([generate(), generate()]);
    expect(both.map((b) => b.body.data.created)).toEqual([0, 0]);
    expect((await list({ limit: 100 })).body.meta.pagination.total).toBe(10);
  });

  it("the daily sync runs the same generation: only the day's story (which the sync writes first) is new", async () => {
    const r = await dailySync(db);
    expect(r.stories?.generated).toBe(true);
    expect(r.social).toEqual({ created: 5, skipped: 10 }); // one story draft per platform
    expect((await dailySync(db)).social).toEqual({ created: 0, skipped: 15 });
  });

  it('a window that excludes both sources drafts nothing; bad bodies are 400', async () => {
    const r = await generate({ since: future(1) });
    expect(r.body.data).toMatchObject({ created: 0, skipped: 0, sources: [] });
    for (const body of [{ since: 'yesterday' }, { platforms: ['myspace'] }, { platforms: [] }, { extra: 1 }]) {
      const bad = await generate(body);
      expect(bad.status).toBe(400);
      expect(bad.body.error.code).toBe('VALIDATION_ERROR');
    }
  });
});

describe('GET /social/drafts', () => {
  it('filters by status, platform and kind, with pagination', async () => {
    const x = await list({ platform: 'x' });
    expect(x.status).toBe(200);
    expect(x.body.data.length).toBeGreaterThan(0);
    expect(x.body.data.every((d: SocialDraft) => d.platform === 'x')).toBe(true);
    const blog = await list({ kind: 'blog_post', platform: 'threads' });
    expect(blog.body.data).toHaveLength(1);
    expect(blog.body.data[0].source).toEqual({ kind: 'blog_post', id: 'fresh-post' });
    const page = await list({ limit: 3, offset: 0 });
    expect(page.body.data).toHaveLength(3);
    expect(page.body.meta.pagination).toMatchObject({ limit: 3, offset: 0, hasMore: true });
    const next = await list({ limit: 3, offset: 3 });
    expect(next.body.data.map((d: SocialDraft) => d.id)).not.toContain(page.body.data[0].id);
    const beyond = await list({ limit: 3, offset: 10_000 });
    expect(beyond.body.data).toEqual([]);
    expect(beyond.body.meta.pagination.hasMore).toBe(false);
    expect((await list({ status: 'published' })).body.data.every((d: SocialDraft) => d.status === 'published')).toBe(true);
  });

  it.each([
    ['limit 0', { limit: 0 }],
    ['limit 101', { limit: 101 }],
    ['negative offset', { offset: -1 }],
    ['unknown status', { status: 'live' }],
    ['unknown platform', { platform: 'myspace' }],
    ['unknown kind', { kind: 'meme' }],
  ])('400 for %s', async (_l, q) => {
    const r = await list(q);
    expect(r.status).toBe(400);
    expect(r.body.error.code).toBe('VALIDATION_ERROR');
  });
});

describe('PATCH /social/drafts: the transition table, row by row', () => {
  const rows = DRAFT_STATUSES.flatMap((from) => DRAFT_STATUSES.map((to) => [from, to] as const));
  it.each(rows)('%s → %s', async (from, to) => {
    const d = await draftIn(from);
    const r = await patch({ updates: [{ id: d.id, version: 1, status: to, ...(to === 'scheduled' && from !== 'scheduled' ? { scheduledFor: future() } : {}) }] });
    const allowed = from === 'published' ? false : from === to || TRANSITIONS[from].includes(to);
    if (allowed) {
      expect(r.status).toBe(200);
      expect(r.body.data.updated[0]).toMatchObject({ id: d.id, status: to, version: 2 });
      if (to === 'published') expect(r.body.data.updated[0].publishedAt).not.toBeNull();
      if (to === 'scheduled') expect(Date.parse(r.body.data.updated[0].scheduledFor)).toBeGreaterThan(Date.now());
      if (from === 'scheduled' && to === 'approved') expect(r.body.data.updated[0].scheduledFor).toBeNull();
    } else {
      expect(r.status).toBe(422);
      expect(r.body.error).toMatchObject({ code: 'INVALID_STATE_TRANSITION', details: { id: d.id, from } });
      const unchanged = await list({ limit: 100, status: from });
      expect(unchanged.body.data.find((x: SocialDraft) => x.id === d.id)).toMatchObject({ status: from, version: 1 });
    }
  });

  it('the table is exactly the one DECISIONS §11 gives', () => {
    expect(TRANSITIONS).toEqual({
      draft: ['approved', 'rejected'],
      approved: ['scheduled', 'draft', 'rejected'],
      scheduled: ['published', 'approved'],
      rejected: ['draft'],
      published: [],
    });
  });
});

describe('PATCH /social/drafts: versions, batches and rules', () => {
  it('409 CONFLICT for the stale one of two concurrent PATCHes with the same version', async () => {
    const d = await draftIn('draft');
    const [a, b] = await Promise.all([patch({ updates: [{ id: d.id, version: 1, text: 'First editor' }] }), patch({ updates: [{ id: d.id, version: 1, text: 'Second editor' }] })]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    const lost = a.status === 409 ? a : b;
    const won = a.status === 200 ? a : b;
    expect(lost.body.error).toMatchObject({ code: 'CONFLICT', details: { id: d.id, expectedVersion: 1, currentVersion: 2 } });
    expect(lost.body.error.details.current.text).toBe(won.body.data.updated[0].text);
    // Re-reading the version and retrying succeeds.
    const retry = await patch({ updates: [{ id: d.id, version: 2, text: 'Merged edit' }] });
    expect(retry.body.data.updated[0]).toMatchObject({ text: 'Merged edit', version: 3 });
  });

  it.each([
    ['a stale version', (ok: SocialDraft, other: SocialDraft) => ({ id: other.id, version: 7, text: 'x' }), 409, 'CONFLICT'],
    ['an unknown id', () => ({ id: '00000000-0000-4000-8000-00000000abcd', version: 1, text: 'x' }), 404, 'NOT_FOUND'],
    ['a forbidden transition', (_ok: SocialDraft, other: SocialDraft) => ({ id: other.id, version: 1, status: 'published' }), 422, 'INVALID_STATE_TRANSITION'],
    [
      'a past scheduledFor',
      (_ok: SocialDraft, other: SocialDraft) => ({ id: other.id, version: 1, scheduledFor: new Date(Date.now() - 60_000).toISOString() }),
      400,
      'VALIDATION_ERROR',
    ],
  ])('a batch with %s changes nothing at all', async (_l, bad, status, code) => {
    const ok = await draftIn('draft');
    const other = await draftIn('draft');
    const r = await patch({ updates: [{ id: ok.id, version: 1, text: 'Would be saved', status: 'approved' }, bad(ok, other)] });
    expect(r.status).toBe(status);
    expect(r.body.error.code).toBe(code);
    const rows = await db.query<{ text: string; status: string; version: number }>(`SELECT text, status, version FROM social_drafts WHERE id = $1`, [ok.id]);
    expect(rows.rows[0]).toEqual({ text: ok.text, status: 'draft', version: 1 });
  });

  it('a batch of several updates applies all of them', async () => {
    const ds = await Promise.all([draftIn('draft'), draftIn('approved'), draftIn('scheduled')]);
    const r = await patch({
      updates: [
        { id: ds[0].id, version: 1, status: 'approved', hashtags: ['#Terpenes', 'Myrcene'] },
        { id: ds[1].id, version: 1, status: 'scheduled', scheduledFor: future(48) },
        { id: ds[2].id, version: 1, status: 'published' },
      ],
    });
    expect(r.status).toBe(200);
    expect(r.body.data.updated.map((d: SocialDraft) => [d.status, d.version])).toEqual([
      ['approved', 2],
      ['scheduled', 2],
      ['published', 2],
    ]);
    expect(r.body.data.updated[0].hashtags).toEqual(['Terpenes', 'Myrcene']);
  });

  it('scheduling needs a time in the future', async () => {
    const d = await draftIn('approved');
    const missing = await patch({ updates: [{ id: d.id, version: 1, status: 'scheduled' }] });
    expect(missing.status).toBe(400);
    const past = await patch({ updates: [{ id: d.id, version: 1, status: 'scheduled', scheduledFor: '2020-01-01T00:00:00Z' }] });
    expect(past.status).toBe(400);
    expect(past.body.error.code).toBe('VALIDATION_ERROR');
  });

  it('a text that does not fit its platform is refused, counted as the platform counts', async () => {
    const x = await draftIn('draft', 'x');
    // 200 letters + a 120-character link: 200 + 2 + 23 (+ 2 + 10 for the hashtag) on X — fits.
    const link = `https://example.com/${'a'.repeat(100)}`;
    const fits = await patch({ updates: [{ id: x.id, version: 1, text: `${'a'.repeat(200)}\n\n${link}` }] });
    expect(fits.status).toBe(200);
    expect(fits.body.data.updated[0].length).toEqual({ count: 200 + 2 + 23 + 2 + 9, limit: 280 });
    const bsky = await draftIn('draft', 'bluesky');
    const tooLong = await patch({ updates: [{ id: bsky.id, version: 1, text: `${'a'.repeat(200)}\n\n${link}` }] });
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.error.details[0]).toMatchObject({ platform: 'bluesky', limit: 300 });
    // 140 emoji with skin tones are 140 graphemes: too long on X (weight 2 each), fine for Threads.
    const emoji = '👍🏽'.repeat(140);
    expect((await patch({ updates: [{ id: x.id, version: 2, text: emoji }] })).status).toBe(400);
    const threads = await draftIn('draft', 'threads');
    expect((await patch({ updates: [{ id: threads.id, version: 1, text: emoji }] })).body.data.updated[0].length.count).toBe(140 + 2 + 9);
  });

  it.each([
    ['no updates', { updates: [] }],
    ['51 updates', { updates: Array.from({ length: 51 }, (_, i) => ({ id: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`, version: 1 })) }],
    [
      'the same draft twice',
      {
        updates: [
          { id: '00000000-0000-4000-8000-000000000001', version: 1 },
          { id: '00000000-0000-4000-8000-000000000001', version: 1 },
        ],
      },
    ],
    ['a non-uuid id', { updates: [{ id: 'abc', version: 1 }] }],
    ['version 0', { updates: [{ id: '00000000-0000-4000-8000-000000000001', version: 0 }] }],
    ['an unknown field', { updates: [{ id: '00000000-0000-4000-8000-000000000001', version: 1, platform: 'x' }] }],
    ['a bad hashtag', { updates: [{ id: '00000000-0000-4000-8000-000000000001', version: 1, hashtags: ['two words'] }] }],
    ['an empty text', { updates: [{ id: '00000000-0000-4000-8000-000000000001', version: 1, text: '' }] }],
  ])('400 for %s', async (_l, body) => {
    const r = await patch(body);
    expect(r.status).toBe(400);
    expect(r.body.error.code).toBe('VALIDATION_ERROR');
  });
});

describe('rate limit (moderate tier)', () => {
  it('answers the limit headers on the admin routes', async () => {
    process.env.RATE_LIMIT_ENABLED = 'true';
    try {
      for (const r of [await list(), await stats()]) {
        expect(r.status).toBe(200);
        expect(r.headers.get('x-ratelimit-limit')).toBe('60');
      }
    } finally {
      process.env.RATE_LIMIT_ENABLED = 'false';
    }
  });
});

describe('GET /social/stats', () => {
  it('counts by status and platform and over the windows', async () => {
    const r = await stats();
    expect(r.status).toBe(200);
    const all = await db.query<{ status: string; n: number }>(`SELECT status, count(*)::int AS n FROM social_drafts GROUP BY status`);
    for (const row of all.rows) expect(r.body.data.byStatus[row.status]).toBe(row.n);
    expect(Object.keys(r.body.data.byStatus).sort()).toEqual([...DRAFT_STATUSES].sort());
    expect(Object.keys(r.body.data.byPlatform).sort()).toEqual([...PLATFORMS].sort());
    const total = Object.values(r.body.data.byStatus as Record<string, number>).reduce((a, b) => a + b, 0);
    expect(Object.values(r.body.data.byPlatform as Record<string, number>).reduce((a, b) => a + b, 0)).toBe(total);
    expect(r.body.data.createdLast24h).toBe(total);
    expect(r.body.data.scheduledNext7Days).toBe(r.body.data.byStatus.scheduled);
    expect(r.body.data.publishedLast30Days).toBe(r.body.data.byStatus.published);
    expect(r.body.data.publishedLast30Days).toBeGreaterThan(0);
  });
});
