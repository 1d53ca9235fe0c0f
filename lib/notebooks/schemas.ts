/**
 * zod schemas of each `ai` section's `data`. They validate every model's output (local or
 * hosted) and are sent to hosted models as the JSON schema of the structured output, so every
 * field is required (nullable where a value may be unknown): OpenAI's strict structured outputs
 * reject optional properties.
 */
import { z } from 'zod';
import type { AiSectionKey } from '@/lib/notebooks/sections';

const text = z.string().min(1);
const pct = z.number().min(0).max(100);
const nullableNum = z.number().nullable();
const level = z.enum(['low', 'moderate', 'high']);

const range = z.object({
  min: nullableNum,
  max: nullableNum,
  weightedAverage: nullableNum.describe('average weighted by grams'),
});

export const overviewSchema = z.object({
  headline: text,
  summary: text,
  highlights: z.array(text).min(1).max(6),
  orderSnapshot: z.object({
    itemCount: z.number().int().min(0),
    totalGrams: z.number().min(0),
    totalSpent: nullableNum,
    averagePricePerGram: nullableNum,
    dominantType: z.string().nullable(),
    dominantTerpene: z.string().nullable(),
    averageThc: nullableNum,
  }),
  strains: z.array(z.object({ name: text, grams: z.number().min(0), type: z.string().nullable(), role: text })),
});

export const effectsBreakdownSchema = z.object({
  summary: text,
  effects: z.array(z.object({ effect: text, score: pct, strains: z.array(z.string()) })).max(12),
  negatives: z.array(z.object({ effect: text, likelihood: level, mitigation: text })).max(8),
  timeOfDay: z.enum(['daytime', 'evening', 'night', 'any']),
  expectedExperience: text,
  byStrain: z.array(z.object({ strain: text, primaryEffects: z.array(z.string()).max(5), basis: z.enum(['order', 'catalog', 'terpenes', 'unknown']) })),
});

export const terpeneAnalysisSchema = z.object({
  summary: text,
  dominantTerpenes: z
    .array(
      z.object({
        name: text,
        weightedPercentage: z.number().min(0).describe('gram-weighted % of dry weight across the order'),
        shareOfProfile: pct,
        knownFor: z.array(z.string()).max(6),
        aromas: z.array(z.string()).max(6),
        catalogAverage: nullableNum,
        vsCatalog: z.enum(['above', 'typical', 'below', 'unknown']),
        strains: z.array(z.string()),
      }),
    )
    .max(8),
  highFamily: z.string().nullable(),
  totalTerpenePercentage: nullableNum,
  profileComparison: text,
  coverage: z.object({ itemsWithTerpenes: z.number().int().min(0), itemsTotal: z.number().int().min(0) }),
});

export const cannabinoidProfileSchema = z.object({
  summary: text,
  thc: range.extend({ spread: nullableNum }),
  cbd: range.extend({ spread: nullableNum }),
  thcToCbdRatio: z.string().nullable(),
  totalThcMg: nullableNum.describe('milligrams of THC across the whole order'),
  potencyTier: z.enum(['low', 'moderate', 'high', 'very-high', 'unknown']),
  items: z.array(z.object({ strain: text, thcPct: nullableNum, cbdPct: nullableNum, source: z.enum(['order', 'catalog', 'unknown']) })),
  notes: z.array(text).max(6),
});

export const entourageEffectSchema = z.object({
  summary: text,
  interactions: z.array(z.object({ terpene: text, cannabinoid: z.enum(['THC', 'CBD']), effect: text, strength: z.enum(['subtle', 'moderate', 'strong']) })).max(10),
  synergyScore: pct,
  strains: z.array(z.object({ strain: text, synergyNotes: text })),
});

export const flavorProfileSchema = z.object({
  summary: text,
  aromas: z.array(z.object({ aroma: text, count: z.number().int().min(1), strains: z.array(z.string()) })).max(12),
  flavorFamilies: z.array(z.object({ family: text, share: pct })).max(8),
  tastingNotes: z.array(z.object({ strain: text, notes: text })),
});

export const consumptionGuideSchema = z.object({
  summary: text,
  startingDose: text,
  methods: z
    .array(z.object({ method: text, temperatureC: nullableNum, notes: text }))
    .min(1)
    .max(5),
  sessionPlan: z.array(z.object({ strain: text, when: text, amount: text })),
  safetyTips: z.array(text).min(1).max(8),
});

export const toleranceInsightsSchema = z.object({
  summary: text,
  potencyLoad: z.object({ totalThcMg: nullableNum, averageThc: nullableNum, gramsTotal: z.number().min(0) }),
  riskLevel: level,
  rotationPlan: z.array(z.object({ strain: text, suggestion: text })),
  breakAdvice: text,
  tips: z.array(text).min(1).max(8),
});

export const strainComparisonsSchema = z.object({
  summary: text,
  comparisons: z.array(
    z.object({
      strain: text,
      type: z.string().nullable(),
      thcPct: nullableNum,
      topTerpene: z.string().nullable(),
      pricePerGram: nullableNum,
      standout: text,
    }),
  ),
  mostSimilarPair: z.object({ a: text, b: text, similarity: z.number().min(0).max(1) }).nullable(),
  mostDistinct: z.string().nullable(),
});

const valueRef = z.object({ strain: text, pricePerGram: z.number().min(0) }).nullable();

export const valueAnalysisSchema = z.object({
  summary: text,
  items: z.array(
    z.object({
      strain: text,
      grams: z.number().min(0),
      price: nullableNum,
      pricePerGram: nullableNum,
      vsOrderAveragePct: nullableNum.describe('% above (+) or below (−) the order average price per gram'),
      typicalPricePerGram: z.number().min(0),
      vsTypicalPct: nullableNum,
      mgThcPerDollar: nullableNum,
      rating: z.enum(['great', 'fair', 'poor', 'unknown']),
    }),
  ),
  orderAveragePricePerGram: nullableNum,
  bestValue: valueRef,
  worstValue: valueRef,
  savingsTip: text,
});

export const pairingSuggestionsSchema = z.object({
  summary: text,
  pairings: z.array(
    z.object({
      strain: text,
      foods: z.array(z.string()).max(5),
      drinks: z.array(z.string()).max(5),
      activities: z.array(z.string()).max(5),
      music: text,
      reason: text,
    }),
  ),
});

export const nextPurchaseSchema = z.object({
  summary: text,
  recommendations: z
    .array(
      z.object({
        name: text,
        slug: z.string().nullable(),
        type: z.string().nullable(),
        reason: text,
        matchScore: pct,
        sharedTerpenes: z.array(z.string()),
      }),
    )
    .max(6),
  avoid: z.array(z.string()).max(6),
  shoppingTips: z.array(text).min(1).max(6),
});

export const SECTION_SCHEMAS = {
  overview: overviewSchema,
  effects_breakdown: effectsBreakdownSchema,
  terpene_analysis: terpeneAnalysisSchema,
  cannabinoid_profile: cannabinoidProfileSchema,
  entourage_effect: entourageEffectSchema,
  flavor_profile: flavorProfileSchema,
  consumption_guide: consumptionGuideSchema,
  tolerance_insights: toleranceInsightsSchema,
  strain_comparisons: strainComparisonsSchema,
  value_analysis: valueAnalysisSchema,
  pairing_suggestions: pairingSuggestionsSchema,
  next_purchase: nextPurchaseSchema,
} as const satisfies Record<AiSectionKey, z.ZodType>;

export type SectionData<K extends AiSectionKey> = z.infer<(typeof SECTION_SCHEMAS)[K]>;
