/**
 * Server-sent events: `event`/`id`/`data` framing, a `: ping` comment heartbeat (15 s by default),
 * and an AbortSignal that fires when the client disconnects so producers stop generating.
 */
import type { EventSink, EventStream } from '@/lib/events';

/** What an SSE producer writes to (lib/events.ts). */
export type SseWriter = EventSink;

export const SSE_HEADERS: Record<string, string> = {
  'Content-Type': 'text/event-stream; charset=utf-8',
  'Cache-Control': 'no-cache, no-transform',
  Connection: 'keep-alive',
  'X-Accel-Buffering': 'no',
};

export function formatSse(event: string, data: unknown, id?: string): string {
  const payload = typeof data === 'string' ? data : JSON.stringify(data);
  let out = `event: ${event}\n`;
  if (id !== undefined) out += `id: ${id}\n`;
  for (const line of payload.split('\n')) out += `data: ${line}\n`;
  return `${out}\n`;
}

export function sseResponse(
  produce: (w: SseWriter) => Promise<void>,
  opts: { requestSignal?: AbortSignal; heartbeatMs?: number; headers?: Record<string, string>; onError?: (e: unknown) => void } = {},
): Response {
  const encoder = new TextEncoder();
  const abort = new AbortController();
  let closed = false;
  let heartbeat: ReturnType<typeof setInterval> | undefined;

  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      const close = () => {
        if (closed) return;
        closed = true;
        if (heartbeat) clearInterval(heartbeat);
        try {
          controller.close();
        } catch {
          /* already closed */
        }
      };
      const enqueue = (s: string) => {
        if (closed) return;
        try {
          controller.enqueue(encoder.encode(s));
        } catch {
          closed = true;
          abort.abort();
        }
      };
      const writer: SseWriter = {
        send: (event, data, id) => enqueue(formatSse(event, data, id)),
        comment: (text) => enqueue(`: ${text}\n\n`),
        signal: abort.signal,
        get closed() {
          return closed;
        },
      };
      opts.requestSignal?.addEventListener('abort', () => abort.abort(), { once: true });
      heartbeat = setInterval(() => writer.comment('ping'), opts.heartbeatMs ?? 15_000);
      produce(writer)
        .catch((e) => opts.onError?.(e))
        .finally(close);
    },
    cancel() {
      closed = true;
      if (heartbeat) clearInterval(heartbeat);
      abort.abort();
    },
  });
  return new Response(stream, { status: 200, headers: { ...SSE_HEADERS, ...opts.headers } });
}

/** Serve a domain module's event stream (lib/events.ts) as server-sent events until it ends or the request is aborted. */
export function eventStreamResponse(stream: EventStream, requestSignal: AbortSignal): Response {
  return sseResponse((w) => stream.produce(w), { requestSignal, heartbeatMs: stream.heartbeatMs, onError: stream.onError });
}
