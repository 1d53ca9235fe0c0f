'use client';

import Link from 'next/link';
import { useEffect, useState } from 'react';
import { describeError } from '@/lib/client/api';
import type { DiscoverList } from '@/lib/discover/schemas';
import { publicApi } from '@/lib/client/typed-api';
import { unwrap } from '@/packages/client/src';

/** Every discover list as a card: curated (editors' picks) first, then the computed ones. */
export function DiscoverIndex() {
  const [lists, setLists] = useState<DiscoverList[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    const ctl = new AbortController();
    unwrap(publicApi.GET('/api/v1/discover', { params: { query: { limit: 100 } }, signal: ctl.signal }))
      .then((d) => setLists(d as DiscoverList[]))
      .catch((e) => !ctl.signal.aborted && setError(describeError(e)));
    return () => ctl.abort();
  }, []);
  if (error) return <div className="alert alert-error">{error}</div>;
  if (!lists)
    return (
      <div className="grid grid-3" aria-busy="true">
        {[0, 1, 2, 3, 4, 5].map((i) => (
          <div key={i} className="card skeleton" style={{ height: 120 }} />
        ))}
      </div>
    );
  return (
    <div className="grid grid-3" data-testid="discover-lists">
      {lists.map((l) => (
        <Link key={l.slug} href={`/discover/${encodeURIComponent(l.slug)}`} className="card card-link" data-testid="discover-card">
          <h3>{l.title}</h3>
          <p className="small muted">{l.description}</p>
          <div className="row small">
            <span className={`badge ${l.kind === 'curated' ? 'badge-ok' : ''}`}>{l.kind === 'curated' ? 'Editors’ pick' : 'Computed'}</span>
            <span className="muted">{l.strainCount} strains</span>
          </div>
        </Link>
      ))}
    </div>
  );
}
