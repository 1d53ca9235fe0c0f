import { conditionalPage, CDN, defineRoute, route } from '@/lib/http';
import { catalogEtag, FRESHNESS_CACHE_CONTROL, NOT_MODIFIED } from '@/lib/meta/service';
import { listStrains } from '@/lib/strains/service';
import { ListQuery, StrainList } from '@/lib/strains/schemas';

export const dynamic = 'force-dynamic';

export const { GET, HEAD, OPTIONS, POST, PUT, PATCH, DELETE } = route({
  GET: defineRoute(
    {
      limit: 'lenient',
      query: ListQuery,
      summary: 'Strain catalog: filter by type, terpene, effect, aroma (comma lists match all), THC range; sort by popularity, name or thc',
      tags: ['strains'],
      cache: CDN.catalog,
      responses: NOT_MODIFIED,
      response: StrainList,
    },
    async ({ db, query, req, url }) => conditionalPage(req, await catalogEtag(db, url), () => listStrains(db, query), { 'cache-control': FRESHNESS_CACHE_CONTROL }),
  ),
});
