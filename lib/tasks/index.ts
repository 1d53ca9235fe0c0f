import { config } from '@/lib/config';
import type { Db } from '@/lib/db';
import { ApiError } from '@/lib/errors';
import { getTaskDefinition, registerTask, registeredTaskIds } from '@/lib/tasks/define';
import { LocalRunner } from '@/lib/tasks/local-runner';
import { getRunRow, listRunRows } from '@/lib/tasks/store';
import { TriggerRunner } from '@/lib/tasks/trigger-runner';
import type { RunRecord, RunStatus, RunView, StartOptions, StartResult, TaskRunner } from '@/lib/tasks/types';

export * from '@/lib/tasks/types';
export { registerTask, getTaskDefinition, registeredTaskIds };
export { recoverOrphanedRuns, currentInstance } from '@/lib/tasks/instance';
export { DbMetadataPort, MemoryMetadataPort } from '@/lib/tasks/metadata';
export { verifyRunGrant, verifyTriggerGrant, spendTriggerGrant, signRunToken, signTriggerToken, type RunGrant, type TriggerGrant } from '@/lib/tasks/tokens';
export { pruneFinishedRuns } from '@/lib/tasks/store';

async function db(): Promise<Db> {
  const { ready } = await import('@/lib/bootstrap');
  return ready();
}

const g = globalThis as unknown as { __ciLocalRunner?: LocalRunner; __ciTriggerRunner?: TriggerRunner };

export function localRunner(): LocalRunner {
  return (g.__ciLocalRunner ??= new LocalRunner(db));
}

/** TASK_RUNNER=trigger (needs TRIGGER_SECRET_KEY) or local (default). Read per call. */
export function runnerName(): 'local' | 'trigger' {
  return config().tasks.runner === 'trigger' ? 'trigger' : 'local';
}

export function taskRunner(): TaskRunner {
  if (runnerName() === 'trigger') return (g.__ciTriggerRunner ??= new TriggerRunner(db));
  return localRunner();
}

async function loadRegistry(): Promise<void> {
  await import('@/lib/tasks/registry');
}

/**
 * Start a registered task. Throws ApiError('TRIGGER_UNAVAILABLE') when it cannot start,
 * BAD_REQUEST when the payload fails the task's schema.
 */
export async function startTask(id: string, payload: unknown, opts: StartOptions = {}): Promise<StartResult> {
  await loadRegistry();
  const def = getTaskDefinition(id);
  if (!def) throw new ApiError('BAD_REQUEST', `Unknown task: ${id}`, { task: id, validTasks: registeredTaskIds() });
  try {
    return await taskRunner().start(def, payload, opts);
  } catch (e) {
    if (e instanceof ApiError) throw e;
    throw new ApiError('TRIGGER_UNAVAILABLE', undefined, undefined, { cause: e });
  }
}

export function toRunView(r: RunRecord): RunView {
  return {
    id: r.id,
    taskIdentifier: r.taskIdentifier,
    status: r.status,
    metadata: r.metadata,
    output: r.output,
    error: r.error,
    createdAt: r.createdAt,
    updatedAt: r.updatedAt,
  };
}

export async function getRun(runId: string): Promise<RunRecord | null> {
  return getRunRow(await db(), runId);
}

export async function listRuns(opts: { limit?: number; offset?: number; taskIdentifier?: string; status?: RunStatus } = {}): Promise<{ items: RunRecord[]; total: number }> {
  return listRunRows(await db(), { limit: Math.min(Math.max(opts.limit ?? 50, 1), 200), offset: opts.offset, taskIdentifier: opts.taskIdentifier, status: opts.status });
}
