import { z } from 'zod';
import { defineRoute } from '@/lib/http';
import { ApproveBodySchema, approveSubmission } from '@/lib/research';

export const dynamic = 'force-dynamic';

export const POST = defineRoute(
  {
    auth: 'admin',
    params: z.object({ id: z.string().min(1).max(64) }),
    body: ApproveBodySchema,
    summary: 'Approve a research draft into the catalog (source `research`)',
    description: 'Only a `pending_review` submission can be approved; optional `overrides` edit the draft first.',
    tags: ['admin', 'research'],
  },
  async ({ db, params, body }) => approveSubmission(db, params.id, body),
);
