import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { call } from '@/tests/helpers/route';
import { GET as LIST_POSTS } from '@/app/api/v1/blog/posts/route';
import { GET as GET_POST } from '@/app/api/v1/blog/posts/[slug]/route';
import { POST as GENERATE } from '@/app/api/v1/blog/generate-image/route';
import { GET as PREVIEW } from '@/app/api/v1/blog/generate-image/preview/route';
import { GET as PROBLEMS } from '@/app/api/v1/app-landing/problems/route';
import { POST as GENERATE_PROBLEM } from '@/app/api/v1/app-landing/generate-image/route';
import { GET as FILES } from '@/app/api/v1/files/[...path]/route';
import { ready } from '@/lib/bootstrap';
import { storageRoot } from '@/lib/storage';
import { startOpenAiStandIn } from '@/tests/api/research/helpers/openai-stand-in';

const ADMIN = 'admin-key-images-0123456789';
const admin = { 'x-admin-key': ADMIN };
const root = path.join(os.tmpdir(), `images-api-${process.pid}-${Date.now()}`);

beforeAll(async () => {
  process.env.ADMIN_API_KEY = ADMIN;
  process.env.STORAGE_DIR = root;
  await ready();
});
afterAll(async () => {
  await fs.rm(root, { recursive: true, force: true });
});

const generate = (slug: unknown, headers: Record<string, string> = admin) => call(GENERATE, { path: '/api/v1/blog/generate-image', body: { slug }, headers });
const generateProblem = (problemId: unknown, headers: Record<string, string> = admin) =>
  call(GENERATE_PROBLEM, { path: '/api/v1/app-landing/generate-image', body: { problemId }, headers });

