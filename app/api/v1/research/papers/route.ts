import { defineRoute, route, paginated } from '@/lib/http';
import { searchPapers, toPaper } from '@/lib/research/papers/service';
import { PaperList, PaperSearchQuery } from '@/lib/research/papers/schemas';

export const dynamic = 'force-dynamic';

export const { GET, HEAD, OPTIONS, POST, PUT, PATCH, DELETE } = route({
  GET: defineRoute(
    {
      limit: 'moderate',
      query: PaperSearchQuery,
      summary: 'Search research papers: full text on title and abstract, filters by terpene, cannabinoid, effect, study type, years, or a strain',
      description:
        "`q` is a web-search style query (quotes, OR, -word). `strain=<slug>` finds papers about the strain's leading terpenes (top 3) and cannabinoids (THC/CBD at 1 % or more), most shared first; an unknown strain is 404 STRAIN_NOT_FOUND. Without `q` or `strain`, newest first.",
      tags: ['research'],
      response: PaperList,
    },
    async ({ db, query }) => {
      const page = await searchPapers(db, query);
      return paginated(page.items.map(toPaper), page);
    },
  ),
});
