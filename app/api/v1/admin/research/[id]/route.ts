import { z } from 'zod';
import { ApiError, defineRoute, route } from '@/lib/http';
import { getSubmission } from '@/lib/research/repo';
import { SubmissionSchema } from '@/lib/research/schemas';

export const dynamic = 'force-dynamic';

export const { GET, HEAD, OPTIONS, POST, PUT, PATCH, DELETE } = route({
  GET: defineRoute(
    {
      auth: 'admin',
      params: z.object({ id: z.string().min(1).max(64) }),
      summary: 'One research submission with its draft',
      tags: ['admin', 'research'],
      response: SubmissionSchema,
    },
    async ({ db, params }) => {
      const s = await getSubmission(db, params.id);
      if (!s) throw ApiError.notFound('submission', params.id);
      return s;
    },
  ),
});
