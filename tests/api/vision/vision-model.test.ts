import { MockLanguageModelV3 } from 'ai/test';
import type { LanguageModelV3CallOptions } from '@ai-sdk/provider';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { POST as parseImage } from '@/app/api/v1/receipts/parse-image/route';
import { POST as analyzeLabel } from '@/app/api/v1/scanner/analyze-label/route';
import { setVisionEngine, visionEngine } from '@/lib/vision/engine';
import { modelEngine } from '@/lib/vision/model-engine';
import { authHeader, call } from '@/tests/helpers/route';
import { tinyImage } from '@/tests/fixtures/vision/render';

/**
 * The hosted-model engine (AI_PROVIDER=openai / openai-compatible) through the AI SDK's mock
 * model: the image goes in as an image part with the schema's JSON response format, the answer
 * is normalised and matched exactly like an OCR reading.
 */
const seen: LanguageModelV3CallOptions[] = [];

function answering(json: unknown) {
  return new MockLanguageModelV3({
    doGenerate: async (opts) => {
      seen.push(opts);
      return {
        content: [{ type: 'text', text: JSON.stringify(json) }],
        finishReason: { unified: 'stop', raw: 'stop' },
        usage: { inputTokens: { total: 10, noCache: 10, cacheRead: 0, cacheWrite: 0 }, outputTokens: { total: 10, text: 10, reasoning: 0 } },
        warnings: [],
      };
    },
  });
}

const receipt = {
  dispensaryName: 'Desert Bloom Wellness',
  orderDate: '2026-10-30',
  items: [
    {
      productName: 'Wedding Cake',
      strainName: 'Wedding Cake',
      brand: null,
      category: 'Flower',
      grams: 3.5,
      quantity: 1,
      unitPrice: 40,
      price: 40,
      discount: -4,
      thcPct: 24.1,
      cbdPct: null,
      type: null,
    },
    {
      productName: 'Jeeter Mimosa Pre-Roll',
      strainName: null,
      brand: 'Jeeter',
      category: 'Pre-Roll',
      grams: 1,
      quantity: 2,
      unitPrice: 12,
      price: 24,
      discount: null,
      thcPct: null,
      cbdPct: null,
      type: 'sativa',
    },
  ],
  discount: null,
  subtotal: 60,
  tax: 9,
  total: 69,
};
const label = {
  productName: 'Gelato Live Resin',
  strainName: 'Gelato',
  brand: 'Raw Garden',
  category: 'Concentrate',
  type: 'hybrid',
  thcPct: 78.2,
  cbdPct: 0.3,
  thcMg: null,
  cbdMg: null,
  totalCannabinoidsPct: 84.6,
  terpenes: [{ name: 'beta-Caryophyllene', percentage: 1.12 }],
  netWeightGrams: 1,
  batchNumber: 'GE-1',
  harvestDate: '2026-08-30',
  testDate: '2026-09-12',
  packageDate: null,
  labName: 'SC Labs',
};

let png: Buffer;
beforeAll(async () => {
  png = await tinyImage('png');
});
afterAll(() => setVisionEngine(null));

describe('vision model engine', () => {
  it('the local provider selects offline OCR', () => {
    setVisionEngine(null);
    expect(visionEngine().name).toBe('ocr');
  });

  it('receipt: image part + JSON schema in, same data shape out, engine "vision", strains matched', async () => {
    setVisionEngine(modelEngine(answering(receipt)));
    const r = await call(parseImage, {
      path: '/api/v1/receipts/parse-image',
      method: 'POST',
      body: { attemptId: 'vision-model-attempt-1', imageBase64: png.toString('base64'), mediaType: 'image/png' },
      headers: await authHeader('vision-user'),
    });
    expect(r.status).toBe(200);
    const d = r.body.data;
    expect(d.engine).toBe('vision');
    expect(d.items.map((i: { strain: { slug: string } | null }) => i.strain?.slug)).toEqual(['wedding-cake', 'mimosa']);
    expect(d.items[0].discount).toBe(4);
    expect(d.total).toBe(69);
    expect(d.confidence).toBeGreaterThan(0.5);
    const call0 = seen.at(-1)!;
    expect(call0.responseFormat).toMatchObject({ type: 'json' });
    const parts: { type: string; mediaType?: string }[] = [];
    for (const m of call0.prompt) if (Array.isArray(m.content)) parts.push(...(m.content as { type: string; mediaType?: string }[]));
    expect(parts.some((p) => p.type === 'file' && p.mediaType === 'image/png')).toBe(true);
  });

  it('label: terpene names normalised, strain matched', async () => {
    setVisionEngine(modelEngine(answering(label)));
    const r = await call(analyzeLabel, {
      path: '/api/v1/scanner/analyze-label',
      method: 'POST',
      body: { imageBase64: png.toString('base64'), mediaType: 'image/png' },
      headers: await authHeader('vision-user-2'),
    });
    expect(r.status).toBe(200);
    expect(r.body.data).toMatchObject({ engine: 'vision', strain: { slug: 'gelato' }, thcPct: 78.2, terpenes: [{ name: 'caryophyllene', percentage: 1.12 }] });
  });

  it('an answer that does not fit the schema is a 500 EXTERNAL_SERVICE_ERROR, not a crash', async () => {
    setVisionEngine(modelEngine(answering({ nonsense: true })));
    const r = await call(analyzeLabel, {
      path: '/api/v1/scanner/analyze-label',
      method: 'POST',
      body: { imageBase64: png.toString('base64'), mediaType: 'image/png' },
      headers: await authHeader('vision-user-3'),
    });
    expect(r.status).toBe(500);
    expect(r.body.error.code).toBe('EXTERNAL_SERVICE_ERROR');
  });
});
