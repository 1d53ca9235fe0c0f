'use client';

import { useRealtimeRun } from '@trigger.dev/react-hooks';
import { useCallback, useEffect, useRef, useState } from 'react';
import { publicConfig } from '@/lib/config/public';
import type { DeepResearchOutput, DeepRunView } from '@/lib/research/deep/schemas';
import { apiData, describeError } from '@/lib/client/api';
import { getUserSession } from '@/lib/client/session';
import { jsonData, streamSse } from '@/lib/client/sse';

export interface DeepResearchState {
  phase: 'idle' | 'starting' | 'running' | 'completed' | 'failed';
  runId: string | null;
  stage: string | null;
  progress: number;
  message: string | null;
  sourcesFound: number;
  output: DeepResearchOutput | null;
  error: string | null;
}

const IDLE: DeepResearchState = { phase: 'idle', runId: null, stage: null, progress: 0, message: null, sourcesFound: 0, output: null, error: null };

export function applyDeepRun(s: DeepResearchState, run: Pick<DeepRunView, 'id' | 'status' | 'metadata' | 'output' | 'error'>): DeepResearchState {
  const md = run.metadata ?? {};
  const phase = run.status === 'COMPLETED' ? 'completed' : run.status === 'FAILED' || run.status === 'TIMED_OUT' ? 'failed' : 'running';
  return {
    phase,
    runId: run.id,
    stage: md.stage ?? s.stage,
    progress: phase === 'completed' ? 100 : Number(md.progress ?? s.progress),
    message: md.message ?? s.message,
    sourcesFound: Number(md.sourcesFound ?? s.sourcesFound),
    output: run.output ?? null,
    error: run.error ? (run.error.code === 'RUNNER_LOST' ? 'The server restarted while this report was being written. Ask again to start a new run.' : run.error.message) : null,
  };
}

const RUNNER = publicConfig.taskRunner;

/**
 * Start a deep-research run and follow it: over the local run stream (SSE with the run token),
 * or through Trigger.dev's realtime hooks when NEXT_PUBLIC_TASK_RUNNER=trigger.
 */
export function useDeepResearch() {
  const [state, setState] = useState<DeepResearchState>(IDLE);
  const [remote, setRemote] = useState<{ runId: string; token: string } | null>(null);
  const abort = useRef<AbortController | null>(null);
  useEffect(() => () => abort.current?.abort(), []);

  const realtime = useRealtimeRun(remote?.runId, { accessToken: remote?.token, baseURL: publicConfig.triggerApiUrl, enabled: RUNNER === 'trigger' && !!remote });
  useEffect(() => {
    if (RUNNER !== 'trigger') return;
    const run = realtime.run;
    // Mirroring an external subscription into page state is what this effect is for.
    if (run) {
      const st = String(run.status);
      const status: DeepRunView['status'] = st === 'COMPLETED' ? 'COMPLETED' : /FAIL|CRASH|CANCEL|TIMED_OUT|EXPIRED/.test(st) ? 'FAILED' : 'EXECUTING';
      const error = run.error
        ? { code: run.error.name ?? 'TASK_FAILED', message: run.error.message }
        : status === 'FAILED'
          ? { code: st, message: `The run ended ${st.toLowerCase()}` }
          : null;
      setState((s) =>
        applyDeepRun(s, { id: run.id, status, metadata: (run.metadata ?? {}) as DeepRunView['metadata'], output: (run.output ?? null) as DeepResearchOutput | null, error }),
      );
    } else if (realtime.error) setState((s) => ({ ...s, phase: 'failed', error: realtime.error!.message }));
  }, [realtime.run, realtime.error]);

  const start = useCallback(async (question: string, strainSlugs: string[]) => {
    abort.current?.abort();
    const ctl = new AbortController();
    abort.current = ctl;
    setState({ ...IDLE, phase: 'starting' });
    try {
      const session = await getUserSession();
      const body = strainSlugs.length ? { question, strainSlugs } : { question };
      const { runId, publicAccessToken } = await apiData<{ runId: string; publicAccessToken: string }>('/research/deep', {
        method: 'POST',
        body,
        token: session.token,
        signal: ctl.signal,
      });
      setState((s) => ({ ...s, phase: 'running', runId }));
      if (RUNNER === 'trigger') {
        setRemote({ runId, token: publicAccessToken });
        return;
      }
      await streamSse(`/research/deep/${encodeURIComponent(runId)}/stream`, {
        token: publicAccessToken,
        signal: ctl.signal,
        onMessage: (m) => {
          const run = jsonData<DeepRunView>(m);
          if (run && run.id) setState((s) => applyDeepRun(s, run));
        },
      });
      // The stream ends after the final update; if it ended early, read the run once more.
      const run = await apiData<DeepRunView>(`/research/deep/${encodeURIComponent(runId)}`, { token: publicAccessToken, signal: ctl.signal });
      setState((s) => applyDeepRun(s, run));
    } catch (e) {
      if (!ctl.signal.aborted) setState((s) => ({ ...s, phase: 'failed', error: describeError(e) }));
    }
  }, []);

  return { state, start };
}
