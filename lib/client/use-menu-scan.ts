'use client';

import { useRealtimeRun, useRealtimeTaskTrigger } from '@trigger.dev/react-hooks';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { publicConfig } from '@/lib/config/public';
import { apiData, describeError } from '@/lib/client/api';
import { getUserSession } from '@/lib/client/session';
import { jsonData, streamSse } from '@/lib/client/sse';
import type { z } from 'zod';
import type { ScanMetadata, ScanTaskOutput as ScanOutput, ScanTokenRequest, ScanTokenResponse } from '@/lib/shopping/schemas';
import type { RunView } from '@/lib/tasks/schemas';

export const SCAN_TASK_ID = 'shopping-menu-scan';
export { SCAN_STAGES } from '@/lib/shopping/stages';

/** The scan-token request without the user id (the hook adds the signed-in user's). */
export type MenuScanInput = Omit<z.input<typeof ScanTokenRequest>, 'userId' | 'triggerServerSide' | 'userContext'>;

export type ScanPhase = 'idle' | 'requesting' | 'running' | 'completed' | 'failed';

export interface MenuScanState {
  phase: ScanPhase;
  runId: string | null;
  status: string | null;
  metadata: ScanMetadata;
  output: ScanOutput | null;
  error: string | null;
  cached: boolean;
  runner: 'local' | 'trigger';
}

type ScanTokenData = z.output<typeof ScanTokenResponse>;

const RUNNER = publicConfig.taskRunner;
const TRIGGER_API_URL = publicConfig.triggerApiUrl;

const IDLE: MenuScanState = { phase: 'idle', runId: null, status: null, metadata: {}, output: null, error: null, cached: false, runner: RUNNER };

const TERMINAL_FAILED = new Set(['FAILED', 'TIMED_OUT', 'CRASHED', 'SYSTEM_FAILURE', 'CANCELED', 'EXPIRED', 'INTERRUPTED']);

/** Maps a run snapshot (local RunView or a Trigger.dev realtime run) onto the page state. */
export function applyRun(prev: MenuScanState, run: { id: string; status: string; metadata?: unknown; output?: unknown; error?: unknown }): MenuScanState {
  const metadata = { ...prev.metadata, ...((run.metadata ?? {}) as ScanMetadata) };
  const output = (run.output ?? null) as ScanOutput | null;
  let phase: ScanPhase = 'running';
  let error: string | null = null;
  if (run.status === 'COMPLETED') {
    phase = output && output.success === false ? 'failed' : 'completed';
    if (phase === 'failed') error = output?.error?.message ?? (metadata.status === 'no-products' ? 'No products were found on that menu.' : 'The scan did not succeed.');
  } else if (TERMINAL_FAILED.has(run.status)) {
    phase = 'failed';
    const e = (run.error ?? {}) as { code?: string; message?: string };
    error = e.message ? `${e.message}${e.code ? ` (${e.code})` : ''}` : `Run ${run.status.toLowerCase()}`;
  }
  return { ...prev, runId: run.id, status: run.status, metadata, output: output ?? prev.output, phase, error };
}

/**
 * One hook for a menu scan whichever task runner is configured. It asks POST /shopping/scan-token
 * for the start, then: a cache hit shows the cached record at once; a running duplicate or a
 * server-started run is followed with its publicAccessToken; the client-side variant starts the
 * task with the one-time trigger token — through the local runner's POST /shopping/runs and its
 * SSE stream, or through Trigger.dev's realtime hooks when NEXT_PUBLIC_TASK_RUNNER=trigger.
 */
