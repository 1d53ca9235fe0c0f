import { z } from 'zod';
import { conditionalPage, CDN, defineRoute, route } from '@/lib/http';
import { catalogEtag, FRESHNESS_CACHE_CONTROL, NOT_MODIFIED } from '@/lib/meta/service';
import { strainsByTerpene } from '@/lib/strains/service';
import { Limit, Offset, StrainSchema } from '@/lib/strains/schemas';

export const dynamic = 'force-dynamic';

export const { GET, HEAD, OPTIONS, POST, PUT, PATCH, DELETE } = route({
  GET: defineRoute(
    {
      limit: 'lenient',
      params: z.object({ terpene: z.string().min(1).max(200) }),
      query: z.object({ minPct: z.coerce.number().min(0).max(100).optional(), limit: Limit, offset: Offset }),
      summary: 'Strains carrying a terpene (synonyms accepted: b-myrcene, beta-caryophyllene), largest share first; unknown terpene is 400 with the known list',
      tags: ['strains'],
      cache: CDN.catalog,
      responses: NOT_MODIFIED,
      response: z.array(StrainSchema.extend({ share: z.number().nullable() })),
    },
    async ({ db, params, query, req, url }) =>
      conditionalPage(
        req,
        await catalogEtag(db, url),
        async () => {
          const { terpene, page } = await strainsByTerpene(db, params.terpene, query);
          return { ...page, headers: { 'X-Terpene': terpene } };
        },
        { 'cache-control': FRESHNESS_CACHE_CONTROL },
      ),
  ),
});
