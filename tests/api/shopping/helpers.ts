import { z } from 'zod';
import { localRunner, registerTask } from '@/lib/tasks';
import type { ScanTaskOutput } from '@/lib/shopping/schemas';
import { SCAN_CACHE_TTL_MS } from '@/lib/shopping/repo';
import { SCAN_STAGES } from '@/lib/shopping/schemas';
import { ready } from '@/lib/bootstrap';
import { expect } from 'vitest';

/**
 * Holds the local runner's only slot (TASK_CONCURRENCY=1) so scans started meanwhile stay
 * QUEUED — active runs for the de-duplication cases without depending on timing.
 */
export async function occupyRunner(): Promise<{ release: () => Promise<void> }> {
  process.env.TASK_CONCURRENCY = '1';
  let open!: () => void;
  const gate = new Promise<void>((r) => (open = r));
  const def = registerTask({ id: 'test-blocker', schema: z.object({}), run: () => gate });
  await localRunner().start(def, {}, {});
  return {
    release: async () => {
      open();
      delete process.env.TASK_CONCURRENCY;
    },
  };
}

export function sampleOutput(domain: string, over: Partial<ScanTaskOutput> = {}): ScanTaskOutput {
  const scannedAt = new Date();
  return {
    success: true,
    cached: false,
    dispensaryName: 'Green Leaf',
    websiteDomain: domain,
    scannedAt: scannedAt.toISOString(),
    expiresAt: new Date(scannedAt.getTime() + SCAN_CACHE_TTL_MS).toISOString(),
    products: [],
    matchedProducts: [],
    unmatchedProducts: [],
    recommendations: [],
    discoveries: [],
    screenshotUrl: null,
    extractionMethod: 'json-ld',
    stats: { productsCount: 3, matchedCount: 2, unmatchedCount: 1 },
    ...over,
  };
}

/**
 * A run's stream shows the stages in order from the state current on connect (a fast run may be
 * past cache-check), the run's stored event log holds every stage in order, and progress never
 * goes down.
 */
export async function expectStagesInOrder(events: { metadata: { currentStage?: string; progress?: number } }[], runId: string): Promise<void> {
  const distinct = (xs: (string | undefined)[]) => xs.filter((s, i, a) => s && s !== a[i - 1]);
  const stages = distinct(events.map((e) => e.metadata.currentStage));
  expect(SCAN_STAGES.slice(SCAN_STAGES.indexOf(stages[0] as (typeof SCAN_STAGES)[number]))).toEqual(stages);
  const log = await (await ready()).query<{ stage: string }>(`SELECT metadata->>'currentStage' AS stage FROM task_run_events WHERE run_id = $1 ORDER BY version`, [runId]);
  expect(distinct(log.rows.map((r) => r.stage))).toEqual([...SCAN_STAGES]);
  const prog = events.map((e) => e.metadata.progress ?? 0);
  expect(prog).toEqual([...prog].sort((a, b) => a - b));
}
