/**
 * The `local` provider: a real AI SDK language model (LanguageModelV3) whose "weights" are a
 * deterministic writer function. The caller embeds a JSON context in the prompt between
 * <context> and </context> (the same prompt a hosted model reads) and names the requested
 * output through the structured-output name; the writer turns (name, context) into an object,
 * which is streamed as JSON text in fixed-size deltas. `streamText` + `Output.object` then parse
 * partial objects and validate the result exactly as they do for a hosted model.
 */
import type {
  LanguageModelV3,
  LanguageModelV3CallOptions,
  LanguageModelV3GenerateResult,
  LanguageModelV3Prompt,
  LanguageModelV3StreamPart,
  LanguageModelV3StreamResult,
  LanguageModelV3Usage,
} from '@ai-sdk/provider';
import { LOCAL_MODEL_ID } from '@/lib/ai/provider';

export const CONTEXT_OPEN = '<context>';
export const CONTEXT_CLOSE = '</context>';

export interface LocalWriteRequest {
  /** `responseFormat.name` (the section key for notebooks); undefined for plain text calls. */
  name: string | undefined;
  /** The parsed JSON between <context> and </context> in the last user message, or null. */
  context: unknown;
  prompt: LanguageModelV3Prompt;
}

export type LocalWriter = (req: LocalWriteRequest) => unknown;

export interface LocalModelOptions {
  write: LocalWriter;
  modelId?: string;
  /** Characters per text delta (default 32). */
  chunkSize?: number;
  /** Pause between deltas in ms (default 0: only yields to the event loop). */
  chunkDelayMs?: number;
  /** Called once when a generation is aborted through its abort signal. */
  onAbort?: (reason: unknown) => void;
}

/** Wrap a JSON-serialisable context for the prompt (what `extractContext` reads back). */
export function contextBlock(context: unknown): string {
  return `${CONTEXT_OPEN}\n${JSON.stringify(context)}\n${CONTEXT_CLOSE}`;
}

export function extractContext(prompt: LanguageModelV3Prompt): unknown {
  for (let i = prompt.length - 1; i >= 0; i--) {
    const msg = prompt[i];
    if (msg.role !== 'user') continue;
    for (const part of msg.content) {
      if (part.type !== 'text') continue;
      const start = part.text.indexOf(CONTEXT_OPEN);
      const end = part.text.lastIndexOf(CONTEXT_CLOSE);
      if (start < 0 || end <= start) continue;
      try {
        return JSON.parse(part.text.slice(start + CONTEXT_OPEN.length, end));
      } catch {
        return null;
      }
    }
  }
  return null;
}

function promptChars(prompt: LanguageModelV3Prompt): number {
  let n = 0;
  for (const m of prompt) {
    if (typeof m.content === 'string') n += m.content.length;
    else for (const p of m.content) if (p.type === 'text') n += p.text.length;
  }
  return n;
}

function usage(inputChars: number, outputChars: number): LanguageModelV3Usage {
  // ~4 characters per token, the usual rule of thumb for English/JSON text.
  const input = Math.ceil(inputChars / 4);
  const output = Math.ceil(outputChars / 4);
  return {
    inputTokens: { total: input, noCache: input, cacheRead: 0, cacheWrite: 0 },
    outputTokens: { total: output, text: output, reasoning: 0 },
  };
}

function abortError(signal: AbortSignal): unknown {
  return signal.reason ?? new DOMException('The operation was aborted.', 'AbortError');
}

const sleep = (ms: number) => new Promise<void>((resolve) => (ms > 0 ? setTimeout(resolve, ms) : setImmediate(resolve)));

export class LocalLanguageModel implements LanguageModelV3 {
  readonly specificationVersion = 'v3' as const;
  readonly provider = 'local';
  readonly modelId: string;
  readonly supportedUrls: Record<string, RegExp[]> = {};
  private readonly opts: LocalModelOptions;

  constructor(opts: LocalModelOptions) {
    this.opts = opts;
    this.modelId = opts.modelId ?? LOCAL_MODEL_ID;
  }

  private async render(options: LanguageModelV3CallOptions): Promise<string> {
    const name = options.responseFormat?.type === 'json' ? options.responseFormat.name : undefined;
    const out = await this.opts.write({ name, context: extractContext(options.prompt), prompt: options.prompt });
    return typeof out === 'string' ? out : JSON.stringify(out);
  }

  async doGenerate(options: LanguageModelV3CallOptions): Promise<LanguageModelV3GenerateResult> {
    if (options.abortSignal?.aborted) throw abortError(options.abortSignal);
    const text = await this.render(options);
    return {
      content: [{ type: 'text', text }],
      finishReason: { unified: 'stop', raw: 'stop' },
      usage: usage(promptChars(options.prompt), text.length),
      warnings: [],
      response: { id: `local-${Date.now().toString(36)}`, modelId: this.modelId, timestamp: new Date() },
    };
  }

  async doStream(options: LanguageModelV3CallOptions): Promise<LanguageModelV3StreamResult> {
    const signal = options.abortSignal;
    if (signal?.aborted) throw abortError(signal);
    const text = await this.render(options);
    const size = Math.max(1, this.opts.chunkSize ?? 32);
    const delay = this.opts.chunkDelayMs ?? 0;
    const onAbort = this.opts.onAbort;
    const inputChars = promptChars(options.prompt);
    const modelId = this.modelId;
    let offset = 0;
    let phase: 'head' | 'body' | 'done' = 'head';
    let aborted = false;

    const stream = new ReadableStream<LanguageModelV3StreamPart>({
      async pull(controller) {
        if (phase === 'head') {
          controller.enqueue({ type: 'stream-start', warnings: [] });
          controller.enqueue({ type: 'response-metadata', id: `local-${Date.now().toString(36)}`, modelId, timestamp: new Date() });
          controller.enqueue({ type: 'text-start', id: '0' });
          phase = 'body';
          return;
        }
        if (phase === 'done') return;
        await sleep(delay);
        if (signal?.aborted) {
          if (!aborted) {
            aborted = true;
            onAbort?.(signal.reason);
          }
          phase = 'done';
          controller.error(abortError(signal));
          return;
        }
        if (offset < text.length) {
          controller.enqueue({ type: 'text-delta', id: '0', delta: text.slice(offset, offset + size) });
          offset += size;
          return;
        }
        controller.enqueue({ type: 'text-end', id: '0' });
        controller.enqueue({ type: 'finish', usage: usage(inputChars, text.length), finishReason: { unified: 'stop', raw: 'stop' } });
        phase = 'done';
        controller.close();
      },
      cancel() {
        phase = 'done';
      },
    });
    return { stream, request: { body: { name: options.responseFormat?.type === 'json' ? options.responseFormat.name : undefined } } };
  }
}

export function createLocalModel(opts: LocalModelOptions): LanguageModelV3 {
  return new LocalLanguageModel(opts);
}
