import { CatalogStatsSchema } from '@/lib/strains/schemas';
import { CDN, defineRoute, route, ok } from '@/lib/http';
import { catalogStats } from '@/lib/strains/service';

export const dynamic = 'force-dynamic';

export const { GET, HEAD, OPTIONS, POST, PUT, PATCH, DELETE } = route({
  GET: defineRoute(
    {
      summary: 'Catalog statistics: totals by type, terpene profiles, universe size, source URL statistics (30-minute cache)',
      tags: ['strains'],
      cache: CDN.stats,
      response: CatalogStatsSchema,
    },
    async ({ db }) => {
      const { data, cached } = await catalogStats(db);
      return ok(data, { headers: { 'X-Cache': cached ? 'HIT' : 'MISS' } });
    },
  ),
});
