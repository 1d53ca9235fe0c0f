/**
 * The hosted paths (openai, openai-compatible) run the same streamText + Output.object call as
 * the local analyst: against the SDK's MockLanguageModelV3, and end to end against a local HTTP
 * server that speaks the chat-completions streaming format (a stand-in for OpenAI / Ollama).
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { simulateReadableStream } from 'ai';
import { MockLanguageModelV3 } from 'ai/test';
import { POST as batch } from '@/app/api/v1/notebooks/stream/batch/route';
import { POST as single } from '@/app/api/v1/notebooks/stream/[sectionKey]/route';
import { GET as health } from '@/app/api/v1/notebooks/stream/health/route';
import { extractContext } from '@/lib/ai/local-model';
import { setNotebookModelOverride } from '@/lib/notebooks/availability';
import { writeSection } from '@/lib/notebooks/local-analyst';
import { SECTION_SCHEMAS } from '@/lib/notebooks/schemas';
import { ready } from '@/lib/bootstrap';
import { MemoryStore, setLimitStore } from '@/lib/ratelimit';
import { authHeader, call } from '@/tests/helpers/route';
import { ORDER } from '@/tests/unit/notebooks/fixtures';
import { readSse, type Loose } from '@/tests/helpers/sse';

const ENV_KEYS = ['AI_PROVIDER', 'OPENAI_API_KEY', 'OPENAI_BASE_URL', 'OPENAI_MODEL'] as const;
const saved = Object.fromEntries(ENV_KEYS.map((k) => [k, process.env[k]]));
const unhandled: unknown[] = [];
const onUnhandled = (e: unknown) => unhandled.push(e);

// Migrating and seeding the in-memory catalog is slow on a loaded machine: not a test's time.
beforeAll(() => ready().then(() => undefined), 180_000);
beforeEach(() => setLimitStore(new MemoryStore()));
afterEach(() => {
  setNotebookModelOverride(null);
  for (const k of ENV_KEYS) {
    if (saved[k] === undefined) delete process.env[k];
    else process.env[k] = saved[k];
  }
  expect(unhandled).toEqual([]);
});

interface Received {
  path: string;
  headers: http.IncomingHttpHeaders;
  body: Loose;
}

/** A chat-completions server: answers each section with the analyst's JSON, in SSE chunks. */
function chatServer(opts: { failSection?: string } = {}) {
  const received: Received[] = [];
  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (c) => (raw += c));
    req.on('end', () => {
      const body = JSON.parse(raw);
      received.push({ path: req.url ?? '', headers: req.headers, body });
      const name: string = body.response_format?.json_schema?.name;
      if (name === opts.failSection) {
        res.writeHead(500, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ error: { message: 'model overloaded', type: 'server_error' } }));
        return;
      }
      const user = body.messages.find((m: { role: string }) => m.role === 'user');
      const text = typeof user.content === 'string' ? user.content : user.content.map((p: { text: string }) => p.text).join('');
      const context = extractContext([{ role: 'user', content: [{ type: 'text', text }] }]);
      const json = JSON.stringify(writeSection({ name, context, prompt: [] }));
      res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
      const chunk = (delta: object, finish: string | null = null) =>
        `data: ${JSON.stringify({ id: 'chatcmpl-1', object: 'chat.completion.chunk', created: 1, model: body.model, choices: [{ index: 0, delta, finish_reason: finish }] })}\n\n`;
      res.write(chunk({ role: 'assistant', content: '' }));
      for (let i = 0; i < json.length; i += 40) res.write(chunk({ content: json.slice(i, i + 40) }));
      res.write(chunk({}, 'stop'));
      res.write(
        `data: ${JSON.stringify({ id: 'chatcmpl-1', object: 'chat.completion.chunk', created: 1, model: body.model, choices: [], usage: { prompt_tokens: 900, completion_tokens: 300, total_tokens: 1200 } })}\n\n`,
      );
      res.end('data: [DONE]\n\n');
    });
  });
  return {
    received,
    start: () => new Promise<string>((resolve) => server.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`))),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe('MockLanguageModelV3 in place of a hosted model', () => {
  beforeAll(() => process.on('unhandledRejection', onUnhandled));

  it('receives the section schema, name and an order-specific prompt, and its chunks become partials', async () => {
    const calls: Loose[] = [];
    const mock = new MockLanguageModelV3({
      doStream: async (options) => {
        calls.push(options);
        const json = JSON.stringify(
          writeSection({
            name: options.responseFormat?.type === 'json' ? options.responseFormat.name : undefined,
            context: extractContext(options.prompt),
            prompt: options.prompt,
          }),
        );
        const chunks = json.match(/[\s\S]{1,25}/g)!;
        return {
          stream: simulateReadableStream({
            chunks: [
              { type: 'stream-start', warnings: [] },
              { type: 'text-start', id: 't' },
              ...chunks.map((delta) => ({ type: 'text-delta' as const, id: 't', delta })),
              { type: 'text-end', id: 't' },
              {
                type: 'finish',
                finishReason: { unified: 'stop', raw: 'stop' },
                usage: { inputTokens: { total: 10, noCache: 10, cacheRead: 0, cacheWrite: 0 }, outputTokens: { total: 5, text: 5, reasoning: 0 } },
              },
            ],
          }),
        };
      },
    });
    setNotebookModelOverride(() => mock);
    const r = await call(single, {
      path: '/api/v1/notebooks/stream/strain_comparisons',
      params: { sectionKey: 'strain_comparisons' },
      headers: await authHeader(),
      body: { ...ORDER, previousSections: { overview: { headline: 'earlier headline' }, bogus: 'ignored' } },
    });
    const { events } = await readSse(r.response);
    expect(events.filter((e) => e.event === 'partial').length).toBeGreaterThan(3);
    const done = events.at(-1)!;
    expect(done.event).toBe('complete');
    expect(SECTION_SCHEMAS.strain_comparisons.parse(done.data.data).comparisons.map((c) => c.strain)).toEqual(['Sour Diesel', 'Blue Dream', 'Granddaddy Purple']);

    expect(calls).toHaveLength(1);
    const opts = calls[0];
    expect(opts.responseFormat).toMatchObject({ type: 'json', name: 'strain_comparisons', schema: { type: 'object' } });
    expect(Object.keys(opts.responseFormat.schema.properties)).toEqual(['summary', 'comparisons', 'mostSimilarPair', 'mostDistinct']);
    expect(opts.prompt[0].role).toBe('system');
    const context = extractContext(opts.prompt) as Loose;
    expect(context.section).toBe('strain_comparisons');
    expect(context.analysis.items.map((i: { strainName: string }) => i.strainName)).toEqual(['Blue Dream', 'Sour Diesel', 'Granddaddy Purple']);
    expect(context.previousSections).toEqual({ overview: { headline: 'earlier headline' } });
    expect(opts.abortSignal).toBeInstanceOf(AbortSignal);
  });
});

describe('a local chat-completions server as the hosted model', () => {
  const server = chatServer({ failSection: 'flavor_profile' });
  let baseUrl = '';
  beforeAll(async () => {
    process.on('unhandledRejection', onUnhandled);
    baseUrl = await server.start();
  });
  afterAll(() => server.close());
  beforeEach(() => server.received.splice(0));

  it.each([
    ['openai-compatible', { AI_PROVIDER: 'openai-compatible', OPENAI_MODEL: 'llama3.1:8b' }, 'llama3.1:8b', 'Bearer not-needed'],
    ['openai', { OPENAI_API_KEY: 'sk-test-123' }, 'gpt-4o-mini', 'Bearer sk-test-123'],
  ])('%s: chat-completions request with the json schema, streamed back as section events', async (provider, vars, model, auth) => {
    Object.assign(process.env, { OPENAI_BASE_URL: baseUrl }, vars);
    delete process.env[provider === 'openai' ? 'AI_PROVIDER' : 'OPENAI_API_KEY'];
    const h = await call(health, { path: '/api/v1/notebooks/stream/health' });
    expect(h.body).toMatchObject({ available: true, provider });

    const r = await call(batch, { path: '/api/v1/notebooks/stream/batch', headers: await authHeader(), body: { sectionKeys: ['value_analysis', 'overview'], ...ORDER } });
    expect(r.status).toBe(200);
    const { events } = await readSse(r.response);
    const end = events.at(-1)!;
    expect(end.data).toMatchObject({ completedSections: 2, totalSections: 2 });
    expect(SECTION_SCHEMAS.value_analysis.parse(end.data.results.value_analysis).bestValue).toEqual({ strain: 'Sour Diesel', pricePerGram: 10 });
    expect(events.filter((e) => e.event === 'partial').length).toBeGreaterThan(2);

    expect(server.received).toHaveLength(2);
    const [first] = server.received;
    expect(first.path).toBe('/v1/chat/completions');
    expect(first.headers.authorization).toBe(auth);
    expect(first.body).toMatchObject({ model, stream: true, temperature: 0 });
    expect(first.body.response_format).toMatchObject({ type: 'json_schema', json_schema: { name: 'value_analysis', strict: expect.any(Boolean) } });
    expect(first.body.messages[0]).toMatchObject({ role: 'system' });
    expect(JSON.stringify(first.body.messages[1])).toContain('Sour Diesel');
    expect(server.received.map((x) => x.body.response_format.json_schema.name)).toEqual(['value_analysis', 'overview']);
    // The second section sees the first one's result as previousSections.
    const second = extractContext([{ role: 'user', content: [{ type: 'text', text: server.received[1].body.messages[1].content }] }]) as Loose;
    expect(second.previousSections.value_analysis.bestValue).toEqual({ strain: 'Sour Diesel', pricePerGram: 10 });
    expect((extractContext([{ role: 'user', content: [{ type: 'text', text: first.body.messages[1].content }] }]) as Loose).previousSections).toBeUndefined();
  });

  it('a server error for one section is an error event (after one retry); the batch goes on', async () => {
    Object.assign(process.env, { AI_PROVIDER: 'openai-compatible', OPENAI_BASE_URL: baseUrl });
    const r = await call(batch, { path: '/api/v1/notebooks/stream/batch', headers: await authHeader(), body: { sectionKeys: ['flavor_profile', 'consumption_guide'], ...ORDER } });
    const { events } = await readSse(r.response);
    const err = events.find((e) => e.event === 'error')!;
    expect(err.data).toMatchObject({ sectionKey: 'flavor_profile', overallProgress: 50, completedSections: 0 });
    expect(err.data.error).toMatch(/overloaded/);
    expect(events.at(-1)!.data).toMatchObject({ completedSections: 1 });
    expect(server.received.filter((x) => x.body.response_format.json_schema.name === 'flavor_profile')).toHaveLength(2);
  });
});
