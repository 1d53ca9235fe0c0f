'use client';

import Link from 'next/link';
import { useEffect, useState } from 'react';
import { describeError } from '@/lib/client/api';
import { publicApi } from '@/lib/client/typed-api';
import { ApiError, unwrap } from '@/packages/client/src';
import type { z } from 'zod';
import type { CompleteProfileSchema } from '@/lib/strains/schemas';
import type { Strain } from '@/lib/strains/types';
import { StrainCard, type StrainSummary } from '@/components/strain-card';
import { TerpeneChart } from '@/components/terpene-chart';
import { TypeBadge } from '@/components/type-badge';
import { MusicCard } from '@/components/content/music-card';

type Complete = z.output<typeof CompleteProfileSchema>;

/** Strain, similar strains and catalog terpene averages out of the complete-profile payload. */
export function splitComplete(d: Complete): { strain: Strain; similar: StrainSummary[]; averages: Record<string, number> | null } {
  const averages: Record<string, number> = {};
  for (const t of d.terpeneChart ?? []) if (t.catalogAverage != null) averages[t.name] = t.catalogAverage;
  return { strain: d.strain, similar: d.similar ?? [], averages: Object.keys(averages).length ? averages : null };
}

function range(v: number | null, min: number | null, max: number | null): string {
  if (min != null && max != null && min !== max) return `${min}–${max}%`;
  if (v != null) return `${v}%`;
  return '—';
}

export function StrainProfile({ slug }: { slug: string }) {
  const [data, setData] = useState<ReturnType<typeof splitComplete> | null>(null);
  const [error, setError] = useState<{ message: string; notFound: boolean } | null>(null);
  useEffect(() => {
    const ctl = new AbortController();
    unwrap(publicApi.GET('/api/v1/strains/slug/{slug}/complete', { params: { path: { slug } }, signal: ctl.signal }))
      .then((d) => setData(splitComplete(d as Complete)))
      .catch((e) => !ctl.signal.aborted && setError({ message: describeError(e), notFound: e instanceof ApiError && e.status === 404 }));
    return () => ctl.abort();
  }, [slug]);

  if (error) {
    return (
      <div className="card">
        <h1>{error.notFound ? 'Strain not found' : 'Could not load this strain'}</h1>
        <p className="muted">{error.message}</p>
        <Link href="/strains">← Back to the catalog</Link>
      </div>
    );
  }
  if (!data) {
    return (
      <div aria-busy="true">
        <div className="skeleton" style={{ height: 44, width: '40%', marginBottom: 16 }} />
        <div className="profile-grid">
          <div className="card skeleton" style={{ height: 320 }} />
          <div className="card skeleton" style={{ height: 320 }} />
        </div>
      </div>
    );
  }
  const { strain: s, similar, averages } = data;
  const helps = Object.entries(s.helpsWith ?? {})
    .sort((a, b) => b[1] - a[1])
    .slice(0, 6);
  return (
    <article>
      <nav aria-label="Breadcrumb" className="small" style={{ marginBottom: '0.75rem' }}>
        <Link href="/strains">Strains</Link> <span className="muted">/ {s.name}</span>
      </nav>
      <header className="page-head">
        <h1 data-testid="strain-name">{s.name}</h1>
        <div className="row">
          <TypeBadge type={s.type} />
          {s.highFamily ? <span className="badge badge-ok">{s.highFamily}</span> : null}
          {s.akas?.length ? <span className="muted small">also known as {s.akas.join(', ')}</span> : null}
        </div>
        {s.description ? <p style={{ marginTop: '0.75rem' }}>{s.description}</p> : null}
      </header>
      <div className="profile-grid">
        <div className="stack" style={{ gap: '1rem' }}>
          <section className="card" aria-labelledby="terp-h">
            <h2 id="terp-h">Terpenes</h2>
            <TerpeneChart terpenes={s.terpenes ?? []} averages={averages} title={`${s.name} terpene profile`} />
          </section>
          <section className="card" aria-labelledby="eff-h">
            <h2 id="eff-h">Effects</h2>
            <div className="chips">
              {s.effects?.length ? (
                s.effects.map((e) => (
                  <span key={e} className="chip">
                    {e}
                  </span>
                ))
              ) : (
                <span className="muted">No effects recorded.</span>
              )}
            </div>
            {s.negatives?.length ? (
              <>
                <h3 style={{ marginTop: '1rem' }}>Possible negatives</h3>
                <div className="chips">
                  {s.negatives.map((e) => (
                    <span key={e} className="chip">
                      {e}
                    </span>
                  ))}
                </div>
              </>
            ) : null}
          </section>
        </div>
        <div className="stack" style={{ gap: '1rem' }}>
          <section className="card" aria-labelledby="pot-h">
            <h2 id="pot-h">Potency and lineage</h2>
            <dl className="kv">
              <dt>THC</dt>
              <dd>{range(s.thc, s.thcMin, s.thcMax)}</dd>
              <dt>CBD</dt>
              <dd>{range(s.cbd, s.cbdMin, s.cbdMax)}</dd>
              <dt>Family</dt>
              <dd>{s.highFamily ?? '—'}</dd>
              <dt>Parents</dt>
              <dd>{s.parents?.length ? s.parents.join(' × ') : '—'}</dd>
              <dt>Source</dt>
              <dd>{s.source || '—'}</dd>
            </dl>
          </section>
          <section className="card" aria-labelledby="aroma-h">
            <h2 id="aroma-h">Aromas</h2>
            <div className="chips">
              {s.aromas?.length ? (
                s.aromas.map((a) => (
                  <span key={a} className="chip">
                    {a}
                  </span>
                ))
              ) : (
                <span className="muted">No aromas recorded.</span>
              )}
            </div>
          </section>
          <MusicCard slug={s.slug} />
          {helps.length ? (
            <section className="card" aria-labelledby="helps-h">
              <h2 id="helps-h">Reported to help with</h2>
              <ul className="small" style={{ margin: 0, paddingLeft: '1.1rem' }}>
                {helps.map(([k, v]) => (
                  <li key={k}>
                    {k} <span className="muted">({Math.round(v)}% of reports)</span>
                  </li>
                ))}
              </ul>
            </section>
          ) : null}
        </div>
      </div>
      <section aria-labelledby="sim-h" style={{ marginTop: '2rem' }}>
        <h2 id="sim-h">Similar strains</h2>
        {similar.length ? (
          <div className="grid grid-3">
            {similar.slice(0, 6).map((x) => (
              <StrainCard key={x.slug} strain={x} />
            ))}
          </div>
        ) : (
          <p className="muted">No similar strains found.</p>
        )}
      </section>
    </article>
  );
}
