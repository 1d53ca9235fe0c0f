/**
 * AI provider selection (DECISIONS §4). One place decides which model every area talks to:
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
 * Settings are read on every call (no caching) so tests and reconfigured processes see the
 * current environment.
 */
import { createOpenAI, type OpenAIProvider } from '@ai-sdk/openai';
import type { ImageModelV3, LanguageModelV3 } from '@ai-sdk/provider';
import { env } from '@/lib/config/env';

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

const PROVIDERS: readonly AiProviderName[] = ['openai', 'openai-compatible', 'local'];

function isProviderName(v: string): v is AiProviderName {
  return (PROVIDERS as readonly string[]).includes(v);
}

export function resolveAiProvider(): AiProviderStatus {
  const requested = env('AI_PROVIDER')?.trim().toLowerCase();
  const apiKey = env('OPENAI_API_KEY');
  const baseURL = env('OPENAI_BASE_URL');
  const hostedModel = env('OPENAI_MODEL') ?? DEFAULT_TEXT_MODEL;

  if (requested === undefined) {
    return apiKey
      ? { name: 'openai', available: true, model: hostedModel }
      : { name: 'local', available: true, model: LOCAL_MODEL_ID };
  }
  if (!isProviderName(requested)) {
    // A typo must not silently fall back to another provider: report it as unusable.
    return {
      name: 'local',
      available: false,
      reason: `AI_PROVIDER '${requested}' is not one of ${PROVIDERS.join(', ')}`,
      model: LOCAL_MODEL_ID,
    };
  }
  switch (requested) {
    case 'local':
      return { name: 'local', available: true, model: LOCAL_MODEL_ID };
    case 'openai':
      return apiKey
        ? { name: 'openai', available: true, model: hostedModel }
        : { name: 'openai', available: false, reason: 'OPENAI_API_KEY is not set', model: hostedModel };
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
      baseURL: env('OPENAI_BASE_URL'),
      // Local servers usually ignore the key, but the SDK refuses to run without one.
      apiKey: env('OPENAI_API_KEY') ?? 'not-needed',
      name: 'openai-compatible',
    });
  }
  return createOpenAI({ apiKey: env('OPENAI_API_KEY'), baseURL: env('OPENAI_BASE_URL') });
}

/** Hosted text model; null when the provider is `local` or not usable. */
export function textModel(): LanguageModelV3 | null {
  const status = resolveAiProvider();
  return hostedProvider(status)?.chat(status.model) ?? null;
}

/** Hosted vision (image input) model; OPENAI_VISION_MODEL, else the text model id. */
export function visionModel(): LanguageModelV3 | null {
  const status = resolveAiProvider();
  return hostedProvider(status)?.chat(env('OPENAI_VISION_MODEL') ?? status.model) ?? null;
}

/** Hosted image-generation model (OPENAI_IMAGE_MODEL, default gpt-image-1); null for `local`. */
export function imageModel(): ImageModelV3 | null {
  const status = resolveAiProvider();
  return hostedProvider(status)?.image(env('OPENAI_IMAGE_MODEL') ?? DEFAULT_IMAGE_MODEL) ?? null;
}
