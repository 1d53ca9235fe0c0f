import { ALWAYS_CURRENT, CDN, defineRoute, ok, route } from '@/lib/http';
import { SectionsQuery, SectionsResponse } from '@/lib/notebooks/input';
import { AI_SECTIONS, ALL_SECTIONS, type SectionDescriptor } from '@/lib/notebooks/sections';

export const dynamic = 'force-dynamic';

// The two answers never change while the process runs: made once, with their JSON text.
const BODIES = Object.fromEntries(
  (['ai', 'all'] as const).map((include) => {
    const sections = include === 'all' ? ALL_SECTIONS : AI_SECTIONS;
    const body = { sections: [...sections], totalSections: sections.length };
    return [include, { body, json: JSON.stringify(body) }];
  }),
) as Record<'ai' | 'all', { body: { sections: SectionDescriptor[]; totalSections: number }; json: string }>;

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
      const { body, json } = BODIES[query.include === 'all' ? 'all' : 'ai'];
      return ok(body, { json, keep: ALWAYS_CURRENT });
    },
  ),
});
