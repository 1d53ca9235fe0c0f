import os from 'node:os';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ready } from '@/lib/bootstrap';
import type { Db } from '@/lib/db';
import { LocalRunner } from '@/lib/tasks/local-runner';
import { getRunRow } from '@/lib/tasks/store';
import { recoverOrphanedRuns, type Instance } from '@/lib/tasks/instance';
import { TaskFailure, type TaskDefinition } from '@/lib/tasks/types';

let db: Db;
beforeAll(async () => {
  db = await ready();
});
afterEach(() => {
  delete process.env.TASK_CONCURRENCY;
});

async function settled(id: string, ms = 5000) {
  const t = Date.now();
  for (;;) {
    const r = await getRunRow(db, id);
    if (r && !['QUEUED', 'EXECUTING'].includes(r.status)) return r;
    if (Date.now() - t > ms) throw new Error(`run ${id} still ${r?.status}`);
    await new Promise((res) => setTimeout(res, 10));
  }
}

const Input = z.object({ n: z.number() });
function task(id: string, run: TaskDefinition<{ n: number }, unknown>['run'], extra: Partial<TaskDefinition<{ n: number }, unknown>> = {}) {
  return { id, schema: Input, run, ...extra } satisfies TaskDefinition<{ n: number }, unknown>;
}

