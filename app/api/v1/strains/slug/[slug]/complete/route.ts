import { z } from 'zod';
import { defineRoute, ok } from '@/lib/http';
import { COMPLETE_CACHE_CONTROL, completeProfile } from '@/lib/strains/complete';
import { SlugParams, StrainSchema } from '@/lib/strains/schemas';

export const dynamic = 'force-dynamic';

export const GET = defineRoute(
  {
    limit: 'lenient',
    params: SlugParams,
    summary: 'Complete strain profile: strain, similar strains, terpene chart, sources (CDN-cacheable; 15-minute server cache, X-Cache HIT|MISS)',
    tags: ['strains'],
    response: z.object({ strain: StrainSchema, similar: z.array(z.object({ slug: z.string(), name: z.string() }).passthrough()), terpeneChart: z.array(z.object({ name: z.string(), percentage: z.number() }).passthrough()), sources: z.array(z.object({ source: z.string() }).passthrough()) }).passthrough(),
  },
  async ({ db, params }) => {
    const { data, cached } = await completeProfile(db, params.slug);
    return ok(data, { headers: { 'Cache-Control': COMPLETE_CACHE_CONTROL, 'X-Cache': cached ? 'HIT' : 'MISS' } });
  },
);
