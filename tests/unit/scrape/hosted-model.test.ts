import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { scrapeMenu } from '@/lib/scrape';
import { startFixtureServer, type FixtureServer } from '@/tests/fixtures/dispensaries/server';

// The AI step through the configured provider (lib/ai/provider): an OpenAI-compatible
// chat-completions server on loopback stands in for the hosted model.
type Body = { model: string; messages: Array<{ role: string; content: unknown }>; response_format?: { type: string; json_schema?: { name?: string; schema?: unknown } } };
const received: Body[] = [];
let llm: http.Server;
let llmUrl = '';
let fixtures: FixtureServer;
let answer: (body: Body) => { status: number; content?: string } = () => ({ status: 500 });

beforeAll(async () => {
  llm = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (c) => (raw += c));
    req.on('end', () => {
      const body = JSON.parse(raw) as Body;
      received.push(body);
      const a = answer(body);
      res.writeHead(a.status, { 'content-type': 'application/json' });
      res.end(
        a.status === 200
          ? JSON.stringify({
              id: 'chatcmpl-1',
              object: 'chat.completion',
              created: 1,
              model: body.model,
              choices: [{ index: 0, message: { role: 'assistant', content: a.content }, finish_reason: 'stop' }],
              usage: { prompt_tokens: 100, completion_tokens: 20, total_tokens: 120 },
            })
          : JSON.stringify({ error: { message: 'overloaded', type: 'server_error' } }),
      );
    });
  });
  await new Promise<void>((r) => llm.listen(0, '127.0.0.1', r));
  llmUrl = `http://127.0.0.1:${(llm.address() as AddressInfo).port}/v1`;
  fixtures = await startFixtureServer();
});
afterAll(async () => {
  await fixtures.close();
  await new Promise((r) => llm.close(r));
});
afterEach(() => {
  process.env.AI_PROVIDER = 'local';
  delete process.env.OPENAI_BASE_URL;
  delete process.env.OPENAI_MODEL;
  delete process.env.SCAN_ALLOW_PRIVATE_NETWORKS;
  received.length = 0;
});

function useHostedModel() {
  process.env.SCAN_ALLOW_PRIVATE_NETWORKS = 'true';
  process.env.AI_PROVIDER = 'openai-compatible';
  process.env.OPENAI_BASE_URL = llmUrl;
  process.env.OPENAI_MODEL = 'menu-reader-test';
}

describe('AI extraction with the configured provider', () => {
  it('sends the page text with a products JSON schema and uses what the model returns', async () => {
    useHostedModel();
    answer = () => ({
      status: 200,
      content: JSON.stringify({
        products: [
          { name: 'OMC - Blue Dream 3.5g', brand: 'OMC', category: 'Flower', price: '$35.00', weight: '3.5g', thcPct: 24.1, cbdPct: null, strainType: 'hybrid', url: null },
          { name: 'CBD Relief Balm 1oz', brand: "Mary's Medicinals", category: 'Topical', price: '$38.00', weight: '1oz', thcPct: null, cbdPct: null, strainType: null, url: null },
        ],
      }),
    });
    const r = await scrapeMenu({ menuUrls: [fixtures.menuUrl('static')] });
    expect(r.extractionMethod).toBe('ai');
    expect(r.products.map((p) => [p.rawName, p.category, p.priceValue, p.weightGrams])).toEqual([
      ['OMC - Blue Dream 3.5g', 'Flower', 35, 3.5],
      ['CBD Relief Balm 1oz', 'Topical', 38, 28],
    ]);
    expect(received).toHaveLength(1);
    expect(received[0].model).toBe('menu-reader-test');
    expect(received[0].response_format?.type).toBe('json_schema');
    expect(JSON.stringify(received[0].response_format?.json_schema?.schema)).toContain('strainType');
    const prompt = JSON.stringify(received[0].messages);
    expect(prompt).toContain('Granddaddy Purple Smalls 7g');
    expect(prompt).toContain(`${fixtures.baseUrl}/static/product/f5`);
  });

  it('structured data is used before the model (no call for a JSON-LD page)', async () => {
    useHostedModel();
    answer = () => ({ status: 500 });
    const r = await scrapeMenu({ menuUrls: [fixtures.menuUrl('jsonld')] });
    expect(r.extractionMethod).toBe('json-ld');
    expect(received).toHaveLength(0);
  });

  it('a failing model falls back to the heuristic reader', async () => {
    useHostedModel();
    answer = () => ({ status: 500 });
    const r = await scrapeMenu({ menuUrls: [fixtures.menuUrl('static')] });
    expect(r.extractionMethod).toBe('heuristic');
    expect(r.products).toHaveLength(12);
    expect(received.length).toBeGreaterThanOrEqual(1);
  });

  it('the local provider never calls a model', async () => {
    process.env.SCAN_ALLOW_PRIVATE_NETWORKS = 'true';
    process.env.AI_PROVIDER = 'local';
    process.env.OPENAI_BASE_URL = llmUrl;
    const r = await scrapeMenu({ menuUrls: [fixtures.menuUrl('static')] });
    expect(r.extractionMethod).toBe('heuristic');
    expect(received).toHaveLength(0);
  });
});
