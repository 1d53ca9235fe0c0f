/**
 * Is notebook streaming usable, and with which model? "Unavailable" (503, docs/contract.md §3) means no
 * usable model: AI_PROVIDER names a provider whose key/URL is missing, or NOTEBOOK_STREAMING=off.
 */
import type { LanguageModelV3 } from '@ai-sdk/provider';
import { resolveAiProvider, textModel, type AiProviderName } from '@/lib/ai/provider';
import { config } from '@/lib/config';
import { FlatError } from '@/lib/errors';
import { localAnalystModel } from '@/lib/notebooks/local-analyst';
import { AI_SECTIONS } from '@/lib/notebooks/sections';

export interface NotebookAvailability {
  available: boolean;
  provider: AiProviderName;
  model: string;
  reason?: string;
}

export function notebookAvailability(): NotebookAvailability {
  const p = resolveAiProvider();
  const streaming = config().ai.notebookStreaming;
  if (['off', 'false', '0', 'no', 'disabled'].includes(streaming)) {
    return { available: false, provider: p.name, model: p.model, reason: 'Notebook streaming is disabled (NOTEBOOK_STREAMING=off)' };
  }
  return { available: p.available, provider: p.name, model: p.model, ...(p.reason ? { reason: p.reason } : {}) };
}

/** The flat body of GET /notebooks/stream/health (and `data` of the /reports variant). */
export function notebookHealth() {
  const a = notebookAvailability();
  return { available: a.available, service: 'notebook-streaming', timestamp: new Date().toISOString(), aiSectionsCount: AI_SECTIONS.length, provider: a.provider };
}

export interface ResolvedModel {
  model: LanguageModelV3;
  provider: AiProviderName;
  modelId: string;
  /** Hosted calls may retry once; the local analyst never needs to. */
  maxRetries: number;
}

type ModelFactory = (sectionKey: string) => LanguageModelV3;
const g = globalThis as unknown as { __nbModelOverride?: ModelFactory | null };

/**
 * Tests inject a model (a failing one, a MockLanguageModelV3, a slow local analyst) per section;
 * null restores provider selection.
 */
export function setNotebookModelOverride(factory: ModelFactory | null): void {
  g.__nbModelOverride = factory;
}

export interface NotebookModels {
  provider: AiProviderName;
  modelId: string;
  forSection(sectionKey: string): ResolvedModel;
}

/** The model for each section, or the specification's flat 503 when none is usable. */
export function resolveNotebookModel(): NotebookModels {
  const a = notebookAvailability();
  const unavailable = (why: string) => new FlatError(503, { error: `Notebook streaming is unavailable: ${why}`, code: 'SERVICE_UNAVAILABLE' });
  if (!a.available) throw unavailable(a.reason ?? 'no usable model');
  const override = g.__nbModelOverride;
  if (override) {
    return {
      provider: a.provider,
      modelId: 'override',
      forSection: (key) => {
        const model = override(key);
        return { model, provider: a.provider, modelId: model.modelId, maxRetries: 0 };
      },
    };
  }
  if (a.provider === 'local') {
    const model = localAnalystModel();
    return { provider: 'local', modelId: model.modelId, forSection: () => ({ model, provider: 'local', modelId: model.modelId, maxRetries: 0 }) };
  }
  const model = textModel();
  if (!model) throw unavailable('no usable model');
  return { provider: a.provider, modelId: model.modelId, forSection: () => ({ model, provider: a.provider, modelId: model.modelId, maxRetries: 1 }) };
}
