import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { parseJsonEventStream, readUIMessageStream, uiMessageChunkSchema, type UIMessageChunk } from 'ai';
import { POST as chatPost } from '@/app/api/v1/chat/route';
import type { ChatUIMessage } from '@/lib/chat/types';
import { authHeader, call, type CallResult } from '@/tests/helpers/route';

/**
 * The stream read back the way `useChat` reads it: the AI SDK's own SSE chunk parser and schema
 * (`parseJsonEventStream` + `uiMessageChunkSchema`, as DefaultChatTransport does), then
 * `readUIMessageStream` assembling the UI message.
 */
export async function readChat(res: Response): Promise<{ message: ChatUIMessage; chunks: UIMessageChunk[]; firstTextMs: number | null }> {
  const started = performance.now();
  let firstTextMs: number | null = null;
  const chunks: UIMessageChunk[] = [];
  const stream = parseJsonEventStream({ stream: res.body!, schema: uiMessageChunkSchema }).pipeThrough(
    new TransformStream<{ success: boolean; value?: UIMessageChunk; error?: unknown }, UIMessageChunk>({
      transform(part, controller) {
        if (!part.success) throw part.error;
        const chunk = part.value!;
        if (chunk.type === 'text-delta' && firstTextMs === null) firstTextMs = performance.now() - started;
        chunks.push(chunk);
        controller.enqueue(chunk);
      },
    }),
  );
  let message: ChatUIMessage | undefined;
  for await (const m of readUIMessageStream<ChatUIMessage>({ stream, terminateOnError: true })) message = m;
  if (!message) throw new Error('no message in the stream');
  return { message, chunks, firstTextMs };
}

export const textPart = (text: string) => ({ type: 'text' as const, text });

export function userMessage(text: string, files: { mediaType: string; url: string }[] = []) {
  return { id: `u_${randomUUID()}`, role: 'user' as const, parts: [...files.map((f) => ({ type: 'file' as const, ...f })), textPart(text)] };
}

export async function send(
  conversationId: string,
  text: string,
  opts: { sub?: string; tier?: 'premium' | 'free'; files?: { mediaType: string; url: string }[] } = {},
): Promise<CallResult> {
  return call(chatPost, {
    path: '/api/v1/chat',
    headers: await authHeader(opts.sub ?? 'chat-user', opts.tier ?? 'premium'),
    body: { id: conversationId, message: userMessage(text, opts.files) },
  });
}

export async function ask(conversationId: string, text: string, opts: { sub?: string; files?: { mediaType: string; url: string }[] } = {}) {
  const r = await send(conversationId, text, opts);
  if (r.status !== 200) throw new Error(`chat answered ${r.status}: ${r.text}`);
  return { ...(await readChat(r.response)), response: r.response };
}

export const messageText = (m: ChatUIMessage) =>
  m.parts
    .filter((p) => p.type === 'text')
    .map((p) => (p as { text: string }).text)
    .join('');

export const toolParts = (m: ChatUIMessage) =>
  m.parts.filter((p) => p.type.startsWith('tool-')) as unknown as { type: string; state: string; input: Record<string, unknown>; output: Record<string, unknown> }[];

export async function pngDataUrl(seed = 1, size = 48): Promise<string> {
  const buf = await sharp({ create: { width: size, height: size, channels: 3, background: { r: (seed * 53) % 255, g: 120, b: 90 } } })
    .png()
    .toBuffer();
  return `data:image/png;base64,${buf.toString('base64')}`;
}
