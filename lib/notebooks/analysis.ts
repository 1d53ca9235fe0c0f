/**
 * Order analysis: the facts every section is written from (by the local analyst, and as the
 * prompt context of a hosted model). Items missing type, potency, terpenes, effects or aromas
 * are enriched from the catalog strain the matcher finds for their name.
 */
import type { Strain, StrainType, Terpene } from '@/lib/strains/types';
import { parseStrainType } from '@/lib/strains/types';
import { highFamily } from '@/lib/strains/high-family';
import { normalizeTerpeneProfile, TERPENE_INFO } from '@/lib/strains/terpenes';
import { cosine, terpeneVector } from '@/lib/strains/recommend-vector';
import {
  potencyChart,
  round,
  spendSummary,
  terpeneChart,
  typeDistribution,
  type PotencyChart,
  type SpendSummary,
  type TerpeneChart,
  type TypeDistribution,
} from '@/lib/notebooks/computed';
import type { OrderInputT } from '@/lib/notebooks/input';
import { own as ownKey, typicalPricePerGram } from '@/lib/notebooks/knowledge';
import { isUsableTerpeneName } from '@/lib/notebooks/terpene-key';

export type FactSource = 'order' | 'catalog' | 'terpenes' | 'unknown';

export interface CatalogMatch {
  strain: Strain | null;
  confidence: 'high' | 'medium' | 'low' | null;
}

/** What the analysis needs from the catalog (lib/strains through ./catalog.ts, or a test double). */
export interface CatalogPort {
  match(names: string[]): Promise<CatalogMatch[]>;
  terpeneAverages(): Promise<Record<string, number>>;
  similar(profile: Strain, limit: number): Promise<Strain[]>;
}

export interface AnalyzedItem {
  strainName: string;
  grams: number;
  price: number | null;
  pricePerGram: number | null;
  typicalPricePerGram: number;
  thcPct: number | null;
  cbdPct: number | null;
  thcMg: number | null;
  type: StrainType | null;
  terpenes: Terpene[];
  topTerpene: string | null;
  highFamily: string | null;
  effects: string[];
  aromas: string[];
  sources: { type: FactSource; potency: FactSource; terpenes: FactSource; effects: FactSource };
  catalog: { slug: string; name: string; confidence: 'high' | 'medium' | 'low' } | null;
}

export interface Tally {
  name: string;
  count: number;
  grams: number;
  strains: string[];
}

export interface Candidate {
  name: string;
  slug: string;
  type: StrainType | null;
  thc: number | null;
  topTerpenes: string[];
  effects: string[];
  highFamily: string | null;
  similarity: number;
}

export interface OrderAnalysis {
  order: {
    dispensaryName: string | null;
    orderDate: string | null;
    itemCount: number;
    totalGrams: number;
    totalSpent: number | null;
    averagePricePerGram: number | null;
  };
  items: AnalyzedItem[];
  spend: SpendSummary;
  terpenes: TerpeneChart;
  potency: PotencyChart;
  types: TypeDistribution;
  highFamily: string | null;
  effects: Tally[];
  aromas: Tally[];
  /** Catalog mean share (% dry weight) of each terpene in the order's profile. */
  catalogTerpeneAverages: Record<string, number>;
  similarities: { a: string; b: string; similarity: number }[];
  candidates: Candidate[];
}

const midpoint = (a: number | null, b: number | null): number | null => (a !== null && b !== null ? round((a + b) / 2, 1) : (a ?? b));

/** Enrichment trusts only high and medium matches: a low trigram match may be another strain. */
const usable = (m: CatalogMatch | undefined): Strain | null => (m?.strain && (m.confidence === 'high' || m.confidence === 'medium') ? m.strain : null);

function analyzeItem(item: NonNullable<OrderInputT['orderItems']>[number], m: CatalogMatch | undefined): AnalyzedItem {
  const s = usable(m);
  const own = normalizeTerpeneProfile(item.terpenes?.filter((t) => isUsableTerpeneName(t.name)));
  const terpenes = (own.length ? own : (s?.terpenes ?? [])).slice(0, 8);
  const type = item.type ?? s?.type ?? null;
  const thc = item.thcPct ?? (s ? (s.thc ?? midpoint(s.thcMin, s.thcMax)) : null);
  const cbd = item.cbdPct ?? (s ? (s.cbd ?? midpoint(s.cbdMin, s.cbdMax)) : null);
  let effects = (item.effects ?? []).map((e) => e.toLowerCase());
  let effectSource: FactSource = effects.length ? 'order' : 'unknown';
  if (!effects.length && s?.effects.length) [effects, effectSource] = [s.effects.slice(0, 6), 'catalog'];
  if (!effects.length && terpenes.length) {
    effects = [...new Set(terpenes.slice(0, 2).flatMap((t) => ownKey(TERPENE_INFO, t.name)?.effects ?? []))];
    effectSource = effects.length ? 'terpenes' : 'unknown';
  }
  let aromas = (item.aromas ?? []).map((a) => a.toLowerCase());
  if (!aromas.length && s?.aromas.length) aromas = s.aromas.slice(0, 6);
  if (!aromas.length) aromas = [...new Set(terpenes.slice(0, 2).flatMap((t) => ownKey(TERPENE_INFO, t.name)?.aromas.slice(0, 2) ?? []))];
  const price = item.price ?? null;
  return {
    strainName: item.strainName,
    grams: item.grams,
    price,
    pricePerGram: price !== null ? round(price / item.grams) : null,
    typicalPricePerGram: typicalPricePerGram(item.grams),
    thcPct: thc,
    cbdPct: cbd,
    thcMg: thc !== null ? Math.round(item.grams * 10 * thc) : null,
    type: type ? parseStrainType(type) : null,
    terpenes,
    topTerpene: terpenes[0]?.name ?? null,
    highFamily: highFamily(terpenes),
    effects,
    aromas,
    sources: {
      type: item.type ? 'order' : s?.type ? 'catalog' : 'unknown',
      potency: item.thcPct !== undefined ? 'order' : thc !== null ? 'catalog' : 'unknown',
      terpenes: own.length ? 'order' : terpenes.length ? 'catalog' : 'unknown',
      effects: effectSource,
    },
    catalog: m?.strain && m.confidence ? { slug: m.strain.slug, name: m.strain.name, confidence: m.confidence } : null,
  };
}

