import { z } from 'zod';
import { defineRoute } from '@/lib/http';
import { ready } from '@/lib/bootstrap';
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
  async ({ params, body }) => rejectSubmission(await ready(), params.id, body?.note),
);
