import { z } from 'zod';
import { defineRoute, route } from '@/lib/http';
import { ApproveBodySchema, ApproveResultSchema } from '@/lib/research/schemas';
import { approveSubmission } from '@/lib/research/service';

export const dynamic = 'force-dynamic';

export const { GET, HEAD, OPTIONS, POST, PUT, PATCH, DELETE } = route({
  POST: defineRoute(
    {
      auth: 'admin',
      params: z.object({ id: z.string().min(1).max(64) }),
      body: ApproveBodySchema,
      summary: 'Approve a research draft into the catalog (source `research`)',
      description: 'Only a `pending_review` submission can be approved; optional `overrides` edit the draft first.',
      tags: ['admin', 'research'],
      response: ApproveResultSchema,
    },
    async ({ db, params, body }) => approveSubmission(db, params.id, body),
  ),
});
