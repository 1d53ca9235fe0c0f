import { afterAll, beforeAll } from 'vitest';
import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { GET as FILES } from '@/app/api/v1/files/[...path]/route';
import { ready } from '@/lib/bootstrap';

/**
 * The setup the image-generating route suites share (hero images, mascot): an admin key, a
 * storage directory of their own (removed afterwards), no rate limit, a ready database; and a
 * reader of the stored files through GET /files.
 */
export function imageApiSuite(name: string) {
  const admin = { 'x-admin-key': `admin-key-${name}-0123456789` };
  const root = path.join(os.tmpdir(), `${name}-api-${process.pid}-${Date.now()}`);
  beforeAll(async () => {
    process.env.ADMIN_API_KEY = admin['x-admin-key'];
    process.env.STORAGE_DIR = root;
    process.env.RATE_LIMIT_ENABLED = 'false';
    await ready();
  });
  afterAll(async () => {
    await fs.rm(root, { recursive: true, force: true });
  });
  async function fetchFile(url: string) {
    const segments = url.replace(/^\/api\/v1\/files\//, '').split('/');
    const res = await FILES(new Request(`http://api.test${url}`), { params: Promise.resolve({ path: segments }) });
    return { status: res.status, type: res.headers.get('content-type'), bytes: Buffer.from(await res.arrayBuffer()) };
  }
  return { admin, root, fetchFile };
}
