import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { typesOf } from '@/scripts/client-gen';
import { loadMigrations } from '@/lib/db/migrate';
import { receiptStyle, receiptSvg, receiptTruth } from '@/tests/fixtures/vision/receipts';
import { rasterize } from '@/tests/fixtures/vision/render';
import { BASE_URL, USER_TOKEN } from '@/tests/e2e/browser';

/**
 * The deployed artefact itself: the standalone server scripts/e2e.ts assembled with the
 * container's steps in a directory outside the repository and started on an empty database.
 */
const ROOT = path.resolve(import.meta.dirname, '../..');
const SERVER_DIR = process.env.E2E_SERVER_DIR ?? '';

describe.runIf(SERVER_DIR)('standalone server (the container tree, outside the repository)', () => {
  it('runs from a directory with no path back into the checkout', () => {
    expect(path.relative(ROOT, SERVER_DIR).startsWith('..')).toBe(true);
    expect(fs.existsSync(path.join(SERVER_DIR, 'server.js'))).toBe(true);
    // Node resolves packages through node_modules of the directory and its ancestors only.
    for (let d = path.dirname(SERVER_DIR); d !== path.dirname(d); d = path.dirname(d)) expect(fs.existsSync(path.join(d, 'node_modules')), d).toBe(false);
  });

  it('applied every migration at start to the empty database and reports healthy', async () => {
    const res = await fetch(`${BASE_URL}/api/v1/health`);
    expect(res.status).toBe(200);
    const body = (await res.json()) as { data: { status: string; environment: string; database: { reachable: boolean; kind: string; migrationLevel: string } } };
    expect(body.data.environment).toBe('production');
    expect(body.data.database.reachable).toBe(true);
    expect(body.data.database.migrationLevel).toBe(loadMigrations().at(-1)!.version);
    if (process.env.E2E_EMBEDDED_DB) expect(body.data.database.kind).toBe('pglite');
  });

  it('serves the seeded catalog (a strain read by slug) and the static assets and public files', async () => {
    const list = (await (await fetch(`${BASE_URL}/api/v1/strains?limit=1`)).json()) as { data: { slug: string }[] };
    const slug = list.data[0].slug;
    const one = await fetch(`${BASE_URL}/api/v1/strains/slug/${slug}`);
    expect(one.status).toBe(200);
    expect(((await one.json()) as { data: { slug: string } }).data.slug).toBe(slug);
    const html = await (await fetch(`${BASE_URL}/strains`)).text();
    const asset = /\/_next\/static\/[^"']+\.js/.exec(html)?.[0];
    expect(asset).toBeTruthy();
    expect((await fetch(`${BASE_URL}${asset}`)).status).toBe(200);
    expect((await fetch(`${BASE_URL}/favicon.ico`)).status).toBe(200);
  });

  it('reads a receipt photo with the offline OCR (language data, worker script and WASM traced in)', async () => {
    const truth = receiptTruth(11, 3);
    const png = await rasterize(receiptSvg(truth, receiptStyle(11), 11), 'png');
    const res = await fetch(`${BASE_URL}/api/v1/receipts/parse-image`, {
      method: 'POST',
      headers: { authorization: `Bearer ${USER_TOKEN}`, 'content-type': 'application/json' },
      body: JSON.stringify({ attemptId: `standalone-${Date.now()}`, imageBase64: png.toString('base64'), mediaType: 'image/png' }),
      signal: AbortSignal.timeout(120_000),
    });
    const body = (await res.json()) as { data: { engine: string; items: { productName: string }[]; total: number | null } };
    expect(res.status).toBe(200);
    expect(body.data.engine).toBe('ocr');
    expect(body.data.items.length).toBeGreaterThan(0);
  });

  it('runs the entry hook before Next: an undecodable path answers the 400 envelope', async () => {
    const res = await fetch(`${BASE_URL}/api/v1/strains/slug/bad%zz`);
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe('BAD_REQUEST');
  });

  it('serves the API description the committed typed client was generated from (npm run client:gen leaves no diff)', async () => {
    const doc = (await (await fetch(`${BASE_URL}/api/v1/openapi.json`)).json()) as Record<string, unknown>;
    const committed = fs.readFileSync(path.join(ROOT, 'packages/client/src/generated/api.ts'), 'utf8');
    expect(committed.endsWith(await typesOf(doc))).toBe(true);
  });
});
