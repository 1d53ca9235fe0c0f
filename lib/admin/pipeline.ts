import type { Queryable } from '@/lib/db';
import { logger } from '@/lib/log';
import { countPickable, pickableIds, requeueFailed } from '@/lib/research/repo';
import { runStrainResearch, STALE_RESEARCH_MS } from '@/lib/research/task';
import type { PipelineResult } from '@/lib/admin/schemas';

/** A failed research run is retried by the pipeline until it has this many attempts. */
export const MAX_RESEARCH_ATTEMPTS = 3;
const DEFAULT_BUDGET_MS = 50_000;

/**
 * POST /trigger/pipeline: research queued submissions in this request, oldest first, within a
 * time budget (a serverless function has a ceiling). Failed ones under the attempt limit go back
 * to the queue first. Each run claims its row, so concurrent pipelines never draft one twice.
 */
export async function runResearchPipeline(db: Queryable, opts: { limit?: number; budgetMs?: number; signal?: AbortSignal } = {}): Promise<PipelineResult> {
  const t = Date.now();
  const limit = opts.limit ?? 10;
  const budget = opts.budgetMs ?? DEFAULT_BUDGET_MS;
  const retried = await requeueFailed(db, MAX_RESEARCH_ATTEMPTS);
  const queued = await pickableIds(db, STALE_RESEARCH_MS, limit);
  const out = { picked: queued.length, drafted: 0, skipped: 0, failed: 0 };
  for (const id of queued) {
    if (Date.now() - t > budget || opts.signal?.aborted) break;
    try {
      const r = await runStrainResearch({ submissionId: id }, { db, signal: opts.signal });
      if (r.status === 'pending_review') out.drafted++;
      else out.skipped++;
    } catch (e) {
      out.failed++;
      logger().warn({ submissionId: id, err: e instanceof Error ? e.message : String(e) }, 'pipeline research failed');
    }
  }
  const remaining = await countPickable(db, STALE_RESEARCH_MS);
  return { retried, ...out, remaining, durationMs: Date.now() - t };
}
