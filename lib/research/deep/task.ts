import type { Queryable } from '@/lib/db';
import { config } from '@/lib/config';
import type { MetadataPort, TaskDefinition } from '@/lib/tasks/types';
import { planResearch } from '@/lib/research/deep/plan';
import { synthesize, validateCitations, type ReportContext } from '@/lib/research/deep/report';
import { DEEP_RESEARCH_TASK, DeepResearchInput, type DeepResearchOutput, type DeepSource, type DeepStage } from '@/lib/research/deep/schemas';
import { readSource, runSearches, selectSources } from '@/lib/research/deep/sources';

export { DEEP_RESEARCH_TASK };
export const deepResearchTimeoutMs = () => config().research.deepResearchTimeoutMs;

interface RunCtx {
  runId?: string;
  metadata?: MetadataPort;
  signal?: AbortSignal;
  db?: Queryable;
}

/** Tests pause a run at a stage with this (a kill mid-run, a stream that sees every stage). */
type StageHook = (stage: DeepStage, runId: string | undefined) => Promise<void> | void;
const g = globalThis as unknown as { __ciDeepHook?: StageHook | null };
export function setDeepResearchStageHook(hook: StageHook | null): void {
  g.__ciDeepHook = hook;
}

async function defaultDb(): Promise<Queryable> {
  const { ready } = await import('@/lib/bootstrap');
  return ready();
}

/**
 * One deep-research run: plan → search → read → synthesize → complete, each stage in the run
 * metadata `{ stage, progress, message, sourcesFound }`. The same function runs in the local
 * runner and on Trigger.dev (trigger/deep-research.ts).
 */
export async function runDeepResearch(raw: DeepResearchInput, ctx: RunCtx = {}): Promise<DeepResearchOutput> {
  const input = DeepResearchInput.parse(raw);
  const db = ctx.db ?? (await defaultDb());
  const md = ctx.metadata;
  const signal = ctx.signal;
  let found = 0;
  const stage = async (s: DeepStage, progress: number, message: string) => {
    md?.set('stage', s).set('progress', progress).set('message', message).set('sourcesFound', found);
    await md?.flush();
    await g.__ciDeepHook?.(s, ctx.runId);
    signal?.throwIfAborted();
  };

  await stage('plan', 5, 'Reading the question');
  const plan = await planResearch(db, input.question, input.strainSlugs);
  const f = plan.focus;
  const about = [...f.strains.map((s) => s.name), ...f.terpenes, ...f.cannabinoids.map((c) => c.toUpperCase()), ...f.effects];
  md?.set('progress', 12).set('message', about.length ? `Looking into ${about.slice(0, 6).join(', ')}` : 'Looking for related research');

  await stage('search', 15, `Running ${plan.steps.length} searches`);
  const { candidates } = await runSearches(
    db,
    plan.steps,
    f,
    input.userId,
    async (done, total, n) => {
      found = n;
      md?.set('progress', 15 + Math.round((30 * done) / total))
        .set('sourcesFound', n)
        .set('message', `Searched ${done} of ${total}: ${n} sources so far`);
    },
    signal,
  );
  found = candidates.length;

  const chosen = selectSources(candidates, config().research.deepResearchMaxSources);
  await stage('read', 50, `Reading ${chosen.length} of ${candidates.length} sources`);
  const read = chosen.map((c) => readSource(c, f));
  md?.set('progress', 65).set('message', `Read ${read.length} sources`);

  await stage('synthesize', 70, 'Writing the report');
  const context: ReportContext = {
    question: input.question,
    focus: { strains: f.strains.map((s) => ({ slug: s.slug, name: s.name })), terpenes: f.terpenes, cannabinoids: f.cannabinoids, effects: f.effects },
    sources: read,
  };
  const result = await synthesize(context, signal);
  const sources: DeepSource[] = read.map(({ id, kind, title, url, year }) => ({ id, kind, title, url, year }));
  const checked = validateCitations(result.draft.sections, sources);
  md?.set('engine', result.engine).set('citationsDropped', checked.dropped.length).set('citationsRepaired', checked.repaired.length);

  const output: DeepResearchOutput = {
    question: input.question,
    summary: result.draft.summary,
    sections: checked.sections,
    sources,
    generatedAt: new Date().toISOString(),
  };
  await stage('complete', 100, `Report ready: ${checked.sections.length} sections from ${sources.length} sources`);
  return output;
}

export const deepResearchTask: TaskDefinition<DeepResearchInput, DeepResearchOutput> = {
  id: DEEP_RESEARCH_TASK,
  schema: DeepResearchInput as unknown as TaskDefinition<DeepResearchInput, DeepResearchOutput>['schema'],
  get timeoutMs() {
    return deepResearchTimeoutMs();
  },
  timeoutCode: 'DEEP_RESEARCH_TIMEOUT',
  run: (input, ctx) => runDeepResearch(input, { runId: ctx.runId, metadata: ctx.metadata, signal: ctx.signal }),
};