describe('local runner', () => {
  it('runs a task, persists every metadata change and the output', async () => {
    const runner = new LocalRunner(() => ready());
    const seen: number[] = [];
    const def = task('t-ok', async (input, ctx) => {
      ctx.metadata.set('progress', 10).set('stage', 'a');
      await ctx.metadata.flush();
      const mid = await getRunRow(db, ctx.runId);
      seen.push(mid!.metadataVersion);
      expect(mid!.status).toBe('EXECUTING');
      expect(mid!.metadata).toEqual({ progress: 10, stage: 'a' });
      ctx.metadata.set('progress', 100);
      return { doubled: input.n * 2 };
    });
    const { runId, deduplicated } = await runner.start(def, { n: 21 }, {});
    expect(deduplicated).toBe(false);
    expect(runId).toMatch(/^run_[a-z2-7]{20}$/);
    const r = await settled(runId);
    expect(r.status).toBe('COMPLETED');
    expect(r.output).toEqual({ doubled: 42 });
    expect(r.metadata).toEqual({ progress: 100, stage: 'a' });
    expect(seen[0]).toBe(2); // EXECUTING, then two sets in one tick → one write
    expect(r.metadataVersion).toBe(4); // + the last set + the finish
    const events = await db.query<{ version: number; status: string }>('SELECT version, status FROM task_run_events WHERE run_id = $1 ORDER BY version', [runId]);
    expect(events.rows.map((e) => `${e.version}:${e.status}`)).toEqual(['1:EXECUTING', '2:EXECUTING', '3:EXECUTING', '4:COMPLETED']);
    expect(r.payload).toEqual({ n: 21 });
  });

  it('rejects a payload that fails the task schema', async () => {
    const runner = new LocalRunner(() => ready());
    await expect(
      runner.start(
        task('t-bad', async () => 1),
        { n: 'x' },
        {},
      ),
    ).rejects.toMatchObject({ code: 'BAD_REQUEST' });
  });

  it.each([
    ['TaskFailure keeps its code', () => new TaskFailure('MENU_NOT_ACCESSIBLE', 'refused'), 'MENU_NOT_ACCESSIBLE', 'refused'],
    ['plain error', () => new Error('boom'), 'TASK_FAILED', 'boom'],
  ])('a throwing task ends FAILED (%s)', async (_n, make, code, message) => {
    const runner = new LocalRunner(() => ready());
    const { runId } = await runner.start(
      task('t-fail', async () => {
        throw make();
      }),
      { n: 1 },
      {},
    );
    const r = await settled(runId);
    expect(r.status).toBe('FAILED');
    expect(r.error).toEqual({ code, message });
    expect(r.output).toBeNull();
  });

  it('times out through the AbortSignal and records the task timeout code, even if the task ignores it', async () => {
    const runner = new LocalRunner(() => ready());
    let aborted = false;
    const def = task(
      't-slow',
      (_i, ctx) =>
        new Promise((resolve) => {
          ctx.signal.addEventListener('abort', () => (aborted = true));
          setTimeout(() => resolve('late'), 1500);
        }),
      { timeoutMs: 80, timeoutCode: 'SCAN_TIMEOUT' },
    );
    const t = Date.now();
    const { runId } = await runner.start(def, { n: 1 }, {});
    const r = await settled(runId);
    expect(Date.now() - t).toBeLessThan(1400);
    expect(r.status).toBe('TIMED_OUT');
    expect(r.error?.code).toBe('SCAN_TIMEOUT');
    expect(aborted).toBe(true);
    await runner.drain();
    expect((await getRunRow(db, runId))!.status).toBe('TIMED_OUT'); // the late result changed nothing
  });

  it('never runs more than TASK_CONCURRENCY tasks at once; the rest wait QUEUED', async () => {
    process.env.TASK_CONCURRENCY = '2';
    const runner = new LocalRunner(() => ready());
    let running = 0;
    let peak = 0;
    const gates: Array<() => void> = [];
    const def = task('t-conc', async () => {
      running++;
      peak = Math.max(peak, running);
      await new Promise<void>((res) => gates.push(res));
      running--;
      return null;
    });
    const ids = await Promise.all([1, 2, 3, 4].map((n) => runner.start(def, { n }, {})));
    await new Promise((res) => setTimeout(res, 100));
    const statuses = await Promise.all(ids.map(async ({ runId }) => (await getRunRow(db, runId))!.status));
    expect(statuses.filter((s) => s === 'EXECUTING')).toHaveLength(2);
    expect(statuses.filter((s) => s === 'QUEUED')).toHaveLength(2);
    while (gates.length || running) {
      gates.splice(0).forEach((g) => g());
      await new Promise((res) => setTimeout(res, 20));
    }
    await runner.drain();
    expect(peak).toBe(2);
    for (const { runId } of ids) expect((await settled(runId)).status).toBe('COMPLETED');
  });

  it('one active run per idempotency key, enforced by the database, then a new run once it finished', async () => {
    const runner = new LocalRunner(() => ready());
    const other = new LocalRunner(() => ready()); // a second "instance" racing on the same table
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const def = task('t-idem', async () => {
      await gate;
      return 'done';
    });
    const [a, b] = await Promise.all([runner.start(def, { n: 1 }, { idempotencyKey: 'k1' }), other.start(def, { n: 1 }, { idempotencyKey: 'k1' })]);
    expect(a.runId).toBe(b.runId);
    expect([a.deduplicated, b.deduplicated].sort()).toEqual([false, true]);
    const count = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM task_runs WHERE idempotency_key = 'k1'`);
    expect(count.rows[0].n).toBe(1);
    release();
    await settled(a.runId);
    const c = await runner.start(def, { n: 1 }, { idempotencyKey: 'k1' });
    expect(c.deduplicated).toBe(false);
    expect(c.runId).not.toBe(a.runId);
    await settled(c.runId);
  });
});

describe('heartbeat', () => {
  it('keeps the rows of a long run fresh while it executes', async () => {
    process.env.TASK_HEARTBEAT_MS = '40';
    try {
      const runner = new LocalRunner(() => ready());
      let release!: () => void;
      const gate = new Promise<void>((r) => (release = r));
      const { runId } = await runner.start(
        task('t-beat', () => gate.then(() => 1)),
        { n: 1 },
        {},
      );
      await new Promise((r) => setTimeout(r, 30));
      const first = await db.query<{ beat: Date }>('SELECT heartbeat_at AS beat FROM task_runs WHERE id = $1', [runId]);
      await new Promise((r) => setTimeout(r, 250));
      const later = await db.query<{ beat: Date }>('SELECT heartbeat_at AS beat FROM task_runs WHERE id = $1', [runId]);
      expect(new Date(later.rows[0].beat).getTime()).toBeGreaterThan(new Date(first.rows[0].beat).getTime());
      release();
      await runner.drain();
    } finally {
      delete process.env.TASK_HEARTBEAT_MS;
    }
  });
});

describe('start-up recovery', () => {
  const self: Instance = { id: 'me-instance', pid: process.pid, host: os.hostname() };
  async function insert(id: string, o: { pid: number; host: string; instance: string; beatAgoMs: number; status?: string; runner?: string; deadlineAgoMs?: number | null }) {
    await db.query(
      `INSERT INTO task_runs (id, task_identifier, status, runner, owner_pid, owner_host, instance_id, heartbeat_at, deadline_at, timeout_code)
       VALUES ($1, 'shopping-menu-scan', $2, $3, $4, $5, $6, now() - ($7::bigint * interval '1 millisecond'),
         CASE WHEN $8::bigint IS NULL THEN NULL ELSE now() - ($8::bigint * interval '1 millisecond') END, 'SCAN_TIMEOUT')`,
      [id, o.status ?? 'EXECUTING', o.runner ?? 'local', o.pid, o.host, o.instance, o.beatAgoMs, o.deadlineAgoMs ?? null],
    );
  }

  it('fails runs of dead owners, leaves live ones, times out wedged ones, releases trigger claims', async () => {
    const deadPid = 2 ** 22 - 3; // above the default pid_max: never alive
    await insert('r-dead-pid', { pid: deadPid, host: self.host, instance: 'old', beatAgoMs: 0 });
    await insert('r-reused-pid', { pid: process.pid, host: self.host, instance: 'previous-boot', beatAgoMs: 0, status: 'QUEUED' });
    await insert('r-other-host-live', { pid: 1, host: 'other-host', instance: 'x', beatAgoMs: 1000 });
    await insert('r-other-host-stale', { pid: 1, host: 'other-host', instance: 'y', beatAgoMs: 10 * 60_000 });
    await insert('r-mine', { pid: process.pid, host: self.host, instance: self.id, beatAgoMs: 0 });
    await insert('r-wedged', { pid: 1, host: 'other-host', instance: 'z', beatAgoMs: 0, deadlineAgoMs: 1000 });
    await insert('r-trigger-claim', { pid: 1, host: 'h', instance: 'q', beatAgoMs: 0, runner: 'trigger', deadlineAgoMs: 5 });
    await insert('r-trigger-live', { pid: 1, host: 'h', instance: 'q', beatAgoMs: 10 * 60_000, runner: 'trigger', deadlineAgoMs: -60_000 });

    const out = await recoverOrphanedRuns(db, self);
    expect(out).toEqual({ failed: 3, timedOut: 1, released: 1 });
    const st = async (id: string) => (await getRunRow(db, id))!;
    for (const id of ['r-dead-pid', 'r-reused-pid', 'r-other-host-stale']) {
      expect((await st(id)).status).toBe('FAILED');
      expect((await st(id)).error?.code).toBe('RUNNER_LOST');
    }
    expect((await st('r-other-host-live')).status).toBe('EXECUTING');
    expect((await st('r-mine')).status).toBe('EXECUTING');
    expect((await st('r-wedged')).status).toBe('TIMED_OUT');
    expect((await st('r-wedged')).error?.code).toBe('SCAN_TIMEOUT');
    expect((await st('r-trigger-claim')).status).toBe('COMPLETED');
    expect((await st('r-trigger-live')).status).toBe('EXECUTING');
    // idempotent
    expect(await recoverOrphanedRuns(db, self)).toEqual({ failed: 0, timedOut: 0, released: 0 });
  });
});

describe('pruneFinishedRuns', () => {
  it('deletes finished runs older than the limit with their events, keeps active and recent ones', async () => {
    const { pruneFinishedRuns } = await import('@/lib/tasks/store');
    await db.query(`INSERT INTO task_runs (id, task_identifier, status, finished_at) VALUES
      ('p-old', 't', 'COMPLETED', now() - interval '8 days'), ('p-new', 't', 'FAILED', now() - interval '1 day'),
      ('p-active', 't', 'EXECUTING', NULL)`);
    await db.query(`INSERT INTO task_run_events (run_id, version, status, metadata) VALUES ('p-old', 1, 'COMPLETED', '{}')`);
    expect(await pruneFinishedRuns(db)).toBe(1);
    const left = await db.query<{ id: string }>(`SELECT id FROM task_runs WHERE id LIKE 'p-%' ORDER BY id`);
    expect(left.rows.map((r) => r.id)).toEqual(['p-active', 'p-new']);
    expect((await db.query(`SELECT 1 FROM task_run_events WHERE run_id = 'p-old'`)).rowCount).toBe(0);
  });
});
