import { defineRoute, ok, route } from '@/lib/http';
import { createCurated, DiscoverListSchema } from '@/lib/discover/service';
import { CreateCuratedBody } from '@/lib/discover/schemas';

export const dynamic = 'force-dynamic';

export const { GET, HEAD, OPTIONS, POST, PUT, PATCH, DELETE } = route({
  POST: defineRoute(
    {
      auth: 'admin',
      body: CreateCuratedBody,
      summary: 'Create a curated discover list (an unknown strain slug is 400; a taken slug 409)',
      tags: ['admin', 'discover'],
      response: DiscoverListSchema,
      responses: { 409: 'The slug is taken (or belongs to a computed list)' },
    },
    async ({ db, body }) => ok(await createCurated(db, body), { status: 201 }),
  ),
});
