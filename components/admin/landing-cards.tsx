'use client';

import { useApi } from '@/lib/client/use-api';
import type { LandingProblem } from '@/lib/images/schemas';
import { AdminPage, LoadState, findImageUrl } from '@/components/admin/admin-page';
import { ImageCard } from '@/components/admin/image-card';

type Problem = LandingProblem;

export function LandingCards() {
  const { data, error, loading } = useApi<Problem[] | { problems: Problem[] }>('/app-landing/problems');
  const problems = Array.isArray(data) ? data : (data?.problems ?? []);
  return (
    <AdminPage title="Landing cards" intro="The app landing page's problem cards and their generated illustrations.">
      <LoadState loading={loading && !data} error={error} empty={!loading && problems.length === 0}>
        <div className="grid grid-features">
          {problems.map((p) => (
            <ImageCard
              key={p.id}
              testId="landing-card"
              title={p.title || p.id}
              subtitle={p.description}
              initialImage={findImageUrl(p)}
              generate={{ path: '/app-landing/generate-image', body: { problemId: p.id } }}
            />
          ))}
        </div>
      </LoadState>
    </AdminPage>
  );
}
