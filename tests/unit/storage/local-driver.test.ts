import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { promises as fs } from 'node:fs';
import path from 'node:path';
import os from 'node:os';
import { getObject, InvalidObjectPathError, objectExists, putObject, storageDriverName, assertObjectPath } from '@/lib/storage';

const root = path.join(os.tmpdir(), `storage-unit-${process.pid}-${Date.now()}`);

beforeEach(() => {
  process.env.STORAGE_DIR = root;
  delete process.env.STORAGE_DRIVER;
});
afterAll(async () => {
  await fs.rm(root, { recursive: true, force: true });
});

describe('local storage driver', () => {
  it('is the default driver', () => {
    expect(storageDriverName()).toBe('local');
  });

  it('round-trips bytes and the content type, under STORAGE_DIR', async () => {
    const data = Buffer.from([0x89, 0x50, 0x4e, 0x47, 1, 2, 3]);
    const put = await putObject('screenshots', 'scans/abc123.png', data, 'image/png');
    expect(put).toEqual({ bucket: 'screenshots', path: 'scans/abc123.png', url: '/api/v1/files/screenshots/scans/abc123.png', contentType: 'image/png', bytes: 7 });
    expect(await fs.readFile(path.join(root, 'screenshots', 'scans', 'abc123.png'))).toEqual(data);
    const got = await getObject('screenshots', 'scans/abc123.png');
    expect(got?.contentType).toBe('image/png');
    expect(got?.data.equals(data)).toBe(true);
    expect(await objectExists('screenshots', 'scans/abc123.png')).toBe(true);
  });

  it('keeps a content type that the extension would not say', async () => {
    await putObject('images', 'blob-1', Buffer.from('{}'), 'application/json');
    expect((await getObject('images', 'blob-1'))?.contentType).toBe('application/json');
  });

  it('overwrites an object in place', async () => {
    await putObject('images', 'x/over.webp', Buffer.from('one'), 'image/webp');
    await putObject('images', 'x/over.webp', Buffer.from('two'), 'image/webp');
    expect((await getObject('images', 'x/over.webp'))?.data.toString()).toBe('two');
  });

  it('answers null for an absent object and keeps buckets apart', async () => {
    await putObject('images', 'only-images.png', Buffer.from('i'), 'image/png');
    expect(await getObject('screenshots', 'only-images.png')).toBeNull();
    expect(await getObject('images', 'nope/missing.png')).toBeNull();
    expect(await objectExists('images', 'nope/missing.png')).toBe(false);
  });

  it('refuses an unknown bucket', async () => {
    await expect(putObject('secrets' as never, 'a.png', Buffer.from('x'), 'image/png')).rejects.toThrow(/bucket/);
  });

  it.each([
    ['../escape.png', 'relative segment'],
    ['a/../../escape.png', 'relative segment'],
    ['/etc/passwd', 'absolute path'],
    ['C:/windows/win.ini', 'absolute path'],
    ['a\\..\\b.png', 'backslash'],
    ['a\0.png', 'NUL byte'],
    ['.meta/images/x.json', 'disallowed characters'],
    ['a//b.png', 'empty segment'],
    ['', 'empty'],
    ['%2e%2e/x.png', 'disallowed characters'],
  ])('rejects the unsafe path %j (%s) in every operation', async (p, reason) => {
    expect(() => assertObjectPath(p)).toThrow(InvalidObjectPathError);
    expect(() => assertObjectPath(p)).toThrow(reason);
    await expect(putObject('images', p, Buffer.from('x'), 'image/png')).rejects.toBeInstanceOf(InvalidObjectPathError);
    await expect(getObject('images', p)).rejects.toBeInstanceOf(InvalidObjectPathError);
  });

  it('does not follow a symlink planted under the root', async () => {
    const outside = path.join(os.tmpdir(), `outside-${process.pid}.txt`);
    await fs.writeFile(outside, 'secret');
    await fs.mkdir(path.join(root, 'images'), { recursive: true });
    await fs.symlink(outside, path.join(root, 'images', 'link.txt'));
    // names no object (a 404 to the file route, never a 500 or the file's bytes)
    expect(await getObject('images', 'link.txt')).toBeNull();
    await expect(putObject('images', 'link.txt', Buffer.from('x'), 'text/plain')).rejects.toThrow(/outside the storage root/);
    expect(await fs.readFile(outside, 'utf8')).toBe('secret');
    await fs.rm(outside, { force: true });
  });
});
