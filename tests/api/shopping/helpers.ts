import { z } from 'zod';
import { localRunner, registerTask } from '@/lib/tasks';
import type { ScanTaskOutput } from '@/lib/shopping/schemas';
import { SCAN_CACHE_TTL_MS } from '@/lib/shopping/cache';

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
