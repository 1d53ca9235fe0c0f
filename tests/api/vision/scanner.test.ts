import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { POST as analyzeLabel } from '@/app/api/v1/scanner/analyze-label/route';
import { POST as analyzeBatch } from '@/app/api/v1/scanner/analyze-batch/route';
import { setVisionEngine } from '@/lib/vision/engine';
import { OcrError, shutdownOcrPool } from '@/lib/vision/ocr-pool';
import { localEngine } from '@/lib/vision/local-engine';
import { authHeader, call } from '@/tests/helpers/route';
import { corruptImages, rasterize, tinyImage } from '@/tests/fixtures/vision/render';
import { labelStyle, labelSvg, labelTruth, type LabelTruth } from '@/tests/fixtures/vision/labels';
import { b64, countingEngine } from '@/tests/api/vision/helpers';

process.env.VISION_OCR_WORKERS = '1';
const { engine, calls } = countingEngine();

let label: Buffer;
let truth: LabelTruth;
let blank: Buffer;
let corrupt: Buffer;

beforeAll(async () => {
  setVisionEngine(engine);
  truth = labelTruth(28, 'compact');
  label = await rasterize(labelSvg(truth, { ...labelStyle(28, 'compact'), font: 'DejaVu Sans', size: 18, width: 720, dates: 'us' }, 28), 'webp', { blur: 0.5 });
  blank = await tinyImage('jpeg');
  corrupt = (await corruptImages()).truncatedJpeg.bytes;
});
afterAll(async () => {
  setVisionEngine(null);
  await shutdownOcrPool();
});

let n = 0;
const single = async (body: unknown, sub = `scan-${++n}`, tier: 'premium' | 'free' = 'premium') =>
  call(analyzeLabel, { path: '/api/v1/scanner/analyze-label', method: 'POST', body, headers: await authHeader(sub, tier) });
const batch = async (body: unknown, sub = `batch-${++n}`) => call(analyzeBatch, { path: '/api/v1/scanner/analyze-batch', method: 'POST', body, headers: await authHeader(sub) });

describe('POST /scanner/analyze-label', { timeout: 120_000 }, () => {
  it('reads strain, THC, CBD, terpenes and weight from a generated label with no API key', async () => {
    const r = await single({ imageBase64: b64(label), mediaType: 'image/webp' });
    expect(r.status).toBe(200);
    const d = r.body.data;
    expect(d.engine).toBe('ocr');
    expect(d.strain?.name ?? null).toBe(truth.strainName);
    if (truth.strainName) expect(d.strainName).toBe(truth.strainName);
    expect(d.brand).toBe(truth.brand.toUpperCase());
    expect(d.category).toBe(truth.category);
    expect(d.totalCannabinoidsPct).toBe(truth.totalCannabinoidsPct);
    expect(d.thcPct).toBe(truth.thcPct);
    expect(d.cbdPct).toBe(truth.cbdPct);
    expect(d.netWeightGrams).toBe(truth.netWeightGrams);
    expect(d.terpenes).toEqual(truth.terpenes);
    expect(d.batchNumber).toBe(truth.batchNumber);
    expect(d.testDate).toBe(truth.testDate);
    expect(d.labName).toBe(truth.labName);
    expect(d.confidence).toBeGreaterThan(0.8);
  });

  it.each([
    ['imageBase64 3 chars', { imageBase64: 'abc', mediaType: 'image/png' }, 'VALIDATION_ERROR'],
    ['imageBase64 8388609 chars', { imageBase64: 'A'.repeat(8_388_609), mediaType: 'image/png' }, 'VALIDATION_ERROR'],
    ['mediaType image/tiff', { imageBase64: 'AAAAAAAA', mediaType: 'image/tiff' }, 'VALIDATION_ERROR'],
    ['JPEG bytes sent as image/png', { imageBase64: 'JPEG', mediaType: 'image/png' }, 'BAD_REQUEST'],
    ['truncated JPEG', { imageBase64: 'CORRUPT', mediaType: 'image/jpeg' }, 'BAD_REQUEST'],
  ])('%s → 400 %s', async (_n, body, code) => {
    const real = body.imageBase64 === 'JPEG' ? b64(blank) : body.imageBase64 === 'CORRUPT' ? b64(corrupt) : body.imageBase64;
    const before = calls.label;
    const r = await single({ ...body, imageBase64: real });
    expect(r.status).toBe(400);
    expect(r.body.error.code).toBe(code);
    expect(calls.label).toBe(before);
  });

  it('413 over 12 MB; 403 for the free tier with feature "scanner"', async () => {
    const big = await single(JSON.stringify({ imageBase64: 'A'.repeat(12 * 1024 * 1024 + 1), mediaType: 'image/png' }));
    expect(big.status).toBe(413);
    const free = await single({ imageBase64: b64(blank), mediaType: 'image/jpeg' }, 'free-scan', 'free');
    expect(free.status).toBe(403);
    expect(free.body.error.details).toEqual({ requiredTier: 'premium', feature: 'scanner' });
  });

  it('limits each scanner route in its own bucket of 10 per 10 minutes', async () => {
    const sub = 'scanner-limit';
    for (let i = 0; i < 5; i++) expect((await single({}, sub)).status).toBe(400);
    for (let i = 0; i < 5; i++) expect((await batch({}, sub)).status).toBe(400);
    const r = await single({}, sub);
    // each route has its own bucket keyed by route id: the single route has used 6 of 10 here
    expect(r.status).toBe(400);
    expect(r.headers.get('x-ratelimit-limit')).toBe('10');
    expect(r.headers.get('x-ratelimit-remaining')).toBe('4');
  });
});

