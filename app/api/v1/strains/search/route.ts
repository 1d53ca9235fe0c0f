import { conditionalPage, CDN, defineRoute, route } from '@/lib/http';
import { catalogEtag, FRESHNESS_CACHE_CONTROL, NOT_MODIFIED } from '@/lib/meta/service';
import { catalogKeep } from '@/lib/strains/read-cache';
import { searchStrainsCached } from '@/lib/strains/service';
import { SearchQuery, StrainList } from '@/lib/strains/schemas';

export const dynamic = 'force-dynamic';

export const { GET, HEAD, OPTIONS, POST, PUT, PATCH, DELETE } = route({
  GET: defineRoute(
    {
      limit: 'lenient',
      query: SearchQuery,
      summary: 'Search strains by name and alias: exact, prefix, substring, then trigram similarity (typos tolerated); empty q is 400',
      tags: ['strains'],
      cache: CDN.catalog,
      responses: NOT_MODIFIED,
      response: StrainList,
    },
    async ({ db, query, req, url }) => {
      // Replayable while the catalog version is the checked one (taken before the tag and the read).
      const keep = catalogKeep(db);
      return conditionalPage(
        req,
        await catalogEtag(db, url, { fromReadCache: true }),
        () => searchStrainsCached(db, query.q, query.limit),
        { 'cache-control': FRESHNESS_CACHE_CONTROL },
        { shared: true, keep },
      );
    },
  ),
});
