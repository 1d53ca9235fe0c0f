/**
 * The four `computed` sections as pure functions of the order (no I/O, no Node APIs): clients
 * mirror them to render charts without streaming, and the API uses them as facts for the `ai`
 * sections. Items may be the raw request items or catalog-enriched ones (same shape).
 */
import { isUsableTerpeneName, terpeneKey } from '@/lib/notebooks/terpene-key';

export interface ComputedItem {
  strainName: string;
  grams: number;
  price?: number | null;
  thcPct?: number | null;
  cbdPct?: number | null;
  type?: string | null;
  terpenes?: { name: string; percentage: number }[] | null;
}

export interface ComputedMetadata {
  totalSpent?: number | null;
}

export const round = (n: number, digits = 2): number => {
  const f = 10 ** digits;
  // `|| 0` turns -0 into 0 so values survive a JSON round trip unchanged.
  return Math.round(n * f) / f || 0;
};

const isNum = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);

export interface SpendSummary {
  totalSpent: number | null;
  itemsSpent: number | null;
  totalGrams: number;
  averagePricePerGram: number | null;
  items: { strainName: string; grams: number; price: number | null; pricePerGram: number | null; shareOfSpend: number | null }[];
  mostExpensivePerGram: { strainName: string; pricePerGram: number } | null;
  cheapestPerGram: { strainName: string; pricePerGram: number } | null;
}

export function spendSummary(items: ComputedItem[], metadata: ComputedMetadata = {}): SpendSummary {
  const priced = items.filter((i) => isNum(i.price));
  const itemsSpent = priced.length ? round(priced.reduce((s, i) => s + (i.price as number), 0)) : null;
  const totalSpent = isNum(metadata.totalSpent) ? round(metadata.totalSpent) : itemsSpent;
  const totalGrams = round(
    items.reduce((s, i) => s + i.grams, 0),
    3,
  );
  const pricedGrams = priced.reduce((s, i) => s + i.grams, 0);
  const rows = items.map((i) => {
    const price = isNum(i.price) ? i.price : null;
    return {
      strainName: i.strainName,
      grams: i.grams,
      price,
      pricePerGram: price !== null && i.grams > 0 ? round(price / i.grams) : null,
      shareOfSpend: price !== null && itemsSpent ? round((100 * price) / itemsSpent, 1) : null,
    };
  });
  const perGram = rows.filter((r) => r.pricePerGram !== null) as ((typeof rows)[number] & { pricePerGram: number })[];
  const sorted = [...perGram].sort((a, b) => a.pricePerGram - b.pricePerGram || a.strainName.localeCompare(b.strainName));
  return {
    totalSpent,
    itemsSpent,
    totalGrams,
    averagePricePerGram: itemsSpent !== null && pricedGrams > 0 ? round(itemsSpent / pricedGrams) : null,
    items: rows,
    mostExpensivePerGram: sorted.length ? { strainName: sorted[sorted.length - 1].strainName, pricePerGram: sorted[sorted.length - 1].pricePerGram } : null,
    cheapestPerGram: sorted.length ? { strainName: sorted[0].strainName, pricePerGram: sorted[0].pricePerGram } : null,
  };
}

export interface TerpeneChart {
  terpenes: { name: string; weightedPercentage: number; share: number; strains: string[] }[];
  itemsWithTerpenes: number;
  gramsWithTerpenes: number;
  totalWeightedPercentage: number | null;
}

/** Gram-weighted terpene profile over the items that carry terpene data, strongest first. */
export function terpeneChart(items: ComputedItem[]): TerpeneChart {
  const withTerps = items.filter((i) => (i.terpenes?.length ?? 0) > 0 && i.grams > 0);
  const grams = withTerps.reduce((s, i) => s + i.grams, 0);
  const acc = new Map<string, { sum: number; strains: Set<string> }>();
  for (const item of withTerps) {
    const seen = new Map<string, number>();
    for (const t of item.terpenes ?? []) {
      if (!isNum(t.percentage) || t.percentage <= 0 || !isUsableTerpeneName(t.name)) continue;
      const key = terpeneKey(t.name);
      // Two spellings of one terpene on a label (alpha/beta-pinene) add up.
      seen.set(key, (seen.get(key) ?? 0) + t.percentage);
    }
    for (const [key, pctValue] of seen) {
      const e = acc.get(key) ?? { sum: 0, strains: new Set<string>() };
      e.sum += item.grams * pctValue;
      e.strains.add(item.strainName);
      acc.set(key, e);
    }
  }
  const weighted = [...acc.entries()].map(([name, e]) => ({ name, weighted: grams > 0 ? e.sum / grams : 0, strains: [...e.strains] }));
  const total = weighted.reduce((s, t) => s + t.weighted, 0);
  weighted.sort((a, b) => b.weighted - a.weighted || a.name.localeCompare(b.name));
  return {
    terpenes: weighted.map((t) => ({
      name: t.name,
      weightedPercentage: round(t.weighted, 3),
      share: total > 0 ? round((100 * t.weighted) / total, 1) : 0,
      strains: t.strains,
    })),
    itemsWithTerpenes: withTerps.length,
    gramsWithTerpenes: round(grams, 3),
    totalWeightedPercentage: withTerps.length ? round(total, 3) : null,
  };
}

