'use client';

import { useEffect, useState } from 'react';
import { apiData, describeError } from '@/lib/client/api';

type Stats = Record<string, unknown>;

function num(v: unknown): number | null {
  return typeof v === 'number' && Number.isFinite(v) ? v : null;
}

/** The four headline numbers of /strains/stats/count. */
export function headlineStats(s: Stats): Array<{ label: string; value: number }> {
  const out: Array<{ label: string; value: number }> = [];
  // Zero counts (no source URLs imported yet) say nothing on a front page; the total always shows.
  const push = (label: string, v: unknown, always = false) => {
    const n = num(v);
    if (n !== null && (always || n > 0)) out.push({ label, value: n });
  };
  push('strains in the catalog', s.total, true);
  push('with terpene profiles', s.withTerpeneProfile);
  push('names in the strain universe', (s.universe as Record<string, unknown> | undefined)?.total);
  push('source URLs tracked', (s.sources as Record<string, unknown> | undefined)?.urls);
  const byType = (s.byType ?? {}) as Record<string, unknown>;
  for (const t of ['hybrid', 'indica', 'sativa']) if (out.length < 4) push(`${t} strains`, byType[t]);
  return out.slice(0, 4);
}

/** Live catalog numbers; four fixed-size tiles are reserved up front so nothing moves when they load. */
export function StatsPanel() {
  const [stats, setStats] = useState<Array<{ label: string; value: number }> | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    apiData<Stats>('/strains/stats/count')
      .then((s) => setStats(headlineStats(s)))
      .catch((e) => setError(describeError(e)));
  }, []);
  const tiles = stats ?? Array.from({ length: 4 }, () => null);
  return (
    <section aria-labelledby="stats-title" aria-busy={stats === null && !error}>
      <h2 id="stats-title" className="visually-hidden">
        Live catalog numbers
      </h2>
      <div className="grid grid-4">
        {tiles.map((t, i) => (
          <div className="card stat" key={t?.label ?? i} data-testid="stat">
            <span className={t ? 'stat-value' : 'stat-value skeleton'}>{t ? t.value.toLocaleString('en-US') : '0000'}</span>
            <span className="stat-label">{t ? t.label : error ? 'unavailable' : 'loading…'}</span>
          </div>
        ))}
      </div>
      {error ? <p className="alert alert-error">Could not load catalog statistics: {error}</p> : null}
    </section>
  );
}
