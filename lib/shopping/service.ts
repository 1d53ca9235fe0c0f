import { config } from '@/lib/config';
import type { Db } from '@/lib/db';
import { ApiError } from '@/lib/errors';
import type { EventStream } from '@/lib/events';
import { spendTriggerGrant, startTask, taskRunner, toRunView, type RunView, type TriggerGrant } from '@/lib/tasks';
import { getRunRow, listRunRows } from '@/lib/tasks/store';
import { runUpdates } from '@/lib/tasks/watch';
import { categoriesHash, scanKey } from '@/lib/shopping/domain';
import { resolveDomain } from '@/lib/shopping/scan-token';
import type { Product, ScanTaskInputParsed, ScanTaskOutput } from '@/lib/shopping/schemas';
import { SCAN_TASK_ID, scanTimeoutMs } from '@/lib/shopping/task';

/** GET /shopping/runs/:runId (the route builder checked the run-scoped token). */
export async function getRun(db: Db, runId: string): Promise<RunView> {
  const run = await getRunRow(db, runId);
  if (!run) throw ApiError.notFound('run', runId);
  return toRunView(run);
}

/** GET /shopping/runs/:runId/stream — SSE `update` events: current state, every change, the final state. */
export async function streamRun(db: Db, runId: string): Promise<EventStream> {
  if (!(await getRunRow(db, runId))) throw ApiError.notFound('run', runId);
  return runUpdates(db, runId, { pollMs: config().tasks.streamPollMs, maxMs: scanTimeoutMs() + 120_000 });
}

/**
 * POST /shopping/runs — the web client's counterpart of Trigger.dev's client-side trigger: a
 * one-time trigger token plus the task input start the scan (or join the one already running).
 */
export async function startRunWithTriggerToken(db: Db, input: ScanTaskInputParsed, grant: TriggerGrant): Promise<{ runId: string; publicAccessToken: string }> {
  const spent = await spendTriggerGrant(db, grant);
  let domain: string;
  try {
    domain = resolveDomain({ menuUrls: input.menuUrls, websiteDomain: input.websiteDomain });
  } catch (e) {
    await spent.release();
    throw e;
  }
  try {
    const { runId } = await startTask(
      SCAN_TASK_ID,
      { ...input, websiteDomain: domain },
      { idempotencyKey: scanKey(domain, categoriesHash(input.categories)), tags: [`domain:${domain}`.slice(0, 120)] },
    );
    await spent.bind(runId);
    return { runId, publicAccessToken: await taskRunner().createRunToken(runId) };
  } catch (e) {
    await spent.release(); // nothing started: the client may retry with the same token
    throw e;
  }
}

/** One finished scan of a user's, as other areas read it (deep research). */
export interface UserScan {
  runId: string;
  dispensaryName: string;
  websiteDomain: string;
  scannedAt: string;
  productsCount: number;
  matchedProducts: Product[];
}

/**
 * The user's own completed menu scans, newest first (the runs they started with their `userId`;
 * a scan answered from the cache or joined while another user's run was active is not theirs).
 */
export async function userScanHistory(db: Db, userId: string, limit = 10): Promise<UserScan[]> {
  const { items } = await listRunRows(db, { taskIdentifier: SCAN_TASK_ID, status: 'COMPLETED', payloadContains: { userId }, limit });
  const out: UserScan[] = [];
  for (const run of items) {
    const o = run.output as ScanTaskOutput | null;
    if (!o || typeof o !== 'object' || !o.success || !Array.isArray(o.matchedProducts)) continue;
    out.push({
      runId: run.id,
      dispensaryName: o.dispensaryName,
      websiteDomain: o.websiteDomain,
      scannedAt: o.scannedAt ?? run.updatedAt,
      productsCount: o.stats?.productsCount ?? o.products?.length ?? 0,
      matchedProducts: o.matchedProducts,
    });
  }
  return out;
}
