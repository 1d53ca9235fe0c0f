/**
 * The notebook section registry (docs/contract.md §3): twelve `ai` sections streamed from a model and
 * four `computed` sections the clients compute themselves (see ./computed.ts).
 */
export type SectionStrategy = 'ai' | 'computed';
export type SectionTab = 'summary' | 'experience' | 'science' | 'shopping';

export interface SectionDescriptor {
  key: string;
  label: string;
  tab: SectionTab;
  order: number;
  strategy: SectionStrategy;
  /** Rough output size, sent in `start` events and used to pace `progress` while streaming. */
  estimatedTokens: number;
}

export const SECTIONS = [
  { key: 'overview', label: 'Overview', tab: 'summary', order: 1, strategy: 'ai', estimatedTokens: 450 },
  { key: 'spend_summary', label: 'Spend summary', tab: 'summary', order: 2, strategy: 'computed', estimatedTokens: 0 },
  { key: 'effects_breakdown', label: 'Effects breakdown', tab: 'experience', order: 3, strategy: 'ai', estimatedTokens: 550 },
  { key: 'terpene_analysis', label: 'Terpene analysis', tab: 'science', order: 4, strategy: 'ai', estimatedTokens: 700 },
  { key: 'terpene_chart', label: 'Terpene chart', tab: 'science', order: 5, strategy: 'computed', estimatedTokens: 0 },
  { key: 'cannabinoid_profile', label: 'Cannabinoid profile', tab: 'science', order: 6, strategy: 'ai', estimatedTokens: 500 },
  { key: 'potency_chart', label: 'Potency chart', tab: 'science', order: 7, strategy: 'computed', estimatedTokens: 0 },
  { key: 'entourage_effect', label: 'Entourage effect', tab: 'science', order: 8, strategy: 'ai', estimatedTokens: 550 },
  { key: 'flavor_profile', label: 'Flavor and aroma', tab: 'experience', order: 9, strategy: 'ai', estimatedTokens: 450 },
  { key: 'consumption_guide', label: 'Consumption guide', tab: 'experience', order: 10, strategy: 'ai', estimatedTokens: 550 },
  { key: 'tolerance_insights', label: 'Tolerance insights', tab: 'experience', order: 11, strategy: 'ai', estimatedTokens: 450 },
  { key: 'strain_comparisons', label: 'Strain comparisons', tab: 'science', order: 12, strategy: 'ai', estimatedTokens: 600 },
  { key: 'type_distribution', label: 'Type distribution', tab: 'summary', order: 13, strategy: 'computed', estimatedTokens: 0 },
  { key: 'value_analysis', label: 'Value analysis', tab: 'shopping', order: 14, strategy: 'ai', estimatedTokens: 600 },
  { key: 'pairing_suggestions', label: 'Pairings', tab: 'experience', order: 15, strategy: 'ai', estimatedTokens: 500 },
  { key: 'next_purchase', label: 'Next purchase', tab: 'shopping', order: 16, strategy: 'ai', estimatedTokens: 600 },
] as const satisfies readonly SectionDescriptor[];

export type SectionKey = (typeof SECTIONS)[number]['key'];
export type AiSectionKey = Extract<(typeof SECTIONS)[number], { strategy: 'ai' }>['key'];
export type ComputedSectionKey = Extract<(typeof SECTIONS)[number], { strategy: 'computed' }>['key'];

export const ALL_SECTIONS: readonly SectionDescriptor[] = SECTIONS;
export const AI_SECTIONS: readonly SectionDescriptor[] = SECTIONS.filter((s) => s.strategy === 'ai');
export const AI_SECTION_KEYS = AI_SECTIONS.map((s) => s.key) as AiSectionKey[];
export const ALL_SECTION_KEYS = SECTIONS.map((s) => s.key) as SectionKey[];

const byKey = new Map<string, SectionDescriptor>(SECTIONS.map((s) => [s.key, s]));

export function getSection(key: string): SectionDescriptor | undefined {
  return byKey.get(key);
}

export function isAiSectionKey(key: string): key is AiSectionKey {
  return byKey.get(key)?.strategy === 'ai';
}

export function isComputedSectionKey(key: string): key is ComputedSectionKey {
  return byKey.get(key)?.strategy === 'computed';
}
