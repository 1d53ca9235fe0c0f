import { z } from 'zod';
import { defineRoute, ok, route } from '@/lib/http';
import { DiscoverDetailSchema, discoverList } from '@/lib/discover/service';
import { PageQuery } from '@/lib/discover/schemas';

export const dynamic = 'force-dynamic';

export const { GET, HEAD, OPTIONS, POST, PUT, PATCH, DELETE } = route({
  GET: defineRoute(
    {
      auth: 'public',
      limit: 'lenient',
      params: z.object({ slug: z.string().min(1).max(80) }),
      query: PageQuery,
      summary: 'One discover list and a page of its strains (meta.pagination counts the strains)',
      tags: ['discover'],
      response: DiscoverDetailSchema,
    },
    async ({ db, params, query }) => {
      const { list, strains, total } = await discoverList(db, params.slug, query.limit, query.offset);
      return ok({ list, strains }, { meta: { pagination: { limit: query.limit, offset: query.offset, total, hasMore: query.offset + strains.length < total } } });
    },
  ),
});
