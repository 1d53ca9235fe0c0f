import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import { createUIMessageStream, createUIMessageStreamResponse } from 'ai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chatOnce, sendChatMessage, userMessage, type ChatMessage } from '@/packages/client/src/chat';
import { connection } from '@/packages/client/src';

/**
 * A local stand-in for POST /api/v1/chat (docs/contract.md §11), written with the AI SDK's own UI
 * message stream writer, so the helper is tested against the real protocol: text in deltas,
 * a tool call, citations in the final message metadata, the flat 401, an error chunk.
 */
let server: http.Server;
let base = '';
const seen: { auth: string | null; body: unknown }[] = [];

async function answer(req: http.IncomingMessage, res: http.ServerResponse) {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  const body = JSON.parse(Buffer.concat(chunks).toString() || 'null') as { id: string; message: ChatMessage };
  seen.push({ auth: req.headers.authorization ?? null, body });
  if (!req.headers.authorization) {
    res.writeHead(401, { 'content-type': 'application/json' });
    return res.end(JSON.stringify({ success: false, error: 'Missing bearer token', code: 'UNAUTHORIZED' }));
  }
  const text = body.message.parts.map((p) => (p.type === 'text' ? p.text : '')).join('');
  if (req.url === '/plain') {
    res.writeHead(200, { 'content-type': 'text/event-stream' });
    return res.end('data: {"type":"start"}\n\n');
  }
  const stream = createUIMessageStream({
    execute: ({ writer }) => {
      writer.write({ type: 'start', messageMetadata: { citations: [] } });
      if (req.url === '/failing') {
        writer.write({ type: 'error', errorText: 'model unavailable' });
        return;
      }
      writer.write({ type: 'tool-input-available', toolCallId: 't1', toolName: 'searchStrains', input: { q: text } });
      writer.write({ type: 'tool-output-available', toolCallId: 't1', output: [{ slug: 'blue-dream', name: 'Blue Dream' }] });
      writer.write({ type: 'text-start', id: 'a' });
      for (const w of ['Blue Dream ', 'is a ', 'myrcene-led hybrid.']) writer.write({ type: 'text-delta', id: 'a', delta: w });
      writer.write({ type: 'text-end', id: 'a' });
      writer.write({ type: 'finish', messageMetadata: { citations: [{ kind: 'strain', id: 'blue-dream', title: 'Blue Dream' }] } });
    },
  });
  const r = createUIMessageStreamResponse({ stream });
  res.writeHead(r.status, Object.fromEntries(r.headers));
  Readable.fromWeb(r.body! as import('node:stream/web').ReadableStream).pipe(res);
}

beforeAll(async () => {
  server = http.createServer((req, res) => void answer(req, res));
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

describe('chat stream helper (AI SDK UI message stream)', () => {
  it('yields the growing assistant message; the last one has the whole text, the tool call and the citations', async () => {
    const conn = connection({ baseUrl: base, token: 'user-jwt' });
    const msg = userMessage('Tell me about Blue Dream');
    const snapshots: string[] = [];
    let last: ChatMessage | undefined;
    for await (const m of sendChatMessage(conn, { id: '5b0c8a4e-0000-4000-8000-000000000001', message: msg }, { path: '/chat' })) {
      snapshots.push(m.parts.map((p) => (p.type === 'text' ? p.text : '')).join(''));
      last = m;
    }
    expect(seen.at(-1)).toMatchObject({ auth: 'Bearer user-jwt', body: { id: '5b0c8a4e-0000-4000-8000-000000000001', message: { role: 'user' } } });
    expect(last?.role).toBe('assistant');
    expect(snapshots.at(-1)).toBe('Blue Dream is a myrcene-led hybrid.');
    expect(snapshots.length).toBeGreaterThan(2);
    expect(last?.metadata?.citations).toEqual([{ kind: 'strain', id: 'blue-dream', title: 'Blue Dream' }]);
    expect(last?.parts.some((p) => p.type === 'tool-searchStrains' || p.type === 'dynamic-tool')).toBe(true);
  });

  it('chatOnce answers the final message; a user message carries its images as file parts', async () => {
    const conn = connection({ baseUrl: base, token: () => 'user-jwt' });
    const msg = userMessage('What is this?', [{ url: 'data:image/png;base64,iVBORw0KGgo=', mediaType: 'image/png' }]);
    expect(msg.parts).toEqual([
      { type: 'text', text: 'What is this?' },
      { type: 'file', url: 'data:image/png;base64,iVBORw0KGgo=', mediaType: 'image/png' },
    ]);
    const final = await chatOnce(conn, { id: '5b0c8a4e-0000-4000-8000-000000000002', message: msg }, { path: '/chat' });
    expect(final.metadata?.citations?.[0]?.kind).toBe('strain');
  });

  it('refuses: the flat 401 as ApiError UNAUTHORIZED, an error chunk as a thrown error, a stream without the UI message header', async () => {
    const run = async (conn: ReturnType<typeof connection>, path: string) => {
      for await (const m of sendChatMessage(conn, { id: 'x', message: userMessage('hi') }, { path })) void m;
    };
    await expect(run(connection({ baseUrl: base }), '/chat')).rejects.toMatchObject({ name: 'ApiError', status: 401, code: 'UNAUTHORIZED' });
    await expect(run(connection({ baseUrl: base, token: 't' }), '/failing')).rejects.toThrow(/model unavailable/);
    await expect(run(connection({ baseUrl: base, token: 't' }), '/plain')).rejects.toMatchObject({ code: 'UNEXPECTED_ANSWER' });
  });
});
