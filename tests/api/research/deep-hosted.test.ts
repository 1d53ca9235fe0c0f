import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { POST as start } from '@/app/api/v1/research/deep/route';
import { GET as getRun } from '@/app/api/v1/research/deep/[runId]/route';
import { extractContext } from '@/lib/ai/local-model';
import { ready } from '@/lib/bootstrap';
import { localRunner, signRunToken } from '@/lib/tasks';
import { authHeader, call } from '@/tests/helpers/route';

const ENV_KEYS = ['AI_PROVIDER', 'OPENAI_API_KEY', 'OPENAI_BASE_URL', 'OPENAI_MODEL'] as const;
const saved = Object.fromEntries(ENV_KEYS.map((k) => [k, process.env[k]]));

interface Received {
  path: string;
  body: any;
}

/** A chat-completions stand-in: answers with a report citing one real source (in three spellings) and two invented ones. */
function chatServer() {
  const received: Received[] = [];
  let fail = false;
  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (c) => (raw += c));
    req.on('end', () => {
      const body = JSON.parse(raw);
      received.push({ path: req.url ?? '', body });
      if (fail) {
        res.writeHead(500, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ error: { message: 'model overloaded', type: 'server_error' } }));
        return;
      }
      const user = body.messages.find((m: { role: string }) => m.role === 'user');
      const text = typeof user.content === 'string' ? user.content : user.content.map((p: { text: string }) => p.text).join('');
      const ctx = extractContext([{ role: 'user', content: [{ type: 'text', text }] }]) as { sources: Array<{ id: string; title: string }> };
      const paper = ctx.sources.find((s) => s.id.startsWith('paper:'))!;
      const report = {
        summary: 'A short brief.',
        sections: [
          {
            heading: 'Findings',
            body: `See [${paper.id}] and [paper:invented-2099-paper].`,
            citations: [paper.id, `[${paper.id}]`, paper.id.replace('paper:', '').toUpperCase(), 'paper:invented-2099-paper'],
          },
          { heading: 'More', body: 'Nothing else.', citations: ['strain:no-such-strain'] },
        ],
      };
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({
          id: 'chatcmpl-1',
          object: 'chat.completion',
          created: 1,
          model: body.model,
          choices: [{ index: 0, message: { role: 'assistant', content: JSON.stringify(report) }, finish_reason: 'stop' }],
          usage: { prompt_tokens: 900, completion_tokens: 100, total_tokens: 1000 },
        }),
      );
    });
  });
  return {
    received,
    setFail: (v: boolean) => (fail = v),
    start: () => new Promise<string>((resolve) => server.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`))),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const server = chatServer();
let baseUrl = '';
beforeAll(async () => {
  await ready();
  baseUrl = await server.start();
}, 180_000);
afterAll(() => server.close());
afterEach(() => {
  for (const k of ENV_KEYS) {
    if (saved[k] === undefined) delete process.env[k];
    else process.env[k] = saved[k];
  }
});

async function runOnce(user: string) {
  const r = await call(start, {
    path: '/api/v1/research/deep',
    method: 'POST',
    body: { question: 'What do papers say about myrcene and sleep?' },
    headers: await authHeader(user),
  });
  expect(r.status).toBe(202);
  await localRunner().drain();
  const runId = r.body.data.runId;
  return (await call(getRun, { path: `/api/v1/research/deep/${runId}`, params: { runId }, headers: { authorization: `Bearer ${await signRunToken(runId)}` } })).body.data;
}

describe('deep research with an OpenAI-compatible model', () => {
  it('sends the sources to the model and keeps only citations that name them', async () => {
    Object.assign(process.env, { AI_PROVIDER: 'openai-compatible', OPENAI_BASE_URL: baseUrl, OPENAI_MODEL: 'llama3.1:8b' });
    server.setFail(false);
    server.received.splice(0);
    const run = await runOnce('hosted-user-1');
    expect(run.status).toBe('COMPLETED');
    expect(server.received).toHaveLength(1);
    const req = server.received[0];
    expect(req.path).toBe('/v1/chat/completions');
    expect(req.body.model).toBe('llama3.1:8b');
    expect(req.body.response_format?.json_schema?.name).toBe('deep-research-report');
    expect(req.body.messages[0].role).toBe('system');
    expect(req.body.messages[0].content).toMatch(/never cite anything else/);
    const out = run.output;
    const ids = new Set(out.sources.map((s: any) => s.id));
    const paper = out.sources.find((s: any) => s.kind === 'paper');
    expect(out.sections[0].citations).toEqual([paper.id]);
    expect(out.sections[0].body).toBe(`See [${paper.id}] and .`);
    expect(out.sections[1].citations).toEqual([]);
    for (const s of out.sections) for (const c of s.citations) expect(ids.has(c)).toBe(true);
    expect(run.metadata).toMatchObject({ engine: 'openai-compatible', citationsDropped: 3, citationsRepaired: 2 });
  });

  it('falls back to the local writer when the model fails, and still completes', async () => {
    Object.assign(process.env, { AI_PROVIDER: 'openai-compatible', OPENAI_BASE_URL: baseUrl });
    server.setFail(true);
    const run = await runOnce('hosted-user-2');
    expect(run.status).toBe('COMPLETED');
    expect(run.metadata.engine).toBe('local-fallback');
    expect(run.output.sections.length).toBeGreaterThanOrEqual(3);
    expect(run.output.summary).toMatch(/sources were read/);
  });
});
