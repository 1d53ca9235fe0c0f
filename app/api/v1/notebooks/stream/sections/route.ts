import { CDN, defineRoute, route } from '@/lib/http';
import { SectionsQuery, SectionsResponse } from '@/lib/notebooks/input';
import { AI_SECTIONS, ALL_SECTIONS } from '@/lib/notebooks/sections';

export const dynamic = 'force-dynamic';

export const { GET, HEAD, OPTIONS, POST, PUT, PATCH, DELETE } = route({
  GET: defineRoute(
    {
      summary: 'Notebook section descriptors: the twelve ai sections, or all sixteen with ?include=all (flat body)',
      tags: ['notebooks'],
      cache: CDN.static,
      limit: 'lenient',
      db: false,
      flat: true,
      query: SectionsQuery,
      response: SectionsResponse,
    },
    async ({ query }) => {
      const sections = query.include === 'all' ? ALL_SECTIONS : AI_SECTIONS;
      return Response.json({ sections, totalSections: sections.length });
    },
  ),
});
