import { defineRoute, route } from '@/lib/http';
import { CHAT_MAX_BODY_BYTES, ChatBody } from '@/lib/chat/schemas';
import { chatResponse } from '@/lib/chat/service';

export const dynamic = 'force-dynamic';

export const { GET, HEAD, OPTIONS, POST, PUT, PATCH, DELETE } = route({
  POST: defineRoute(
    {
      summary: 'Chat with the grounded assistant: AI SDK UI message stream (SSE, x-vercel-ai-ui-message-stream: v1); the client sends only its newest message',
      description:
        'Body `{ id: <conversation uuid>, message: UIMessage }`: text 1–4,000 characters in all and at most 4 image parts (image/jpeg|png|webp data URLs, 8 MiB each). The stored history (last 20 messages) is loaded by the service. The final message carries `metadata.citations: [{ kind: strain | paper | notebook, id, title }]`, each a record a tool returned. A conversation another user owns answers 404.',
      tags: ['chat'],
      auth: 'user',
      tier: 'premium',
      feature: 'chat',
      limit: 'strict',
      stream: true,
      maxBytes: CHAT_MAX_BODY_BYTES,
      body: ChatBody,
      responses: { 404: 'Conversation not found (or owned by another user)', 503: 'No chat model is available' },
    },
    async ({ db, body, user, signal }) => chatResponse(body, { db, userId: user.sub, signal }),
  ),
});
