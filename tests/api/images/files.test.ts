import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { call } from '@/tests/helpers/route';
import { GET } from '@/app/api/v1/files/[...path]/route';
import { putObject } from '@/lib/storage';

const root = path.join(os.tmpdir(), `files-api-${process.pid}-${Date.now()}`);
const hashName = 'a1b2c3d4e5f60718293a4b5c6d7e8f90.png';
const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 9, 9]);

beforeAll(async () => {
  process.env.STORAGE_DIR = path.join(root, 'store');
  await putObject('images', `blog/${hashName}`, png, 'image/png');
  await putObject('screenshots', 'latest.webp', Buffer.from('RIFFxxxxWEBP'), 'image/webp');
  // A file just outside the storage root that traversal would reach.
  await fs.writeFile(path.join(root, 'secret.txt'), 'top secret');
  await fs.writeFile(path.join(root, 'store', 'secret.txt'), 'root-level secret');
});
afterAll(async () => {
  await fs.rm(root, { recursive: true, force: true });
});

const get = (segments: string[], headers: Record<string, string> = {}) => call(GET, { path: `/api/v1/files/${segments.join('/')}`, params: { path: segments }, headers });

describe('GET /api/v1/files/<bucket>/<path>', () => {
  it('serves a stored object with its content type, a strong ETag and immutable caching for hashed names', async () => {
    const r = await get(['images', 'blog', hashName]);
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toBe('image/png');
    expect(r.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(r.headers.get('etag')).toMatch(/^"[A-Za-z0-9_-]{32}"$/);
    expect(r.headers.get('x-content-type-options')).toBe('nosniff');
    expect(r.headers.get('content-length')).toBe(String(png.length));
    const raw = await GET(new Request(`http://api.test/api/v1/files/images/blog/${hashName}`), { params: Promise.resolve({ path: ['images', 'blog', hashName] }) });
    expect(Buffer.from(await raw.arrayBuffer()).equals(png)).toBe(true);
  });

  it('gives names without a content hash a short, revalidated lifetime', async () => {
    const r = await get(['screenshots', 'latest.webp']);
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toBe('image/webp');
    expect(r.headers.get('cache-control')).toBe('public, max-age=300, must-revalidate');
  });

  it('answers 304 to a matching If-None-Match', async () => {
    const first = await get(['images', 'blog', hashName]);
    const etag = first.headers.get('etag')!;
    const again = await get(['images', 'blog', hashName], { 'if-none-match': etag });
    expect(again.status).toBe(304);
    expect(again.text).toBe('');
    const other = await get(['images', 'blog', hashName], { 'if-none-match': '"something-else"' });
    expect(other.status).toBe(200);
  });

  it('answers 404 NOT_FOUND for a missing file and for an unknown bucket', async () => {
    const missing = await get(['images', 'nope.png']);
    expect(missing.status).toBe(404);
    expect(missing.body.error.code).toBe('NOT_FOUND');
    expect(missing.body.error.message).toBe('File not found: images/nope.png');
    for (const seg of [
      ['secrets', 'a.png'],
      ['.meta', 'images', 'x.json'],
      ['..', 'secret.txt'],
    ]) {
      const r = await get(seg);
      expect(r.status).toBe(404);
      expect(r.body.error.code).toBe('NOT_FOUND');
    }
  });

  it.each([
    ['dot-dot segment', ['images', '..', 'secret.txt'], 'relative segment'],
    ['dot-dot twice', ['images', '..', '..', 'secret.txt'], 'relative segment'],
    ['encoded %2e%2e', ['images', '%2e%2e', 'secret.txt'], 'relative segment'],
    ['encoded upper %2E%2E', ['images', '%2E%2E', '%2E%2E', 'secret.txt'], 'relative segment'],
    ['half-encoded .%2e', ['images', '.%2e', 'secret.txt'], 'relative segment'],
    ['double-encoded %252e%252e', ['images', '%252e%252e', 'secret.txt'], 'disallowed characters'],
    ['encoded slash ..%2F..', ['images', '..%2F..%2Fsecret.txt'], 'relative segment'],
    ['absolute path segment', ['images', '/etc/passwd'], 'absolute path'],
    ['encoded absolute %2Fetc', ['images', '%2Fetc%2Fpasswd'], 'absolute path'],
    ['windows drive', ['images', 'C:', 'secret.txt'], 'absolute path'],
    ['backslashes', ['images', '..\\..\\secret.txt'], 'backslash'],
    ['encoded backslash', ['images', '..%5C..%5Csecret.txt'], 'backslash'],
    ['NUL byte', ['images', 'blog', `${hashName}%00.txt`], 'NUL byte'],
    ['dot-file', ['images', '.hidden'], 'disallowed characters'],
    ['bucket only', ['images'], 'empty'],
  ])('refuses traversal: %s → 400 BAD_REQUEST', async (_label, segments, reason) => {
    const r = await get(segments);
    expect(r.status).toBe(400);
    expect(r.body.success).toBe(false);
    expect(r.body.error.code).toBe('BAD_REQUEST');
    expect(r.body.error.details).toEqual({ reason });
    expect(r.text).not.toMatch(/top secret|root-level secret/);
  });

  // The builder's rules for every route, before the file route's own grammar.
  it('a raw NUL in a segment: 400 VALIDATION_ERROR (no string with NUL is ever accepted)', async () => {
    const r = await get(['images', 'a\0.png']);
    expect(r.status).toBe(400);
    expect(r.body.error.code).toBe('VALIDATION_ERROR');
    expect(r.body.error.details[0]).toMatchObject({ path: ['path', 1], location: 'params' });
  });
  it('a malformed escape in the path: 400 BAD_REQUEST naming the segment', async () => {
    const r = await get(['images', '%E0%A4%A']);
    expect(r.status).toBe(400);
    expect(r.body.error.code).toBe('BAD_REQUEST');
    expect(r.body.error.details).toEqual({ segment: '%E0%A4%A' });
  });
  it('a symlink under the storage root that leads outside it: 404, never the file, never a 500', async () => {
    await fs.mkdir(path.join(root, 'store', 'images', 'blog'), { recursive: true });
    await fs.symlink(path.join(root, 'secret.txt'), path.join(root, 'store', 'images', 'blog', 'escape.png'));
    await fs.symlink(path.join(root, 'store', 'images', 'loop-a.png'), path.join(root, 'store', 'images', 'loop-b.png'));
    await fs.symlink(path.join(root, 'store', 'images', 'loop-b.png'), path.join(root, 'store', 'images', 'loop-a.png'));
    for (const segs of [
      ['images', 'blog', 'escape.png'],
      ['images', 'loop-a.png'],
    ]) {
      const r = await get(segs);
      expect(r.status).toBe(404);
      expect(r.body.error.code).toBe('NOT_FOUND');
      expect(r.text).not.toMatch(/top secret/);
    }
  });
});
