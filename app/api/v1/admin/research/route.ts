import { z } from 'zod';
import { defineRoute, route, ok } from '@/lib/http';
import { listSubmissions } from '@/lib/research/repo';
import { SubmissionSchema, SUBMISSION_STATUSES } from '@/lib/research/schemas';

export const dynamic = 'force-dynamic';

const Query = z.object({
  status: z.enum(SUBMISSION_STATUSES).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
});

export const { GET, HEAD, OPTIONS, POST, PUT, PATCH, DELETE } = route({
  GET: defineRoute(
    {
      auth: 'admin',
      query: Query,
      summary: 'Research queue with drafts (dashboard review)',
      description: 'Submissions newest first, drafts awaiting review on top; `meta.counts` holds the number per status.',
      tags: ['admin', 'research'],
      response: z.array(SubmissionSchema),
    },
    async ({ db, query }) => {
      const { items, total, counts } = await listSubmissions(db, query);
      return ok(items, {
        meta: { pagination: { limit: query.limit, offset: query.offset, total, hasMore: query.offset + items.length < total }, counts },
        headers: { 'cache-control': 'no-store' },
      });
    },
  ),
});
