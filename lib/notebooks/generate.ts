/**
 * One section's generation: `streamText` + `Output.object` with the section's schema, the same
 * call for the local analyst and hosted models. Yields the specification's section events;
 * never throws (a failure is an `error` event) so a batch can go on with the next section.
 */
import type { LanguageModelV3 } from '@ai-sdk/provider';
import { Output, streamText } from 'ai';
import type { z } from 'zod';
import { logger } from '@/lib/log';
import type { OrderAnalysis } from '@/lib/notebooks/analysis';
import { buildSectionPrompt } from '@/lib/notebooks/prompt';
import { SECTION_SCHEMAS } from '@/lib/notebooks/schemas';
import { getSection, type AiSectionKey } from '@/lib/notebooks/sections';

export type SectionEvent =
  | { type: 'start'; sectionKey: string; estimatedTokens: number }
  | { type: 'partial'; sectionKey: string; data: unknown; progress: number }
  | { type: 'complete'; sectionKey: string; data: unknown; progress: 100 }
  | { type: 'error'; sectionKey: string; error: string };

export interface GenerateOptions {
  model: LanguageModelV3;
  key: AiSectionKey;
  analysis: OrderAnalysis;
  previousSections?: Record<string, unknown>;
  /** The request's signal: when it fires (client gone) generation stops and nothing more is yielded. */
  signal: AbortSignal;
  timeoutMs: number;
  /** Retries of a failed hosted call (0 for the local analyst). */
  maxRetries?: number;
}

export class SectionTimeoutError extends Error {
  constructor(readonly timeoutMs: number) {
    super(`Section generation timed out after ${timeoutMs} ms`);
    this.name = 'SectionTimeoutError';
  }
}

/** Progress while streaming: output size against the section's estimate, capped below 100. */
const PARTIAL_STEP = 5;
const PARTIAL_MAX_GAP_MS = 250;
const CHARS_PER_TOKEN = 4;

function messageOf(e: unknown): string {
  const msg = e instanceof Error ? e.message : typeof e === 'string' ? e : 'Section generation failed';
  return (msg || 'Section generation failed').slice(0, 300);
}

export async function* generateSection(o: GenerateOptions): AsyncGenerator<SectionEvent> {
  const section = getSection(o.key);
  const estimatedTokens = section?.estimatedTokens ?? 500;
  yield { type: 'start', sectionKey: o.key, estimatedTokens };
  if (o.signal.aborted) return;

  const ctrl = new AbortController();
  const onAbort = () => ctrl.abort(o.signal.reason);
  o.signal.addEventListener('abort', onAbort, { once: true });
  const timer = setTimeout(() => ctrl.abort(new SectionTimeoutError(o.timeoutMs)), o.timeoutMs);
  let streamError: unknown;
  let chars = 0;
  try {
    const { system, prompt } = buildSectionPrompt(o.key, o.analysis, o.previousSections);
    const result = streamText({
      model: o.model,
      system,
      prompt,
      output: Output.object<unknown>({ schema: SECTION_SCHEMAS[o.key] as z.ZodType<unknown>, name: o.key, description: section?.label }),
      abortSignal: ctrl.signal,
      maxRetries: o.maxRetries ?? 0,
      temperature: 0,
      onChunk: ({ chunk }) => {
        if (chunk.type === 'text-delta') chars += chunk.text.length;
      },
      onError: ({ error }) => {
        streamError ??= error;
      },
    });

    let progress = 0;
    let lastSent = 0;
    let lastAt = 0;
    for await (const partial of result.partialOutputStream) {
      if (ctrl.signal.aborted) break;
      progress = Math.max(progress, Math.min(95, Math.max(1, Math.round((95 * chars) / (estimatedTokens * CHARS_PER_TOKEN)))));
      const now = Date.now();
      if (lastSent === 0 || progress - lastSent >= PARTIAL_STEP || now - lastAt >= PARTIAL_MAX_GAP_MS) {
        lastSent = progress;
        lastAt = now;
        yield { type: 'partial', sectionKey: o.key, data: partial, progress };
      }
    }
    if (o.signal.aborted) return;
    if (ctrl.signal.aborted) throw ctrl.signal.reason;
    let data: unknown;
    try {
      data = await result.output;
    } catch (e) {
      throw streamError ?? e;
    }
    // Output.object validated already; parse again so `complete` carries exactly the schema's output.
    const parsed = (SECTION_SCHEMAS[o.key] as z.ZodType<unknown>).safeParse(data);
    if (!parsed.success) throw new Error(`Section output failed validation: ${parsed.error.issues[0]?.message ?? 'invalid'}`);
    yield { type: 'complete', sectionKey: o.key, data: parsed.data, progress: 100 };
  } catch (e) {
    if (o.signal.aborted) return;
    const err = ctrl.signal.reason instanceof SectionTimeoutError ? ctrl.signal.reason : e;
    logger().warn({ section: o.key, err: messageOf(err) }, 'notebook section failed');
    yield { type: 'error', sectionKey: o.key, error: messageOf(err) };
  } finally {
    clearTimeout(timer);
    o.signal.removeEventListener('abort', onAbort);
  }
}
