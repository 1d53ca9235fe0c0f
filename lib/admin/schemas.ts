import { z } from 'zod';
import { text } from '@/lib/research/text';

/** What the internal and admin job routes take and answer (one contract for routes, OpenAPI and the dashboard). */
export const BACKFILL_JOBS = ['high-family', 'slugs', 'popularity', 'search'] as const;
export type BackfillJob = (typeof BACKFILL_JOBS)[number];
export const BackfillBodySchema = z.object({ job: z.enum(BACKFILL_JOBS) });

const Count = z.number().int().min(0);

export const BackfillResultSchema = z.object({
  job: z.enum(BACKFILL_JOBS),
  scanned: Count,
  updated: Count,
  /** Job-specific counts (conflicts, names re-synced, strains with demand, …). */
  details: z.record(z.string(), z.number()),
  durationMs: z.number(),
});
export type BackfillResult = z.output<typeof BackfillResultSchema>;

export const PipelineBodySchema = z.object({ limit: z.number().int().min(1).max(100).default(10) }).optional();

export const PipelineResultSchema = z.object({
  retried: Count,
  picked: Count,
  drafted: Count,
  skipped: Count,
  failed: Count,
  remaining: Count,
  durationMs: z.number(),
});
export type PipelineResult = z.output<typeof PipelineResultSchema>;

export const PopularityCountsSchema = z.object({ strains: Count, withDemand: Count, rebased: Count, updated: Count });
export type PopularityCounts = z.output<typeof PopularityCountsSchema>;

export const DailySyncResultSchema = z.object({
  scanCache: z.object({ purged: Count }),
  triggerTokens: z.object({ purged: Count }),
  receiptAttempts: z.object({ purged: Count }),
  runs: z.object({ failed: Count, timedOut: Count, released: Count, purged: Count }),
  research: z.object({ requeued: Count }),
  popularity: PopularityCountsSchema,
  /** Today's daily story: whether this sync generated it (null: not attempted or failed). */
  stories: z.object({ date: z.string(), generated: z.boolean() }).nullable(),

  discover: z.object({ lists: Count, changed: Count, durationMs: z.number() }),

  social: z.object({ created: Count, skipped: Count }),
  durationMs: z.number(),
});
export type DailySyncResult = z.output<typeof DailySyncResultSchema>;

export const TriggerBodySchema = z.object({
  task: z.string().min(1).max(100),
  payload: z.unknown().optional(),
  idempotencyKey: text(1, 200).optional(),
});
export type TriggerBody = z.output<typeof TriggerBodySchema>;
export const TriggerResultSchema = z.object({ runId: z.string(), task: z.string(), deduplicated: z.boolean() });

/**
 * A single-flight job's answer: its result, or — when the same job is already running somewhere —
 * `alreadyRunning: true` with that run's start time (200, never a 500 or a second run).
 */
export function singleFlightSchema<T extends z.ZodObject>(result: T) {
  return z.union([result.extend({ alreadyRunning: z.literal(false) }), z.object({ alreadyRunning: z.literal(true), startedAt: z.string() })]);
}
