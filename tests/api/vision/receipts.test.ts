import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { POST as parseImage } from '@/app/api/v1/receipts/parse-image/route';
import { POST as parseText } from '@/app/api/v1/receipts/parse/route';
import { setVisionEngine } from '@/lib/vision/engine';
import { shutdownOcrPool } from '@/lib/vision/ocr-pool';
import { authHeader, call } from '@/tests/helpers/route';
import { corruptImages, rasterize, tinyImage } from '@/tests/fixtures/vision/render';
import { receiptStyle, receiptSvg, receiptTruth, type ReceiptTruth } from '@/tests/fixtures/vision/receipts';
import { b64, countingEngine } from '@/tests/api/vision/helpers';
import { startWellInsideWindow } from '@/tests/helpers/limit-window';

process.env.VISION_OCR_WORKERS = '1';
const PATH = '/api/v1/receipts/parse-image';
const { engine, calls } = countingEngine();

let receipt: Buffer;
let truth: ReceiptTruth;
let blank: Buffer;
let blankJpeg: Buffer;

beforeAll(async () => {
  setVisionEngine(engine);
  truth = receiptTruth(7, 3, 'detail-below');
  receipt = await rasterize(receiptSvg(truth, { ...receiptStyle(7, 'detail-below'), font: 'DejaVu Sans Mono', size: 17, width: 760, upper: true }, 7), 'jpeg', { rotate: 1 });
  blank = await tinyImage('png');
  blankJpeg = await tinyImage('jpeg');
});
afterAll(async () => {
  setVisionEngine(null);
  await shutdownOcrPool();
});

let n = 0;
const id = (p = 'attempt') => `${p}-${Date.now()}-${++n}-xxxxxxxx`;
const post = async (body: unknown, sub = `user-${++n}`, tier: 'premium' | 'free' = 'premium') =>
  call(parseImage, { path: PATH, method: 'POST', body, headers: await authHeader(sub, tier) });

