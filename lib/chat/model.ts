/** Which model the chat talks to (DECISIONS §4): the configured hosted provider, else the local assistant. */
import type { LanguageModelV3 } from '@ai-sdk/provider';
import { resolveAiProvider, textModel, visionModel, type AiProviderName } from '@/lib/ai/provider';
import { ApiError } from '@/lib/errors';
import { LOCAL_ASSISTANT_ID, LocalAssistantModel } from '@/lib/chat/local-assistant';

export interface ChatModel {
  model: LanguageModelV3;
  provider: AiProviderName;
  modelId: string;
  /** true: images go to the model as image parts; false: the label/receipt engine reads them. */
  vision: boolean;
  maxRetries: number;
}

type Factory = (opts: { images: boolean }) => ChatModel;
const g = globalThis as unknown as { __chatModelOverride?: Factory | null };

/** Tests inject a model (a MockLanguageModelV3, a slow local assistant); null restores selection. */
export function setChatModelOverride(factory: Factory | null): void {
  g.__chatModelOverride = factory;
}

export function resolveChatModel(opts: { images: boolean }): ChatModel {
  if (g.__chatModelOverride) return g.__chatModelOverride(opts);
  const p = resolveAiProvider();
  if (!p.available) throw new ApiError('SERVICE_UNAVAILABLE', `The chat model is not available: ${p.reason ?? 'provider not configured'}`, { provider: p.name });
  if (p.name === 'local') return { model: new LocalAssistantModel(), provider: 'local', modelId: LOCAL_ASSISTANT_ID, vision: false, maxRetries: 0 };
  const model = opts.images ? visionModel() : textModel();
  if (!model) throw new ApiError('SERVICE_UNAVAILABLE', 'The chat model is not available', { provider: p.name });
  return { model, provider: p.name, modelId: model.modelId, vision: true, maxRetries: 1 };
}
