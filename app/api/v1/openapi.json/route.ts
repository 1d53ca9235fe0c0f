import { defineRoute, json } from '@/lib/http';
import { buildOpenApi, registeredRoutes } from '@/lib/http/openapi';

export const dynamic = 'force-dynamic';

let cached: unknown;

export const GET = defineRoute({ summary: 'OpenAPI 3.1 description of this API', tags: ['meta'], flat: true, db: false, limit: false }, async () => {
  if (!cached) {
    // Imported lazily: the manifest imports this module too.
    const { ROUTE_MODULES } = await import('@/lib/http/route-manifest');
    cached = buildOpenApi(registeredRoutes(ROUTE_MODULES));
  }
  return json(cached, 200, { 'Cache-Control': 'public, max-age=300' });
});
