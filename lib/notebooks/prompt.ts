/**
 * Prompts for one section. Hosted models and the local analyst read the same prompt: the order
 * analysis (and earlier sections, for continuity) travel as JSON inside <context>…</context>.
 */
import { contextBlock } from '@/lib/ai/local-model';
import type { OrderAnalysis } from '@/lib/notebooks/analysis';
import type { SectionContext } from '@/lib/notebooks/local-analyst';
import type { AiSectionKey } from '@/lib/notebooks/sections';
import { getSection } from '@/lib/notebooks/sections';

const BRIEFS: Record<AiSectionKey, string> = {
  overview: 'A headline and short summary of the whole order, 3–6 highlights with numbers, the order snapshot, and the role each strain plays.',
  effects_breakdown:
    "Effects weighted by grams (score = % of the order's grams reporting the effect), likely negatives with mitigations, best time of day, and the primary effects of each strain.",
  terpene_analysis:
    'The gram-weighted dominant terpenes (use analysis.terpenes), what each is known for, its aromas, and how it compares with catalogTerpeneAverages (above/typical/below).',
  cannabinoid_profile: 'THC and CBD ranges, gram-weighted averages and spread, total THC in mg, a potency tier and per-item values with their source.',
  entourage_effect: "How the order's leading terpenes are thought to interact with THC and CBD, a 0–100 synergy score, and notes per strain. Avoid medical claims.",
  flavor_profile: 'Aroma tallies with the strains carrying them, flavour families with shares, and tasting notes per strain.',
  consumption_guide: "A starting dose scaled to the order's potency, methods (vaporiser temperature from the leading terpene), a session plan per strain, and safety tips.",
  tolerance_insights: 'The potency load (total mg THC, average THC), a risk level, a rotation plan from lightest to strongest jar, break advice and tips.',
  strain_comparisons: 'Compare the strains by type, THC, top terpene and price per gram; name the most similar pair (analysis.similarities) and the most distinct strain.',
  value_analysis: 'Price per gram per item against the order average and against typicalPricePerGram, THC milligrams per dollar, best and worst value, and a savings tip.',
  pairing_suggestions: 'Food, drink, activity and music pairings for each strain, reasoned from its leading terpene and effects.',
  next_purchase: 'Recommend catalog strains from analysis.candidates only (never invent strains), with reasons, match scores and shared terpenes; strains to avoid; shopping tips.',
};

export const SYSTEM_PROMPT = [
  'You are a cannabis analyst writing one section of a notebook about a single purchase order.',
  'Use only the facts in the context JSON: every figure you state must come from it.',
  'Be specific to this order: name its strains, grams, prices, THC values and terpenes.',
  "Terpene percentages are % of dry weight; prices are in the order's currency (assume US dollars).",
  'Do not give medical advice or claims. Answer only with JSON that matches the requested schema.',
].join(' ');

export function buildSectionPrompt(key: AiSectionKey, analysis: OrderAnalysis, previousSections?: Record<string, unknown>): { system: string; prompt: string } {
  const section = getSection(key);
  const context: SectionContext = { section: key, analysis, ...(previousSections && Object.keys(previousSections).length ? { previousSections } : {}) };
  return {
    system: SYSTEM_PROMPT,
    prompt: `Write the "${section?.label ?? key}" section (key: ${key}). ${BRIEFS[key]}\n${previousSections && Object.keys(previousSections).length ? 'Earlier sections are in previousSections; stay consistent with them and do not repeat them.\n' : ''}\n${contextBlock(context)}`,
  };
}
