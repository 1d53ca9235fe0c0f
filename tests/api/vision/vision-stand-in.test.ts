import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { POST as parseImage } from '@/app/api/v1/receipts/parse-image/route';
import { POST as analyzeBatch } from '@/app/api/v1/scanner/analyze-batch/route';
import { setVisionEngine, visionEngine } from '@/lib/vision/engine';
import { authHeader, call } from '@/tests/helpers/route';
import { tinyImage } from '@/tests/fixtures/vision/render';

/**
 * The hosted vision path over the wire: AI_PROVIDER=openai-compatible pointed at a loopback
 * chat-completions server that checks what the engine sends (the image as an image_url part with
 * a data URL of the right media type, a text instruction, a JSON-schema response format naming
 * the receipt / label fields) and answers like a model would, including the per-item THC, grams
 * as printed and terpene rows. The answer must come back in the same shapes the OCR engine gives.
 */
type Part = { type: string; text?: string; image_url?: { url: string } };
type Body = {
  model: string;
  messages: { role: string; content: string | Part[] }[];
  response_format?: { type: string; json_schema?: { name?: string; schema?: { properties?: Record<string, unknown> } } };
};
const received: Body[] = [];
let server: http.Server;
let baseUrl = '';

const receiptAnswer = {
  dispensaryName: 'Desert Bloom Wellness',
  orderDate: '2026-03-24',
  items: [
    {
      productName: 'Hippie Crippler Whole Flower 3.5 g',
      strainName: 'Hippie Crippler',
      brand: null,
      category: 'Flower',
      grams: 3.5,
      quantity: 1,
      unitPrice: 51.99,
      price: 51.99,
      discount: null,
      thcPct: 15.83,
      cbdPct: null,
      type: null,
    },
    {
      productName: 'Blue Dream Disposable .5g',
      strainName: 'Blue Dream',
      brand: null,
      category: 'Vape',
      grams: 0.5,
      quantity: 1,
      unitPrice: 34.99,
      price: 34.99,
      discount: null,
      thcPct: 79.51,
      cbdPct: 0.2,
      type: null,
    },
  ],
  discount: null,
  subtotal: 86.98,
  tax: 13.05,
  total: 100.03,
};
const labelAnswer = {
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
  terpenes: [
    { name: 'β-Caryophyllene', percentage: 1.12 },
    { name: 'D-Limonene', percentage: 0.88 },
  ],
  netWeightGrams: 1,
  batchNumber: 'GE2611-03',
  harvestDate: '2026-08-30',
  testDate: '2026-09-12',
  packageDate: null,
  labName: 'SC Labs',
};

beforeAll(async () => {
  server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (c) => (raw += c));
    req.on('end', () => {
      const body = JSON.parse(raw) as Body;
      received.push(body);
      const props = Object.keys(body.response_format?.json_schema?.schema?.properties ?? {});
      const content = JSON.stringify(props.includes('items') ? receiptAnswer : labelAnswer);
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({
          id: 'c1',
          object: 'chat.completion',
          created: 1,
          model: body.model,
          choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }],
          usage: { prompt_tokens: 900, completion_tokens: 200, total_tokens: 1100 },
        }),
      );
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
});
afterAll(async () => {
  await new Promise((r) => server.close(r));
});
afterEach(() => {
  process.env.AI_PROVIDER = 'local';
  delete process.env.OPENAI_BASE_URL;
  delete process.env.OPENAI_VISION_MODEL;
  received.length = 0;
});

function useStandIn() {
  setVisionEngine(null);
  process.env.AI_PROVIDER = 'openai-compatible';
  process.env.OPENAI_BASE_URL = baseUrl;
  process.env.OPENAI_VISION_MODEL = 'vision-stand-in';
}

function checkRequest(body: Body, mediaType: string, field: string) {
  expect(body.model).toBe('vision-stand-in');
  const parts = body.messages.flatMap((m) => (Array.isArray(m.content) ? m.content : [{ type: 'text', text: m.content }]));
  const image = parts.find((p) => p.type === 'image_url');
  expect(image?.image_url?.url.startsWith(`data:${mediaType};base64,`)).toBe(true);
  expect(Buffer.from((image?.image_url?.url ?? '').split(',')[1], 'base64').length).toBeGreaterThan(50);
  expect(parts.some((p) => p.type === 'text' && /cannabis/i.test(p.text ?? ''))).toBe(true);
  expect(body.response_format?.type).toBe('json_schema');
  expect(Object.keys(body.response_format?.json_schema?.schema?.properties ?? {})).toContain(field);
}

describe('vision model over an OpenAI-compatible server', { timeout: 60_000 }, () => {
  it('the configured provider selects the model engine', () => {
    useStandIn();
    expect(visionEngine().name).toBe('vision');
  });

  it('receipt: image part + schema on the wire; per-item THC, printed names and grams come back in the OCR shape', async () => {
    useStandIn();
    const png = await tinyImage('png');
    const r = await call(parseImage, {
      path: '/api/v1/receipts/parse-image',
      method: 'POST',
      body: { attemptId: `stand-in-${Date.now()}-xxxxxxxx`, imageBase64: png.toString('base64'), mediaType: 'image/png' },
      headers: await authHeader('stand-in-user'),
    });
    expect(r.status).toBe(200);
    expect(received).toHaveLength(1);
    checkRequest(received[0], 'image/png', 'items');
    const d = r.body.data;
    expect(d.engine).toBe('vision');
    expect(d.items.map((i: { productName: string; grams: number; thcPct: number; category: string }) => [i.productName, i.grams, i.thcPct, i.category])).toEqual([
      ['Hippie Crippler Whole Flower 3.5 g', 3.5, 15.83, 'Flower'],
      ['Blue Dream Disposable .5g', 0.5, 79.51, 'Vape'],
    ]);
    expect(d.items[1].strain?.slug).toBe('blue-dream');
    expect(d.subtotal).toBe(86.98);
  });

  it('label batch: each image sent as its own request; terpene rows normalised', async () => {
    useStandIn();
    const jpeg = await tinyImage('jpeg');
    const r = await call(analyzeBatch, {
      path: '/api/v1/scanner/analyze-batch',
      method: 'POST',
      body: {
        images: [
          { id: 'a', imageBase64: jpeg.toString('base64'), mediaType: 'image/jpeg' },
          { id: 'b', imageBase64: jpeg.toString('base64'), mediaType: 'image/jpeg' },
        ],
      },
      headers: await authHeader('stand-in-batch'),
    });
    expect(r.status).toBe(200);
    expect(r.body.data.succeeded).toBe(2);
    expect(received).toHaveLength(2);
    checkRequest(received[1], 'image/jpeg', 'terpenes');
    const d = r.body.data.results[0].data;
    expect(d.engine).toBe('vision');
    expect(d.terpenes).toEqual([
      { name: 'caryophyllene', percentage: 1.12 },
      { name: 'limonene', percentage: 0.88 },
    ]);
    expect([d.brand, d.category, d.testDate, d.labName, d.totalCannabinoidsPct]).toEqual(['Raw Garden', 'Concentrate', '2026-09-12', 'SC Labs', 84.6]);
    expect(d.strain?.slug).toBe('gelato');
  });
});
