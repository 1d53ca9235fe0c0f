import { z } from 'zod';
import { CDN, defineRoute, route } from '@/lib/http';
import { universeRecord } from '@/lib/strains/service';
import { SlugParams, StrainSchema } from '@/lib/strains/schemas';

export const dynamic = 'force-dynamic';

export const { GET, HEAD, OPTIONS, POST, PUT, PATCH, DELETE } = route({
  GET: defineRoute(
    {
      params: SlugParams,
      summary: 'A strain from the universe of every known strain name, with its catalog profile when there is one',
      tags: ['strains'],
      cache: CDN.catalog,
      response: z.object({
        name: z.string(),
        slug: z.string(),
        type: z.string().nullable(),
        sources: z.array(z.string()),
        completeness: z.number(),
        inCatalog: z.boolean(),
        strain: StrainSchema.nullable(),
      }),
    },
    async ({ db, params }) => universeRecord(db, params.slug),
  ),
});