function tally(items: AnalyzedItem[], pick: (i: AnalyzedItem) => string[]): Tally[] {
  const acc = new Map<string, Tally>();
  for (const item of items) {
    for (const name of new Set(pick(item))) {
      const t = acc.get(name) ?? { name, count: 0, grams: 0, strains: [] };
      t.count += 1;
      t.grams = round(t.grams + item.grams, 3);
      t.strains.push(item.strainName);
      acc.set(name, t);
    }
  }
  return [...acc.values()].sort((a, b) => b.grams - a.grams || b.count - a.count || a.name.localeCompare(b.name));
}

function pairSimilarities(items: AnalyzedItem[]) {
  const out: OrderAnalysis['similarities'] = [];
  for (let i = 0; i < items.length; i++) {
    for (let j = i + 1; j < items.length; j++) {
      const [a, b] = [items[i], items[j]];
      if (!a.terpenes.length || !b.terpenes.length) continue;
      out.push({ a: a.strainName, b: b.strainName, similarity: round(cosine(terpeneVector(a.terpenes), terpeneVector(b.terpenes)), 3) });
    }
  }
  return out.sort((x, y) => y.similarity - x.similarity);
}

/** A synthetic catalog strain holding the order's gram-weighted profile, to ask for neighbours. */
function orderProfileStrain(chart: TerpeneChart, effects: Tally[]): Strain {
  const now = new Date(0).toISOString();
  return {
    id: '00000000-0000-0000-0000-000000000000',
    slug: '',
    name: 'order profile',
    type: null,
    thc: null,
    thcMin: null,
    thcMax: null,
    cbd: null,
    cbdMin: null,
    cbdMax: null,
    terpenes: chart.terpenes.map((t) => ({ name: t.name, percentage: t.weightedPercentage })),
    effects: effects.slice(0, 5).map((e) => e.name),
    negatives: [],
    helpsWith: {},
    aromas: [],
    parents: [],
    akas: [],
    highFamily: null,
    popularityScore: 0,
    source: 'order',
    createdAt: now,
    updatedAt: now,
  };
}

export async function analyzeOrder(input: OrderInputT, catalog: CatalogPort, opts: { candidates?: number } = {}): Promise<OrderAnalysis> {
  const raw = input.orderItems ?? [];
  const matches = raw.length ? await catalog.match(raw.map((i) => i.strainName)) : [];
  const items = raw.map((item, idx) => analyzeItem(item, matches[idx]));
  const spend = spendSummary(items, { totalSpent: input.orderMetadata?.totalSpent });
  const terpenes = terpeneChart(items);
  const effects = tally(items, (i) => i.effects);
  const averages = terpenes.terpenes.length ? await catalog.terpeneAverages() : {};

  const ordered = new Set(items.flatMap((i) => [i.strainName.toLowerCase(), i.catalog?.slug ?? '']));
  let candidates: Candidate[] = [];
  if (terpenes.terpenes.length || effects.length) {
    const profile = orderProfileStrain(terpenes, effects);
    const target = terpeneVector(profile.terpenes);
    const near = await catalog.similar(profile, 12 + items.length);
    candidates = near
      .filter((s) => !ordered.has(s.slug) && !ordered.has(s.name.toLowerCase()))
      .map((s) => ({
        name: s.name,
        slug: s.slug,
        type: s.type,
        thc: s.thc ?? midpoint(s.thcMin, s.thcMax),
        topTerpenes: s.terpenes.slice(0, 3).map((t) => t.name),
        effects: s.effects.slice(0, 4),
        highFamily: s.highFamily,
        similarity: round(cosine(target, terpeneVector(s.terpenes)), 3),
      }))
      .sort((x, y) => y.similarity - x.similarity || x.name.localeCompare(y.name))
      .slice(0, opts.candidates ?? 5);
  }

  return {
    order: {
      dispensaryName: input.orderMetadata?.dispensaryName ?? null,
      orderDate: input.orderMetadata?.orderDate ?? null,
      itemCount: items.length,
      totalGrams: spend.totalGrams,
      totalSpent: spend.totalSpent,
      averagePricePerGram: spend.averagePricePerGram,
    },
    items,
    spend,
    terpenes,
    potency: potencyChart(items),
    types: typeDistribution(items),
    highFamily: highFamily(terpenes.terpenes.map((t) => ({ name: t.name, percentage: t.weightedPercentage }))),
    effects,
    aromas: tally(items, (i) => i.aromas),
    catalogTerpeneAverages: Object.fromEntries(terpenes.terpenes.filter((t) => ownKey(averages, t.name) !== undefined).map((t) => [t.name, averages[t.name]])),
    similarities: pairSimilarities(items),
    candidates,
  };
}
