import { z } from 'zod';
import { defineRoute, route, paginated } from '@/lib/http';
import { DailyStorySchema, StoriesQuery } from '@/lib/stories/schemas';
import { listStories } from '@/lib/stories/service';

export const dynamic = 'force-dynamic';

export const { GET, HEAD, OPTIONS, POST, PUT, PATCH, DELETE } = route({
  GET: defineRoute(
    {
      summary: 'Daily stories, newest first',
      tags: ['stories'],
      auth: 'user',
      tier: 'premium',
      feature: 'stories',
      query: StoriesQuery,
      response: z.array(DailyStorySchema),
    },
    async ({ db, query }) => {
      const { items, total } = await listStories(db, query);
      return paginated(items, { limit: query.limit, offset: query.offset, total });
    },
  ),
});
