import { createParser, type EventSourceMessage } from 'eventsource-parser';
import { apiRequestInit, apiUrl, errorFrom, type ApiRequest } from '@/lib/client/api';

/**
 * POST (or GET) to an SSE endpoint with fetch and parse the stream with eventsource-parser:
 * EventSource cannot send a body or an Authorization header, fetch can. Resolves when the
 * stream ends; a non-2xx answer (validation, 503 unavailable) rejects before any event.
 */
export async function streamSse(path: string, o: ApiRequest & { onMessage: (m: EventSourceMessage) => void }): Promise<void> {
  const init = apiRequestInit(o);
  (init.headers as Record<string, string>).accept = 'text/event-stream';
  const res = await fetch(apiUrl(path, o.query), init);
  if (!res.ok || !res.body) throw await errorFrom(res);
  const parser = createParser({ onEvent: o.onMessage });
  const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      parser.feed(value);
    }
  } finally {
    reader.releaseLock();
  }
}

/** Parse a message's JSON data, or null for comments/heartbeats and malformed data. */
export function jsonData<T>(m: EventSourceMessage): T | null {
  try {
    return JSON.parse(m.data) as T;
  } catch {
    return null;
  }
}
