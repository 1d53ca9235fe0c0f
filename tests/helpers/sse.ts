import { createParser, type EventSourceMessage } from 'eventsource-parser';

/** Parsed JSON as tests read it (fields are asserted, not typed). */
export type Loose = any;

export interface ParsedEvent {
  event: string | undefined;
  id: string | undefined;
  data: Loose;
}

export interface ReadOptions {
  /** Stop reading (and cancel the body) once this returns true. */
  until?: (ev: ParsedEvent, all: ParsedEvent[]) => boolean;
  onComment?: (c: string) => void;
}

/** Read an SSE response body with eventsource-parser; JSON `data` is parsed. */
export async function readSse(res: Response, opts: ReadOptions = {}): Promise<{ events: ParsedEvent[]; bytes: number }> {
  const events: ParsedEvent[] = [];
  let stop = false;
  const parser = createParser({
    onEvent(m: EventSourceMessage) {
      const ev = { event: m.event, id: m.id, data: JSON.parse(m.data) };
      events.push(ev);
      if (opts.until?.(ev, events)) stop = true;
    },
    onComment: opts.onComment,
  });
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  let bytes = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    bytes += value.byteLength;
    parser.feed(decoder.decode(value, { stream: true }));
    if (stop) {
      await reader.cancel();
      break;
    }
  }
  return { events, bytes };
}
