import { envInt } from '../config/env';
import type { Db } from '../db';
import { ApiError } from '../http/errors';
import { sseResponse } from '../http/sse';
import { consumeTriggerToken, startTask, taskRunner, toRunView, verifyRunToken, type RunView } from '../tasks';
import { getRunRow } from '../tasks/store';
import { watchRun } from '../tasks/watch';
import { categoriesHash, scanKey } from './domain';
import { resolveDomain } from './scan-token';
import type { ScanTaskInputParsed } from './schemas';
import { SCAN_TASK_ID, scanTimeoutMs } from './task';

/** GET /shopping/runs/:runId — the bearer must be this run's access token. */
export async function getRunForToken(db: Db, runId: string, token: string | null): Promise<RunView> {
  await verifyRunToken(token, runId);
  const run = await getRunRow(db, runId);
  if (!run) throw ApiError.notFound('run', runId);
  return toRunView(run);
}

/** GET /shopping/runs/:runId/stream — SSE `update` events: current state, every change, the final state. */
export async function streamRunForToken(db: Db, runId: string, token: string | null, requestSignal: AbortSignal): Promise<Response> {
  await verifyRunToken(token, runId);
  if (!(await getRunRow(db, runId))) throw ApiError.notFound('run', runId);
  const pollMs = Math.max(20, envInt('RUN_STREAM_POLL_MS', 250));
  const maxMs = scanTimeoutMs() + 120_000;
  return sseResponse(
    async (w) => {
      for await (const run of watchRun(db, runId, { signal: w.signal, pollMs, maxMs })) {
        w.send('update', toRunView(run), String(run.metadataVersion));
      }
    },
    { requestSignal },
  );
}

/**
 * POST /shopping/runs — the web client's counterpart of Trigger.dev's client-side trigger: a
 * one-time trigger token plus the task input start the scan (or join the one already running).
 */
export async function startRunWithTriggerToken(db: Db, input: ScanTaskInputParsed, token: string | null): Promise<{ runId: string; publicAccessToken: string }> {
  const spent = await consumeTriggerToken(db, token, SCAN_TASK_ID);
  let domain: string;
  try {
    domain = resolveDomain({ menuUrls: input.menuUrls, websiteDomain: input.websiteDomain });
  } catch (e) {
    await spent.release();
    throw e;
  }
  try {
    const { runId } = await startTask(SCAN_TASK_ID, { ...input, websiteDomain: domain }, { idempotencyKey: scanKey(domain, categoriesHash(input.categories)), tags: [`domain:${domain}`.slice(0, 120)] });
    await spent.bind(runId);
    return { runId, publicAccessToken: await taskRunner().createRunToken(runId) };
  } catch (e) {
    await spent.release(); // nothing started: the client may retry with the same token
    throw e;
  }
}
