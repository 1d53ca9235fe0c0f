import { z } from 'zod';
import { defineRoute, route, paginated } from '@/lib/http';
import { listNotebooksForUser } from '@/lib/notebooks/repo';

export const dynamic = 'force-dynamic';

const Query = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(20),
  offset: z.coerce.number().int().min(0).max(100_000).default(0),
});

export const { GET, HEAD, OPTIONS, POST, PUT, PATCH, DELETE } = route({
  GET: defineRoute(
    {
      summary: "The signed-in user's saved notebooks, newest first (summaries; full content at /notebooks/:id)",
      tags: ['notebooks'],
      auth: 'user',
      query: Query,
      response: z.array(
        z.object({
          id: z.string(),
          requestId: z.string(),
          sectionKeys: z.array(z.string()),
          completedSections: z.number().int(),
          totalSections: z.number().int(),
          provider: z.string(),
          model: z.string(),
          createdAt: z.string(),
        }),
      ),
    },
    async ({ db, query, user }) => {
      const { items, total } = await listNotebooksForUser(db, user!.sub, query);
      return paginated(items, { limit: query.limit, offset: query.offset, total });
    },
  ),
});
