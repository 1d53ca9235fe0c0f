'use client';

import Link from 'next/link';
import { useEffect, useId, useState } from 'react';
import { describeError } from '@/lib/client/api';
import { publicApi } from '@/lib/client/typed-api';
import { useDebounced } from '@/lib/client/use-debounced';
import { unwrap } from '@/packages/client/src';
import type { z } from 'zod';
import type { DispensarySchema } from '@/lib/dispensaries/schemas';

type Dispensary = z.output<typeof DispensarySchema>;

/** Dispensaries the menu scanner has seen, searchable by name or domain. */
export function DispensaryIndex() {
  const id = useId();
  const [q, setQ] = useState('');
  const debounced = useDebounced(q.trim(), 200);
  const [items, setItems] = useState<Dispensary[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    const ctl = new AbortController();
    unwrap(publicApi.GET('/api/v1/dispensaries', { params: { query: { limit: 100, ...(debounced ? { q: debounced } : {}) } }, signal: ctl.signal }))
      .then((d) => setItems(d))
      .catch((e) => !ctl.signal.aborted && setError(describeError(e)));
    return () => ctl.abort();
  }, [debounced]);
  return (
    <div className="stack">
      <div className="field" style={{ maxWidth: 420 }}>
        <label className="label" htmlFor={`${id}-q`}>
          Search dispensaries
        </label>
        <input id={`${id}-q`} type="search" value={q} onChange={(e) => setQ(e.target.value)} placeholder="Name or domain" data-testid="dispensary-search" />
      </div>
      {error ? <div className="alert alert-error">{error}</div> : null}
      {!items ? (
        <div className="card skeleton" style={{ height: 200 }} aria-busy="true" />
      ) : items.length === 0 ? (
        <p className="muted" data-testid="dispensary-empty">
          No dispensaries yet: they appear here after a menu scan.
        </p>
      ) : (
        <div className="grid grid-3" data-testid="dispensary-list">
          {items.map((d) => (
            <Link key={d.domain} href={`/dispensaries/${encodeURIComponent(d.domain)}`} className="card card-link" data-testid="dispensary-card">
              <h3>{d.name}</h3>
              <p className="small muted">
                {d.domain} · {d.platform}
              </p>
              <p className="small">
                {d.productsCount} products · {Math.round(d.matchedRate * 100)}% matched
              </p>
              <p className="small muted">{d.lastScannedAt ? `Scanned ${new Date(d.lastScannedAt).toLocaleString()}` : 'Not scanned yet'}</p>
            </Link>
          ))}
        </div>
      )}
    </div>
  );
}
