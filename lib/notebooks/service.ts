/**
 * The notebook streams: one section (one request-level SSE id) or a batch (section event ids
 * `<requestId>-<sectionKey>`, batch_start/batch_complete with the request id, overall progress
 * on every section event). Validation, the 503 and the order analysis all happen before the
 * stream begins, so their errors are ordinary JSON answers.
 */
import type { Db } from '@/lib/db';
import { config } from '@/lib/config';
import { ApiError } from '@/lib/errors';
import type { EventStream } from '@/lib/events';
import { logger } from '@/lib/log';
import { analyzeOrder, type OrderAnalysis } from '@/lib/notebooks/analysis';
import { resolveNotebookModel } from '@/lib/notebooks/availability';
import { dbCatalog } from '@/lib/notebooks/catalog';
import { computeSections } from '@/lib/notebooks/computed';
import { generateSection, type SectionEvent } from '@/lib/notebooks/generate';
import type { BatchRequestT, OrderInputT, SectionRequestT } from '@/lib/notebooks/input';
import { AI_SECTION_KEYS, getSection, isAiSectionKey, type AiSectionKey } from '@/lib/notebooks/sections';
import { saveNotebook } from '@/lib/notebooks/repo';

export interface StreamRequest {
  db: Db;
  userId: string;
  requestId: string;
}

const sectionTimeoutMs = () => config().ai.sectionTimeoutMs;
const heartbeatMs = () => config().ai.sseHeartbeatMs;
const PREVIOUS_MAX_CHARS = 32_000;

export function assertStreamableKey(key: string): asserts key is AiSectionKey {
  const section = getSection(key);
  if (!section) throw new ApiError('BAD_REQUEST', `Unknown section key: ${key}`, { invalidKeys: [key], validKeys: AI_SECTION_KEYS });
  if (section.strategy === 'computed') {
    throw new ApiError('BAD_REQUEST', `Section '${key}' is computed locally and cannot be streamed`, { sectionKey: key, strategy: 'computed' });
  }
}

export function assertStreamableKeys(keys: string[]): AiSectionKey[] {
  const invalidKeys = keys.filter((k) => !getSection(k));
  if (invalidKeys.length) {
    throw new ApiError('BAD_REQUEST', `Unknown section keys: ${invalidKeys.join(', ')}`, { invalidKeys, validKeys: AI_SECTION_KEYS });
  }
  const computedKeys = keys.filter((k) => !isAiSectionKey(k));
  if (computedKeys.length) {
    throw new ApiError('BAD_REQUEST', `Sections ${computedKeys.map((k) => `'${k}'`).join(', ')} are computed locally and cannot be streamed`, {
      computedKeys,
      strategy: 'computed',
    });
  }
  return [...new Set(keys)] as AiSectionKey[];
}

/** Earlier results sent by the client: section keys only, bounded so a prompt stays small. */
function boundedPrevious(prev: Record<string, unknown> | undefined): Record<string, unknown> | undefined {
  if (!prev) return undefined;
  const out: Record<string, unknown> = {};
  let size = 0;
  for (const [k, v] of Object.entries(prev)) {
    if (!getSection(k)) continue;
    const len = JSON.stringify(v ?? null).length;
    if (size + len > PREVIOUS_MAX_CHARS) continue;
    size += len;
    out[k] = v;
  }
  return Object.keys(out).length ? out : undefined;
}

async function analyze(db: Db, input: OrderInputT): Promise<OrderAnalysis> {
  return analyzeOrder(input, dbCatalog(db));
}

function onStreamError(requestId: string) {
  return (e: unknown) => logger().error({ requestId, err: e instanceof Error ? e.message : String(e) }, 'notebook stream failed');
}