describe('POST /receipts/parse-image', { timeout: 120_000 }, () => {
  it('reads a generated photo of three products with no API key: grams, prices, total and matched strains', async () => {
    const r = await post({ attemptId: id(), imageBase64: b64(receipt), mediaType: 'image/jpeg' });
    expect(r.status).toBe(200);
    const d = r.body.data;
    expect(d.engine).toBe('ocr');
    expect(d.items).toHaveLength(3);
    for (const [i, t] of truth.items.entries()) {
      expect(d.items[i].grams).toBe(t.grams);
      expect(d.items[i].price).toBe(t.price);
      expect(d.items[i].productName.toLowerCase()).toBe(t.productName.toLowerCase());
      expect(d.items[i].category).toBe(t.category);
      expect(d.items[i].thcPct).toBe(t.thcPct);
      expect(d.items[i].strain?.name ?? null).toBe(t.strainName);
      if (t.strainName) expect(d.items[i].strain?.slug).toMatch(/^[a-z0-9-]+$/);
    }
    expect(d.total).toBe(truth.total);
    expect(d.dispensaryName?.toLowerCase()).toBe(truth.dispensaryName.toLowerCase());
    expect(d.confidence).toBeGreaterThan(0.8);
  });

  it('same attemptId + same image → the stored result, no second engine call; another image → 400', async () => {
    const attemptId = id('idem');
    const sub = 'idem-user';
    const first = await post({ attemptId, imageBase64: b64(blank), mediaType: 'image/png', dispensaryName: 'First Store' }, sub);
    expect(first.status).toBe(200);
    const before = calls.receipt;
    // a retry sends the same bytes as a data URL and other optional fields: still the stored answer
    const again = await post({ attemptId, imageBase64: `data:image/png;base64,${b64(blank)}`, mediaType: 'image/png', dispensaryName: 'Other' }, sub);
    expect(again.status).toBe(200);
    expect(again.body.data).toEqual(first.body.data);
    expect(calls.receipt).toBe(before);
    const other = await post({ attemptId, imageBase64: b64(blankJpeg), mediaType: 'image/jpeg' }, sub);
    expect(other.status).toBe(400);
    expect(other.body.error.code).toBe('BAD_REQUEST');
    expect(other.body.error.details.reason).toBe('attempt-image-mismatch');
    expect(calls.receipt).toBe(before);
    // the id is per user: someone else's call with the same id is its own attempt
    const stranger = await post({ attemptId, imageBase64: b64(blankJpeg), mediaType: 'image/jpeg' }, 'idem-stranger');
    expect(stranger.status).toBe(200);
    expect(calls.receipt).toBe(before + 1);
  });

  it('concurrent duplicates run the engine once and answer the same result', async () => {
    const attemptId = id('race');
    const before = calls.receipt;
    const body = { attemptId, imageBase64: b64(blank), mediaType: 'image/png' };
    const rs = await Promise.all([post(body, 'race-user'), post(body, 'race-user'), post(body, 'race-user')]);
    expect(rs.map((r) => r.status)).toEqual([200, 200, 200]);
    expect(calls.receipt).toBe(before + 1);
    expect(rs[1].body.data).toEqual(rs[0].body.data);
    expect(rs[2].body.data).toEqual(rs[0].body.data);
  });

  const ok = () => ({ attemptId: id(), imageBase64: b64(blank), mediaType: 'image/png' });
  const table: [string, () => Promise<unknown> | unknown, number, string, string?][] = [
    ['attemptId 15 chars', () => ({ ...ok(), attemptId: 'a'.repeat(15) }), 400, 'VALIDATION_ERROR', 'attemptId'],
    ['attemptId 129 chars', () => ({ ...ok(), attemptId: 'a'.repeat(129) }), 400, 'VALIDATION_ERROR', 'attemptId'],
    ['attemptId with a dot', () => ({ ...ok(), attemptId: 'abcdefgh.ijklmnop' }), 400, 'VALIDATION_ERROR', 'attemptId'],
    ['attemptId with a space', () => ({ ...ok(), attemptId: 'abcdefgh ijklmnop' }), 400, 'VALIDATION_ERROR', 'attemptId'],
    ['attemptId non-ASCII letter', () => ({ ...ok(), attemptId: 'abcdefghéijklmnop' }), 400, 'VALIDATION_ERROR', 'attemptId'],
    ['attemptId missing', () => ({ ...ok(), attemptId: undefined }), 400, 'VALIDATION_ERROR', 'attemptId'],
    ['attemptId 16 chars, all classes', () => ({ ...ok(), attemptId: 'aZ09_-aZ09_-aZ09' }), 200, ''],
    ['attemptId 128 chars', () => ({ ...ok(), attemptId: 'b'.repeat(128) }), 200, ''],
    ['imageBase64 3 chars', () => ({ ...ok(), imageBase64: 'iVB' }), 400, 'VALIDATION_ERROR', 'imageBase64'],
    ['imageBase64 8388609 chars', () => ({ ...ok(), imageBase64: 'A'.repeat(8_388_609) }), 400, 'VALIDATION_ERROR', 'imageBase64'],
    ['imageBase64 4 chars, not an image', () => ({ ...ok(), imageBase64: 'AAAA' }), 400, 'BAD_REQUEST'],
    ['mediaType image/gif', () => ({ ...ok(), mediaType: 'image/gif' }), 400, 'VALIDATION_ERROR', 'mediaType'],
    ['mediaType missing', () => ({ ...ok(), mediaType: undefined }), 400, 'VALIDATION_ERROR', 'mediaType'],
    ['PNG bytes sent as image/webp', () => ({ ...ok(), mediaType: 'image/webp' }), 400, 'BAD_REQUEST'],
    ['truncated PNG', async () => ({ ...ok(), imageBase64: b64((await corruptImages()).truncatedPng.bytes) }), 400, 'BAD_REQUEST'],
    ['dispensaryName 201 chars', () => ({ ...ok(), dispensaryName: 'x'.repeat(201) }), 400, 'VALIDATION_ERROR', 'dispensaryName'],
    ['dispensaryName 200 chars', () => ({ ...ok(), dispensaryName: 'x'.repeat(200) }), 200, ''],
    ['orderDate 2026-1-02', () => ({ ...ok(), orderDate: '2026-1-02' }), 400, 'VALIDATION_ERROR', 'orderDate'],
    ['orderDate 11/02/2026', () => ({ ...ok(), orderDate: '11/02/2026' }), 400, 'VALIDATION_ERROR', 'orderDate'],
    ['orderDate 2026-02-30', () => ({ ...ok(), orderDate: '2026-02-30' }), 400, 'VALIDATION_ERROR', 'orderDate'],
    ['orderDate 2026-11-02', () => ({ ...ok(), orderDate: '2026-11-02' }), 200, ''],
    ['body not JSON', () => '{"attemptId":', 400, 'BAD_REQUEST'],
  ];
  it.each(table)('%s', async (_name, make, status, code, path) => {
    const r = await post(await make());
    expect(r.status).toBe(status);
    if (status !== 200) {
      expect(r.body.error.code).toBe(code);
      if (path) expect(r.body.error.details.map((d: { path: string[] }) => d.path[0])).toContain(path);
    } else expect(r.body.data.engine).toBe('ocr');
  });

  it('answers the stated orderDate and dispensaryName over what the paper says', async () => {
    const r = await post({ ...ok(), orderDate: '2026-11-02', dispensaryName: 'Stated Store' });
    expect([r.body.data.orderDate, r.body.data.dispensaryName]).toEqual(['2026-11-02', 'Stated Store']);
  });

  it('413 for a body over 12 MB, judged before parsing', async () => {
    const r = await post(JSON.stringify({ ...ok(), imageBase64: 'A'.repeat(12 * 1024 * 1024 + 10) }));
    expect(r.status).toBe(413);
    expect(r.body.error.code).toBe('PAYLOAD_TOO_LARGE');
  });

  it('needs a premium user: 401 without a token, 403 for the free tier', async () => {
    const anon = await call(parseImage, { path: PATH, method: 'POST', body: ok() });
    expect(anon.status).toBe(401);
    expect(anon.body.code).toBe('UNAUTHORIZED');
    const free = await post(ok(), 'free-user', 'free');
    expect(free.status).toBe(403);
    expect(free.body.error.code).toBe('INSUFFICIENT_PERMISSIONS');
    expect(free.body.error.details).toEqual({ requiredTier: 'premium', feature: 'receipts' });
  });

  it('has its own parse bucket of 20 per hour, apart from /receipts/parse', async () => {
    const sub = 'limit-user';
    await startWellInsideWindow();
    for (let i = 0; i < 20; i++) expect((await post({ attemptId: 'short' }, sub)).status).toBe(400);
    const limited = await post({ attemptId: 'short' }, sub);
    expect(limited.status).toBe(429);
    expect(limited.headers.get('x-ratelimit-limit')).toBe('20');
    const text = await call(parseText, { path: '/api/v1/receipts/parse', method: 'POST', body: { text: 'Gelato 3.5g $35.00\nTOTAL $35.00' }, headers: await authHeader(sub) });
    expect(text.status).toBe(200);
  });
});

