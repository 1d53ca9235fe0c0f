import { z } from 'zod';
import { conditionalPage, CDN, defineRoute, route } from '@/lib/http';
import { catalogEtag, FRESHNESS_CACHE_CONTROL, NOT_MODIFIED } from '@/lib/meta/service';
import { strainsByType } from '@/lib/strains/service';
import { PageQuery, StrainList } from '@/lib/strains/schemas';

export const dynamic = 'force-dynamic';

export const { GET, HEAD, OPTIONS, POST, PUT, PATCH, DELETE } = route({
  GET: defineRoute(
    {
      limit: 'lenient',
      params: z.object({ type: z.string().min(1).max(200) }),
      query: PageQuery,
      summary: 'Strains of one type (indica, sativa or hybrid; anything else is 400)',
      tags: ['strains'],
      cache: CDN.catalog,
      responses: NOT_MODIFIED,
      response: StrainList,
    },
    async ({ db, params, query, req, url }) =>
      conditionalPage(req, await catalogEtag(db, url), () => strainsByType(db, params.type, query.limit, query.offset), { 'cache-control': FRESHNESS_CACHE_CONTROL }),
  ),
});
