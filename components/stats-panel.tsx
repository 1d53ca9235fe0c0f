'use client';

import { useEffect, useState } from 'react';
import { apiData, describeError } from '@/lib/client/api';

type Stats = Record<string, unknown>;

function num(v: unknown): number | null {
  return typeof v === 'number' && Number.isFinite(v) ? v : null;
}

/** Pulls the headline numbers out of /strains/stats/count whichever of the documented names it uses. */
export function headlineStats(s: Stats): Array<{ label: string; value: number }> {
  const out: Array<{ label: string; value: number }> = [];
  const total = num(s.total) ?? num(s.totalStrains) ?? num(s.count) ?? num(s.strains);
  if (total !== null) out.push({ label: 'strains in the catalog', value: total });
  const byType = (s.byType ?? s.types) as Record<string, unknown> | undefined;
  if (byType && typeof byType === 'object') {
    for (const t of ['indica', 'sativa', 'hybrid']) {
      const n = num(byType[t]);
      if (n !== null) out.push({ label: `${t} strains`, value: n });
    }
  }
  const extras: Array<[string, string]> = [
    ['withTerpenes', 'with terpene profiles'],
    ['universe', 'names in the strain universe'],
    ['universeCount', 'names in the strain universe'],
    ['sourceCount', 'source sites'],
    ['sources', 'source sites'],
  ];
  for (const [key, label] of extras) {
    const v = s[key];
    const n = num(v) ?? (Array.isArray(v) ? v.length : null);
    if (n !== null && !out.some((o) => o.label === label)) out.push({ label, value: n });
  }
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
