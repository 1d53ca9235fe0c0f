/**
 * The local analyst: section key + order analysis → section data, served through the generic
 * local language model (lib/ai/local-model.ts) so it streams like any hosted model.
 */
import type { LanguageModelV3 } from '@ai-sdk/provider';
import { createLocalModel, type LocalModelOptions, type LocalWriteRequest } from '@/lib/ai/local-model';
import { config } from '@/lib/config';
import type { OrderAnalysis } from '@/lib/notebooks/analysis';
import type { AiSectionKey } from '@/lib/notebooks/sections';
import { isAiSectionKey } from '@/lib/notebooks/sections';
import type { SectionData } from '@/lib/notebooks/schemas';
import { cannabinoidProfile, entourageEffect, strainComparisons, terpeneAnalysis } from '@/lib/notebooks/writers/science';
import { consumptionGuide, effectsBreakdown, flavorProfile, pairingSuggestions, toleranceInsights } from '@/lib/notebooks/writers/experience';
import { nextPurchase, overview, valueAnalysis } from '@/lib/notebooks/writers/summary';

export const SECTION_WRITERS: { [K in AiSectionKey]: (a: OrderAnalysis) => SectionData<K> } = {
  overview,
  effects_breakdown: effectsBreakdown,
  terpene_analysis: terpeneAnalysis,
  cannabinoid_profile: cannabinoidProfile,
  entourage_effect: entourageEffect,
  flavor_profile: flavorProfile,
  consumption_guide: consumptionGuide,
  tolerance_insights: toleranceInsights,
  strain_comparisons: strainComparisons,
  value_analysis: valueAnalysis,
  pairing_suggestions: pairingSuggestions,
  next_purchase: nextPurchase,
};

/** The prompt context every model receives (see ./prompt.ts). */
export interface SectionContext {
  section: AiSectionKey;
  analysis: OrderAnalysis;
  previousSections?: Record<string, unknown>;
}

export function writeSection(req: LocalWriteRequest): unknown {
  const ctx = req.context as SectionContext | null;
  const key = req.name ?? ctx?.section;
  if (!key || !isAiSectionKey(key)) throw new Error(`local analyst: unknown section '${String(key)}'`);
  if (!ctx?.analysis) throw new Error('local analyst: the prompt carries no order analysis');
  return SECTION_WRITERS[key](ctx.analysis);
}

export function localAnalystModel(opts: Partial<LocalModelOptions> = {}): LanguageModelV3 {
  return createLocalModel({
    write: writeSection,
    chunkSize: config().ai.localChunkSize,
    chunkDelayMs: config().ai.localChunkDelayMs,
    ...opts,
  });
}
