import { parseJsonEventStream, readUIMessageStream, uiMessageChunkSchema, type UIMessage, type UIMessageChunk } from 'ai';
import type { Connection } from './connection';
import { ApiError, apiErrorFromResponse } from './errors';

/**
 * The chat assistant (DECISIONS §11): POST /chat answers the AI SDK UI message stream, so this
 * reads it with the AI SDK's own reader (`readUIMessageStream`) and yields the assistant message
 * as it grows; the last one carries `metadata.citations`. A page that uses React can use
 * `useChat` from @ai-sdk/react against the same route instead. Separate entry
 * (`@cannabis-intelligence/client/chat`) so apps without chat need not install `ai`.
 */
export interface Citation {
  kind: 'strain' | 'paper' | 'notebook';
  id: string;
  title: string;
}
export interface ChatMetadata {
  citations?: Citation[];
  [key: string]: unknown;
}
export type ChatMessage = UIMessage<ChatMetadata>;

export interface ChatRequest {
  /** The conversation's uuid (a new one starts a conversation). */
  id: string;
  /** Only the newest user message: the service keeps the history. */
  message: ChatMessage;
}

export const UI_MESSAGE_STREAM_HEADER = 'x-vercel-ai-ui-message-stream';

/** The UI message chunks of a response body (the SSE `data:` lines, validated by the AI SDK's schema). */
export function uiMessageChunks(body: ReadableStream<Uint8Array>): ReadableStream<UIMessageChunk> {
  return parseJsonEventStream({ stream: body, schema: uiMessageChunkSchema }).pipeThrough(
    new TransformStream({
      transform(part, ctl) {
        if (!part.success) throw part.error;
        ctl.enqueue(part.value as UIMessageChunk);
      },
    }),
  );
}

/** Send one message; yields the assistant's message after every chunk, the last one complete. */
export async function* sendChatMessage(conn: Connection, req: ChatRequest, o: { signal?: AbortSignal; path?: string } = {}): AsyncGenerator<ChatMessage> {
  const headers = await conn.headers({ 'content-type': 'application/json', accept: 'text/event-stream' });
  const res = await conn.fetch(conn.url(o.path ?? '/api/v1/chat'), { method: 'POST', headers, body: JSON.stringify(req), signal: o.signal });
  if (!res.ok || !res.body) throw await apiErrorFromResponse(res);
  if (res.headers.get(UI_MESSAGE_STREAM_HEADER) !== 'v1') {
    await res.body.cancel().catch(() => {});
    throw new ApiError(res.status, 'UNEXPECTED_ANSWER', `POST ${o.path ?? '/api/v1/chat'} did not answer a UI message stream (${UI_MESSAGE_STREAM_HEADER}: v1)`);
  }
  // terminateOnError: an `error` chunk from the server ends the iteration with that error.
  yield* readUIMessageStream<ChatMessage>({ stream: uiMessageChunks(res.body), terminateOnError: true });
}

/** Convenience: the final assistant message of one exchange. */
export async function chatOnce(conn: Connection, req: ChatRequest, o: { signal?: AbortSignal; path?: string } = {}): Promise<ChatMessage> {
  let last: ChatMessage | undefined;
  for await (const m of sendChatMessage(conn, req, o)) last = m;
  if (!last) throw new ApiError(0, 'STREAM_ENDED', 'The chat stream ended without a message');
  return last;
}

/** A user message with text and optional images (data URLs of image/jpeg|png|webp, at most 4). */
export function userMessage(text: string, images: { url: string; mediaType: 'image/jpeg' | 'image/png' | 'image/webp' }[] = [], id = randomId()): ChatMessage {
  return {
    id,
    role: 'user',
    parts: [{ type: 'text', text }, ...images.map((i) => ({ type: 'file' as const, url: i.url, mediaType: i.mediaType }))],
  };
}

function randomId(): string {
  return globalThis.crypto?.randomUUID?.() ?? `m-${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
}
