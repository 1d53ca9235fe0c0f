import { z } from 'zod';
import { defineRoute } from '@/lib/http';
import { RejectBodySchema, rejectSubmission } from '@/lib/research';

export const dynamic = 'force-dynamic';

export const POST = defineRoute(
  {
    auth: 'admin',
    params: z.object({ id: z.string().min(1).max(64) }),
    body: RejectBodySchema,
    summary: 'Reject a research submission',
    tags: ['admin', 'research'],
  },
  async ({ db, params, body }) => rejectSubmission(db, params.id, body?.note),
);
