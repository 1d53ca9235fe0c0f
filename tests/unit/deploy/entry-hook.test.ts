import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createRequire } from 'node:module';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// The production entry hook patches http.createServer (as `node -r server/entry.cjs` does before Next).
const require = createRequire(import.meta.url);
let server: http.Server;
let base = '';
beforeAll(async () => {
  require(path.resolve(__dirname, '../../../server/entry.cjs'));
  server = http.createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/plain' });
    res.end('next');
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

describe('the production entry hook', () => {
  it.each([
    ['/api/v1/shopping/scan//cached', 404, 'NOT_FOUND'],
    [`/api/v1/shopping/scan//cached?q=${'x'.repeat(12_000)}`, 404, 'NOT_FOUND'],
    ['/api/v1//strains', 404, 'NOT_FOUND'],
    ['/api/v1/strains/slug/%ZZ', 400, 'BAD_REQUEST'],
  ])('%s → %s %s in the envelope, before Next', async (p, status, code) => {
    const r = await fetch(`${base}${p}`);
    expect(r.status).toBe(status);
    const body = (await r.json()) as { success: boolean; error: { code: string }; meta: { requestId: string; path: string } };
    expect(body).toMatchObject({ success: false, error: { code } });
    expect(body.meta.path.length).toBeLessThanOrEqual(2000);
    expect(r.headers.get('location')).toBeNull();
  });

  it.each([
    '/api/v1/health',
    '/api/v1/strains/',
    '/strains//blue-dream',
    '/api/v1/strains/search?q=a//b',
    '/api/v1/strains/search?q=%ZZ',
    '/api/v1/strains/search?next=http%3A%2F%2Fx//y',
  ])('%s is left to Next', async (p) => {
    const r = await fetch(`${base}${p}`);
    expect(await r.text()).toBe('next');
  });
});
