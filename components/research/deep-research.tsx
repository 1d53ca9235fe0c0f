'use client';

import Link from 'next/link';
import { useId, useState, type FormEvent } from 'react';
import { DEEP_STAGES, type DeepResearchOutput, type DeepSource } from '@/lib/research/deep/schemas';
import { useDeepResearch, type DeepResearchState } from '@/lib/client/use-deep-research';
import { StageProgress } from '@/components/stage-progress';

const STAGE_LABEL: Record<string, string> = {
  plan: 'Plan the searches',
  search: 'Search papers, catalog and your scans',
  read: 'Read the sources',
  synthesize: 'Write the report',
  complete: 'Complete',
};

/** Where a source's link goes: our paper and strain pages, nothing for a scan. */
export function sourceHref(s: DeepSource): string | null {
  if (s.kind === 'paper') return `/research/papers/${encodeURIComponent(s.id.replace(/^paper:/, ''))}`;
  if (s.kind === 'strain') return `/strains/${encodeURIComponent(s.id.replace(/^strain:/, ''))}`;
  return null;
}

function Progress({ state }: { state: DeepResearchState }) {
  const idx = state.stage ? DEEP_STAGES.indexOf(state.stage as (typeof DEEP_STAGES)[number]) : -1;
  const failed = state.phase === 'failed';
  return (
    <StageProgress
      testId="deep-progress"
      statusTestId="deep-stage"
      phase={state.phase}
      running={`${STAGE_LABEL[state.stage ?? ''] ?? 'Starting'} · ${Math.round(state.progress)}%`}
      completed="Complete"
      progress={state.progress}
      barLabel="Research progress"
      listLabel="Research stages"
      stages={DEEP_STAGES}
      labels={STAGE_LABEL}
      at={state.phase === 'idle' || state.phase === 'starting' ? 'pending' : state.phase === 'completed' ? 'done' : { current: idx, failed }}
    >
      {state.message && state.phase !== 'idle' ? (
        <p className="hint">
          {state.message}
          {state.sourcesFound ? ` · ${state.sourcesFound} sources found` : ''}
        </p>
      ) : null}
      {state.error ? (
        <p className="alert alert-error" role="alert">
          {state.error}
        </p>
      ) : null}
    </StageProgress>
  );
}

function Report({ out }: { out: DeepResearchOutput }) {
  const number = new Map(out.sources.map((s, i) => [s.id, i + 1]));
  return (
    <article className="card stack" data-testid="deep-report" aria-labelledby="report-h">
      <h2 id="report-h">Report</h2>
      <p>{out.summary}</p>
      {out.sections.map((sec) => (
        <section key={sec.heading}>
          <h3>{sec.heading}</h3>
          {sec.body.split(/\n{2,}/).map((para, i) => (
            <p key={i}>{renderInline(para)}</p>
          ))}
          {sec.citations.length ? (
            <p className="small muted">
              Sources:{' '}
              {sec.citations.map((c, i) => (
                <span key={c}>
                  {i ? ', ' : ''}
                  <a href={`#source-${number.get(c)}`}>[{number.get(c)}]</a>
                </span>
              ))}
            </p>
          ) : null}
        </section>
      ))}
      <section aria-labelledby="sources-h">
        <h3 id="sources-h">Sources</h3>
        {out.sources.length ? (
          <ol data-testid="deep-sources">
            {out.sources.map((s) => {
              const href = sourceHref(s);
              return (
                <li key={s.id} id={`source-${number.get(s.id)}`}>
                  <span className="badge">{s.kind}</span> {href ? <Link href={href}>{s.title}</Link> : s.title}
                  {s.year ? ` (${s.year})` : ''}
                </li>
              );
            })}
          </ol>
        ) : (
          <p className="muted">No source matched this question.</p>
        )}
      </section>
      <p className="hint">Generated {new Date(out.generatedAt).toLocaleString()} · not medical advice.</p>
    </article>
  );
}

/** **bold** only: the report bodies use nothing else. */
function renderInline(text: string) {
  return text.split(/(\*\*[^*]+\*\*)/g).map((part, i) => (part.startsWith('**') && part.endsWith('**') ? <strong key={i}>{part.slice(2, -2)}</strong> : part));
}

export function DeepResearch() {
  const id = useId();
  const { state, start } = useDeepResearch();
  const [question, setQuestion] = useState('');
  const [strains, setStrains] = useState('');
  const busy = state.phase === 'starting' || state.phase === 'running';
  const len = question.trim().length;
  function submit(e: FormEvent) {
    e.preventDefault();
    const slugs = strains
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean)
      .slice(0, 5);
    void start(question.trim(), slugs);
  }
  return (
    <div className="stack">
      <form className="card" onSubmit={submit} aria-label="Ask a research question">
        <div className="field">
          <label htmlFor={`${id}-q`}>Your question</label>
          <textarea
            id={`${id}-q`}
            rows={3}
            minLength={10}
            maxLength={1000}
            required
            value={question}
            onChange={(e) => setQuestion(e.target.value)}
            placeholder="e.g. Does the myrcene in Blue Dream help with sleep, and how strong is the evidence?"
          />
          <p className="hint" aria-live="polite">
            {len}/1000 characters{len > 0 && len < 10 ? ' · at least 10' : ''}
          </p>
        </div>
        <div className="field">
          <label htmlFor={`${id}-s`}>Strains (optional, up to 5 slugs, comma-separated)</label>
          <input id={`${id}-s`} type="text" value={strains} onChange={(e) => setStrains(e.target.value)} placeholder="blue-dream, og-kush" autoComplete="off" />
        </div>
        <button type="submit" className="btn btn-primary" disabled={busy || len < 10}>
          {busy ? 'Researching…' : 'Research'}
        </button>
      </form>
      <Progress state={state} />
      {state.output ? <Report out={state.output} /> : null}
    </div>
  );
}
