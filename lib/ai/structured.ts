import { generateText, Output } from 'ai';
import type { LanguageModelV3 } from '@ai-sdk/provider';
import type { z } from 'zod';
import { resolveAiProvider, textModel, type AiProviderStatus } from '@/lib/ai/provider';

export interface StructuredWrite<T> {
  output: T;
  /** `hosted`: the configured model wrote it; `local`: none is configured; `local-fallback`: it failed and the local writer wrote it. */
  by: 'hosted' | 'local' | 'local-fallback';
  /** The provider configuration the call was made under. */
  status: AiProviderStatus;
}

/**
 * One structured answer (a zod schema under a structured-output name) from the configured hosted
 * model (one retry), or from a local writer when none is configured or the hosted call fails (no
 * retry). `onHostedError` sees the hosted failure first and may rethrow it (e.g. when the caller's
 * own signal aborted it). Used by the deep-research report and the daily story.
 */
export async function writeStructured<T>(opts: {
  system: string;
  prompt: string;
  schema: z.ZodType<T>;
  name: string;
  local: () => LanguageModelV3;
  signal?: AbortSignal;
  /** The hosted call's signal, made when the call starts (a timeout on top of the caller's); `signal` when absent. */
  hostedSignal?: () => AbortSignal;
  onHostedError?: (e: unknown) => void;
}): Promise<StructuredWrite<T>> {
  const status = resolveAiProvider();
  const hosted = textModel();
  const output = Output.object({ schema: opts.schema, name: opts.name });
  if (hosted) {
    try {
      const r = await generateText({
        model: hosted,
        system: opts.system,
        prompt: opts.prompt,
        output,
        abortSignal: opts.hostedSignal ? opts.hostedSignal() : opts.signal,
        maxRetries: 1,
      });
      return { output: r.output as T, by: 'hosted', status };
    } catch (e) {
      opts.onHostedError?.(e);
    }
  }
  const r = await generateText({ model: opts.local(), system: opts.system, prompt: opts.prompt, output, abortSignal: opts.signal, maxRetries: 0 });
  return { output: r.output as T, by: hosted ? 'local-fallback' : 'local', status };
}
