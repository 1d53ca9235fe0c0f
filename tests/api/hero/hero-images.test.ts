import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { promises as fs } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { imageApiSuite } from '@/tests/helpers/image-api';
import { call } from '@/tests/helpers/route';
import { GET as LIST } from '@/app/api/v1/hero-images/route';
import { POST as GENERATE } from '@/app/api/v1/hero-images/generate/route';
import { GET as COMPLETE } from '@/app/api/v1/strains/slug/[slug]/complete/route';
import { startOpenAiStandIn } from '@/tests/api/research/helpers/openai-stand-in';

const { admin, root, fetchFile } = imageApiSuite('hero');

const generate = (body: unknown, headers: Record<string, string> = admin) => call(GENERATE, { path: '/api/v1/hero-images/generate', body, headers });
const list = (query: Record<string, string | number> = {}) => call(LIST, { path: '/api/v1/hero-images', query });
const complete = (slug: string) => call(COMPLETE, { path: `/api/v1/strains/slug/${slug}/complete`, params: { slug } });

describe('POST /hero-images/generate (admin) and heroImageUrl on the profile', () => {
  it('generates a 1600×900 strain banner, stores PNG and WebP, attaches it; the second call is cached', async () => {
    const before = await complete('blue-dream');
    expect(before.status).toBe(200);
    expect(before.body.data.heroImageUrl).toBeNull();

    const r = await generate({ subject: 'strain', slug: 'blue-dream' });
    expect(r.status).toBe(200);
    expect(r.body.data).toMatchObject({ width: 1600, height: 900, cached: false });
    expect(r.body.data.url).toMatch(/^\/api\/v1\/files\/images\/hero\/[0-9a-f]{32}\.png$/);
    expect(r.body.data.webpUrl).toMatch(/^\/api\/v1\/files\/images\/hero\/[0-9a-f]{32}\.webp$/);
    const png = await fetchFile(r.body.data.url);
    expect(png.type).toBe('image/png');
    expect(await sharp(png.bytes).metadata()).toMatchObject({ format: 'png', width: 1600, height: 900 });
    expect(await sharp((await fetchFile(r.body.data.webpUrl)).bytes).metadata()).toMatchObject({ format: 'webp', width: 1600, height: 900 });

    // The cached profile forgets itself, so the new image shows at once.
    const after = await complete('blue-dream');
    expect(after.body.data.heroImageUrl).toBe(r.body.data.webpUrl);

    const again = await generate({ subject: 'strain', slug: 'blue-dream' });
    expect(again.body.data).toEqual({ ...r.body.data, cached: true });
    expect(await fs.readdir(path.join(root, 'images', 'hero'))).toHaveLength(2);
  });

  it('page banners; a custom prompt gives another image and replaces the record', async () => {
    const a = await generate({ subject: 'page', slug: 'discover' });
    expect(a.status).toBe(200);
    const b = await generate({ subject: 'page', slug: 'discover', prompt: 'Dawn over a field of terpene-rich flowers' });
    expect(b.body.data.url).not.toBe(a.body.data.url);
    const l = await list({ subject: 'page', slug: 'discover' });
    expect(l.body.data).toHaveLength(1);
    expect(l.body.data[0]).toMatchObject({ subject: 'page', slug: 'discover', url: b.body.data.url, webpUrl: b.body.data.webpUrl, provider: 'local' });
    expect(l.body.data[0].prompt).toContain('Dawn over a field');
  });

  it.each([
    ['an unknown strain', { subject: 'strain', slug: 'no-such-strain' }, 404, 'NOT_FOUND'],
    ['an unknown subject', { subject: 'blog', slug: 'x' }, 400, 'VALIDATION_ERROR'],
    ['a slug with spaces', { subject: 'page', slug: 'Not A Slug' }, 400, 'VALIDATION_ERROR'],
    ['an empty slug', { subject: 'page', slug: '' }, 400, 'VALIDATION_ERROR'],
    ['a two-character prompt', { subject: 'page', slug: 'home', prompt: 'hi' }, 400, 'VALIDATION_ERROR'],
    ['a 1,001-character prompt', { subject: 'page', slug: 'home', prompt: 'a'.repeat(1001) }, 400, 'VALIDATION_ERROR'],
    ['an unknown field', { subject: 'page', slug: 'home', size: 'big' }, 400, 'VALIDATION_ERROR'],
    ['no body', undefined, 400, 'VALIDATION_ERROR'],
  ])('%s → %i', async (_l, body, status, code) => {
    const r = await generate(body);
    expect(r.status).toBe(status);
    expect(r.body.error.code).toBe(code);
  });

  it.each([
    ['no key', {}, 'ADMIN_AUTH_REQUIRED'],
    ['wrong key', { 'x-admin-key': 'nope' }, 'ADMIN_AUTH_INVALID'],
  ])('needs the admin key: %s', async (_l, headers, code) => {
    const r = await generate({ subject: 'page', slug: 'home' }, headers);
    expect(r.status).toBe(401);
    expect(r.body).toMatchObject({ success: false, code });
  });
});