export interface PotencyStats {
  min: number | null;
  max: number | null;
  weightedAverage: number | null;
  spread: number | null;
}

function potencyStats(items: ComputedItem[], pick: (i: ComputedItem) => number | null | undefined): PotencyStats {
  const known = items.filter((i) => isNum(pick(i)) && i.grams > 0);
  if (!known.length) return { min: null, max: null, weightedAverage: null, spread: null };
  const values = known.map((i) => pick(i) as number);
  const grams = known.reduce((s, i) => s + i.grams, 0);
  const min = Math.min(...values);
  const max = Math.max(...values);
  return {
    min: round(min, 1),
    max: round(max, 1),
    weightedAverage: round(known.reduce((s, i) => s + i.grams * (pick(i) as number), 0) / grams, 1),
    spread: round(max - min, 1),
  };
}

export interface PotencyChart {
  items: { strainName: string; grams: number; thcPct: number | null; cbdPct: number | null; thcMg: number | null }[];
  thc: PotencyStats;
  cbd: PotencyStats;
  totalThcMg: number | null;
}

/** Potency per item; thcMg = grams × 1000 × THC% / 100 (milligrams of THC in the flower). */
export function potencyChart(items: ComputedItem[]): PotencyChart {
  const rows = items.map((i) => ({
    strainName: i.strainName,
    grams: i.grams,
    thcPct: isNum(i.thcPct) ? i.thcPct : null,
    cbdPct: isNum(i.cbdPct) ? i.cbdPct : null,
    thcMg: isNum(i.thcPct) ? Math.round(i.grams * 10 * i.thcPct) : null,
  }));
  const mg = rows.filter((r) => r.thcMg !== null);
  return {
    items: rows,
    thc: potencyStats(items, (i) => i.thcPct),
    cbd: potencyStats(items, (i) => i.cbdPct),
    totalThcMg: mg.length ? mg.reduce((s, r) => s + (r.thcMg as number), 0) : null,
  };
}

export interface TypeDistribution {
  types: { type: 'indica' | 'sativa' | 'hybrid' | 'unknown'; grams: number; count: number; share: number }[];
  dominantType: 'indica' | 'sativa' | 'hybrid' | null;
}

export function typeDistribution(items: ComputedItem[]): TypeDistribution {
  const order = ['indica', 'sativa', 'hybrid', 'unknown'] as const;
  const totalGrams = items.reduce((s, i) => s + i.grams, 0);
  const types = order
    .map((type) => {
      const rows = items.filter((i) => (type === 'unknown' ? !order.slice(0, 3).includes(normType(i.type)) : normType(i.type) === type));
      const grams = rows.reduce((s, i) => s + i.grams, 0);
      return { type, grams: round(grams, 3), count: rows.length, share: totalGrams > 0 ? round((100 * grams) / totalGrams, 1) : 0 };
    })
    .filter((t) => t.count > 0);
  const known = types.filter((t) => t.type !== 'unknown').sort((a, b) => b.grams - a.grams);
  return { types, dominantType: known.length ? (known[0].type as 'indica' | 'sativa' | 'hybrid') : null };
}

function normType(t: string | null | undefined): 'indica' | 'sativa' | 'hybrid' | 'unknown' {
  const s = (t ?? '').toLowerCase();
  return s === 'indica' || s === 'sativa' || s === 'hybrid' ? s : 'unknown';
}

export const COMPUTED_SECTIONS = {
  spend_summary: spendSummary,
  terpene_chart: terpeneChart,
  potency_chart: potencyChart,
  type_distribution: typeDistribution,
} as const;

/** All four computed sections at once (what a saved notebook stores beside the ai results). */
export function computeSections(items: ComputedItem[], metadata: ComputedMetadata = {}) {
  return {
    spend_summary: spendSummary(items, metadata),
    terpene_chart: terpeneChart(items),
    potency_chart: potencyChart(items),
    type_distribution: typeDistribution(items),
  };
}
