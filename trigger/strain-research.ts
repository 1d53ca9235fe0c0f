/**
 * Trigger.dev wrapper of the strain-research task (TASK_RUNNER=trigger). The run function is the
 * one the local runner calls; only the metadata port differs (Trigger.dev's run metadata).
 */
import { metadata, task } from '@trigger.dev/sdk';
import { runStrainResearch, StrainResearchInputSchema, STRAIN_RESEARCH_TASK } from '@/lib/research/task';
import { triggerMetadataPort } from '@/lib/tasks/trigger-metadata';

export const strainResearch = task({
  id: STRAIN_RESEARCH_TASK,
  maxDuration: 120,
  retry: { maxAttempts: 2 },
  run: async (payload: unknown, { ctx, signal }) => {
    const input = StrainResearchInputSchema.parse(payload);
    return runStrainResearch(input, { runId: ctx.run.id, metadata: triggerMetadataPort(metadata), signal });
  },
});
