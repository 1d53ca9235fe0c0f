import { CDN, defineRoute, route, ok } from '@/lib/http';
import { completeProfile } from '@/lib/strains/service';
import { CompleteProfileSchema, SlugParams } from '@/lib/strains/schemas';

export const dynamic = 'force-dynamic';

export const { GET, HEAD, OPTIONS, POST, PUT, PATCH, DELETE } = route({
  GET: defineRoute(
    {
      limit: 'lenient',
      params: SlugParams,
      summary: 'Complete strain profile: strain, similar strains, terpene chart, sources (CDN-cacheable; 15-minute server cache, X-Cache HIT|MISS)',
      tags: ['strains'],
      cache: CDN.profile,
      response: CompleteProfileSchema,
    },
    async ({ db, params }) => {
      // The cached profile's JSON text goes into the envelope as it is (no serialisation per hit).
      // A cached profile (X-Cache: HIT) may be replayed while the cache holds it (lib/http/front-cache.ts).
      const { data, json, cached, keep } = await completeProfile(db, params.slug);
      return ok(data, { json, headers: { 'X-Cache': cached ? 'HIT' : 'MISS' }, keep });
    },
  ),
});