export function useMenuScan() {
  const [state, setState] = useState<MenuScanState>(IDLE);
  const abort = useRef<AbortController | null>(null);
  // Trigger.dev mode only: the tokens the realtime hooks need, set once scan-token answers.
  const [trigger, setTrigger] = useState<{ triggerToken?: string; runId?: string; publicAccessToken?: string; payload?: Record<string, unknown> } | null>(null);

  const realtimeTrigger = useRealtimeTaskTrigger(SCAN_TASK_ID, {
    accessToken: trigger?.triggerToken,
    baseURL: TRIGGER_API_URL,
    enabled: RUNNER === 'trigger' && !!trigger?.triggerToken,
  });
  const realtimeRun = useRealtimeRun(trigger?.runId, {
    accessToken: trigger?.publicAccessToken,
    baseURL: TRIGGER_API_URL,
    enabled: RUNNER === 'trigger' && !!trigger?.runId && !!trigger?.publicAccessToken,
  });
  const submitted = useRef(false);

  const triggerSubmit = realtimeTrigger.submit;
  useEffect(() => {
    if (RUNNER !== 'trigger' || !trigger?.triggerToken || !trigger.payload || submitted.current) return;
    submitted.current = true;
    triggerSubmit(trigger.payload as never);
  }, [trigger, triggerSubmit]);

  const triggerRun = realtimeTrigger.run ?? realtimeRun.run;
  const triggerError = realtimeTrigger.error ?? realtimeRun.error;
  useEffect(() => {
    if (RUNNER !== 'trigger') return;
    // Mirroring an external subscription into page state is what this effect is for.
    if (triggerRun)
      setState((s) => applyRun(s, { id: triggerRun.id, status: String(triggerRun.status), metadata: triggerRun.metadata, output: triggerRun.output, error: triggerRun.error }));
    else if (triggerError) setState((s) => ({ ...s, phase: 'failed', error: triggerError.message }));
  }, [triggerRun, triggerError]);

  const followLocal = useCallback(async (runId: string, token: string, signal: AbortSignal) => {
    await streamSse(`/shopping/runs/${encodeURIComponent(runId)}/stream`, {
      token,
      signal,
      onMessage: (m) => {
        const run = jsonData<RunView>(m);
        if (run && run.id) setState((s) => applyRun(s, run));
      },
    });
    // The stream ends after the final update; if it ended early, read the run once more.
    const run = await apiData<RunView>(`/shopping/runs/${encodeURIComponent(runId)}`, { token, signal });
    setState((s) => applyRun(s, run));
  }, []);

  const start = useCallback(
    async (input: MenuScanInput) => {
      abort.current?.abort();
      const ctl = new AbortController();
      abort.current = ctl;
      submitted.current = false;
      setTrigger(null);
      setState({ ...IDLE, phase: 'requesting', metadata: { currentStage: 'cache-check', progress: 0, status: 'starting' } });
      try {
        const session = await getUserSession();
        const body = { ...input, userId: session.userId };
        const t = await apiData<ScanTokenData>('/shopping/scan-token', { method: 'POST', body, token: session.token, signal: ctl.signal });
        if (t.isCached && t.cachedData) {
          const out = t.cachedData.scan_results;
          setState((s) => ({
            ...s,
            phase: 'completed',
            cached: true,
            output: { ...out, cached: true },
            status: 'COMPLETED',
            metadata: { currentStage: 'complete', progress: 100, status: 'cached', cacheHit: true, domain: t.domain },
          }));
          return;
        }
        const payload = {
          dispensaryName: input.dispensaryName,
          websiteDomain: input.websiteDomain ?? t.domain,
          menuUrls: t.menuUrls ?? input.menuUrls,
          categories: input.categories ?? [],
          userId: session.userId,
          forceRefresh: !!input.forceRefresh,
          useInteract: !!input.useInteract,
        };
        const followRunId = t.existingRunId ?? t.runId ?? null;
        setState((s) => ({ ...s, phase: 'running', runId: followRunId }));
        if (RUNNER === 'trigger') {
          if (followRunId && t.publicAccessToken) setTrigger({ runId: followRunId, publicAccessToken: t.publicAccessToken });
          else if (t.triggerToken) setTrigger({ triggerToken: t.triggerToken, payload });
          else throw new Error('The service returned no way to start or follow the scan.');
          return;
        }
        let runId = followRunId;
        let token = t.publicAccessToken ?? null;
        if (!runId || !token) {
          if (!t.triggerToken) throw new Error('The service returned no way to start or follow the scan.');
          const started = await apiData<{ runId: string; publicAccessToken: string }>('/shopping/runs', {
            method: 'POST',
            body: payload,
            token: t.triggerToken,
            signal: ctl.signal,
          });
          runId = started.runId;
          token = started.publicAccessToken;
        }
        setState((s) => ({ ...s, runId }));
        await followLocal(runId, token, ctl.signal);
      } catch (e) {
        if (ctl.signal.aborted) return;
        setState((s) => ({ ...s, phase: 'failed', error: describeError(e) }));
      }
    },
    [followLocal],
  );

  const reset = useCallback(() => {
    abort.current?.abort();
    realtimeTrigger.stop?.();
    setTrigger(null);
    setState(IDLE);
  }, [realtimeTrigger]);

  return useMemo(() => ({ state, start, reset }), [state, start, reset]);
}
