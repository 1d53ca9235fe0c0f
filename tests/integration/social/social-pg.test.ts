import { beforeAll, describe, expect, it } from 'vitest';
import { call } from '@/tests/helpers/route';
import { GET as LIST, PATCH } from '@/app/api/v1/social/drafts/route';
import { POST as GENERATE } from '@/app/api/v1/social/drafts/generate/route';
import { GET as STATS } from '@/app/api/v1/social/stats/route';
import { ready } from '@/lib/bootstrap';
import type { Db } from '@/lib/db';
import { generateSocialDrafts } from '@/lib/social/generate';
import { insertDraft } from '@/lib/social/repo';
import type { SocialDraft } from '@/lib/social/schemas';

// Social drafts on real PostgreSQL (own schema per file): concurrent PATCHes really run on
// separate pool connections, so the row locks and version checks are what decide.
describe.runIf(Boolean(process.env.DATABASE_URL))('social drafts on PostgreSQL', () => {
  let db: Db;
  const admin = { 'x-admin-key': 'it-admin-key-social' };
  beforeAll(async () => {
    process.env.ADMIN_API_KEY = 'it-admin-key-social';
    process.env.RATE_LIMIT_ENABLED = 'false';
    db = await ready();
    expect(db.kind).toBe('pg');
  });

  const patch = (updates: unknown[]) => call(PATCH, { path: '/api/v1/social/drafts', method: 'PATCH', body: { updates }, headers: admin });
  let n = 0;
  const fresh = async () =>
    (await insertDraft(db, {
      platform: 'threads',
      kind: 'strain_spotlight',
      text: `PG draft ${++n}`,
      hashtags: [],
      imageUrl: null,
      link: null,
      sourceKind: 'strain',
      sourceId: `pg-${n}`,
    }))!;

  it('of many concurrent PATCHes naming the same version exactly one wins; the rest get 409', async () => {
    const d = await fresh();
    const results = await Promise.all(Array.from({ length: 8 }, (_, i) => patch([{ id: d.id, version: 1, text: `Editor ${i}` }])));
    const statuses = results.map((r) => r.status).sort();
    expect(statuses).toEqual([200, 409, 409, 409, 409, 409, 409, 409]);
    const winner = results.find((r) => r.status === 200)!.body.data.updated[0] as SocialDraft;
    const row = await db.query<{ text: string; version: number }>(`SELECT text, version FROM social_drafts WHERE id = $1`, [d.id]);
    expect(row.rows[0]).toEqual({ text: winner.text, version: 2 });
  });

  it('two batches over the same drafts in opposite order neither deadlock nor half-apply', async () => {
    const [a, b] = [await fresh(), await fresh()];
    const [r1, r2] = await Promise.all([
      patch([
        { id: a.id, version: 1, status: 'approved' },
        { id: b.id, version: 1, status: 'approved' },
      ]),
      patch([
        { id: b.id, version: 1, status: 'rejected' },
        { id: a.id, version: 1, status: 'rejected' },
      ]),
    ]);
    expect([r1.status, r2.status].sort()).toEqual([200, 409]);
    const rows = await db.query<{ status: string; version: number }>(`SELECT status, version FROM social_drafts WHERE id = ANY ($1::uuid[])`, [[a.id, b.id]]);
    const winner = r1.status === 200 ? 'approved' : 'rejected';
    expect(rows.rows.every((r) => r.status === winner && r.version === 2)).toBe(true);
  });

  it('a failing batch rolls back every update it made', async () => {
    const [a, b] = [await fresh(), await fresh()];
    const r = await patch([
      { id: a.id, version: 1, text: 'kept?' },
      { id: b.id, version: 1, status: 'published' },
    ]);
    expect(r.status).toBe(422);
    expect((await db.query<{ text: string; version: number }>(`SELECT text, version FROM social_drafts WHERE id = $1`, [a.id])).rows[0]).toEqual({ text: a.text, version: 1 });
  });

  it('concurrent generators create each platform/source draft once', async () => {
    await db.query(
      `INSERT INTO blog_posts (slug, title, excerpt, body, tags, published_at) VALUES ('pg-fresh', 'Fresh on Postgres', 'An excerpt.', 'Body.', ARRAY['science'], now())`,
    );
    const runs = await Promise.all(Array.from({ length: 4 }, () => generateSocialDrafts(db)));
    expect(runs.reduce((s, r) => s + r.created, 0)).toBe(5);
    const api = await call(GENERATE, { path: '/api/v1/social/drafts/generate', body: {}, headers: admin });
    expect(api.body.data).toMatchObject({ created: 0, skipped: 5 });
    const list = await call(LIST, { path: '/api/v1/social/drafts', query: { kind: 'blog_post', limit: 100 }, headers: admin });
    expect(list.body.meta.pagination.total).toBe(5);
    const stats = await call(STATS, { path: '/api/v1/social/stats', headers: admin });
    expect(stats.body.data.byPlatform.threads).toBe(6); // 5 fixtures + the blog post's
  });
});
