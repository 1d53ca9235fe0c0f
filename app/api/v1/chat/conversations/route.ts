import { z } from 'zod';
import { defineRoute, route, paginated } from '@/lib/http';
import { listConversations } from '@/lib/chat/repo';
import { ConversationSummarySchema } from '@/lib/chat/schemas';

export const dynamic = 'force-dynamic';

const Query = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(20),
  offset: z.coerce.number().int().min(0).max(100_000).default(0),
});

export const { GET, HEAD, OPTIONS, POST, PUT, PATCH, DELETE } = route({
  GET: defineRoute(
    {
      summary: "The signed-in user's chat conversations, newest first",
      tags: ['chat'],
      auth: 'user',
      tier: 'premium',
      feature: 'chat',
      query: Query,
      response: z.array(ConversationSummarySchema),
    },
    async ({ db, query, user }) => {
      const { items, total } = await listConversations(db, user.sub, query);
      return paginated(items, { limit: query.limit, offset: query.offset, total });
    },
  ),
});
