import { z } from 'zod';
import { defineRoute, route, ok } from '@/lib/http';
import { healthKeep, healthReport } from '@/lib/health';

export const dynamic = 'force-dynamic';

export const { GET, HEAD, OPTIONS, POST, PUT, PATCH, DELETE } = route({
  GET: defineRoute(
    {
      summary: 'Service health: database reachable, migration level, version',
      tags: ['meta'],
      limit: false,
      db: false,
      responses: { 503: 'Database unreachable (body still the health report)' },
      response: z.object({
        status: z.enum(['ok', 'degraded']),
        version: z.string(),
        database: z.object({ reachable: z.boolean(), kind: z.string().nullable(), migrationLevel: z.string().nullable() }),
      }),
    },
    async () => {
      const report = await healthReport();
      // Load balancers read the status: a database that cannot be reached is 503. A 200 may be
      // replayed by the front cache while the probe it used stands (at most HEALTH_PROBE_MS).
      return ok(report, { status: report.status === 'ok' ? 200 : 503, headers: { 'Cache-Control': 'no-store' }, keep: healthKeep(report) });
    },
  ),
});
