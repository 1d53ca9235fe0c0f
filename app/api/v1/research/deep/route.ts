import { defineRoute, ok, route } from '@/lib/http';
import { DeepResearchRequest, DeepResearchStarted } from '@/lib/research/deep/schemas';
import { startDeepResearch } from '@/lib/research/deep/service';

export const dynamic = 'force-dynamic';

export const { GET, HEAD, OPTIONS, POST, PUT, PATCH, DELETE } = route({
  POST: defineRoute(
    {
      auth: 'user',
      tier: 'premium',
      feature: 'deep-research',
      limit: 'notebook',
      body: DeepResearchRequest,
      summary: 'Start a deep-research run: plan → search → read → synthesize → complete (202)',
      description:
        'Body `{ question: 10–1000 characters, strainSlugs?: at most 5 }`. Answers 202 `{ runId, publicAccessToken }`; follow the run at GET /research/deep/:runId or /stream with `Authorization: Bearer <publicAccessToken>`. The same question from the same user while a run is active joins that run. An unknown strain slug: 400.',
      tags: ['research'],
      response: DeepResearchStarted,
    },
    async ({ db, body, user }) => {
      const { runId, publicAccessToken } = await startDeepResearch(db, user.sub, body);
      return ok({ runId, publicAccessToken }, { status: 202 });
    },
  ),
});
