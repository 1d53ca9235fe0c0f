import { z } from 'zod';

export const RUN_STATUSES = ['QUEUED', 'EXECUTING', 'COMPLETED', 'FAILED', 'TIMED_OUT'] as const;
export type RunStatus = (typeof RUN_STATUSES)[number];

export const RunErrorSchema = z.object({ code: z.string(), message: z.string() });
export type RunError = z.output<typeof RunErrorSchema>;

/** The run as the API shows it (docs/contract.md §6). */
export const RunViewSchema = z.object({
  id: z.string(),
  taskIdentifier: z.string(),
  status: z.enum(RUN_STATUSES),
  metadata: z.record(z.string(), z.unknown()),
  output: z.unknown(),
  error: RunErrorSchema.nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type RunView = z.output<typeof RunViewSchema>;

/** The run with what only the dashboard shows. */
export const RunRecordSchema = RunViewSchema.extend({
  runner: z.enum(['local', 'trigger']),
  payload: z.unknown(),
  idempotencyKey: z.string().nullable(),
  tags: z.array(z.string()),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
  metadataVersion: z.number().int(),
});
export type RunRecord = z.output<typeof RunRecordSchema>;
