import { config } from '@/lib/config';
import type { TaskDefinition } from '@/lib/tasks/types';
import { ScanTaskInput, type ScanTaskInputParsed, type ScanTaskOutput } from '@/lib/shopping/schemas';

export const SCAN_TASK_ID = 'shopping-menu-scan';
export const scanTimeoutMs = () => config().tasks.scanTimeoutMs;

/**
 * The menu-scan task for the local runner. The pipeline loads lazily so the task registry stays
 * light (the admin trigger endpoint and other tasks import it).
 */
export const shoppingMenuScanTask: TaskDefinition<ScanTaskInputParsed, ScanTaskOutput> = {
  id: SCAN_TASK_ID,
  schema: ScanTaskInput,
  get timeoutMs() {
    return scanTimeoutMs();
  },
  timeoutCode: 'SCAN_TIMEOUT',
  async run(input, ctx) {
    const { runMenuScan } = await import('@/lib/shopping/pipeline');
    return runMenuScan(input, { metadata: ctx.metadata, signal: ctx.signal, runId: ctx.runId });
  },
};
