import { defineRoute, paginated } from '@/lib/http';
import { ready } from '@/lib/bootstrap';
import { popularStrains } from '@/lib/strains/catalog';
import { PageQuery, StrainList } from '@/lib/strains/schemas';

export const dynamic = 'force-dynamic';

export const GET = defineRoute(
  { limit: 'lenient', query: PageQuery, summary: 'Most popular strains', tags: ['strains'], response: StrainList },
  async ({ query }) => {
    const page = await popularStrains(await ready(), query.limit, query.offset);
    return paginated(page.items, page);
  },
);
