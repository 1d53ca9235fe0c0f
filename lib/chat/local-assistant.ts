/**
 * The `local` chat provider: a real AI SDK language model (LanguageModelV3) that works like a
 * small tool-using assistant. On each step it reads the prompt the SDK built (system, history,
 * the newest user message, and any tool calls/results of this turn), recognises the intent
 * (find, compare, recommend, explain a terpene, papers, read my photo, my notebooks), and either
 * answers with tool calls (finish reason `tool-calls`: `streamText` runs the tools and calls the
 * model again) or, once the results are in, writes the answer from those results as streamed
 * text. It never states a fact no tool returned: everything it writes about a strain, terpene,
 * paper or notebook is read from a tool result in the prompt.
 */
import type {
  LanguageModelV3,
  LanguageModelV3CallOptions,
  LanguageModelV3Content,
  LanguageModelV3GenerateResult,
  LanguageModelV3Prompt,
  LanguageModelV3StreamPart,
  LanguageModelV3StreamResult,
  LanguageModelV3Usage,
} from '@ai-sdk/provider';
import { writeAnswer } from '@/lib/chat/local-answer';
import { readPrompt, recognise, type Call } from '@/lib/chat/local-intent';
import { plan, planPhoto } from '@/lib/chat/local-plan';

// The parts: local-intent.ts (reading the prompt, the intent), local-plan.ts (which tools next),
// local-answer.ts (the answer from tool results).
export { cleanName, readPrompt, recognise, type Call, type IntentKind, type Recognised } from '@/lib/chat/local-intent';
export { plan, planPhoto } from '@/lib/chat/local-plan';
export { writeAnswer } from '@/lib/chat/local-answer';

export const LOCAL_ASSISTANT_ID = 'local-assistant';

let callSeq = 0;
const callId = () => `call_local_${(++callSeq).toString(36)}_${Date.now().toString(36)}`;

export type Decision = { type: 'calls'; calls: Call[] } | { type: 'text'; text: string };

export function decide(prompt: LanguageModelV3Prompt, available: Set<string>): Decision {
  const { user, history, steps } = readPrompt(prompt);
  const r = recognise(user);
  const next = r.kind === 'photo' ? planPhoto(user, steps) : plan(r, steps, available, history);
  const calls = (next ?? []).filter((c) => available.has(c.toolName));
  if (calls.length) return { type: 'calls', calls };
  return { type: 'text', text: writeAnswer(r, user, steps, available) };
}

function usage(inputChars: number, outputChars: number): LanguageModelV3Usage {
  const input = Math.ceil(inputChars / 4);
  const output = Math.ceil(outputChars / 4);
  return { inputTokens: { total: input, noCache: input, cacheRead: 0, cacheWrite: 0 }, outputTokens: { total: output, text: output, reasoning: 0 } };
}

function promptChars(prompt: LanguageModelV3Prompt): number {
  let n = 0;
  for (const m of prompt) n += typeof m.content === 'string' ? m.content.length : JSON.stringify(m.content).length;
  return n;
}

const toolNames = (options: LanguageModelV3CallOptions) => new Set((options.tools ?? []).filter((t) => t.type === 'function').map((t) => t.name));
const yieldTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

export class LocalAssistantModel implements LanguageModelV3 {
  readonly specificationVersion = 'v3' as const;
  readonly provider = 'local';
  readonly modelId = LOCAL_ASSISTANT_ID;
  readonly supportedUrls: Record<string, RegExp[]> = {};
  constructor(private readonly opts: { chunkSize?: number } = {}) {}

  async doGenerate(options: LanguageModelV3CallOptions): Promise<LanguageModelV3GenerateResult> {
    const d = decide(options.prompt, toolNames(options));
    const content: LanguageModelV3Content[] =
      d.type === 'calls'
        ? d.calls.map((c) => ({ type: 'tool-call' as const, toolCallId: callId(), toolName: c.toolName, input: JSON.stringify(c.input) }))
        : [{ type: 'text', text: d.text }];
    return {
      content,
      finishReason: d.type === 'calls' ? { unified: 'tool-calls', raw: 'tool_calls' } : { unified: 'stop', raw: 'stop' },
      usage: usage(promptChars(options.prompt), d.type === 'text' ? d.text.length : 0),
      warnings: [],
      response: { id: `local-${Date.now().toString(36)}`, modelId: this.modelId, timestamp: new Date() },
    };
  }

  async doStream(options: LanguageModelV3CallOptions): Promise<LanguageModelV3StreamResult> {
    const signal = options.abortSignal;
    if (signal?.aborted) throw signal.reason ?? new DOMException('The operation was aborted.', 'AbortError');
    const d = decide(options.prompt, toolNames(options));
    const size = Math.max(1, this.opts.chunkSize ?? 24);
    const modelId = this.modelId;
    const inputChars = promptChars(options.prompt);
    const stream = new ReadableStream<LanguageModelV3StreamPart>({
      async start(controller) {
        controller.enqueue({ type: 'stream-start', warnings: [] });
        controller.enqueue({ type: 'response-metadata', id: `local-${Date.now().toString(36)}`, modelId, timestamp: new Date() });
        if (d.type === 'calls') {
          for (const c of d.calls) {
            const id = callId();
            const input = JSON.stringify(c.input);
            controller.enqueue({ type: 'tool-input-start', id, toolName: c.toolName });
            controller.enqueue({ type: 'tool-input-delta', id, delta: input });
            controller.enqueue({ type: 'tool-input-end', id });
            controller.enqueue({ type: 'tool-call', toolCallId: id, toolName: c.toolName, input });
          }
          controller.enqueue({ type: 'finish', usage: usage(inputChars, 0), finishReason: { unified: 'tool-calls', raw: 'tool_calls' } });
          controller.close();
          return;
        }
        controller.enqueue({ type: 'text-start', id: 't0' });
        for (let i = 0; i < d.text.length; i += size) {
          if (signal?.aborted) {
            controller.error(signal.reason ?? new DOMException('The operation was aborted.', 'AbortError'));
            return;
          }
          controller.enqueue({ type: 'text-delta', id: 't0', delta: d.text.slice(i, i + size) });
          if ((i / size) % 8 === 7) await yieldTurn();
        }
        controller.enqueue({ type: 'text-end', id: 't0' });
        controller.enqueue({ type: 'finish', usage: usage(inputChars, d.text.length), finishReason: { unified: 'stop', raw: 'stop' } });
        controller.close();
      },
    });
    return { stream, request: { body: { decision: d.type } } };
  }
}
