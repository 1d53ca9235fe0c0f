import { TriggerBodySchema, TriggerResultSchema } from '@/lib/admin/schemas';
import { triggerTask } from '@/lib/admin/service';
import { defineRoute, route } from '@/lib/http';

export const dynamic = 'force-dynamic';

export const { GET, HEAD, OPTIONS, POST, PUT, PATCH, DELETE } = route({
  POST: defineRoute(
    {
      auth: 'api-key',
      body: TriggerBodySchema,
      response: TriggerResultSchema,
      summary: 'Start a registered task',
      description: 'Bearer API_KEY. `{ task, payload }` → `{ runId }` (shopping-menu-scan, strain-research). 503 TRIGGER_UNAVAILABLE when the runner cannot start it.',
      tags: ['internal'],
      responses: { 503: 'The task runner could not start the task' },
    },
    async ({ body }) => triggerTask(body),
  ),
});
