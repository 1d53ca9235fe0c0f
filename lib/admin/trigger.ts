import { startTask } from '@/lib/tasks';
import type { TriggerBody } from '@/lib/admin/schemas';

/** POST /admin/trigger: start any registered task (400 for an unknown id or a payload its schema refuses). */
export async function triggerTask(body: TriggerBody): Promise<{ runId: string; task: string; deduplicated: boolean }> {
  const r = await startTask(body.task, body.payload ?? {}, { idempotencyKey: body.idempotencyKey, tags: ['admin'] });
  return { runId: r.runId, task: body.task, deduplicated: r.deduplicated };
}
