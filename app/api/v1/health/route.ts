import { z } from 'zod';
import { defineRoute } from '@/lib/http';
import { healthReport } from '@/lib/health';

export const dynamic = 'force-dynamic';

export const GET = defineRoute(
  {
    summary: 'Service health: database reachable, migration level, version',
    tags: ['meta'],
    limit: false,
    db: false,
    response: z.object({ status: z.enum(['ok', 'degraded']), version: z.string(), database: z.object({ reachable: z.boolean(), kind: z.string().nullable(), migrationLevel: z.string().nullable() }) }),
  },
  async () => healthReport(),
);
