import { conditionalByContent, defineRoute, route } from '@/lib/http';
import { FRESHNESS_CACHE_CONTROL, freshness, FreshnessSchema, NOT_MODIFIED } from '@/lib/meta/service';

export const dynamic = 'force-dynamic';

export const { GET, HEAD, OPTIONS, POST, PUT, PATCH, DELETE } = route({
  GET: defineRoute(
    {
      auth: 'public',
      limit: 'lenient',
      summary: 'What changed when: catalog, popularity, scans, research, papers, discover, blog and stories, read from the data. Strong ETag; If-None-Match → 304',
      tags: ['meta'],
      response: FreshnessSchema,
      responses: NOT_MODIFIED,
    },
    async ({ db, req }) => conditionalByContent(req, await freshness(db), { 'cache-control': FRESHNESS_CACHE_CONTROL }),
  ),
});
