'use client';

import { useEffect, useId, useState } from 'react';
import { describeError } from '@/lib/client/api';
import { publicApi } from '@/lib/client/typed-api';
import { unwrapWithMeta, type paths } from '@/packages/client/src';
import type { Strain } from '@/lib/strains/types';
import { useDebounced } from '@/lib/client/use-debounced';
import { KNOWN_TERPENES } from '@/lib/strains/terpenes';
import { StrainCard } from '@/components/strain-card';
import { ResultHead } from '@/components/result-pager';

const PAGE_SIZE = 24;
const EFFECTS = ['relaxed', 'happy', 'euphoric', 'uplifted', 'sleepy', 'creative', 'energetic', 'focused', 'hungry', 'talkative', 'tingly', 'giggly', 'aroused'];

export interface StrainFilters {
  q: string;
  type: string;
  terpene: string;
  effect: string;
  thcMin: string;
  thcMax: string;
}

const EMPTY: StrainFilters = { q: '', type: '', terpene: '', effect: '', thcMin: '', thcMax: '' };

/**
 * Which endpoint and query a filter state maps to. Without text: the catalog list with its
 * filters, paged by the API. With text: /strains/search (name and alias matching, up to 100
 * hits), whose results the page filters and pages itself because search takes no filters.
 */
export function strainQuery(f: StrainFilters, offset: number): { path: string; query: Record<string, string | number>; clientSide: boolean } {
  const q = f.q.trim();
  if (q) return { path: '/strains/search', query: { q, limit: 100 }, clientSide: true };
  const query: Record<string, string | number> = { limit: PAGE_SIZE, offset };
  if (f.type) query.type = f.type;
  if (f.terpene) query.terpene = f.terpene;
  if (f.effect) query.effect = f.effect;
  if (f.thcMin) query.minThc = f.thcMin;
  if (f.thcMax) query.maxThc = f.thcMax;
  return { path: '/strains', query, clientSide: false };
}

/** The same filters applied to search hits in the browser. */
export function matchesFilters(s: Strain, f: StrainFilters): boolean {
  if (f.type && s.type !== f.type) return false;
  if (f.terpene && !(s.terpenes ?? []).some((t) => t.name === f.terpene)) return false;
  if (f.effect && !(s.effects ?? []).includes(f.effect)) return false;
  const hi = s.thcMax ?? s.thc;
  const lo = s.thcMin ?? s.thc;
  if (f.thcMin && (hi == null || hi < Number(f.thcMin))) return false;
  if (f.thcMax && (lo == null || lo > Number(f.thcMax))) return false;
  return true;
}

type ListQuery = NonNullable<paths['/api/v1/strains']['get']['parameters']['query']>;

/** The typed call for a filter state (search or the filtered list). */
function fetchStrains(f: StrainFilters, offset: number, signal: AbortSignal) {
  const q = f.q.trim();
  if (q) return unwrapWithMeta(publicApi.GET('/api/v1/strains/search', { params: { query: { q, limit: 100 } }, signal }));
  const { query } = strainQuery(f, offset);
  // The query string carries the same text either way; the typed client wants the API's types.
  return unwrapWithMeta(publicApi.GET('/api/v1/strains', { params: { query: query as ListQuery }, signal }));
}

export function StrainBrowser() {
  const id = useId();
  const [f, setF] = useState<StrainFilters>(EMPTY);
  const [offset, setOffset] = useState(0);
  const [items, setItems] = useState<Strain[] | null>(null);
  const [total, setTotal] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const debounced = useDebounced(f, 200);

  useEffect(() => {
    const ctl = new AbortController();
    const { clientSide } = strainQuery(debounced, offset);
    fetchStrains(debounced, offset, ctl.signal)
      .then(({ data, meta }) => {
        const list: Strain[] = Array.isArray(data) ? data : [];
        if (clientSide) {
          const hits = list.filter((s) => matchesFilters(s, debounced));
          setItems(hits.slice(offset, offset + PAGE_SIZE));
          setTotal(hits.length);
        } else {
          setItems(list);
          setTotal(meta.pagination?.total ?? list.length);
        }
        setError(null);
      })
      .catch((e) => {
        if (!ctl.signal.aborted) setError(describeError(e));
      });
    return () => ctl.abort();
  }, [debounced, offset]);

  function update(k: keyof StrainFilters, v: string) {
    setF((prev) => ({ ...prev, [k]: v }));
    setOffset(0);
  }

  return (
    <div className="split">
      <form className="card" role="search" aria-label="Find strains" onSubmit={(e) => e.preventDefault()}>
        <div className="field">
          <label htmlFor={`${id}-q`}>Search</label>
          <input id={`${id}-q`} type="search" placeholder="e.g. Blue Dream" value={f.q} onChange={(e) => update('q', e.target.value)} autoComplete="off" />
        </div>
        <div className="field">
          <label htmlFor={`${id}-type`}>Type</label>
          <select id={`${id}-type`} value={f.type} onChange={(e) => update('type', e.target.value)}>
            <option value="">Any type</option>
            <option value="indica">Indica</option>
            <option value="sativa">Sativa</option>
            <option value="hybrid">Hybrid</option>
          </select>
        </div>
        <div className="field">
          <label htmlFor={`${id}-terp`}>Dominant terpene</label>
          <select id={`${id}-terp`} value={f.terpene} onChange={(e) => update('terpene', e.target.value)}>
            <option value="">Any terpene</option>
            {KNOWN_TERPENES.map((t) => (
              <option key={t} value={t}>
                {t}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor={`${id}-effect`}>Effect</label>
          <select id={`${id}-effect`} value={f.effect} onChange={(e) => update('effect', e.target.value)}>
            <option value="">Any effect</option>
            {EFFECTS.map((e) => (
              <option key={e} value={e}>
                {e}
              </option>
            ))}
          </select>
        </div>
        <fieldset>
          <legend>THC range (%)</legend>
          <div className="row" style={{ flexWrap: 'nowrap' }}>
            <div style={{ flex: 1 }}>
              <label htmlFor={`${id}-min`} className="small">
                Minimum
              </label>
              <input id={`${id}-min`} type="number" min={0} max={40} step={1} inputMode="numeric" value={f.thcMin} onChange={(e) => update('thcMin', e.target.value)} />
            </div>
            <div style={{ flex: 1 }}>
              <label htmlFor={`${id}-max`} className="small">
                Maximum
              </label>
              <input id={`${id}-max`} type="number" min={0} max={40} step={1} inputMode="numeric" value={f.thcMax} onChange={(e) => update('thcMax', e.target.value)} />
            </div>
          </div>
        </fieldset>
        <button type="button" className="btn" onClick={() => (setF(EMPTY), setOffset(0))}>
          Clear filters
        </button>
      </form>

      <section aria-labelledby={`${id}-results`} aria-busy={items === null}>
        <ResultHead headingId={`${id}-results`} title="Results" noun="strain" total={total} offset={offset} pageSize={PAGE_SIZE} onOffset={setOffset} error={error} />
        <div className="grid grid-3 results-grid">
          {items === null
            ? Array.from({ length: 6 }, (_, i) => <div key={i} className="card skeleton" style={{ height: 150 }} aria-hidden="true" />)
            : // Keyed by position: a new result set reuses the same boxes in place instead of moving cards (no layout shift).
              items.map((s, i) => <StrainCard key={i} strain={s} />)}
          {items !== null && items.length === 0 ? <p className="muted">No strains match these filters.</p> : null}
        </div>
      </section>
    </div>
  );
}
