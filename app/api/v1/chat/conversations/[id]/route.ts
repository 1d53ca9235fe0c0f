import { z } from 'zod';
import { defineRoute, route } from '@/lib/http';
import { deleteConversation, getConversation, loadMessages } from '@/lib/chat/repo';
import { ConversationSchema } from '@/lib/chat/schemas';

export const dynamic = 'force-dynamic';

const Params = z.object({ id: z.string().max(100) });

export const { GET, HEAD, OPTIONS, POST, PUT, PATCH, DELETE } = route({
  GET: defineRoute(
    {
      summary: 'One conversation with its UI messages (oldest first); 404 for anyone but its owner',
      tags: ['chat'],
      auth: 'user',
      tier: 'premium',
      feature: 'chat',
      params: Params,
      response: ConversationSchema,
    },
    async ({ db, params, user }) => {
      const conversation = await getConversation(db, params.id, user.sub);
      return { ...conversation, messages: await loadMessages(db, conversation.id, null) };
    },
  ),
  DELETE: defineRoute(
    {
      summary: 'Delete a conversation and its messages; 404 for anyone but its owner',
      tags: ['chat'],
      auth: 'user',
      tier: 'premium',
      feature: 'chat',
      params: Params,
      response: z.object({ deleted: z.literal(true), id: z.string() }),
    },
    async ({ db, params, user }) => {
      await deleteConversation(db, params.id, user.sub);
      return { deleted: true as const, id: params.id };
    },
  ),
});
