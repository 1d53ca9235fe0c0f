/**
 * A separate process that starts a real deep-research run on the local runner and holds it at
 * the `read` stage, so the restart test can kill it with SIGKILL mid-run (as a crash would).
 */
import { ready } from '@/lib/bootstrap';
import { setDeepResearchStageHook } from '@/lib/research/deep/task';
import { startTask } from '@/lib/tasks';

async function main() {
  await ready();
  setDeepResearchStageHook((stage, runId) => {
    if (stage !== 'read') return;
    process.stdout.write(`RUN ${runId}\n`);
    return new Promise(() => {}); // never finishes
  });
  await startTask('deep-research', { question: process.argv[2] ?? 'What is known about myrcene and sleep?', strainSlugs: [], userId: 'deep-kill-user' });
}
void main();
