import { EventSourceParserStream, type EventSourceMessage } from 'eventsource-parser/stream';
import { apiErrorFromResponse } from './errors';
import type { Connection } from './connection';

/**
 * Server-sent events over fetch (EventSource can send neither a body nor an Authorization
 * header). A non-2xx answer (validation, auth, the 503 "streaming unavailable") throws an ApiError
 * before any event; `: ping` heartbeats never surface; aborting `signal` ends the iteration and
 * closes the connection, which makes the server stop generating.
 */
export interface SseRequest {
  method?: 'GET' | 'POST';
  body?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

export async function* sseMessages(conn: Connection, path: string, r: SseRequest = {}): AsyncGenerator<EventSourceMessage> {
  const headers = await conn.headers({ accept: 'text/event-stream', ...r.headers });
  if (r.body !== undefined) headers.set('content-type', 'application/json');
  const res = await conn.fetch(conn.url(path), {
    method: r.method ?? (r.body !== undefined ? 'POST' : 'GET'),
    headers,
    body: r.body !== undefined ? JSON.stringify(r.body) : undefined,
    signal: r.signal,
  });
  if (!res.ok || !res.body) throw await apiErrorFromResponse(res);
  yield* messagesOf(res.body, r.signal);
}

/** Parse an SSE body into messages (exported for callers that make the request themselves). */
export async function* messagesOf(body: ReadableStream<Uint8Array>, signal?: AbortSignal): AsyncGenerator<EventSourceMessage> {
  const reader = body
    .pipeThrough(new TextDecoderStream() as unknown as TransformStream<Uint8Array, string>)
    .pipeThrough(new EventSourceParserStream())
    .getReader();
  try {
    for (;;) {
      if (signal?.aborted) return;
      const { value, done } = await reader.read();
      if (done) return;
      yield value;
    }
  } finally {
    // Leaving the loop early (break, return, abort) closes the connection.
    await reader.cancel().catch(() => {});
  }
}

/** A message's JSON data, or undefined when it is not JSON. */
export function parseData<T>(m: EventSourceMessage): T | undefined {
  try {
    return JSON.parse(m.data) as T;
  } catch {
    return undefined;
  }
}
