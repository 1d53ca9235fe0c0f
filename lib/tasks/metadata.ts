import type { Queryable } from '../db';
import { logger } from '../log';
import { writeMetadata } from './store';
import type { MetadataPort } from './types';

/**
 * Metadata kept in memory for `get` and written to the run row on every `set`, in order (each
 * write stores the whole object as it was at that `set`, so a reader never sees a change undone).
 * A failed write is logged and does not fail the task; `flush` waits for all earlier writes.
 */
export class DbMetadataPort implements MetadataPort {
  private readonly data: Record<string, unknown>;
  private chain: Promise<void> = Promise.resolve();
  private closed = false;

  constructor(
    private readonly db: Queryable,
    private readonly runId: string,
    initial: Record<string, unknown> = {},
  ) {
    this.data = { ...initial };
  }

  set(key: string, value: unknown): MetadataPort {
    if (this.closed) return this;
    this.data[key] = value;
    const snapshot = structuredClone(this.data);
    this.chain = this.chain.then(() =>
      writeMetadata(this.db, this.runId, snapshot).then(
        () => undefined,
        (e: unknown) => logger().warn({ runId: this.runId, err: e instanceof Error ? e.message : String(e) }, 'metadata write failed'),
      ),
    );
    return this;
  }

  get(key: string): unknown {
    return this.data[key];
  }

  snapshot(): Record<string, unknown> {
    return structuredClone(this.data);
  }

  flush(): Promise<void> {
    return this.chain;
  }

  /** Stop writing (the run has finished; a task that ignored its abort signal cannot change it). */
  close(): void {
    this.closed = true;
  }
}

/** Metadata held only in memory (benchmarks, direct calls of a run function). */
export class MemoryMetadataPort implements MetadataPort {
  readonly data: Record<string, unknown> = {};
  readonly history: Record<string, unknown>[] = [];
  set(key: string, value: unknown): MetadataPort {
    this.data[key] = value;
    this.history.push(structuredClone(this.data));
    return this;
  }
  get(key: string): unknown {
    return this.data[key];
  }
  async flush(): Promise<void> {}
}