export async function streamSingleSection(key: string, body: SectionRequestT, r: StreamRequest): Promise<EventStream> {
  assertStreamableKey(key);
  const models = resolveNotebookModel();
  const analysis = await analyze(r.db, body);
  const { model, maxRetries } = models.forSection(key);
  const previousSections = boundedPrevious(body.previousSections);
  return {
    produce: async (w) => {
      for await (const ev of generateSection({ model, key, analysis, previousSections, signal: w.signal, timeoutMs: sectionTimeoutMs(), maxRetries })) {
        if (w.closed) break;
        w.send(ev.type, ev, r.requestId);
      }
    },
    heartbeatMs: heartbeatMs(),
    onError: onStreamError(r.requestId),
  };
}

/** docs/contract.md §3: round(100 × (finished + progress/100) / total), never decreasing. */
export function overallProgress(finished: number, sectionProgress: number, total: number): number {
  return total > 0 ? Math.round((100 * (finished + sectionProgress / 100)) / total) : 100;
}

export async function streamBatch(body: BatchRequestT, r: StreamRequest): Promise<EventStream> {
  const keys = assertStreamableKeys(body.sectionKeys);
  const models = resolveNotebookModel();
  const analysis = await analyze(r.db, body);
  const total = keys.length;

  return {
    produce: async (w) => {
      let finished = 0;
      let completed = 0;
      let overall = 0;
      const results: Record<string, unknown> = {};
      const errors: Record<string, string> = {};
      w.send('batch_start', { type: 'batch_start', totalSections: total, sectionKeys: keys, overallProgress: 0, completedSections: 0 }, r.requestId);

      for (const key of keys) {
        if (w.signal.aborted) return;
        const { model, maxRetries } = models.forSection(key);
        // Earlier sections of this batch give a hosted model continuity (the local analyst ignores them).
        const previousSections = models.provider === 'local' ? undefined : boundedPrevious(results);
        for await (const ev of generateSection({ model, key, analysis, previousSections, signal: w.signal, timeoutMs: sectionTimeoutMs(), maxRetries })) {
          if (w.closed) return;
          const progress = ev.type === 'partial' ? ev.progress : ev.type === 'start' ? 0 : 100;
          if (ev.type === 'complete') {
            completed += 1;
            results[key] = ev.data;
          }
          if (ev.type === 'error') errors[key] = ev.error;
          overall = Math.max(overall, overallProgress(finished, progress, total));
          w.send(ev.type, enrich(ev, overall, completed, total), `${r.requestId}-${key}`);
        }
        if (w.signal.aborted) return;
        finished += 1;
      }

      // What the user asked to keep is never dropped silently: a notebook that cannot be saved is
      // not reported as saved, and the stream ends with an error event saying so.
      let notebookId: string | null = null;
      let saveError: string | null = null;
      try {
        notebookId = await saveNotebook(r.db, {
          userId: r.userId,
          requestId: r.requestId,
          sectionKeys: keys,
          results,
          errors,
          computed: computeSections(analysis.items, { totalSpent: analysis.order.totalSpent }),
          orderInput: { orderItems: body.orderItems ?? [], orderMetadata: body.orderMetadata ?? {} },
          completedSections: completed,
          totalSections: total,
          provider: models.provider,
          model: models.modelId,
        });
      } catch (e) {
        logger().error({ requestId: r.requestId, err: e instanceof Error ? e.message : String(e) }, 'saving notebook failed');
        saveError = 'The notebook could not be saved; its sections above are not stored (GET /notebooks will not list it).';
      }
      w.send(
        'batch_complete',
        { type: 'batch_complete', totalSections: total, completedSections: completed, overallProgress: 100, results, errors, notebookId, saved: notebookId !== null },
        r.requestId,
      );
      if (saveError)
        w.send('error', { type: 'error', sectionKey: 'notebook', error: saveError, overallProgress: 100, completedSections: completed, totalSections: total }, r.requestId);
    },
    heartbeatMs: heartbeatMs(),
    onError: onStreamError(r.requestId),
  };
}

function enrich(ev: SectionEvent, overall: number, completed: number, total: number) {
  return { ...ev, overallProgress: overall, completedSections: completed, totalSections: total };
}
