import type { Queryable } from '@/lib/db';
import { logger } from '@/lib/log';
import { writeMetadata } from '@/lib/tasks/store';
import type { MetadataPort } from '@/lib/tasks/types';

/**
 * Metadata kept in memory for `get` and written to the run row after every change. Changes made
 * in the same tick are written together (a stage and its progress land as one update, so a
 * reader never sees a new stage with the old stage's progress); writes stay in order. A failed
 * write is logged and does not fail the task; `flush` waits until everything set is stored.
 */
export class DbMetadataPort implements MetadataPort {
  private readonly data: Record<string, unknown>;
  private chain: Promise<void> = Promise.resolve();
  private pending = false;
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
    this.data[key] = structuredClone(value);
    if (!this.pending) {
      this.pending = true;
      this.chain = this.chain.then(() => {
        this.pending = false;
        if (this.closed) return;
        return writeMetadata(this.db, this.runId, structuredClone(this.data)).then(
          () => undefined,
          (e: unknown) => logger().warn({ runId: this.runId, err: e instanceof Error ? e.message : String(e) }, 'metadata write failed'),
        );
      });
    }
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

/**
 * Metadata held only in memory (benchmarks, direct calls of a run function). `history` holds one
 * snapshot per tick with changes, like the rows DbMetadataPort writes.
 */
export class MemoryMetadataPort implements MetadataPort {
  readonly data: Record<string, unknown> = {};
  readonly history: Record<string, unknown>[] = [];
  private pending = false;
  set(key: string, value: unknown): MetadataPort {
    this.data[key] = structuredClone(value);
    if (!this.pending) {
      this.pending = true;
      queueMicrotask(() => {
        this.pending = false;
        this.history.push(structuredClone(this.data));
      });
    }
    return this;
  }
  get(key: string): unknown {
    return this.data[key];
  }
  async flush(): Promise<void> {}
}
