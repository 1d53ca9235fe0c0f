import { z } from 'zod';
import { defineRoute, route } from '@/lib/http';
import { serveFile } from '@/lib/storage/serve';

export const dynamic = 'force-dynamic';

const Params = z.object({ path: z.array(z.string()).min(1) });

export const { GET, HEAD, OPTIONS, POST, PUT, PATCH, DELETE } = route({
  GET: defineRoute(
    {
      auth: 'public',
      limit: 'lenient',
      db: false,
      params: Params,
      binary: true,
      summary: 'A stored file (screenshots, generated images)',
      description:
        'Serves `/api/v1/files/<bucket>/<path>` from the configured storage driver with its content type, a strong ETag and long-lived caching for content-addressed names. Unsafe paths answer 400; unknown buckets and files 404.',
      tags: ['files'],
    },
    async ({ params, req }) => serveFile(params.path, req),
  ),
});
