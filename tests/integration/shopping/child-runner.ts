/**
 * A separate process that starts a run on the local runner and then hangs inside it, so the
 * restart-recovery test can kill it with SIGKILL mid-run (as a crash would).
 */
import { z } from 'zod';
import { localRunner, registerTask } from '@/lib/tasks';
import { ready } from '@/lib/bootstrap';

async function main() {
  await ready();
  const def = registerTask({
    id: 'test-crash',
    schema: z.object({}),
    run: async (_i, ctx) => {
      ctx.metadata.set('currentStage', 'scrape').set('progress', 12);
      await ctx.metadata.flush();
      process.stdout.write(`RUN ${ctx.runId}\n`);
      await new Promise(() => {}); // never finishes
    },
  });
  await localRunner().start(def, {}, {});
}
void main();
