/**
 * Trigger.dev definition of the menu scan (TASK_RUNNER=trigger). The run function is the one the
 * local runner calls; only the metadata port differs (Trigger.dev's run metadata). The worker
 * needs DATABASE_URL (matching, research queue, scan cache) like the API does.
 */
import { metadata, schemaTask } from '@trigger.dev/sdk';
import { runMenuScan } from '@/lib/shopping/pipeline';
import { ScanTaskInput } from '@/lib/shopping/schemas';
import { SCAN_TASK_ID, scanTimeoutMs } from '@/lib/shopping/task';
import { triggerMetadataPort } from '@/lib/tasks/trigger-metadata';

export const shoppingMenuScan = schemaTask({
  id: SCAN_TASK_ID,
  schema: ScanTaskInput,
  // SCAN_TIMEOUT_MS bounds a run here too; Trigger.dev aborts `signal` at maxDuration.
  maxDuration: Math.max(5, Math.ceil(scanTimeoutMs() / 1000)),
  // An unreachable or refused menu will not become reachable on a retry within the run.
  retry: { maxAttempts: 1 },
  run: async (payload, { ctx, signal }) => runMenuScan(payload, { metadata: triggerMetadataPort(metadata), signal, runId: ctx.run.id }),
});
