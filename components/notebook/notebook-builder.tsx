'use client';

import { useEffect, useMemo, useState, type FormEvent } from 'react';
import { apiData, describeError } from '@/lib/client/api';
import type { z } from 'zod';
import type { SectionDescriptorSchema } from '@/lib/notebooks/input';
import { useNotebookStream, type SectionState } from '@/lib/client/use-notebook-stream';
import { DataView } from '@/components/data-view';
import { ProgressBar } from '@/components/progress-bar';
import { ComputedSection } from '@/components/notebook/computed-sections';
import { OrderItems, rowIsValid, toOrderItem, type OrderRow } from '@/components/notebook/order-items';

type SectionDescriptor = z.output<typeof SectionDescriptorSchema>;

const DEFAULT_KEYS = ['overview', 'effects_breakdown', 'terpene_analysis'];
const STATUS_TEXT: Record<SectionState['status'], string> = { queued: 'Queued', streaming: 'Streaming', complete: 'Complete', failed: 'Failed' };
const STATUS_BADGE: Record<SectionState['status'], string> = { queued: 'badge', streaming: 'badge badge-warn', complete: 'badge badge-ok', failed: 'badge badge-fail' };

export function NotebookBuilder() {
  const [sections, setSections] = useState<SectionDescriptor[] | null>(null);
  const [sectionsError, setSectionsError] = useState<string | null>(null);
  const [selected, setSelected] = useState<Set<string>>(new Set([...DEFAULT_KEYS, 'spend_summary', 'terpene_chart']));
  const [rows, setRows] = useState<OrderRow[]>([{ id: 1, strainName: '', grams: '3.5', price: '35', strain: null }]);
  const [dispensary, setDispensary] = useState('');
  const { state, start, cancel } = useNotebookStream();
  const [ran, setRan] = useState<{ ai: string[]; computed: string[] } | null>(null);

  useEffect(() => {
    apiData<{ sections: SectionDescriptor[] }>('/notebooks/stream/sections', { query: { include: 'all' } })
      .then((d) => setSections([...d.sections].sort((a, b) => a.order - b.order)))
      .catch((e) => setSectionsError(describeError(e)));
  }, []);

  const byKey = useMemo(() => new Map((sections ?? []).map((s) => [s.key, s])), [sections]);
  const items = useMemo(() => rows.filter(rowIsValid).map(toOrderItem), [rows]);
  const totalSpent = items.reduce((s, i) => s + (i.price ?? 0), 0) || undefined;

  function toggle(key: string) {
    setSelected((prev) => {
      const next = new Set(prev);
      if (next.has(key)) next.delete(key);
      else next.add(key);
      return next;
    });
  }

  function generate(e: FormEvent) {
    e.preventDefault();
    const chosen = (sections ?? []).filter((s) => selected.has(s.key));
    const ai = chosen.filter((s) => s.strategy === 'ai').map((s) => s.key);
    const computed = chosen.filter((s) => s.strategy === 'computed').map((s) => s.key);
    setRan({ ai, computed });
    if (ai.length) void start({ sectionKeys: ai, orderItems: items, orderMetadata: dispensary ? { dispensaryName: dispensary } : undefined });
  }

  const canRun = items.length > 0 && selected.size > 0 && !state.running && sections !== null;

  return (
    <div className="split">
      <form className="card" onSubmit={generate} aria-label="Notebook order">
        <h2>1. Your order</h2>
        <OrderItems rows={rows} onChange={setRows} />
        <div className="field" style={{ marginTop: '0.9rem' }}>
          <label htmlFor="nb-dispensary">Dispensary (optional)</label>
          <input id="nb-dispensary" type="text" value={dispensary} onChange={(e) => setDispensary(e.target.value)} />
        </div>
        <h2 style={{ marginTop: '1.25rem' }}>2. Sections</h2>
        {sectionsError ? <p className="alert alert-error">Could not load sections: {sectionsError}</p> : null}
        <fieldset style={{ minHeight: 470 }} aria-busy={sections === null}>
          <legend>Choose what to include</legend>
          <div className="stack" style={{ gap: '0.35rem' }}>
            {(sections ?? []).map((s) => (
              <label key={s.key} className="check">
                <input type="checkbox" checked={selected.has(s.key)} onChange={() => toggle(s.key)} name="section" value={s.key} />
                {s.label}
                {s.strategy === 'computed' ? <span className="badge">computed</span> : null}
              </label>
            ))}
          </div>
        </fieldset>
        <div className="row">
          <button type="submit" className="btn btn-primary" disabled={!canRun}>
            {state.running ? 'Generating…' : 'Generate notebook'}
          </button>
          {state.running ? (
            <button type="button" className="btn" onClick={cancel}>
              Stop
            </button>
          ) : null}
        </div>
      </form>

      <section aria-labelledby="nb-results" className="stack">
        <div className="card" style={{ minHeight: 112 }}>
          <div className="row" style={{ justifyContent: 'space-between' }}>
            <h2 id="nb-results" style={{ margin: 0 }}>
              Notebook
            </h2>
            <span className="small muted" data-testid="overall-progress" aria-live="polite">
              {ran ? `${state.completedSections}/${ran.ai.length} sections · ${Math.round(state.overallProgress)}%` : 'Not started'}
            </span>
          </div>
          <div style={{ marginTop: '0.75rem' }}>
            <ProgressBar value={ran && !ran.ai.length ? 100 : state.overallProgress} label="Overall progress" />
          </div>
          {state.error ? <p className="alert alert-error">{state.error}</p> : null}
          {!ran ? (
            <p className="muted small" style={{ marginTop: '0.6rem' }}>
              Build an order and press “Generate notebook”.
            </p>
          ) : null}
        </div>
        {ran
          ? [...ran.computed, ...ran.ai]
              .map((k) => byKey.get(k))
              .filter((s): s is SectionDescriptor => !!s)
              .sort((a, b) => a.order - b.order)
              .map((s) =>
                s.strategy === 'computed' ? (
                  <article key={s.key} className="card section-card" data-testid={`section-${s.key}`} data-status="complete">
                    <div className="row" style={{ justifyContent: 'space-between', marginBottom: '0.5rem' }}>
                      <h3 style={{ margin: 0 }}>{s.label}</h3>
                      <span className="badge">computed</span>
                    </div>
                    <ComputedSection sectionKey={s.key} items={items} totalSpent={totalSpent} />
                  </article>
                ) : (
                  <StreamedSection key={s.key} section={s} state={state.sections[s.key]} />
                ),
              )
          : null}
      </section>
    </div>
  );
}

