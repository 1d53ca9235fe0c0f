import { beforeAll, describe, expect, it } from 'vitest';
import { call } from '@/tests/helpers/route';
import { GET as LIST } from '@/app/api/v1/blog/posts/route';
import { GET as ONE } from '@/app/api/v1/blog/posts/[slug]/route';
import { ready } from '@/lib/bootstrap';

// DECISIONS §11 (blog listing "as built", common rules: limit 1–100 default 20, offset,
// meta.pagination) and §2 (not in the specification's lenient list, so the moderate tier: 60/min).
let n = 0;
const ip = () => ({ 'x-forwarded-for': `203.0.113.${++n}` });

beforeAll(async () => {
  await ready();
});

describe('GET /blog/posts', () => {
  it.each<[string, Record<string, string | number>, number, ((b: any) => void)?]>([
    ['defaults', {}, 200, (b) => expect(b.meta.pagination).toMatchObject({ limit: 20, offset: 0, total: 5, hasMore: false })],
    ['limit 100', { limit: 100 }, 200],
    ['offset past the end', { offset: 50 }, 200, (b) => expect(b.data).toEqual([])],
    ['limit 0', { limit: 0 }, 400],
    ['limit 101', { limit: 101 }, 400],
    ['offset -1', { offset: -1 }, 400],
    ['tag too long', { tag: 'x'.repeat(61) }, 400],
    ['unknown tag', { tag: 'nothing-here' }, 200, (b) => expect(b.meta.pagination.total).toBe(0)],
  ])('%s', async (_n, query, status, check) => {
    const r = await call(LIST, { path: '/api/v1/blog/posts', query, headers: ip() });
    expect(r.status).toBe(status);
    expect(r.headers.get('x-ratelimit-limit')).toBe('60');
    if (status === 200) for (const p of r.body.data) expect(Object.keys(p).sort()).toEqual(['body', 'excerpt', 'heroImage', 'publishedAt', 'slug', 'tags', 'title', 'updatedAt']);
    check?.(r.body);
  });
});

describe('GET /blog/posts/:slug', () => {
  it.each<[string, string, number]>([
    ['known', 'tolerance-breaks', 200],
    ['unknown', 'nope', 404],
    ['too long', 'x'.repeat(201), 400],
  ])('%s', async (_n, slug, status) => {
    const r = await call(ONE, { path: `/api/v1/blog/posts/${slug}`, params: { slug }, headers: ip() });
    expect(r.status).toBe(status);
    expect(r.headers.get('x-ratelimit-limit')).toBe('60');
  });
});
