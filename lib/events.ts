/**
 * Streams of named events as domain code returns them, free of HTTP: a producer writes to an
 * `EventSink`, and the route handler frames the stream as server-sent events with
 * lib/http/sse.ts (`eventStreamResponse`). Lower layers never build a Response themselves.
 */

/** Where a producer writes: an event (name, data, optional id) or a comment; `signal` fires when the reader has gone. */
export interface EventSink {
  send(event: string, data: unknown, id?: string): void;
  comment(text: string): void;
  readonly signal: AbortSignal;
  readonly closed: boolean;
}

/** A stream to be served: its producer, and the heartbeat and error handler it asks for. */
export interface EventStream {
  produce(sink: EventSink): Promise<void>;
  heartbeatMs?: number;
  onError?(e: unknown): void;
}
