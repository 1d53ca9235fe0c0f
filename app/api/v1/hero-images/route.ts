import { z } from 'zod';
import { defineRoute, route, paginated } from '@/lib/http';
import { listHeroImages } from '@/lib/hero/repo';
import { HeroImageSchema, HeroListQuery } from '@/lib/hero/schemas';

export const dynamic = 'force-dynamic';

export const { GET, HEAD, OPTIONS, POST, PUT, PATCH, DELETE } = route({
  GET: defineRoute(
    {
      auth: 'public',
      limit: 'lenient',
      query: HeroListQuery,
      summary: 'Generated hero images (1600×900), newest first; filter by subject (strain | page) and slug',
      tags: ['hero-images'],
      response: z.array(HeroImageSchema),
    },
    async ({ db, query }) => {
      const { items, total } = await listHeroImages(db, query);
      return paginated(items, { limit: query.limit, offset: query.offset, total }, { 'cache-control': 'public, max-age=60, stale-while-revalidate=300' });
    },
  ),
});
