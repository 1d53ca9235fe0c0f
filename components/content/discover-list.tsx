'use client';

import Link from 'next/link';
import { useEffect, useState } from 'react';
import { describeError } from '@/lib/client/api';
import { publicApi } from '@/lib/client/typed-api';
import { ApiError, unwrapWithMeta } from '@/packages/client/src';
import type { Strain } from '@/lib/strains/types';
import { StrainCard } from '@/components/strain-card';

const PAGE = 12;

/** One discover list, a page of its strains at a time. */
export function DiscoverList({ slug }: { slug: string }) {
  const [offset, setOffset] = useState(0);
  const [data, setData] = useState<{ list: { title: string; description: string; strainCount: number; updatedAt: string; kind: string }; strains: Strain[] } | null>(null);
  const [error, setError] = useState<{ message: string; notFound: boolean } | null>(null);
  useEffect(() => {
    const ctl = new AbortController();
    unwrapWithMeta(publicApi.GET('/api/v1/discover/{slug}', { params: { path: { slug }, query: { limit: PAGE, offset } }, signal: ctl.signal }))
      .then(({ data }) => setData(data as never))
      .catch((e) => !ctl.signal.aborted && setError({ message: describeError(e), notFound: e instanceof ApiError && e.status === 404 }));
    return () => ctl.abort();
  }, [slug, offset]);
  if (error)
    return (
      <div className="card">
        <h1>{error.notFound ? 'List not found' : 'Could not load this list'}</h1>
        <p className="muted">{error.message}</p>
        <Link href="/discover">← All lists</Link>
      </div>
    );
  if (!data) return <div className="card skeleton" style={{ height: 320 }} aria-busy="true" />;
  const { list, strains } = data;
  const pages = Math.max(1, Math.ceil(list.strainCount / PAGE));
  const page = Math.floor(offset / PAGE) + 1;
  return (
    <article>
      <nav aria-label="Breadcrumb" className="small" style={{ marginBottom: '0.75rem' }}>
        <Link href="/discover">Discover</Link> <span className="muted">/ {list.title}</span>
      </nav>
      <header className="page-head">
        <h1 data-testid="discover-title">{list.title}</h1>
        <p>{list.description}</p>
        <p className="small muted">
          {list.strainCount} strains · updated {new Date(list.updatedAt).toLocaleDateString()}
        </p>
      </header>
      {strains.length ? (
        <div className="grid grid-3" data-testid="discover-strains">
          {strains.map((s) => (
            <StrainCard key={s.slug} strain={s} />
          ))}
        </div>
      ) : (
        <p className="muted">This list is empty.</p>
      )}
      {pages > 1 ? (
        <nav className="pagination" aria-label="List pages">
          <button className="btn btn-small" disabled={page <= 1} onClick={() => setOffset(Math.max(0, offset - PAGE))}>
            ← Previous
          </button>
          <span className="small muted">
            Page {page} of {pages}
          </span>
          <button className="btn btn-small" disabled={page >= pages} onClick={() => setOffset(offset + PAGE)} data-testid="next-page">
            Next →
          </button>
        </nav>
      ) : null}
    </article>
  );
}