describe('OCR worker crash during a request', { timeout: 120_000 }, () => {
  it('is retried once on a fresh worker (200); crashing again answers 503 SERVICE_UNAVAILABLE', async () => {
    let crashes = 1;
    const flaky = {
      name: 'ocr' as const,
      readReceipt: localEngine().readReceipt,
      readLabel: (image: Parameters<typeof engine.readLabel>[0], signal?: AbortSignal) => {
        if (crashes-- > 0) return Promise.reject(new OcrError('OCR worker crashed: test', 'crash'));
        return localEngine().readLabel(image, signal);
      },
    };
    setVisionEngine(flaky);
    try {
      const r = await single({ imageBase64: b64(blank), mediaType: 'image/jpeg' });
      expect(r.status).toBe(200);
      crashes = 2;
      const down = await single({ imageBase64: b64(blank), mediaType: 'image/jpeg' });
      expect(down.status).toBe(503);
      expect(down.body.error).toMatchObject({ code: 'SERVICE_UNAVAILABLE', details: { reason: 'crash' } });
    } finally {
      setVisionEngine(engine);
    }
  });
});

describe('POST /scanner/analyze-batch', { timeout: 120_000 }, () => {
  it('one corrupt image in a batch of three → two successes and one error entry', async () => {
    const r = await batch({
      images: [
        { id: 'front', imageBase64: b64(label), mediaType: 'image/webp' },
        { id: 'broken', imageBase64: b64(corrupt), mediaType: 'image/jpeg' },
        { imageBase64: `data:image/jpeg;base64,${b64(blank)}`, mediaType: 'image/jpeg' },
      ],
    });
    expect(r.status).toBe(200);
    const d = r.body.data;
    expect([d.succeeded, d.failed]).toEqual([2, 1]);
    expect(d.results.map((x: { index: number; id: string | null; success: boolean }) => [x.index, x.id, x.success])).toEqual([
      [0, 'front', true],
      [1, 'broken', false],
      [2, null, true],
    ]);
    expect(d.results[0].data.strain?.name ?? null).toBe(truth.strainName);
    expect(d.results[1].error.code).toBe('BAD_REQUEST');
    expect(d.results[1].data).toBeUndefined();
    expect(d.results[2].data.thcPct).toBeNull();
  });

  it('bad items are error entries, not a failed batch', async () => {
    const r = await batch({
      images: [
        { imageBase64: b64(blank), mediaType: 'image/gif' },
        { imageBase64: 'abc', mediaType: 'image/png' },
      ],
    });
    expect(r.status).toBe(200);
    expect(r.body.data.failed).toBe(2);
    expect(r.body.data.results.map((x: { error: { code: string } }) => x.error.code)).toEqual(['VALIDATION_ERROR', 'VALIDATION_ERROR']);
  });

  it.each([
    ['no images', { images: [] }],
    ['eleven images', { images: Array.from({ length: 11 }, () => ({ imageBase64: 'AAAA', mediaType: 'image/png' })) }],
    ['images missing', {}],
    ['an item without imageBase64', { images: [{ mediaType: 'image/png' }] }],
  ])('%s → 400 VALIDATION_ERROR', async (_n, body) => {
    const r = await batch(body);
    expect(r.status).toBe(400);
    expect(r.body.error.code).toBe('VALIDATION_ERROR');
    expect(r.body.error.details[0].path[0]).toBe('images');
  });
});
