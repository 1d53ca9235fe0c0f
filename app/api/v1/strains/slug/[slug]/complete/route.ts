import { defineRoute, route, ok } from '@/lib/http';
import { COMPLETE_CACHE_CONTROL, completeProfile } from '@/lib/strains/complete';
import { CompleteProfileSchema, SlugParams } from '@/lib/strains/schemas';

export const dynamic = 'force-dynamic';

export const { GET, HEAD, OPTIONS, POST, PUT, PATCH, DELETE } = route({
  GET: defineRoute(
    {
      limit: 'lenient',
      params: SlugParams,
      summary: 'Complete strain profile: strain, similar strains, terpene chart, sources (CDN-cacheable; 15-minute server cache, X-Cache HIT|MISS)',
      tags: ['strains'],
      response: CompleteProfileSchema,
    },
    async ({ db, params }) => {
      const { data, cached } = await completeProfile(db, params.slug);
      return ok(data, { headers: { 'Cache-Control': COMPLETE_CACHE_CONTROL, 'X-Cache': cached ? 'HIT' : 'MISS' } });
    },
  ),
});
