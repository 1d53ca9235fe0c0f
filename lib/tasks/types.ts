import type { z } from 'zod';

/** Mirrors Trigger.dev's `metadata` (chained `set`); the local runner persists every change to the run row. */
export interface MetadataPort {
  set(key: string, value: unknown): MetadataPort;
  get(key: string): unknown;
  /** Resolves once every earlier change is stored. */
  flush(): Promise<void>;
}

export interface TaskContext {
  runId: string;
  metadata: MetadataPort;
  /** Aborted when the run times out (or the process shuts down). */
  signal: AbortSignal;
}

export interface TaskDefinition<I, O> {
  id: string;
  schema: z.ZodType<I>;
  run(input: I, ctx: TaskContext): Promise<O>;
  /** Time limit of one run; past it the run ends TIMED_OUT. */
  timeoutMs?: number;
  /** Error code recorded on a timed-out run (default TASK_TIMEOUT; the scan uses SCAN_TIMEOUT). */
  timeoutCode?: string;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a registry holds tasks of every input/output type
export type AnyTaskDefinition = TaskDefinition<any, any>;

export { RUN_STATUSES, type RunStatus, type RunError, type RunView, type RunRecord } from '@/lib/tasks/schemas';
import { type RunStatus } from '@/lib/tasks/schemas';
export const ACTIVE_STATUSES: readonly RunStatus[] = ['QUEUED', 'EXECUTING'];

export interface StartOptions {
  /** One active run per (task, key): a second start while one is QUEUED/EXECUTING returns it. */
  idempotencyKey?: string;
  tags?: string[];
}

export interface StartResult {
  runId: string;
  /** True when an active run with the same idempotency key already existed and was returned. */
  deduplicated: boolean;
}

/** A task runner: `local` (in-process, Postgres-backed) or `trigger` (Trigger.dev). */
export interface TaskRunner {
  readonly name: 'local' | 'trigger';
  start(def: AnyTaskDefinition, payload: unknown, opts: StartOptions): Promise<StartResult>;
  /** A token that lets its holder read one run (1 hour). */
  createRunToken(runId: string): Promise<string>;
  /** A one-time token that lets a client start one task (10 minutes). */
  createTriggerToken(taskId: string): Promise<string>;
}

/** Thrown inside a task to end the run FAILED with this code (e.g. MENU_NOT_ACCESSIBLE). */
export class TaskFailure extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'TaskFailure';
  }
}
