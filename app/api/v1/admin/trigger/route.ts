import { defineRoute } from '@/lib/http';
import { TriggerBodySchema, triggerTask } from '@/lib/admin/trigger';

export const dynamic = 'force-dynamic';

export const POST = defineRoute(
  {
    auth: 'api-key',
    body: TriggerBodySchema,
    summary: 'Start a registered task',
    description: 'Bearer API_KEY. `{ task, payload }` → `{ runId }` (shopping-menu-scan, strain-research). 503 TRIGGER_UNAVAILABLE when the runner cannot start it.',
    tags: ['internal'],
    responses: { 503: 'The task runner could not start the task' },
  },
  async ({ body }) => triggerTask(body),
);