/** Fetch a stored file through GET /api/v1/files/... as the browser would. */
async function fetchFile(url: string): Promise<{ status: number; type: string | null; bytes: Buffer }> {
  const segments = url.replace(/^\/api\/v1\/files\//, '').split('/');
  const res = await FILES(new Request(`http://api.test${url}`), { params: Promise.resolve({ path: segments }) });
  return { status: res.status, type: res.headers.get('content-type'), bytes: Buffer.from(await res.arrayBuffer()) };
}
const fileOf = (url: string) => path.join(storageRoot(), ...url.replace(/^\/api\/v1\/files\//, '').split('/'));

describe('GET /blog/posts and /blog/posts/:slug (public)', () => {
  it('lists the seeded posts newest first with pagination meta', async () => {
    const r = await call(LIST_POSTS, { path: '/api/v1/blog/posts', query: { limit: 2 } });
    expect(r.status).toBe(200);
    expect(r.body.data).toHaveLength(2);
    expect(r.body.meta.pagination).toEqual({ limit: 2, offset: 0, total: 5, hasMore: true });
    const all = await call(LIST_POSTS, { path: '/api/v1/blog/posts' });
    const dates = all.body.data.map((p: { publishedAt: string }) => p.publishedAt);
    expect([...dates].sort().reverse()).toEqual(dates);
    expect(all.body.data[0]).toMatchObject({ slug: 'shopping-a-dispensary-menu', tags: ['shopping', 'guide'] });
  });

  it('filters by tag and validates paging', async () => {
    const r = await call(LIST_POSTS, { path: '/api/v1/blog/posts', query: { tag: 'guide' } });
    expect(r.body.data.map((p: { slug: string }) => p.slug).sort()).toEqual(['reading-a-lab-label', 'shopping-a-dispensary-menu', 'understanding-terpenes']);
    expect(r.body.meta.pagination.total).toBe(3);
    const bad = await call(LIST_POSTS, { path: '/api/v1/blog/posts', query: { limit: 0 } });
    expect(bad.status).toBe(400);
  });

  it('answers one post, and 404 NOT_FOUND for an unknown slug', async () => {
    const r = await call(GET_POST, { path: '/api/v1/blog/posts/tolerance-breaks', params: { slug: 'tolerance-breaks' } });
    expect(r.status).toBe(200);
    expect(r.body.data).toMatchObject({ slug: 'tolerance-breaks', title: 'Tolerance Breaks: A Practical Plan' });
    const missing = await call(GET_POST, { path: '/api/v1/blog/posts/nope', params: { slug: 'nope' } });
    expect(missing.status).toBe(404);
    expect(missing.body.error).toMatchObject({ code: 'NOT_FOUND', message: 'Blog post not found: nope', details: { resource: 'blog post', id: 'nope' } });
  });
});

describe('blog image generation (admin, local renderer, no API key)', () => {
  it('previews the prompt without generating anything', async () => {
    const r = await call(PREVIEW, { path: '/api/v1/blog/generate-image/preview', query: { slug: 'understanding-terpenes' }, headers: admin });
    expect(r.status).toBe(200);
    expect(r.body.data.slug).toBe('understanding-terpenes');
    expect(r.body.data.prompt).toContain('Understanding Terpenes: Why Your Strain Smells the Way It Does');
    expect(r.body.data.prompt).toContain('no text');
    await expect(fs.readdir(path.join(root, 'images', 'blog'))).rejects.toThrow();
  });

  it('generates, stores and attaches the hero image; a second call reuses it', async () => {
    const preview = await call(PREVIEW, { path: '/api/v1/blog/generate-image/preview', query: { slug: 'understanding-terpenes' }, headers: admin });
    const r = await generate('understanding-terpenes');
    expect(r.status).toBe(200);
    expect(r.body.data).toMatchObject({ slug: 'understanding-terpenes', prompt: preview.body.data.prompt, provider: 'local', width: 1200, height: 630, cached: false });
    expect(r.body.data.imageUrl).toMatch(/^\/api\/v1\/files\/images\/blog\/[0-9a-f]{32}\.webp$/);
    // The answer carries the image's public fields only (no model name, no storage keys).
    expect(Object.keys(r.body.data).sort()).toEqual(['cached', 'height', 'imageUrl', 'pngUrl', 'prompt', 'provider', 'slug', 'width']);

    const webp = await fetchFile(r.body.data.imageUrl);
    expect(webp.status).toBe(200);
    expect(webp.type).toBe('image/webp');
    expect(await sharp(webp.bytes).metadata()).toMatchObject({ format: 'webp', width: 1200, height: 630 });
    const png = await fetchFile(r.body.data.pngUrl);
    expect(png.type).toBe('image/png');

    const post = await call(GET_POST, { path: '/api/v1/blog/posts/understanding-terpenes', params: { slug: 'understanding-terpenes' } });
    expect(post.body.data.heroImage).toEqual({ url: r.body.data.imageUrl, prompt: r.body.data.prompt, provider: 'local', width: 1200, height: 630 });

    const before = (await fs.stat(fileOf(r.body.data.imageUrl))).mtimeMs;
    await new Promise((res) => setTimeout(res, 20));
    const again = await generate('understanding-terpenes');
    expect(again.body.data).toMatchObject({ imageUrl: r.body.data.imageUrl, cached: true });
    expect((await fs.stat(fileOf(r.body.data.imageUrl))).mtimeMs).toBe(before);
    expect(await fs.readdir(path.join(root, 'images', 'blog'))).toHaveLength(2);
  });

  it('gives different posts different images', async () => {
    const a = await generate('tolerance-breaks');
    const b = await generate('reading-a-lab-label');
    expect(a.body.data.imageUrl).not.toBe(b.body.data.imageUrl);
    const [pa, pb] = await Promise.all([fetchFile(a.body.data.pngUrl), fetchFile(b.body.data.pngUrl)]);
    expect(pa.bytes.equals(pb.bytes)).toBe(false);
  });

  it.each([
    ['unknown slug', () => generate('no-such-post'), 404, 'NOT_FOUND'],
    ['unknown slug (preview)', () => call(PREVIEW, { path: '/api/v1/blog/generate-image/preview', query: { slug: 'no-such-post' }, headers: admin }), 404, 'NOT_FOUND'],
    ['missing slug', () => generate(undefined), 400, 'VALIDATION_ERROR'],
    ['slug with NUL', () => generate('a\u0000b'), 400, 'VALIDATION_ERROR'],
    ['problem id with NUL', () => generateProblem('a\u0000b'), 400, 'VALIDATION_ERROR'],
    ['missing slug (preview)', () => call(PREVIEW, { path: '/api/v1/blog/generate-image/preview', headers: admin }), 400, 'VALIDATION_ERROR'],
  ])('%s', async (_l, send, status, code) => {
    const r = await send();
    expect(r.status).toBe(status);
    expect(r.body.error.code).toBe(code);
  });

  it.each([
    ['no key', {}, 'ADMIN_AUTH_REQUIRED'],
    ['wrong key', { 'x-admin-key': 'nope' }, 'ADMIN_AUTH_INVALID'],
  ])('needs the admin key: %s', async (_l, headers, code) => {
    for (const r of [
      await generate('understanding-terpenes', headers),
      await call(PREVIEW, { path: '/api/v1/blog/generate-image/preview', query: { slug: 'understanding-terpenes' }, headers }),
      await generateProblem('menu-overload', headers),
    ]) {
      expect(r.status).toBe(401);
      expect(r.body).toMatchObject({ success: false, code });
    }
  });
});

describe('app landing problems', () => {
  it('lists the seeded problem cards in order (public)', async () => {
    const r = await call(PROBLEMS, { path: '/api/v1/app-landing/problems' });
    expect(r.status).toBe(200);
    expect(r.body.data.map((p: { id: string }) => p.id)).toEqual(['forgotten-favorites', 'menu-overload', 'inconsistent-effects', 'label-confusion', 'overspending']);
  });

  it('generates a card image, stores and attaches it; unknown ids 404', async () => {
    const r = await generateProblem('menu-overload');
    expect(r.status).toBe(200);
    expect(r.body.data).toMatchObject({ problemId: 'menu-overload', provider: 'local', width: 1024, height: 768, cached: false });
    expect(r.body.data.prompt).toContain('Menus are overwhelming');
    expect((await fetchFile(r.body.data.imageUrl)).status).toBe(200);
    const list = await call(PROBLEMS, { path: '/api/v1/app-landing/problems' });
    expect(list.body.data.find((p: { id: string }) => p.id === 'menu-overload')).toMatchObject({ imageUrl: r.body.data.imageUrl, imageProvider: 'local' });
    expect((await generateProblem('menu-overload')).body.data.cached).toBe(true);
    const missing = await generateProblem('no-such-problem');
    expect(missing.status).toBe(404);
    expect(missing.body.error).toMatchObject({ code: 'NOT_FOUND', message: 'Problem not found: no-such-problem' });
  });
});

describe('hosted image generation (OpenAI through generateImage, local stand-in)', () => {
  const saved = { AI_PROVIDER: process.env.AI_PROVIDER, OPENAI_BASE_URL: process.env.OPENAI_BASE_URL, OPENAI_API_KEY: process.env.OPENAI_API_KEY };
  let standIn: Awaited<ReturnType<typeof startOpenAiStandIn>>;
  let failing: Awaited<ReturnType<typeof startOpenAiStandIn>>;
  beforeAll(async () => {
    const png = await sharp({ create: { width: 1536, height: 1024, channels: 3, background: { r: 20, g: 120, b: 60 } } })
      .png()
      .toBuffer();
    standIn = await startOpenAiStandIn({ image: () => png });
    failing = await startOpenAiStandIn({ fail: true });
    process.env.AI_PROVIDER = 'openai';
    process.env.OPENAI_API_KEY = 'sk-test-stand-in';
  });
  afterAll(async () => {
    for (const [k, v] of Object.entries(saved)) {
      if (v === undefined) delete process.env[k];
      else process.env[k] = v;
    }
    await standIn.close();
    await failing.close();
  });

  it('uses the image model when configured, and calls it once per prompt', async () => {
    process.env.OPENAI_BASE_URL = standIn.baseURL;
    const r = await generate('indica-sativa-hybrid-myth');
    expect(r.status).toBe(200);
    expect(r.body.data).toMatchObject({ provider: 'openai', width: 1536, height: 1024, cached: false });
    const calls = standIn.requests.filter((q) => q.path.endsWith('/images/generations'));
    expect(calls).toHaveLength(1);
    expect(calls[0].body).toMatchObject({ model: 'gpt-image-1', prompt: r.body.data.prompt, size: '1536x1024' });
    expect((await fetchFile(r.body.data.imageUrl)).type).toBe('image/webp');
    const again = await generate('indica-sativa-hybrid-myth');
    expect(again.body.data.cached).toBe(true);
    expect(standIn.requests.filter((q) => q.path.endsWith('/images/generations'))).toHaveLength(1);
  });

  it('answers 500 EXTERNAL_SERVICE_ERROR when the provider fails', async () => {
    process.env.OPENAI_BASE_URL = failing.baseURL;
    const r = await generateProblem('overspending');
    expect(r.status).toBe(500);
    expect(r.body.error.code).toBe('EXTERNAL_SERVICE_ERROR');
  });
});