describe('GET /hero-images (public)', () => {
  it('lists newest first, filters and paginates without a key', async () => {
    const all = await list();
    expect(all.status).toBe(200);
    expect(all.body.meta.pagination).toMatchObject({ total: 2, offset: 0, limit: 20, hasMore: false });
    expect(all.body.data.map((h: { slug: string }) => h.slug)).toEqual(['discover', 'blue-dream']);
    const page = await list({ limit: 1, offset: 1 });
    expect(page.body.data.map((h: { slug: string }) => h.slug)).toEqual(['blue-dream']);
    expect(page.body.meta.pagination.hasMore).toBe(false);
    expect((await list({ subject: 'strain' })).body.data).toHaveLength(1);
    expect((await list({ slug: 'nothing-here' })).body.data).toEqual([]);
  });

  it.each([
    ['limit 0', { limit: 0 }],
    ['limit 101', { limit: 101 }],
    ['negative offset', { offset: -1 }],
    ['unknown subject', { subject: 'blog' }],
    ['bad slug', { slug: 'A B' }],
  ])('400 for %s', async (_l, q) => {
    const r = await list(q);
    expect(r.status).toBe(400);
    expect(r.body.error.code).toBe('VALIDATION_ERROR');
  });
});

describe('hosted image model (OpenAI stand-in): cropped to exactly 1600×900', () => {
  const saved = { AI_PROVIDER: process.env.AI_PROVIDER, OPENAI_BASE_URL: process.env.OPENAI_BASE_URL, OPENAI_API_KEY: process.env.OPENAI_API_KEY };
  let standIn: Awaited<ReturnType<typeof startOpenAiStandIn>>;
  beforeAll(async () => {
    const png = await sharp({ create: { width: 1536, height: 1024, channels: 3, background: { r: 20, g: 120, b: 60 } } })
      .png()
      .toBuffer();
    standIn = await startOpenAiStandIn({ image: () => png });
    process.env.AI_PROVIDER = 'openai';
    process.env.OPENAI_API_KEY = 'sk-test-stand-in';
    process.env.OPENAI_BASE_URL = standIn.baseURL;
  });
  afterAll(async () => {
    for (const [k, v] of Object.entries(saved)) {
      if (v === undefined) delete process.env[k];
      else process.env[k] = v;
    }
    await standIn.close();
  });

  it('asks the model once, stores 1600×900, reuses it', async () => {
    const r = await generate({ subject: 'strain', slug: 'og-kush' });
    expect(r.status).toBe(200);
    expect(r.body.data).toMatchObject({ width: 1600, height: 900, cached: false });
    expect(await sharp((await fetchFile(r.body.data.url)).bytes).metadata()).toMatchObject({ width: 1600, height: 900 });
    const calls = standIn.requests.filter((q) => q.path.endsWith('/images/generations'));
    expect(calls).toHaveLength(1);
    expect(String((calls[0].body as { prompt: string }).prompt)).toContain('OG Kush');
    expect((await generate({ subject: 'strain', slug: 'og-kush' })).body.data.cached).toBe(true);
    expect(standIn.requests.filter((q) => q.path.endsWith('/images/generations'))).toHaveLength(1);
    expect((await list({ subject: 'strain', slug: 'og-kush' })).body.data[0].provider).toBe('openai');
  });
});
