import { defineRoute, ok, route } from '@/lib/http';
import { musicForStrain, StrainMusicSchema } from '@/lib/music/service';
import { SlugParams } from '@/lib/strains/schemas';

export const dynamic = 'force-dynamic';

export const { GET, HEAD, OPTIONS, POST, PUT, PATCH, DELETE } = route({
  GET: defineRoute(
    {
      auth: 'public',
      params: SlugParams,
      summary: 'Music for a strain: mood, tempo, genres, activities and recommendation-API seeds from its terpenes, type and effects (cached 15 minutes, X-Cache HIT|MISS)',
      tags: ['music'],
      response: StrainMusicSchema,
    },
    async ({ db, params }) => {
      const { data, hit } = await musicForStrain(db, params.slug);
      return ok(data, { headers: { 'x-cache': hit ? 'HIT' : 'MISS', 'cache-control': 'public, max-age=900' } });
    },
  ),
});
