/** Local analyst: the science tab (terpenes, cannabinoids, entourage, comparisons). */
import { TERPENE_INFO } from '@/lib/strains/terpenes';
import type { OrderAnalysis } from '@/lib/notebooks/analysis';
import { round } from '@/lib/notebooks/computed';
import { own, terpeneInfo } from '@/lib/notebooks/knowledge';
import type { SectionData } from '@/lib/notebooks/schemas';
import { byGrams, cap, EMPTY_ORDER, grams, list, money, pct } from '@/lib/notebooks/writers/format';

export function terpeneAnalysis(a: OrderAnalysis): SectionData<'terpene_analysis'> {
  const top = a.terpenes.terpenes.slice(0, 6);
  const dominant = top.map((t) => {
    const avg = own(a.catalogTerpeneAverages, t.name);
    const ratio = avg ? t.weightedPercentage / avg : null;
    const vs = ratio === null ? 'unknown' : ratio > 1.25 ? 'above' : ratio < 0.75 ? 'below' : 'typical';
    const info = own(TERPENE_INFO, t.name);
    return {
      name: t.name,
      weightedPercentage: t.weightedPercentage,
      shareOfProfile: t.share,
      knownFor: terpeneInfo(t.name).knownFor.length ? terpeneInfo(t.name).knownFor.slice(0, 4) : (info?.effects ?? []).slice(0, 4),
      aromas: (info?.aromas ?? terpeneInfo(t.name).aromas).slice(0, 4),
      catalogAverage: avg ?? null,
      vsCatalog: vs as 'above' | 'typical' | 'below' | 'unknown',
      strains: t.strains,
    };
  });
  const lead = dominant[0];
  const coverage = { itemsWithTerpenes: a.terpenes.itemsWithTerpenes, itemsTotal: a.items.length };
  if (!lead) {
    return {
      summary: a.items.length ? `None of the ${a.items.length} items (${list(a.items.map((i) => i.strainName))}) has terpene data on the label or in the catalog.` : EMPTY_ORDER,
      dominantTerpenes: [],
      highFamily: null,
      totalTerpenePercentage: null,
      profileComparison: 'Without terpene data the profile cannot be compared with the catalog; lab-tested labels list the terpenes.',
      coverage,
    };
  }
  const above = dominant.filter((d) => d.vsCatalog === 'above').map((d) => d.name);
  const below = dominant.filter((d) => d.vsCatalog === 'below').map((d) => d.name);
  const comparison = [
    above.length ? `${cap(list(above))} ${above.length > 1 ? 'run' : 'runs'} above the catalog average` : null,
    below.length ? `${list(below)} ${below.length > 1 ? 'sit' : 'sits'} below it` : null,
  ]
    .filter(Boolean)
    .join('; ');
  return {
    summary: `Weighted by grams, ${lead.name} leads this order at ${pct(lead.weightedPercentage, 3)} of dry weight (${pct(lead.shareOfProfile)} of the terpene profile), mostly from ${list(lead.strains)}${dominant[1] ? `, followed by ${dominant[1].name} (${pct(dominant[1].weightedPercentage, 3)})` : ''}.`,
    dominantTerpenes: dominant,
    highFamily: a.highFamily,
    totalTerpenePercentage: a.terpenes.totalWeightedPercentage,
    profileComparison: comparison
      ? `${comparison}. ${a.highFamily ? `Overall the blend reads as ${a.highFamily}.` : ''}`.trim()
      : `Every leading terpene sits close to the catalog average${a.highFamily ? `; the blend reads as ${a.highFamily}` : ''}.`,
    coverage,
  };
}

function tier(avg: number | null): 'low' | 'moderate' | 'high' | 'very-high' | 'unknown' {
  if (avg === null) return 'unknown';
  if (avg < 12) return 'low';
  if (avg < 20) return 'moderate';
  if (avg < 26) return 'high';
  return 'very-high';
}

export function cannabinoidProfile(a: OrderAnalysis): SectionData<'cannabinoid_profile'> {
  const { thc, cbd, totalThcMg } = a.potency;
  const items = a.items.map((i) => ({
    strain: i.strainName,
    thcPct: i.thcPct,
    cbdPct: i.cbdPct,
    source: (i.sources.potency === 'order' ? 'order' : i.sources.potency === 'catalog' ? 'catalog' : 'unknown') as 'order' | 'catalog' | 'unknown',
  }));
  const ratio = thc.weightedAverage !== null && cbd.weightedAverage ? `THC:CBD ${Math.max(1, Math.round(thc.weightedAverage / cbd.weightedAverage))}:1` : null;
  const strongest = [...a.items].filter((i) => i.thcPct !== null).sort((x, y) => (y.thcPct ?? 0) - (x.thcPct ?? 0))[0];
  const notes: string[] = [];
  if (strongest)
    notes.push(
      `${strongest.strainName} is the strongest item at ${pct(strongest.thcPct ?? 0)} THC${strongest.thcMg !== null ? ` (about ${strongest.thcMg} mg in ${grams(strongest.grams)})` : ''}.`,
    );
  if (thc.spread !== null && thc.spread >= 5) notes.push(`A ${pct(thc.spread)} THC spread gives a lighter and a heavier option in the same bag.`);
  const fromCatalog = items.filter((i) => i.source === 'catalog').map((i) => i.strain);
  if (fromCatalog.length) notes.push(`Potency for ${list(fromCatalog)} comes from catalog averages, not the label.`);
  if (!cbd.max) notes.push('No item brings meaningful CBD, so nothing buffers THC intensity.');
  const summary = !a.items.length
    ? EMPTY_ORDER
    : thc.weightedAverage === null
      ? `No THC figures are known for ${list(a.items.map((i) => i.strainName))}.`
      : `Gram-weighted THC averages ${pct(thc.weightedAverage)} (range ${pct(thc.min ?? 0)}–${pct(thc.max ?? 0)}) across ${grams(a.order.totalGrams)}, roughly ${totalThcMg ?? 0} mg of THC in total${cbd.max ? `, with CBD up to ${pct(cbd.max)}` : ''}.`;
  return { summary, thc, cbd, thcToCbdRatio: ratio, totalThcMg, potencyTier: tier(thc.weightedAverage), items, notes: notes.slice(0, 6) };
}

