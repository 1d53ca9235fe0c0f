import { z } from 'zod';
import { defineRoute, route } from '@/lib/http';
import { DiscoverListSchema, patchCurated, removeCurated } from '@/lib/discover/service';
import { PatchCuratedBody } from '@/lib/discover/schemas';

export const dynamic = 'force-dynamic';

const Params = z.object({ slug: z.string().min(1).max(80) });

export const { GET, HEAD, OPTIONS, POST, PUT, PATCH, DELETE } = route({
  PATCH: defineRoute(
    {
      auth: 'admin',
      params: Params,
      body: PatchCuratedBody,
      summary: 'Change a curated list: title, description, strainSlugs (replaces the members, in order)',
      tags: ['admin', 'discover'],
      response: DiscoverListSchema,
    },
    async ({ db, params, body }) => patchCurated(db, params.slug, body),
  ),
  DELETE: defineRoute(
    {
      auth: 'admin',
      params: Params,
      summary: 'Delete a curated list (computed lists cannot be deleted: 403)',
      tags: ['admin', 'discover'],
      response: z.object({ slug: z.string(), deleted: z.literal(true) }),
    },
    async ({ db, params }) => removeCurated(db, params.slug),
  ),
});
