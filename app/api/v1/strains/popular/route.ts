import { conditionalPage, CDN, defineRoute, route } from '@/lib/http';
import { catalogEtag, FRESHNESS_CACHE_CONTROL, NOT_MODIFIED } from '@/lib/meta/service';
import { popularStrains } from '@/lib/strains/repo';
import { PageQuery, StrainList } from '@/lib/strains/schemas';

export const dynamic = 'force-dynamic';

export const { GET, HEAD, OPTIONS, POST, PUT, PATCH, DELETE } = route({
  GET: defineRoute(
    { limit: 'lenient', query: PageQuery, summary: 'Most popular strains', tags: ['strains'], cache: CDN.catalog, responses: NOT_MODIFIED, response: StrainList },
    async ({ db, query, req, url }) =>
      conditionalPage(req, await catalogEtag(db, url), () => popularStrains(db, query.limit, query.offset), { 'cache-control': FRESHNESS_CACHE_CONTROL }),
  ),
});
