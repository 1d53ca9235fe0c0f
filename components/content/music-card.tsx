'use client';

import { useEffect, useState } from 'react';
import { publicApi } from '@/lib/client/typed-api';
import { unwrap } from '@/packages/client/src';
import { BarChart } from '@/components/content/bar-chart';
import type { z } from 'zod';
import type { StrainMusicSchema } from '@/lib/music/schemas';

type Music = z.output<typeof StrainMusicSchema>;

/** The strain page's soundtrack card (GET /music/strains/:slug); hidden when it cannot load. */
export function MusicCard({ slug }: { slug: string }) {
  const [m, setM] = useState<Music | null>(null);
  useEffect(() => {
    const ctl = new AbortController();
    unwrap(publicApi.GET('/api/v1/music/strains/{slug}', { params: { path: { slug } }, signal: ctl.signal }))
      .then((d) => setM(d))
      .catch(() => {});
    return () => ctl.abort();
  }, [slug]);
  if (!m) return null;
  return (
    <section className="card" aria-labelledby="music-h" data-testid="music-card">
      <h2 id="music-h">Soundtrack</h2>
      <p className="small">{m.description}</p>
      <BarChart
        rows={[
          { label: 'energy', value: m.mood.energy },
          { label: 'positivity', value: m.mood.valence },
          { label: 'acoustic', value: m.mood.acousticness },
        ]}
        unit={(v) => `${Math.round(v * 100)}%`}
        title="Music mood"
      />
      <p className="small" style={{ marginTop: '0.5rem' }}>
        {m.tempoBpm.min}–{m.tempoBpm.max} BPM
      </p>
      <div className="chips">
        {m.genres.map((g) => (
          <span key={g} className="chip">
            {g}
          </span>
        ))}
      </div>
      <p className="small muted" style={{ marginTop: '0.5rem' }}>
        Good for {m.activities.join(', ')}.
      </p>
    </section>
  );
}
