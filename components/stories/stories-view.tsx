'use client';

import Link from 'next/link';
import { useEffect, useState } from 'react';
import { apiData, describeError } from '@/lib/client/api';
import { getUserSession } from '@/lib/client/session';
import { Markdown } from '@/components/chat/markdown';
import type { z } from 'zod';
import type { DailyStorySchema } from '@/lib/stories/schemas';

type Story = z.output<typeof DailyStorySchema>;

export function StoriesView() {
  const [story, setStory] = useState<Story | null>(null);
  const [past, setPast] = useState<Story[] | null>(null);
  const [error, setError] = useState<string | null>(null);

  const [date, setDate] = useState<string | undefined>(undefined);

  useEffect(() => {
    let live = true;
    getUserSession()
      .then((session) =>
        Promise.all([apiData<Story>('/stories/daily', { token: session.token, query: { date } }), apiData<Story[]>('/stories', { token: session.token, query: { limit: 30 } })]),
      )
      .then(
        ([s, list]) => {
          if (!live) return;
          setStory(s);
          setPast(list);
          setError(null);
        },
        (e: unknown) => live && setError(describeError(e)),
      );
    return () => {
      live = false;
    };
  }, [date]);

  return (
    <div className="stack">
      {error && <p className="alert alert-error">{error}</p>}
      {!story && !error && <div className="card skeleton" aria-busy="true" style={{ minHeight: 240 }} />}
      {story && (
        <article className="card" aria-labelledby="story-title">
          {story.imageUrl && (
            // eslint-disable-next-line @next/next/no-img-element -- a stored image served by the API's file route
            <img src={story.imageUrl} alt={`Artwork for ${story.strain.name}`} className="preview-img" width={1200} height={630} style={{ width: '100%', height: 'auto' }} />
          )}
          <p className="muted small">
            <time dateTime={story.date}>{story.date}</time> ·{' '}
            <Link href={`/strains/${story.strain.slug}`}>
              {story.strain.name}
              {story.strain.type ? ` (${story.strain.type})` : ''}
            </Link>
          </p>
          <h2 id="story-title">{story.title}</h2>
          <ul className="chips" aria-label="Highlights">
            {story.highlights.map((h) => (
              <li key={h} className="chip">
                {h}
              </li>
            ))}
          </ul>
          <Markdown text={story.body} />
        </article>
      )}
      {past && past.length > 1 && (
        <nav className="card" aria-label="Earlier stories">
          <h2>Earlier stories</h2>
          <ul>
            {past
              .filter((p) => p.date !== story?.date)
              .map((p) => (
                <li key={p.date}>
                  <button type="button" className="btn btn-small" onClick={() => setDate(p.date)}>
                    {p.date}: {p.strain.name}
                  </button>
                </li>
              ))}
          </ul>
        </nav>
      )}
    </div>
  );
}
