'use client';

import Link from 'next/link';
import { useEffect, useId, useState } from 'react';
import { describeError } from '@/lib/client/api';
import { publicApi } from '@/lib/client/typed-api';
import { useDebounced } from '@/lib/client/use-debounced';
import { unwrapWithMeta, type paths } from '@/packages/client/src';
import { STUDY_TYPES, type Paper, type PaperSearch } from '@/lib/research/papers/schemas';
import { ResultHead } from '@/components/result-pager';

const PAGE_SIZE = 20;
const TERPENES = ['myrcene', 'limonene', 'pinene', 'caryophyllene', 'linalool', 'humulene', 'terpinolene', 'ocimene', 'nerolidol'];
const CANNABINOIDS = ['thc', 'cbd', 'cbg', 'cbn', 'thcv', 'cbc', 'thca', 'cbda'];
const EFFECTS = ['anxiety', 'sleep', 'pain', 'inflammation', 'depression', 'epilepsy', 'sedation', 'psychosis', 'cognition', 'spasticity', 'nausea', 'cancer'];

/** The filter form's state: a text field for every filter of the route's query (paging aside). */
export type PaperFilters = { [K in Exclude<keyof PaperSearch, 'limit' | 'offset'>]-?: string };

const EMPTY: PaperFilters = { q: '', terpene: '', cannabinoid: '', effect: '', studyType: '', yearFrom: '', yearTo: '', strain: '' };

type Query = NonNullable<paths['/api/v1/research/papers']['get']['parameters']['query']>;

/** The API query for a filter state (empty fields left out). */
export function paperQuery(f: PaperFilters, offset: number): Record<string, string | number> {
  const q: Record<string, string | number> = { limit: PAGE_SIZE, offset };
  for (const [k, v] of Object.entries(f)) if (v.trim()) q[k] = v.trim();
  return q;
}

/** "Russo EB, Smith A et al." — at most three names. */
export function authorLine(authors: string[]): string {
  if (!authors.length) return 'Authors not recorded';
  return authors.length > 3 ? `${authors.slice(0, 3).join(', ')} et al.` : authors.join(', ');
}

export function PaperListItem({ paper }: { paper: Paper }) {
  const topics = [...paper.topics.terpenes, ...paper.topics.cannabinoids.map((c) => c.toUpperCase()), ...paper.topics.effects];
  return (
    <li className="card paper-item" data-testid="paper-item">
      <h3 style={{ margin: 0, fontSize: '1.05rem' }}>
        <Link href={`/research/papers/${encodeURIComponent(paper.id)}`}>{paper.title}</Link>
      </h3>
      <p className="small muted" style={{ margin: '0.35rem 0' }}>
        {authorLine(paper.authors)} · {paper.journal ?? 'Journal not recorded'} · {paper.year ?? 'n.d.'}
        {paper.studyType ? (
          <>
            {' '}
            · <span className="badge">{paper.studyType}</span>
          </>
        ) : null}
      </p>
      {topics.length ? (
        <ul className="chips" aria-label="Topics" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {topics.slice(0, 10).map((t) => (
            <li key={t} className="chip">
              {t}
            </li>
          ))}
        </ul>
      ) : null}
    </li>
  );
}

export function PapersBrowser() {
  const id = useId();
  const [f, setF] = useState<PaperFilters>(EMPTY);
  const [offset, setOffset] = useState(0);
  const [items, setItems] = useState<Paper[] | null>(null);
  const [total, setTotal] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const debounced = useDebounced(f, 250);

  useEffect(() => {
    const ctl = new AbortController();
    unwrapWithMeta(publicApi.GET('/api/v1/research/papers', { params: { query: paperQuery(debounced, offset) as Query }, signal: ctl.signal }))
      .then(({ data, meta }) => {
        const list = (Array.isArray(data) ? data : []) as Paper[];
        setItems(list);
        setTotal(meta.pagination?.total ?? list.length);
        setError(null);
      })
      .catch((e) => {
        if (ctl.signal.aborted) return;
        setItems([]);
        setTotal(0);
        setError(describeError(e));
      });
    return () => ctl.abort();
  }, [debounced, offset]);

  function update(k: keyof PaperFilters, v: string) {
    setF((prev) => ({ ...prev, [k]: v }));
    setOffset(0);
  }

  const select = (k: keyof PaperFilters, label: string, any: string, options: readonly string[]) => (
    <div className="field">
      <label htmlFor={`${id}-${k}`}>{label}</label>
      <select id={`${id}-${k}`} value={f[k]} onChange={(e) => update(k, e.target.value)}>
        <option value="">{any}</option>
        {options.map((o) => (
          <option key={o} value={o}>
            {k === 'cannabinoid' ? o.toUpperCase() : o}
          </option>
        ))}
      </select>
    </div>
  );

  return (
    <div className="split">
      <form className="card" role="search" aria-label="Find research papers" onSubmit={(e) => e.preventDefault()}>
        <div className="field">
          <label htmlFor={`${id}-q`}>Search titles and abstracts</label>
          <input id={`${id}-q`} type="search" placeholder="e.g. entourage effect" value={f.q} onChange={(e) => update('q', e.target.value)} autoComplete="off" />
        </div>
        {select('terpene', 'Terpene', 'Any terpene', TERPENES)}
        {select('cannabinoid', 'Cannabinoid', 'Any cannabinoid', CANNABINOIDS)}
        {select('effect', 'Effect or condition', 'Any effect', EFFECTS)}
        {select('studyType', 'Study type', 'Any study type', STUDY_TYPES)}
        <fieldset>
          <legend>Published</legend>
          <div className="row" style={{ flexWrap: 'nowrap' }}>
            <div style={{ flex: 1 }}>
              <label htmlFor={`${id}-from`} className="small">
                From year
              </label>
              <input id={`${id}-from`} type="number" min={1900} max={2100} inputMode="numeric" value={f.yearFrom} onChange={(e) => update('yearFrom', e.target.value)} />
            </div>
            <div style={{ flex: 1 }}>
              <label htmlFor={`${id}-to`} className="small">
                To year
              </label>
              <input id={`${id}-to`} type="number" min={1900} max={2100} inputMode="numeric" value={f.yearTo} onChange={(e) => update('yearTo', e.target.value)} />
            </div>
          </div>
        </fieldset>
        <div className="field">
          <label htmlFor={`${id}-strain`}>About a strain (slug)</label>
          <input id={`${id}-strain`} type="text" placeholder="e.g. blue-dream" value={f.strain} onChange={(e) => update('strain', e.target.value)} autoComplete="off" />
          <p className="hint">Papers on the strain&apos;s leading terpenes and cannabinoids.</p>
        </div>
        <button type="button" className="btn" onClick={() => (setF(EMPTY), setOffset(0))}>
          Clear filters
        </button>
      </form>

      <section aria-labelledby={`${id}-results`} aria-busy={items === null}>
        <ResultHead headingId={`${id}-results`} title="Papers" noun="paper" total={total} offset={offset} pageSize={PAGE_SIZE} onOffset={setOffset} error={error} />
        <ul className="stack" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {items === null
            ? Array.from({ length: 5 }, (_, i) => <li key={i} className="card skeleton" style={{ height: 96 }} aria-hidden="true" />)
            : items.map((p) => <PaperListItem key={p.id} paper={p} />)}
        </ul>
        {items !== null && items.length === 0 && !error ? <p className="muted">No papers match these filters.</p> : null}
      </section>
    </div>
  );
}
