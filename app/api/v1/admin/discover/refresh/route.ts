import { defineRoute, route } from '@/lib/http';
import { refreshDiscoverLists, RefreshResultSchema } from '@/lib/discover/service';

export const dynamic = 'force-dynamic';

export const { GET, HEAD, OPTIONS, POST, PUT, PATCH, DELETE } = route({
  POST: defineRoute(
    {
      auth: 'admin',
      summary: 'Recompute the computed discover lists now (the daily sync does it once a day)',
      tags: ['admin', 'discover'],
      response: RefreshResultSchema,
    },
    async ({ db }) => refreshDiscoverLists(db),
  ),
});
