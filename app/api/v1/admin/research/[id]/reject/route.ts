import { z } from 'zod';
import { defineRoute, route } from '@/lib/http';
import { RejectBodySchema, SubmissionSchema } from '@/lib/research/schemas';
import { rejectSubmission } from '@/lib/research/service';

export const dynamic = 'force-dynamic';

export const { GET, HEAD, OPTIONS, POST, PUT, PATCH, DELETE } = route({
  POST: defineRoute(
    {
      auth: 'admin',
      params: z.object({ id: z.string().min(1).max(64) }),
      body: RejectBodySchema,
      summary: 'Reject a research submission',
      tags: ['admin', 'research'],
      response: SubmissionSchema,
    },
    async ({ db, params, body }) => rejectSubmission(db, params.id, body?.note),
  ),
});
