/**
 * Trigger.dev wrapper of the deep-research task (TASK_RUNNER=trigger). The run function is the
 * one the local runner calls; only the metadata port differs (Trigger.dev's run metadata). The
 * worker needs DATABASE_URL (papers, catalog, scan history) like the API does.
 */
import { metadata, task } from '@trigger.dev/sdk';
import { DEEP_RESEARCH_TASK, deepResearchTimeoutMs, runDeepResearch } from '@/lib/research/deep/task';
import { DeepResearchInput } from '@/lib/research/deep/schemas';
import { triggerMetadataPort } from '@/lib/tasks/trigger-metadata';

export const deepResearch = task({
  id: DEEP_RESEARCH_TASK,
  maxDuration: Math.max(5, Math.ceil(deepResearchTimeoutMs() / 1000)),
  retry: { maxAttempts: 1 },
  run: async (payload: unknown, { ctx, signal }) => {
    const input = DeepResearchInput.parse(payload);
    return runDeepResearch(input, { runId: ctx.run.id, metadata: triggerMetadataPort(metadata), signal });
  },
});
