'use client';

import Link from 'next/link';
import { Fragment, useEffect, useState, type ReactNode } from 'react';
import { describeError } from '@/lib/client/api';
import { publicApi } from '@/lib/client/typed-api';
import { ApiError, unwrap } from '@/packages/client/src';
import type { Paper } from '@/lib/research/papers/schemas';

/** One paper: the citation as recorded (unknown fields say so), its topics and where it was read. */
export function PaperDetail({ id }: { id: string }) {
  const [paper, setPaper] = useState<Paper | null>(null);
  const [error, setError] = useState<{ message: string; notFound: boolean } | null>(null);
  useEffect(() => {
    const ctl = new AbortController();
    unwrap(publicApi.GET('/api/v1/research/papers/{id}', { params: { path: { id } }, signal: ctl.signal }))
      .then((d) => setPaper(d as Paper))
      .catch((e) => !ctl.signal.aborted && setError({ message: describeError(e), notFound: e instanceof ApiError && e.status === 404 }));
    return () => ctl.abort();
  }, [id]);

  if (error) {
    return (
      <div className="card">
        <h1>{error.notFound ? 'Paper not found' : 'Could not load this paper'}</h1>
        <p className="muted">{error.message}</p>
        <Link href="/research/papers">← Back to the papers</Link>
      </div>
    );
  }
  if (!paper) {
    return (
      <div aria-busy="true">
        <div className="skeleton" style={{ height: 44, width: '60%', marginBottom: 16 }} />
        <div className="card skeleton" style={{ height: 280 }} />
      </div>
    );
  }
  const where = [paper.volume ? `${paper.volume}${paper.issue ? `(${paper.issue})` : ''}` : null, paper.pages].filter(Boolean).join(': ');
  const rows: Array<[string, ReactNode]> = [
    ['Authors', paper.authors.length ? paper.authors.join(', ') : null],
    ['Journal', paper.journal],
    ['Year', paper.year],
    ['Volume, issue, pages', where || null],
    ['Study type', paper.studyType],
    [
      'DOI',
      paper.doi ? (
        <a href={`https://doi.org/${paper.doi}`} rel="noopener noreferrer" target="_blank">
          {paper.doi}
        </a>
      ) : null,
    ],
    [
      'PubMed',
      paper.pmid ? (
        <a href={`https://pubmed.ncbi.nlm.nih.gov/${paper.pmid}/`} rel="noopener noreferrer" target="_blank">
          {paper.pmid}
        </a>
      ) : null,
    ],
    [
      'Article page',
      paper.url ? (
        <a href={paper.url} rel="noopener noreferrer" target="_blank">
          {paper.url}
        </a>
      ) : null,
    ],
  ];
  const topic = (label: string, xs: string[]) => (
    <div>
      <h3 className="small" style={{ margin: '0 0 0.25rem' }}>
        {label}
      </h3>
      {xs.length ? (
        <ul className="chips" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {xs.map((t) => (
            <li key={t} className="chip">
              {t}
            </li>
          ))}
        </ul>
      ) : (
        <p className="muted small">None labelled</p>
      )}
    </div>
  );
  return (
    <article>
      <p className="small">
        <Link href="/research/papers">← All papers</Link>
      </p>
      <div className="page-head">
        <h1 data-testid="paper-title">{paper.title}</h1>
      </div>
      <div className="profile-grid">
        <section className="card" aria-labelledby="citation-h">
          <h2 id="citation-h">Citation</h2>
          <dl className="kv">
            {rows.map(([k, v]) => (
              <Fragment key={k}>
                <dt>{k}</dt>
                <dd style={{ overflowWrap: 'anywhere' }}>{v ?? <span className="muted">not recorded</span>}</dd>
              </Fragment>
            ))}
          </dl>
        </section>
        <section className="card stack" aria-labelledby="topics-h">
          <h2 id="topics-h">Topics</h2>
          {topic('Terpenes', paper.topics.terpenes)}
          {topic(
            'Cannabinoids',
            paper.topics.cannabinoids.map((c) => c.toUpperCase()),
          )}
          {topic('Effects and conditions', paper.topics.effects)}
          <h2 style={{ marginTop: '1rem' }}>Abstract</h2>
          {paper.abstract ? (
            <p>{paper.abstract}</p>
          ) : (
            <p className="muted">No abstract is stored for this paper: publishers&apos; abstracts are copyrighted. Follow the DOI or article page to read it.</p>
          )}
          <p className="hint">
            Fields read from{' '}
            <a href={paper.source} rel="noopener noreferrer" target="_blank">
              {paper.source}
            </a>
            . Topic labels are a curator&apos;s, from the title and abstract.
          </p>
        </section>
      </div>
    </article>
  );
}
