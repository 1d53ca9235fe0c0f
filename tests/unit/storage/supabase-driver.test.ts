import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { getObject, objectExists, putObject, storageDriverName } from '@/lib/storage';

// A local stand-in for the Supabase Storage REST API (the remote paid service); the driver and
// @supabase/supabase-js run for real against it.
const SERVICE_KEY = 'service-role-test-key';
const objects = new Map<string, { body: Buffer; contentType: string; cacheControl: string | undefined; upsert: string | undefined }>();
const seenAuth: string[] = [];
let server: http.Server;
let base = '';

beforeAll(async () => {
  server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      seenAuth.push(String(req.headers.authorization));
      const m = /^\/storage\/v1\/object\/(.+)$/.exec((req.url ?? '').split('?')[0]);
      const key = m ? decodeURIComponent(m[1]) : '';
      const notFound = () => {
        res.writeHead(404, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ statusCode: '404', error: 'not_found', message: 'Object not found' }));
      };
      if (req.headers.authorization !== `Bearer ${SERVICE_KEY}`) {
        res.writeHead(403, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ statusCode: '403', error: 'Unauthorized', message: 'bad key' }));
        return;
      }
      if (req.method === 'POST' && m) {
        objects.set(key, {
          body: Buffer.concat(chunks),
          contentType: String(req.headers['content-type']),
          cacheControl: req.headers['cache-control'] as string | undefined,
          upsert: req.headers['x-upsert'] as string | undefined,
        });
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ Key: key, Id: 'id-1' }));
      } else if ((req.method === 'GET' || req.method === 'HEAD') && m) {
        const o = objects.get(key);
        if (!o) return notFound();
        res.writeHead(200, { 'content-type': o.contentType, 'content-length': o.body.length });
        res.end(req.method === 'HEAD' ? undefined : o.body);
      } else notFound();
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  process.env.STORAGE_DRIVER = 'supabase';
  process.env.SUPABASE_URL = base;
  process.env.SUPABASE_SERVICE_ROLE_KEY = SERVICE_KEY;
});
afterAll(async () => {
  delete process.env.STORAGE_DRIVER;
  delete process.env.SUPABASE_URL;
  delete process.env.SUPABASE_SERVICE_ROLE_KEY;
  await new Promise((r) => server.close(r));
});

describe('supabase storage driver', () => {
  it('is chosen by STORAGE_DRIVER=supabase', () => {
    expect(storageDriverName()).toBe('supabase');
  });

  it('uploads with the service role key, upsert and a long cache lifetime, and answers the public URL', async () => {
    const data = Buffer.from('png-bytes');
    const put = await putObject('screenshots', 'scans/0123456789abcdef.png', data, 'image/png');
    expect(put).toEqual({
      bucket: 'screenshots',
      path: 'scans/0123456789abcdef.png',
      url: `${base}/storage/v1/object/public/screenshots/scans/0123456789abcdef.png`,
      contentType: 'image/png',
      bytes: data.length,
    });
    const stored = objects.get('screenshots/scans/0123456789abcdef.png');
    expect(stored?.body.equals(data)).toBe(true);
    expect(stored?.contentType).toBe('image/png');
    expect(stored?.upsert).toBe('true');
    expect(stored?.cacheControl).toBe('max-age=31536000');
    expect(seenAuth.at(-1)).toBe(`Bearer ${SERVICE_KEY}`);
  });

  it('downloads an object with its content type, and null / false when absent', async () => {
    await putObject('images', 'blog/x.webp', Buffer.from('webp!'), 'image/webp');
    const got = await getObject('images', 'blog/x.webp');
    expect(got?.data.toString()).toBe('webp!');
    expect(got?.contentType).toBe('image/webp');
    expect(await objectExists('images', 'blog/x.webp')).toBe(true);
    expect(await getObject('images', 'blog/missing.webp')).toBeNull();
    expect(await objectExists('images', 'blog/missing.webp')).toBe(false);
  });

  it('surfaces a refused upload as an error', async () => {
    process.env.SUPABASE_SERVICE_ROLE_KEY = 'wrong-key';
    try {
      await expect(putObject('images', 'denied.png', Buffer.from('x'), 'image/png')).rejects.toThrow(/upload failed/);
    } finally {
      process.env.SUPABASE_SERVICE_ROLE_KEY = SERVICE_KEY;
    }
  });

  it('fails clearly when not configured', async () => {
    delete process.env.SUPABASE_URL;
    try {
      await expect(putObject('images', 'a.png', Buffer.from('x'), 'image/png')).rejects.toThrow(/SUPABASE_URL/);
    } finally {
      process.env.SUPABASE_URL = base;
    }
  });
});