function StreamedSection({ section, state }: { section: SectionDescriptor; state: SectionState | undefined }) {
  const st = state ?? { status: 'queued' as const, progress: 0, data: null, error: null };
  return (
    <article className="card section-card" data-testid={`section-${section.key}`} data-status={st.status} aria-busy={st.status === 'streaming'}>
      <div className="row" style={{ justifyContent: 'space-between', marginBottom: '0.5rem' }}>
        <h3 style={{ margin: 0 }}>{section.label}</h3>
        <span className={STATUS_BADGE[st.status]}>{STATUS_TEXT[st.status]}</span>
      </div>
      <ProgressBar value={st.progress} label={`${section.label} progress`} failed={st.status === 'failed'} />
      {/* Fixed-height body: streamed text scrolls inside instead of pushing later sections down (no layout shift). */}
      <div style={{ height: 300, overflow: 'auto', marginTop: '0.75rem' }} tabIndex={0} aria-label={`${section.label} content`}>
        {st.status === 'failed' ? <p className="alert alert-error">This section failed: {st.error}</p> : null}
        {st.data ? (
          <DataView value={st.data} />
        ) : st.status !== 'failed' ? (
          <p className="muted small">{st.status === 'queued' ? 'Waiting for earlier sections…' : 'Starting…'}</p>
        ) : null}
      </div>
    </article>
  );
}
