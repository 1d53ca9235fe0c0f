import { defineRoute } from '@/lib/http';
import { BackfillBodySchema, runBackfill } from '@/lib/admin/backfill';

export const dynamic = 'force-dynamic';

export const POST = defineRoute(
  {
    auth: 'api-key',
    body: BackfillBodySchema,
    summary: 'Recompute derived strain columns',
    description: 'Bearer API_KEY. `job`: high-family | slugs | popularity | search. Answers how many rows were scanned and updated; a rerun updates 0.',
    tags: ['internal'],
  },
  async ({ db, body }) => runBackfill(db, body.job),
);
