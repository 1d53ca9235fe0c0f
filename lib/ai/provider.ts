/**
 * AI provider selection (docs/contract.md §4). One place decides which model every area talks to:
 *
 * - `AI_PROVIDER=openai`             needs OPENAI_API_KEY (OPENAI_BASE_URL optional, e.g. a proxy)
 * - `AI_PROVIDER=openai-compatible`  needs OPENAI_BASE_URL (Ollama / vLLM / llama.cpp; key optional)
 * - `AI_PROVIDER=local`              the deterministic in-process analyst (no network)
 * - unset: `openai` when OPENAI_API_KEY is set, else `local`.
 *
 * Both hosted variants talk the chat-completions protocol (`.chat(model)`): the default
 * `provider(model)` of @ai-sdk/openai would call the Responses API, which OpenAI-compatible
 * servers do not implement, and using one wire protocol for both keeps them testable against
 * the same local stand-in server.
 *
 * An AI_PROVIDER that is none of the three is a configuration error (lib/config), so a typo never
 * silently falls back to another provider.
 */
import { createOpenAI, type OpenAIProvider } from '@ai-sdk/openai';
import type { ImageModelV3, LanguageModelV3 } from '@ai-sdk/provider';
import { config } from '@/lib/config';

export type AiProviderName = 'openai' | 'openai-compatible' | 'local';

export interface AiProviderStatus {
  name: AiProviderName;
  /** false when the named provider lacks its key/URL (callers answer 503 or fall back). */
  available: boolean;
  /** Why the provider is unavailable (never contains a secret). */
  reason?: string;
  /** Text model id (`local-analyst` for the local provider). */
  model: string;
}

export const DEFAULT_TEXT_MODEL = 'gpt-4o-mini';
export const DEFAULT_IMAGE_MODEL = 'gpt-image-1';
export const LOCAL_MODEL_ID = 'local-analyst';

export function resolveAiProvider(): AiProviderStatus {
  const { provider: requested, openaiApiKey: apiKey, openaiBaseUrl: baseURL } = config().ai;
  const hostedModel = config().ai.textModel ?? DEFAULT_TEXT_MODEL;

  if (requested === undefined) {
    return apiKey ? { name: 'openai', available: true, model: hostedModel } : { name: 'local', available: true, model: LOCAL_MODEL_ID };
  }
  switch (requested) {
    case 'local':
      return { name: 'local', available: true, model: LOCAL_MODEL_ID };
    case 'openai':
      return apiKey ? { name: 'openai', available: true, model: hostedModel } : { name: 'openai', available: false, reason: 'OPENAI_API_KEY is not set', model: hostedModel };
    case 'openai-compatible':
      return baseURL
        ? { name: 'openai-compatible', available: true, model: hostedModel }
        : { name: 'openai-compatible', available: false, reason: 'OPENAI_BASE_URL is not set', model: hostedModel };
  }
}

/** The configured hosted provider, or null for `local` / unusable configurations. */
function hostedProvider(status: AiProviderStatus = resolveAiProvider()): OpenAIProvider | null {
  if (!status.available || status.name === 'local') return null;
  if (status.name === 'openai-compatible') {
    return createOpenAI({
      baseURL: config().ai.openaiBaseUrl,
      // Local servers usually ignore the key, but the SDK refuses to run without one.
      apiKey: config().ai.openaiApiKey ?? 'not-needed',
      name: 'openai-compatible',
    });
  }
  return createOpenAI({ apiKey: config().ai.openaiApiKey, baseURL: config().ai.openaiBaseUrl });
}

/** Hosted text model; null when the provider is `local` or not usable. */
export function textModel(): LanguageModelV3 | null {
  const status = resolveAiProvider();
  return hostedProvider(status)?.chat(status.model) ?? null;
}

/** Hosted vision (image input) model; OPENAI_VISION_MODEL, else the text model id. */
export function visionModel(): LanguageModelV3 | null {
  const status = resolveAiProvider();
  return hostedProvider(status)?.chat(config().ai.visionModel ?? status.model) ?? null;
}

/** Hosted image-generation model (OPENAI_IMAGE_MODEL, default gpt-image-1); null for `local`. */
export function imageModel(): ImageModelV3 | null {
  const status = resolveAiProvider();
  return hostedProvider(status)?.image(config().ai.imageModel ?? DEFAULT_IMAGE_MODEL) ?? null;
}
