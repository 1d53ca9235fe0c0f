import { randomBytes } from 'node:crypto';
import { config } from '@/lib/config';
import type { Db } from '@/lib/db';
import { ApiError } from '@/lib/errors';
import { logger } from '@/lib/log';
import { currentInstance, heartbeatMs, recoverOrphanedRuns } from '@/lib/tasks/instance';
import { DbMetadataPort } from '@/lib/tasks/metadata';
import { findActiveByKey, finishRun, heartbeat, insertRun, markExecuting } from '@/lib/tasks/store';
import { signRunToken, signTriggerToken } from '@/lib/tasks/tokens';
import { TaskFailure, type AnyTaskDefinition, type RunError, type StartOptions, type StartResult, type TaskRunner } from '@/lib/tasks/types';

/** `run_` + 20 lower-case base32-ish characters, like Trigger.dev's run ids. */
export function newRunId(): string {
  const alphabet = 'abcdefghijklmnopqrstuvwxyz234567';
  const bytes = randomBytes(20);
  let s = 'run_';
  for (const b of bytes) s += alphabet[b & 31];
  return s;
}

class TimeoutSignal extends Error {
  constructor(readonly ms: number) {
    super(`The run did not finish within ${ms} ms`);
  }
}

export function errorOf(e: unknown): RunError {
  if (e instanceof TaskFailure) return { code: e.code, message: e.message };
  if (e instanceof ApiError) return { code: e.code, message: e.message };
  const code = (e as { code?: unknown })?.code;
  if (e instanceof Error && typeof code === 'string' && /^[A-Z_]+$/.test(code)) return { code, message: e.message };
  return { code: 'TASK_FAILED', message: e instanceof Error ? e.message : String(e) };
}

/**
 * Runs tasks inside this process with at most TASK_CONCURRENCY (default 2) at once. The run row
 * and every metadata change live in Postgres, so any instance can answer about a run; a heartbeat
 * marks the rows this instance owns, and a sweep fails rows whose owner died.
 */
export class LocalRunner implements TaskRunner {
  readonly name = 'local' as const;
  private active = 0;
  private readonly waiting: Array<() => void> = [];
  private timer: ReturnType<typeof setInterval> | null = null;
  private readonly inflight = new Set<Promise<void>>();

  constructor(private readonly db: () => Promise<Db>) {}

  concurrency(): number {
    return config().tasks.concurrency;
  }

  async start(def: AnyTaskDefinition, payload: unknown, opts: StartOptions): Promise<StartResult> {
    const parsed = def.schema.safeParse(payload);
    if (!parsed.success) throw new ApiError('BAD_REQUEST', `Invalid input for task ${def.id}`, parsed.error.issues);
    const db = await this.db();
    const inst = currentInstance();
    // A conflicting active run can finish between our INSERT and SELECT: try again then.
    for (let attempt = 0; attempt < 5; attempt++) {
      const id = newRunId();
      const row = await insertRun(db, {
        id,
        taskIdentifier: def.id,
        runner: 'local',
        payload: parsed.data,
        idempotencyKey: opts.idempotencyKey ?? null,
        tags: opts.tags ?? [],
        ownerPid: inst.pid,
        ownerHost: inst.host,
        instanceId: inst.id,
        deadlineMs: null,
        timeoutCode: def.timeoutCode ?? null,
      });
      if (row) {
        this.track(this.execute(db, def, id, parsed.data));
        return { runId: id, deduplicated: false };
      }
      const existing = await findActiveByKey(db, def.id, opts.idempotencyKey!);
      if (existing) return { runId: existing.id, deduplicated: true };
    }
    throw new ApiError('TRIGGER_UNAVAILABLE', 'Could not claim a run slot');
  }

  createRunToken(runId: string): Promise<string> {
    return signRunToken(runId);
  }

  createTriggerToken(taskId: string): Promise<string> {
    return signTriggerToken(taskId);
  }

  /** Wait for every run this runner started (tests, graceful shutdown). */
  async drain(): Promise<void> {
    while (this.inflight.size) await Promise.allSettled([...this.inflight]);
  }

  private track(p: Promise<void>): void {
    this.inflight.add(p);
    this.ensureHeartbeat();
    void p.finally(() => {
      this.inflight.delete(p);
      if (!this.inflight.size && this.timer) {
        clearInterval(this.timer);
        this.timer = null;
      }
    });
  }

  private ensureHeartbeat(): void {
    if (this.timer) return;
    this.timer = setInterval(() => {
      void this.db()
        .then(async (db) => {
          await heartbeat(db, currentInstance().id);
          await recoverOrphanedRuns(db);
        })
        .catch((e: unknown) => logger().warn({ err: e instanceof Error ? e.message : String(e) }, 'task heartbeat failed'));
    }, heartbeatMs());
    this.timer.unref?.();
  }

  private async acquire(): Promise<void> {
    if (this.active < this.concurrency()) {
      this.active++;
      return;
    }
    await new Promise<void>((resolve) => this.waiting.push(resolve));
  }

  private release(): void {
    const next = this.waiting.shift();
    if (next)
      next(); // the slot passes straight to the next waiter
    else this.active--;
  }

  private async execute(db: Db, def: AnyTaskDefinition, runId: string, input: unknown): Promise<void> {
    await this.acquire();
    const log = logger().child({ runId, task: def.id });
    const timeoutMs = def.timeoutMs;
    const controller = new AbortController();
    const metadata = new DbMetadataPort(db, runId);
    let timer: ReturnType<typeof setTimeout> | undefined;
    try {
      if (!(await markExecuting(db, runId, timeoutMs ?? null))) return; // failed by a sweep meanwhile
      const timeout = new Promise<never>((_, reject) => {
        if (timeoutMs && timeoutMs > 0) {
          timer = setTimeout(() => {
            const err = new TimeoutSignal(timeoutMs);
            controller.abort(err);
            reject(err);
          }, timeoutMs);
        }
      });
      // The race ends the run on time even when a task ignores its signal.
      const output = await Promise.race([def.run(input, { runId, metadata, signal: controller.signal }), timeout]);
      await metadata.flush();
      metadata.close();
      await finishRun(db, runId, 'COMPLETED', { output: output ?? null, metadata: metadata.snapshot() });
    } catch (e) {
      await metadata.flush().catch(() => {});
      metadata.close();
      const ownTimeout = e instanceof TimeoutSignal || controller.signal.aborted;
      // A task that reports its own timeout code (a page that never answered) also ends TIMED_OUT.
      const reported = errorOf(e);
      const timedOut = ownTimeout || (def.timeoutCode !== undefined && reported.code === def.timeoutCode);
      const error = ownTimeout ? { code: def.timeoutCode ?? 'TASK_TIMEOUT', message: `The run did not finish within its time limit (${timeoutMs} ms)` } : reported;
      log.warn({ error }, timedOut ? 'task timed out' : 'task failed');
      await finishRun(db, runId, timedOut ? 'TIMED_OUT' : 'FAILED', {
        output: null,
        error,
        metadata: metadata.snapshot(),
      }).catch((err: unknown) => log.error({ err: err instanceof Error ? err.message : String(err) }, 'could not record run failure'));
    } finally {
      if (timer) clearTimeout(timer);
      this.release();
    }
  }
}
