import { defineRoute, route } from '@/lib/http';
import { MascotSchema } from '@/lib/mascot/schemas';
import { getMascot } from '@/lib/mascot/service';

export const dynamic = 'force-dynamic';

export const { GET, HEAD, OPTIONS, POST, PUT, PATCH, DELETE } = route({
  GET: defineRoute(
    {
      auth: 'public',
      limit: 'lenient',
      summary: 'The mascot: name, the fixed character description, and its poses (the six standard ones first, imageUrl null until generated)',
      tags: ['mascot'],
      response: MascotSchema,
    },
    async ({ db }) => getMascot(db),
  ),
});
