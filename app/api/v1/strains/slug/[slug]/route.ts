import { CDN, ApiError, defineRoute, route } from '@/lib/http';
import { getStrainBySlugCached } from '@/lib/strains/repo';
import { SlugParams, StrainSchema } from '@/lib/strains/schemas';

export const dynamic = 'force-dynamic';

export const { GET, HEAD, OPTIONS, POST, PUT, PATCH, DELETE } = route({
  GET: defineRoute(
    { limit: 'lenient', params: SlugParams, summary: 'Strain detail by slug', tags: ['strains'], cache: CDN.catalog, response: StrainSchema },
    async ({ db, params }) => {
      const strain = await getStrainBySlugCached(db, params.slug);
      if (!strain) throw ApiError.notFound('strain', params.slug);
      return strain;
    },
  ),
});
