import 'server-only';
import { createHash } from 'node:crypto';
import { config } from '@/lib/config';
import type { Db } from '@/lib/db';
import { ApiError } from '@/lib/errors';
import type { EventStream } from '@/lib/events';
import { getStrainBySlug } from '@/lib/strains/repo';
import { slugify } from '@/lib/strains/slug';
import { startTask, taskRunner, toRunView } from '@/lib/tasks';
import { getRunRow } from '@/lib/tasks/store';
import { runUpdates } from '@/lib/tasks/watch';
import { DEEP_RESEARCH_TASK, type DeepResearchRequest, type DeepRunView } from '@/lib/research/deep/schemas';
import { deepResearchTimeoutMs } from '@/lib/research/deep/task';

/**
 * POST /research/deep: check the named strains, start (or join) the caller's run for this
 * question and hand back a run-scoped token for GET /research/deep/:runId[/stream].
 */
export async function startDeepResearch(db: Db, userId: string, body: DeepResearchRequest): Promise<{ runId: string; publicAccessToken: string; deduplicated: boolean }> {
  const slugs: string[] = [];
  const unknown: string[] = [];
  for (const raw of body.strainSlugs ?? []) {
    const s = (await getStrainBySlug(db, raw)) ?? (await getStrainBySlug(db, slugify(raw)));
    if (!s) unknown.push(raw);
    else if (!slugs.includes(s.slug)) slugs.push(s.slug);
  }
  if (unknown.length)
    throw new ApiError('VALIDATION_ERROR', `Unknown strain${unknown.length > 1 ? 's' : ''}: ${unknown.join(', ').slice(0, 200)}`, { unknownStrainSlugs: unknown });
  const question = body.question.replace(/\s+/g, ' ').trim();
  // The same user asking the same question while a run is active joins that run.
  const key = createHash('sha256')
    .update(`${userId}\n${question.toLowerCase()}\n${[...slugs].sort().join(',')}`)
    .digest('hex')
    .slice(0, 32);
  const { runId, deduplicated } = await startTask(
    DEEP_RESEARCH_TASK,
    { question, strainSlugs: slugs, userId },
    { idempotencyKey: `deep|${key}`, tags: [`user:${userId}`.slice(0, 120)] },
  );
  return { runId, publicAccessToken: await taskRunner().createRunToken(runId), deduplicated };
}

async function deepRunRow(db: Db, runId: string) {
  const run = await getRunRow(db, runId);
  // A run of another task (a scan's token) is no deep-research run.
  if (!run || run.taskIdentifier !== DEEP_RESEARCH_TASK) throw ApiError.notFound('run', runId);
  return run;
}

/** GET /research/deep/:runId (the route builder checked the run-scoped token). */
export async function getDeepRun(db: Db, runId: string): Promise<DeepRunView> {
  return toRunView(await deepRunRow(db, runId)) as DeepRunView;
}

/** GET /research/deep/:runId/stream — SSE `update` events: current state, every change, the final state. */
export async function streamDeepRun(db: Db, runId: string): Promise<EventStream> {
  await deepRunRow(db, runId);
  return runUpdates(db, runId, { pollMs: config().tasks.streamPollMs, maxMs: deepResearchTimeoutMs() + 120_000 });
}
