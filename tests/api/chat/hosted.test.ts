/**
 * The OpenAI-compatible path end to end: createOpenAI({ baseURL }).chat(model) against a local
 * stand-in chat-completions server. The server asks for a tool on the first step and answers on
 * the second; the test asserts what the service sent it: the tools, the tool call and its result,
 * the stored history of the conversation, and the image parts.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ready } from '@/lib/bootstrap';
import { MemoryStore, setLimitStore } from '@/lib/ratelimit';
import { GET as getConv } from '@/app/api/v1/chat/conversations/[id]/route';
import { authHeader, call } from '@/tests/helpers/route';
import { ask, messageText, pngDataUrl, send, toolParts } from '@/tests/api/chat/helpers';
import { parseJsonEventStream, uiMessageChunkSchema } from 'ai';

type Loose = any;
const ENV_KEYS = ['AI_PROVIDER', 'OPENAI_API_KEY', 'OPENAI_BASE_URL', 'OPENAI_MODEL'] as const;
const saved = Object.fromEntries(ENV_KEYS.map((k) => [k, process.env[k]]));

const received: Loose[] = [];
const ANSWER = '**Blue Dream** is a hybrid with THC 18% and myrcene in the lead, per the catalog.';

function chunk(model: string, delta: object, finish: string | null = null) {
  return `data: ${JSON.stringify({ id: 'chatcmpl-1', object: 'chat.completion.chunk', created: 1, model, choices: [{ index: 0, delta, finish_reason: finish }] })}\n\n`;
}

const server = http.createServer((req, res) => {
  let raw = '';
  req.on('data', (c) => (raw += c));
  req.on('end', () => {
    const body = JSON.parse(raw);
    received.push(body);
    const last = body.messages.at(-1);
    if (JSON.stringify(last.content).includes('overload me')) {
      res.writeHead(500, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: { message: 'model overloaded', type: 'server_error' } }));
      return;
    }
    res.writeHead(200, { 'content-type': 'text/event-stream' });
    const userText = typeof last.content === 'string' ? last.content : (last.content ?? []).map((p: Loose) => p.text ?? '').join('');
    if (last.role === 'user' && /tell me about/.test(userText)) {
      res.write(
        chunk(body.model, { role: 'assistant', content: null, tool_calls: [{ index: 0, id: 'call_1', type: 'function', function: { name: 'searchStrains', arguments: '' } }] }),
      );
      res.write(chunk(body.model, { tool_calls: [{ index: 0, function: { arguments: '{"query":"blue dream"}' } }] }));
      res.write(chunk(body.model, {}, 'tool_calls'));
    } else {
      const text = last.role === 'tool' ? ANSWER : 'I see a small green square; no label text is on it.';
      res.write(chunk(body.model, { role: 'assistant', content: '' }));
      for (let i = 0; i < text.length; i += 20) res.write(chunk(body.model, { content: text.slice(i, i + 20) }));
      res.write(chunk(body.model, {}, 'stop'));
    }
    res.end('data: [DONE]\n\n');
  });
});

beforeAll(async () => {
  await ready();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
}, 180_000);
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
beforeEach(() => {
  setLimitStore(new MemoryStore());
  Object.assign(process.env, {
    AI_PROVIDER: 'openai-compatible',
    OPENAI_BASE_URL: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`,
    OPENAI_MODEL: 'stand-in-model',
  });
});
afterEach(() => {
  for (const k of ENV_KEYS) {
    if (saved[k] === undefined) delete process.env[k];
    else process.env[k] = saved[k];
  }
});

describe('chat on an OpenAI-compatible server', () => {
  it('sends the tools, runs the tool call, sends its result back, then sends history and image parts', async () => {
    const sub = `hosted-${randomUUID()}`;
    const conv = randomUUID();
    const first = await ask(conv, 'tell me about blue dream', { sub });
    expect(received).toHaveLength(2);
    const [step1, step2] = received;
    expect(step1.model).toBe('stand-in-model');
    expect(step1.stream).toBe(true);
    expect(step1.tools.map((t: Loose) => t.function.name).sort()).toEqual(['getStrain', 'myNotebooks', 'recommendStrains', 'searchPapers', 'searchStrains', 'terpeneInfo']);
    expect(step1.messages[0].role).toBe('system');
    expect(step1.messages[0].content).toContain('Never invent a strain');
    expect(step1.messages.slice(1)).toEqual([{ role: 'user', content: 'tell me about blue dream' }]);
    // Step 2 carries the call and the catalog's answer to it.
    const call = step2.messages.find((m: Loose) => m.role === 'assistant');
    expect(call.tool_calls[0]).toMatchObject({ id: 'call_1', type: 'function', function: { name: 'searchStrains', arguments: '{"query":"blue dream"}' } });
    const result = step2.messages.find((m: Loose) => m.role === 'tool');
    expect(result.tool_call_id).toBe('call_1');
    expect(JSON.parse(result.content).results[0]).toMatchObject({ slug: 'blue-dream', name: 'Blue Dream', thc: 18 });

    expect(messageText(first.message)).toBe(ANSWER);
    expect(toolParts(first.message)[0]).toMatchObject({ type: 'tool-searchStrains', state: 'output-available' });
    expect(first.message.metadata).toMatchObject({ provider: 'openai-compatible', model: 'stand-in-model' });
    // Only Blue Dream is named in the answer, so only it is cited (it is a record the tool returned).
    expect(first.message.metadata?.citations).toEqual([{ kind: 'strain', id: 'blue-dream', title: 'Blue Dream' }]);

    // Turn two: the client sends only its newest message; the service supplies the history.
    const png = await pngDataUrl(3);
    const second = await ask(conv, 'and what is on this photo?', {
      sub,
      files: [
        { mediaType: 'image/png', url: png },
        { mediaType: 'image/png', url: png },
      ],
    });
    expect(received).toHaveLength(3);
    const step3 = received[2];
    expect(step3.messages.map((m: Loose) => m.role)).toEqual(['system', 'user', 'assistant', 'user']);
    expect(step3.messages[1].content).toBe('tell me about blue dream');
    expect(step3.messages[2].content).toBe(ANSWER);
    const parts = step3.messages[3].content;
    expect(parts[0]).toEqual({ type: 'text', text: 'and what is on this photo?' });
    expect(parts.filter((p: Loose) => p.type === 'image_url').map((p: Loose) => p.image_url.url)).toEqual([png, png]);
    expect(messageText(second.message)).toContain('no label text');
    expect(second.message.metadata?.citations).toEqual([]);
  });

  it('a failing model ends the stream with an error chunk (no server detail), and the question stays stored', async () => {
    const sub = `hosted-fail-${randomUUID()}`;
    const conv = randomUUID();
    const before = received.length;
    const r = await send(conv, 'please overload me', { sub });
    expect(r.status).toBe(200);
    const chunks: Loose[] = [];
    const reader = parseJsonEventStream({ stream: r.response.body!, schema: uiMessageChunkSchema }).getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value.success ? value.value : { parseError: true });
    }
    const error = chunks.find((c) => c.type === 'error');
    expect(error?.errorText).toBe('The assistant failed to answer; please try again.');
    expect(JSON.stringify(chunks)).not.toContain('model overloaded');
    // One retry (maxRetries 1), then the error.
    expect(received.length - before).toBe(2);
    const stored = await call(getConv, { path: `/api/v1/chat/conversations/${conv}`, params: { id: conv }, headers: await authHeader(sub) });
    expect(stored.body.data.messages[0].parts).toEqual([{ type: 'text', text: 'please overload me' }]);
  });
});
