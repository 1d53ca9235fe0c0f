import type { Connection } from './connection';
import { ApiError, apiErrorFromResponse } from './errors';
import type { paths } from './generated/api';
import type { components } from './generated/streams';
import { parseData, sseMessages } from './sse';

/**
 * The menu-scan flow of the local task runner (DECISIONS §6) in one call:
 * POST /shopping/scan-token → (cache hit: done) → a run to follow, started by the server, joined
 * (de-duplicated), or started here with the one-time trigger token (POST /shopping/runs) →
 * GET /shopping/runs/:id/stream until the run ends. With TASK_RUNNER=trigger the tokens are
 * Trigger.dev's: follow the run with Trigger.dev's realtime client instead (`scanToken` gives them).
 */
export type RunView = components['schemas']['RunView'];
export type ScanOutput = components['schemas']['ScanOutput'];
export type RunStatus = RunView['status'];
export const TERMINAL_STATUSES: readonly RunStatus[] = ['COMPLETED', 'FAILED', 'TIMED_OUT'];

/** Stage names and progress the scan writes into its run metadata. */
export interface ScanMetadata {
  currentStage?: 'cache-check' | 'scrape' | 'match' | 'queue-unmatched' | 'personalize' | 'cache-save' | 'complete';
  progress?: number;
  status?: string;
  [key: string]: unknown;
}
export type ScanRun = Omit<RunView, 'metadata' | 'output'> & { metadata: ScanMetadata; output: ScanOutput | null };

type Post<P extends keyof paths> = paths[P] extends { post: infer Op } ? Op : never;
type BodyOf<Op> = Op extends { requestBody?: { content: { 'application/json': infer B } } } ? B : never;
type DataOf<Op> = Op extends { responses: { 200: { content: { 'application/json': infer R } } } } ? (R extends { data?: infer D } ? NonNullable<D> : R) : never;

export type ScanTokenRequest = BodyOf<Post<'/api/v1/shopping/scan-token'>>;
export type ScanTokenData = DataOf<Post<'/api/v1/shopping/scan-token'>>;

export type ScanEvent =
  | { type: 'cached'; output: ScanOutput; token: ScanTokenData }
  | { type: 'started'; runId: string; publicAccessToken: string; deduplicated: boolean }
  | { type: 'update'; run: ScanRun };

async function postJson<T>(conn: Connection, path: string, body: unknown, headers: Record<string, string>, signal?: AbortSignal): Promise<T> {
  const h = await conn.headers({ 'content-type': 'application/json', accept: 'application/json', ...headers });
  const res = await conn.fetch(conn.url(path), { method: 'POST', headers: h, body: JSON.stringify(body), signal });
  if (!res.ok) throw await apiErrorFromResponse(res);
  const json = (await res.json()) as { data?: T };
  return json.data as T;
}

/** POST /shopping/scan-token (user token). */
export function scanToken(conn: Connection, body: ScanTokenRequest, signal?: AbortSignal): Promise<ScanTokenData> {
  return postJson<ScanTokenData>(conn, '/api/v1/shopping/scan-token', body, {}, signal);
}

/**
 * The run's updates from GET /shopping/runs/:id/stream: the current state first, then every
 * change, ending with the final state. A connection that drops before the run ends is opened
 * again (the server starts each connection with the current state), at most `reconnects` times.
 */
export async function* runUpdates(conn: Connection, runId: string, publicAccessToken: string, o: { signal?: AbortSignal; reconnects?: number } = {}): AsyncGenerator<ScanRun> {
  let left = o.reconnects ?? 3;
  for (;;) {
    let last: ScanRun | undefined;
    for await (const m of sseMessages(conn, `/api/v1/shopping/runs/${encodeURIComponent(runId)}/stream`, {
      headers: { authorization: `Bearer ${publicAccessToken}` },
      signal: o.signal,
    })) {
      if (m.event && m.event !== 'update') continue;
      const run = parseData<ScanRun>(m);
      if (!run) continue;
      last = run;
      yield run;
      if (TERMINAL_STATUSES.includes(run.status)) return;
    }
    if (o.signal?.aborted) return;
    if (left-- <= 0) throw new ApiError(0, 'STREAM_ENDED', `The run stream ended before run ${runId} finished (last status ${last?.status ?? 'unknown'})`);
  }
}

/** The whole flow; ends after a cache hit or the run's final update. */
export async function* scanMenu(conn: Connection, request: ScanTokenRequest, o: { signal?: AbortSignal } = {}): AsyncGenerator<ScanEvent> {
  const token = await scanToken(conn, request, o.signal);
  if (token.isCached && token.cachedData) {
    yield { type: 'cached', output: token.cachedData.scan_results as ScanOutput, token };
    return;
  }
  let runId = token.existingRunId ?? token.runId ?? null;
  let pat = token.publicAccessToken ?? null;
  if (!runId || !pat) {
    if (!token.triggerToken) throw new ApiError(0, 'UNEXPECTED_ANSWER', 'scan-token answered neither a cache hit, a run nor a trigger token');
    const input = {
      dispensaryName: request.dispensaryName,
      websiteDomain: token.domain,
      menuUrls: token.menuUrls ?? request.menuUrls,
      categories: request.categories ?? [],
      userId: request.userId,
      forceRefresh: request.forceRefresh ?? false,
      useInteract: request.useInteract ?? false,
      userContext: request.userContext,
    };
    const started = await postJson<{ runId: string; publicAccessToken: string }>(conn, '/api/v1/shopping/runs', input, { authorization: `Bearer ${token.triggerToken}` }, o.signal);
    runId = started.runId;
    pat = started.publicAccessToken;
  }
  yield { type: 'started', runId, publicAccessToken: pat, deduplicated: token.existingRunId !== null && token.existingRunId !== undefined };
  for await (const run of runUpdates(conn, runId, pat, { signal: o.signal })) yield { type: 'update', run };
}
