'use client';

import Link from 'next/link';
import { useEffect, useState } from 'react';
import { describeError } from '@/lib/client/api';
import { publicApi } from '@/lib/client/typed-api';
import { ApiError, unwrap } from '@/packages/client/src';
import { BarChart } from '@/components/content/bar-chart';
import type { z } from 'zod';
import type { DispensaryDetailSchema } from '@/lib/dispensaries/schemas';

type Detail = z.output<typeof DispensaryDetailSchema>;

/** One dispensary: menu facts, a price-per-gram chart by category, top strains, recent scans. */
export function DispensaryDetail({ domain }: { domain: string }) {
  const [d, setD] = useState<Detail | null>(null);
  const [error, setError] = useState<{ message: string; notFound: boolean } | null>(null);
  useEffect(() => {
    const ctl = new AbortController();
    unwrap(publicApi.GET('/api/v1/dispensaries/{domain}', { params: { path: { domain } }, signal: ctl.signal }))
      .then((x) => setD(x))
      .catch((e) => !ctl.signal.aborted && setError({ message: describeError(e), notFound: e instanceof ApiError && e.status === 404 }));
    return () => ctl.abort();
  }, [domain]);
  if (error)
    return (
      <div className="card">
        <h1>{error.notFound ? 'Dispensary not found' : 'Could not load this dispensary'}</h1>
        <p className="muted">{error.message}</p>
        <Link href="/dispensaries">← All dispensaries</Link>
      </div>
    );
  if (!d) return <div className="card skeleton" style={{ height: 320 }} aria-busy="true" />;
  const prices = Object.entries(d.medianPricePerGram).map(([label, value]) => ({ label, value }));
  return (
    <article>
      <nav aria-label="Breadcrumb" className="small" style={{ marginBottom: '0.75rem' }}>
        <Link href="/dispensaries">Dispensaries</Link> <span className="muted">/ {d.name}</span>
      </nav>
      <header className="page-head">
        <h1 data-testid="dispensary-name">{d.name}</h1>
        <p className="small muted">
          {d.domain} · {d.platform} menu{d.address ? ` · ${d.address}` : ''}
        </p>
      </header>
      <div className="profile-grid">
        <div className="stack" style={{ gap: '1rem' }}>
          <section className="card" aria-labelledby="price-h">
            <h2 id="price-h">Median price per gram</h2>
            <BarChart rows={prices} unit={(v) => `$${v.toFixed(2)}`} title="Median price per gram by category" testId="price-chart" />
          </section>
          <section className="card" aria-labelledby="top-h">
            <h2 id="top-h">Most listed strains</h2>
            {d.topStrains.length ? (
              <ol className="small" style={{ margin: 0, paddingLeft: '1.2rem' }}>
                {d.topStrains.map((t) => (
                  <li key={t.slug}>
                    <Link href={`/strains/${encodeURIComponent(t.slug)}`}>{t.name}</Link> <span className="muted">({t.count})</span>
                  </li>
                ))}
              </ol>
            ) : (
              <p className="muted">No matched strains in the latest scan.</p>
            )}
          </section>
        </div>
        <div className="stack" style={{ gap: '1rem' }}>
          <section className="card" aria-labelledby="menu-h">
            <h2 id="menu-h">Menu</h2>
            <dl className="kv">
              <dt>Products</dt>
              <dd>{d.productsCount}</dd>
              <dt>Matched</dt>
              <dd>{Math.round(d.matchedRate * 100)}%</dd>
              <dt>Categories</dt>
              <dd>{d.categories.join(', ') || '—'}</dd>
              <dt>Last scan</dt>
              <dd>{d.lastScannedAt ? new Date(d.lastScannedAt).toLocaleString() : '—'}</dd>
              <dt>Website</dt>
              <dd>
                {d.website ? (
                  <a href={d.website} rel="noopener noreferrer nofollow">
                    {d.website}
                  </a>
                ) : (
                  '—'
                )}
              </dd>
            </dl>
            <ul className="small" style={{ margin: '0.5rem 0 0', paddingLeft: '1.1rem' }}>
              {d.menuUrls.map((u) => (
                <li key={u} className="mono" style={{ wordBreak: 'break-all' }}>
                  {u}
                </li>
              ))}
            </ul>
          </section>
          <section className="card" aria-labelledby="scans-h">
            <h2 id="scans-h">Recent scans</h2>
            <div className="table-wrap">
              <table className="small">
                <thead>
                  <tr>
                    <th scope="col">When</th>
                    <th scope="col">Products</th>
                    <th scope="col">Matched</th>
                  </tr>
                </thead>
                <tbody>
                  {d.scans.map((s) => (
                    <tr key={s.scannedAt}>
                      <td>{new Date(s.scannedAt).toLocaleString()}</td>
                      <td>{s.productsCount}</td>
                      <td>{s.matchedCount}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </section>
        </div>
      </div>
    </article>
  );
}
