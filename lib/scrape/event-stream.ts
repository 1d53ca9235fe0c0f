/**
 * Event streams (docs/menus.md, eleventh round): a menu sent to the page as Server-Sent Events
 * (`text/event-stream`: named events, Hotwire Turbo Streams, one product per message), often left
 * open after the last product with heartbeat comments. A fetch — the crawl's, or the browser's
 * request performed for Chromium (browser-guard.ts), which can only hand the page a whole body —
 * would wait for the end of a stream that never ends and time out. So an event stream is read
 * until it ends, until no event has come for `quietMs` (comment lines such as `: heartbeat` are
 * not events), or for `maxMs` at most, and what arrived is the body: the page's EventSource reads
 * every event of it, then sees the stream close.
 */

export const EVENT_STREAM = /^text\/event-stream\b/i;

export interface StreamWindow {
  maxBytes: number;
  /** Stop after this long without a new event (after the first one). */
  quietMs: number;
  /** Stop after this long in all. */
  maxMs: number;
}

export const STREAM_WINDOW = { quietMs: 1_500, maxMs: 8_000 };

/** Whether a piece of an event stream carries an event (a `data:` line), not only comments or `retry:`. */
export const hasEvent = (text: string): boolean => /(^|\n)data:/.test(text);

/** Reads an event stream within the window (see above); the body read and whether it was cut short. */
export async function readEventStream(body: ReadableStream<Uint8Array>, w: StreamWindow): Promise<{ body: Buffer; truncated: boolean }> {
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  const start = Date.now();
  let total = 0;
  let lastEvent = 0;
  let truncated = false;
  const dec = new TextDecoder();
  for (;;) {
    const now = Date.now();
    const left = Math.min(w.maxMs - (now - start), lastEvent ? w.quietMs - (now - lastEvent) : w.maxMs);
    if (left <= 0) {
      truncated = true;
      break;
    }
    let timer: NodeJS.Timeout | undefined;
    const next = await Promise.race([reader.read(), new Promise<'wait'>((r) => (timer = setTimeout(() => r('wait'), left)))]);
    clearTimeout(timer);
    if (next === 'wait') continue;
    if (next.done) break;
    const value = next.value;
    if (total + value.byteLength > w.maxBytes) {
      chunks.push(value.subarray(0, w.maxBytes - total));
      truncated = true;
      break;
    }
    chunks.push(value);
    total += value.byteLength;
    if (hasEvent(dec.decode(value, { stream: true }))) lastEvent = Date.now();
  }
  if (truncated) await reader.cancel().catch(() => undefined);
  return { body: Buffer.concat(chunks), truncated };
}
