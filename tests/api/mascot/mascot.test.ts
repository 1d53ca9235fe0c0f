import { describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { imageApiSuite } from '@/tests/helpers/image-api';
import { call } from '@/tests/helpers/route';
import { GET as MASCOT } from '@/app/api/v1/mascot/route';
import { POST as GENERATE } from '@/app/api/v1/mascot/generate/route';
import { PALETTE } from '@/lib/mascot/figure';

const { admin, fetchFile } = imageApiSuite('mascot');

const generate = (body: unknown, headers: Record<string, string> = admin) => call(GENERATE, { path: '/api/v1/mascot/generate', body, headers });
const mascot = () => call(MASCOT, { path: '/api/v1/mascot' });

describe('GET /mascot (public)', () => {
  it('names the character and lists the six standard poses, none generated yet', async () => {
    const r = await mascot();
    expect(r.status).toBe(200);
    expect(r.body.data.name).toBe('Terpy');
    expect(r.body.data.description).toMatch(/sprout/);
    expect(r.body.data.poses.map((p: { key: string }) => p.key)).toEqual(['welcome', 'thinking', 'celebrating', 'sleepy', 'error', 'empty']);
    expect(r.body.data.poses.every((p: { imageUrl: string | null }) => p.imageUrl === null)).toBe(true);
  });
});

describe('POST /mascot/generate (admin)', () => {
  it('renders a standard pose, stores it, lists it; the second call is cached', async () => {
    const r = await generate({ pose: 'welcome' });
    expect(r.status).toBe(200);
    expect(r.body.data).toMatchObject({ key: 'welcome', title: 'Welcome', provider: 'local', width: 1024, height: 1024, cached: false });
    expect(r.body.data.prompt).toContain('Pose: welcome');
    expect(r.body.data.imageUrl).toMatch(/^\/api\/v1\/files\/images\/mascot\/[0-9a-f]{32}\.webp$/);
    const png = await fetchFile(r.body.data.pngUrl);
    expect(png.type).toBe('image/png');
    const { data, info } = await sharp(png.bytes).raw().toBuffer({ resolveWithObject: true });
    expect(info).toMatchObject({ width: 1024, height: 1024 });
    // The body colour is really there (the figure, not an abstract artwork).
    const [br, bg, bb] = [1, 3, 5].map((i) => parseInt(PALETTE.body.slice(i, i + 2), 16));
    let body = 0;
    for (let i = 0; i < data.length; i += info.channels) if (Math.abs(data[i] - br) < 20 && Math.abs(data[i + 1] - bg) < 20 && Math.abs(data[i + 2] - bb) < 20) body++;
    expect(body / (info.width * info.height)).toBeGreaterThan(0.15);

    const list = await mascot();
    expect(list.body.data.poses[0]).toEqual({ key: 'welcome', title: 'Welcome', imageUrl: r.body.data.imageUrl, pngUrl: r.body.data.pngUrl, custom: false });
    expect((await generate({ pose: 'welcome' })).body.data).toMatchObject({ imageUrl: r.body.data.imageUrl, cached: true });
  });

  it('a custom pose is added after the standard ones', async () => {
    const r = await generate({ pose: 'Waving Hello' });
    expect(r.status).toBe(200);
    expect(r.body.data).toMatchObject({ key: 'waving-hello', title: 'Waving Hello', cached: false });
    const poses = (await mascot()).body.data.poses;
    expect(poses).toHaveLength(7);
    expect(poses[6]).toMatchObject({ key: 'waving-hello', title: 'Waving Hello', custom: true, imageUrl: r.body.data.imageUrl });
  });

  it.each([
    ['a one-character pose', { pose: 'x' }],
    ['a 41-character pose', { pose: 'a'.repeat(41) }],
    ['punctuation', { pose: 'hello!!' }],
    ['no pose', {}],
    ['an unknown field', { pose: 'welcome', size: 512 }],
  ])('400 for %s', async (_l, body) => {
    const r = await generate(body);
    expect(r.status).toBe(400);
    expect(r.body.error.code).toBe('VALIDATION_ERROR');
  });

  it.each([
    ['no key', {}, 'ADMIN_AUTH_REQUIRED'],
    ['wrong key', { 'x-admin-key': 'nope' }, 'ADMIN_AUTH_INVALID'],
  ])('needs the admin key: %s', async (_l, headers, code) => {
    const r = await generate({ pose: 'sleepy' }, headers);
    expect(r.status).toBe(401);
    expect(r.body).toMatchObject({ success: false, code });
  });
});
