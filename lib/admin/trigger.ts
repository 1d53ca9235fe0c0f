import { z } from 'zod';
import { startTask } from '../tasks';
import { text } from '../research/text';

export const TriggerBodySchema = z.object({
  task: z.string().min(1).max(100),
  payload: z.unknown().optional(),
  idempotencyKey: text(1, 200).optional(),
});
export type TriggerBody = z.output<typeof TriggerBodySchema>;

/** POST /admin/trigger: start any registered task (400 for an unknown id or a payload its schema refuses). */
export async function triggerTask(body: TriggerBody): Promise<{ runId: string; task: string; deduplicated: boolean }> {
  const r = await startTask(body.task, body.payload ?? {}, { idempotencyKey: body.idempotencyKey, tags: ['admin'] });
  return { runId: r.runId, task: body.task, deduplicated: r.deduplicated };
}
