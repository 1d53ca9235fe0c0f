import { z } from 'zod';
import { defineRoute, ok, route } from '@/lib/http';
import { buildOpenApi, registeredRoutes } from '@/lib/http/openapi';

export const dynamic = 'force-dynamic';

let cached: Record<string, unknown> | undefined;

export const { GET, HEAD, OPTIONS, POST, PUT, PATCH, DELETE } = route({
  GET: defineRoute(
    { summary: 'OpenAPI 3.1 description of this API', tags: ['meta'], flat: true, db: false, limit: false, response: z.record(z.string(), z.unknown()) },
    async () => {
      if (!cached) {
        // Imported lazily: the manifest imports this module too.
        const { ROUTE_MODULES } = await import('@/lib/http/route-manifest');
        cached = buildOpenApi(registeredRoutes(ROUTE_MODULES));
      }
      return ok(cached, { headers: { 'Cache-Control': 'public, max-age=300' } });
    },
  ),
});
