'use client';

import { useCallback, useRef, useState } from 'react';
import { describeError } from '@/lib/client/api';
import { streamNotebookBatch, type BatchEvent, type BatchRequest } from '@/packages/client/src';
import { userApi } from '@/lib/client/typed-api';

/**
 * A batch stream event as the reducer takes it: the typed client's `BatchEvent` (generated from
 * the server's schemas) with every field but `type` optional, so that a partial event never breaks
 * the page.
 */
type Loose<E> = E extends { type: infer T } ? { type: T } & Partial<Omit<E, 'type'>> : never;
export type StreamEvent = Loose<BatchEvent>;

export type SectionStatus = 'queued' | 'streaming' | 'complete' | 'failed';

export interface SectionState {
  status: SectionStatus;
  progress: number;
  data: unknown;
  error: string | null;
}

export interface NotebookStreamState {
  running: boolean;
  overallProgress: number;
  completedSections: number;
  totalSections: number;
  sections: Record<string, SectionState>;
  error: string | null;
  finished: boolean;
}

const IDLE: NotebookStreamState = { running: false, overallProgress: 0, completedSections: 0, totalSections: 0, sections: {}, error: null, finished: false };

/** Applies one batch stream event to the page state (pure, so it is easy to reason about). */
export function reduceStreamEvent(s: NotebookStreamState, ev: StreamEvent): NotebookStreamState {
  const next: NotebookStreamState = { ...s, sections: { ...s.sections } };
  if (typeof ev.overallProgress === 'number') next.overallProgress = Math.max(s.overallProgress, ev.overallProgress);
  if (typeof ev.totalSections === 'number') next.totalSections = ev.totalSections;
  if (typeof ev.completedSections === 'number') next.completedSections = ev.completedSections;
  const key = 'sectionKey' in ev ? ev.sectionKey : undefined;
  const prev = key ? (next.sections[key] ?? { status: 'queued', progress: 0, data: null, error: null }) : null;
  switch (ev.type) {
    case 'batch_start':
      for (const k of ev.sectionKeys ?? []) next.sections[k] = next.sections[k] ?? { status: 'queued', progress: 0, data: null, error: null };
      break;
    case 'start':
      if (key && prev) next.sections[key] = { ...prev, status: 'streaming', progress: 0 };
      break;
    case 'partial':
      if (key && prev) next.sections[key] = { ...prev, status: 'streaming', progress: Math.max(prev.progress, ev.progress ?? prev.progress), data: ev.data ?? prev.data };
      break;
    case 'complete':
      if (key && prev) next.sections[key] = { status: 'complete', progress: 100, data: ev.data ?? prev.data, error: null };
      break;
    case 'error':
      if (key && prev) next.sections[key] = { ...prev, status: 'failed', error: ev.error ?? 'Section failed' };
      break;
    case 'batch_complete':
      next.finished = true;
      next.overallProgress = 100;
      break;
  }
  return next;
}

/** Streams POST /notebooks/stream/batch and keeps per-section and overall progress. */
export function useNotebookStream() {
  const [state, setState] = useState<NotebookStreamState>(IDLE);
  const ctl = useRef<AbortController | null>(null);

  const start = useCallback(async (body: { sectionKeys: string[]; orderItems: unknown[]; orderMetadata?: Record<string, unknown> }) => {
    ctl.current?.abort();
    const abort = new AbortController();
    ctl.current = abort;
    const initial: NotebookStreamState = {
      ...IDLE,
      running: true,
      totalSections: body.sectionKeys.length,
      sections: Object.fromEntries(body.sectionKeys.map((k) => [k, { status: 'queued', progress: 0, data: null, error: null } satisfies SectionState])),
    };
    setState(initial);
    try {
      // The typed client's stream (packages/client): the same helper apps use.
      for await (const ev of streamNotebookBatch(userApi.connection, body as BatchRequest, { signal: abort.signal })) {
        setState((s) => reduceStreamEvent(s, ev as StreamEvent));
      }
      setState((s) => ({
        ...s,
        running: false,
        // A stream that ended without batch_complete leaves unfinished sections failed, not spinning.
        sections: Object.fromEntries(
          Object.entries(s.sections).map(([k, v]) => [k, v.status === 'complete' || v.status === 'failed' ? v : { ...v, status: 'failed', error: 'Stream ended early' }]),
        ),
        finished: true,
      }));
    } catch (e) {
      if (abort.signal.aborted) return;
      setState((s) => ({ ...s, running: false, error: describeError(e) }));
    }
  }, []);

  const cancel = useCallback(() => {
    ctl.current?.abort();
    setState((s) => ({ ...s, running: false }));
  }, []);

  return { state, start, cancel };
}