export function entourageEffect(a: OrderAnalysis): SectionData<'entourage_effect'> {
  const top = a.terpenes.terpenes.slice(0, 4);
  const hasCbd = (a.potency.cbd.max ?? 0) >= 1;
  const interactions = top.flatMap((t) => {
    const info = terpeneInfo(t.name);
    const strength = (t.share >= 35 ? 'strong' : t.share >= 15 ? 'moderate' : 'subtle') as 'strong' | 'moderate' | 'subtle';
    const rows: { terpene: string; cannabinoid: 'THC' | 'CBD'; effect: string; strength: 'strong' | 'moderate' | 'subtle' }[] = [
      { terpene: t.name, cannabinoid: 'THC', effect: `${cap(t.name)} ${info.withThc}.`, strength },
    ];
    if (hasCbd) rows.push({ terpene: t.name, cannabinoid: 'CBD' as const, effect: `${cap(t.name)}: ${info.withCbd}.`, strength: 'subtle' });
    return rows;
  });
  const share = top.reduce((s, t) => s + t.share, 0);
  const total = a.terpenes.totalWeightedPercentage ?? 0;
  // Richer, more concentrated terpene content and some CBD suggest a fuller entourage.
  const synergy = Math.min(100, Math.round(Math.min(1, total / 3) * 60 + (top.length ? Math.min(25, share / 4) : 0) + (hasCbd ? 15 : 0)));
  const strains = byGrams(a).map((i) => ({
    strain: i.strainName,
    synergyNotes: i.terpenes.length
      ? `${cap(list(i.terpenes.slice(0, 2).map((t) => `${t.name} (${pct(t.percentage, 2)})`)))} with ${i.thcPct !== null ? `${pct(i.thcPct)} THC` : 'unknown THC'}${i.cbdPct ? ` and ${pct(i.cbdPct)} CBD` : ''}: ${i.terpenes[0].name} ${terpeneInfo(i.terpenes[0].name).withThc}.`
      : `No terpene data for ${i.strainName}; its effect will lean on THC alone as far as we can tell.`,
  }));
  return {
    summary: top.length
      ? `The order's terpenes (${list(top.map((t) => t.name))}) total about ${pct(total, 2)} of dry weight${hasCbd ? ' and meet some CBD' : ''}, giving a synergy score of ${synergy}/100.`
      : a.items.length
        ? 'Without terpene data the entourage effect of this order cannot be judged.'
        : EMPTY_ORDER,
    interactions: interactions.slice(0, 10),
    synergyScore: synergy,
    strains,
  };
}

export function strainComparisons(a: OrderAnalysis): SectionData<'strain_comparisons'> {
  const avgPpg = a.order.averagePricePerGram;
  const comparisons = byGrams(a).map((i) => {
    const notes: string[] = [];
    if (i.thcPct !== null && a.potency.thc.max === i.thcPct && a.items.length > 1) notes.push('strongest THC of the order');
    if (i.pricePerGram !== null && avgPpg !== null)
      notes.push(
        i.pricePerGram <= avgPpg
          ? `cheaper per gram than the order average (${money(i.pricePerGram)} vs ${money(avgPpg)})`
          : `pricier per gram than average (${money(i.pricePerGram)} vs ${money(avgPpg)})`,
      );
    if (i.topTerpene) notes.push(`${i.topTerpene}-led`);
    if (i.type) notes.push(i.type);
    return {
      strain: i.strainName,
      type: i.type,
      thcPct: i.thcPct,
      topTerpene: i.topTerpene,
      pricePerGram: i.pricePerGram,
      standout: notes.length ? `${cap(list(notes))}.` : `${i.strainName}: no label or catalog data to compare.`,
    };
  });
  const pair = a.similarities[0] ?? null;
  const distinct = a.similarities.length
    ? ([...a.items]
        .filter((i) => i.terpenes.length)
        .map((i) => ({ name: i.strainName, avg: avgSim(a, i.strainName) }))
        .sort((x, y) => x.avg - y.avg || x.name.localeCompare(y.name))[0]?.name ?? null)
    : null;
  const summary =
    a.items.length < 2
      ? a.items.length
        ? `Only ${a.items[0].strainName} is in this order; add another strain to compare.`
        : EMPTY_ORDER
      : pair
        ? `${pair.a} and ${pair.b} are the closest pair by terpene profile (cosine ${pair.similarity.toFixed(2)})${distinct ? `, while ${distinct} stands furthest apart` : ''}.`
        : `Comparing ${list(a.items.map((i) => i.strainName))} by type, potency and price (no terpene data to compare profiles).`;
  return { summary, comparisons, mostSimilarPair: pair ? { a: pair.a, b: pair.b, similarity: round(Math.min(1, Math.max(0, pair.similarity)), 3) } : null, mostDistinct: distinct };
}

function avgSim(a: OrderAnalysis, name: string): number {
  const rows = a.similarities.filter((s) => s.a === name || s.b === name);
  return rows.length ? rows.reduce((s, r) => s + r.similarity, 0) / rows.length : 1;
}
