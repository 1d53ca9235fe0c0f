import { z } from 'zod';
import { defineRoute, route, paginated } from '@/lib/http';
import { listRuns, RUN_STATUSES } from '@/lib/tasks';
import { RunRecordSchema } from '@/lib/tasks/schemas';

export const dynamic = 'force-dynamic';

export const { GET, HEAD, OPTIONS, POST, PUT, PATCH, DELETE } = route({
  GET: defineRoute(
    {
      auth: 'admin',
      limit: 'moderate',
      query: z.object({
        limit: z.coerce.number().int().min(1).max(200).default(50),
        offset: z.coerce.number().int().min(0).max(100_000).default(0),
        task: z.string().max(100).optional(),
        status: z.enum(RUN_STATUSES).optional(),
      }),
      response: z.array(RunRecordSchema),
      summary: 'Task runs, newest first (admin dashboard)',
      tags: ['admin'],
    },
    async ({ query }) => {
      const { items, total } = await listRuns({ limit: query.limit, offset: query.offset, taskIdentifier: query.task, status: query.status });
      return paginated(items, { limit: query.limit, offset: query.offset, total });
    },
  ),
});
