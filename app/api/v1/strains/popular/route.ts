import { CDN, defineRoute, route, paginated } from '@/lib/http';
import { popularStrains } from '@/lib/strains/catalog';
import { PageQuery, StrainList } from '@/lib/strains/schemas';

export const dynamic = 'force-dynamic';

export const { GET, HEAD, OPTIONS, POST, PUT, PATCH, DELETE } = route({
  GET: defineRoute(
    { limit: 'lenient', query: PageQuery, summary: 'Most popular strains', tags: ['strains'], cache: CDN.catalog, response: StrainList },
    async ({ db, query }) => {
      const page = await popularStrains(db, query.limit, query.offset);
      return paginated(page.items, page);
    },
  ),
});