describe('POST /receipts/parse (text)', () => {
  const postText = async (body: unknown, sub = `text-${++n}`) => call(parseText, { path: '/api/v1/receipts/parse', method: 'POST', body, headers: await authHeader(sub) });

  it('reads a pasted receipt into matched items with engine "text"', async () => {
    const r = await postText({
      text: 'Canyon Cannabis Co\n11/02/2026\nBlue Dream 3.5g 1 x $35.00 $35.00\nOG Kush 1/8 oz $42.00\nSubtotal $77.00\nTax $11.55\nTotal $88.55',
      orderDate: '2026-11-03',
    });
    expect(r.status).toBe(200);
    const d = r.body.data;
    expect(d.engine).toBe('text');
    expect(d.attemptId).toBeNull();
    expect(d.orderDate).toBe('2026-11-03');
    expect(d.items.map((i: { strain: { slug: string } | null; grams: number }) => [i.strain?.slug, i.grams])).toEqual([
      ['blue-dream', 3.5],
      ['og-kush', 3.5],
    ]);
    expect([d.subtotal, d.tax, d.total]).toEqual([77, 11.55, 88.55]);
  });

  it('a brand that is also a strain alias does not hide the product\'s strain ("Cookies - Mimosa")', async () => {
    const r = await postText({ text: 'Cookies - Mimosa 3.5g $40.00\nCookies - Gelato Pre-Roll 1g $14.00\nTOTAL $54.00' });
    expect(r.body.data.items.map((i: { strain: { slug: string } | null }) => i.strain?.slug)).toEqual(['mimosa', 'gelato']);
  });

  it.each([
    ['empty text', { text: '' }, 'text'],
    ['missing text', {}, 'text'],
    ['bad orderDate', { text: 'x', orderDate: '2026/11/02' }, 'orderDate'],
    ['dispensaryName 201', { text: 'x', dispensaryName: 'y'.repeat(201) }, 'dispensaryName'],
  ])('%s → 400', async (_n, body, path) => {
    const r = await postText(body);
    expect(r.status).toBe(400);
    expect(r.body.error.details[0].path[0]).toBe(path);
  });
});
