/** Local analyst: overview, value analysis and next purchase. */
import type { OrderAnalysis } from '@/lib/notebooks/analysis';
import { round } from '@/lib/notebooks/computed';
import { typicalPricePerGram } from '@/lib/notebooks/knowledge';
import type { SectionData } from '@/lib/notebooks/schemas';
import { byGrams, cap, EMPTY_ORDER, grams, list, money, pct, where } from '@/lib/notebooks/writers/format';

export function overview(a: OrderAnalysis): SectionData<'overview'> {
  const items = byGrams(a);
  const lead = a.terpenes.terpenes[0]?.name ?? null;
  const dominantType = a.types.dominantType;
  const snapshot = {
    itemCount: a.order.itemCount,
    totalGrams: a.order.totalGrams,
    totalSpent: a.order.totalSpent,
    averagePricePerGram: a.order.averagePricePerGram,
    dominantType,
    dominantTerpene: lead,
    averageThc: a.potency.thc.weightedAverage,
  };
  if (!items.length) {
    return { headline: 'An empty order', summary: EMPTY_ORDER, highlights: ['Add items with grams and prices to get a full analysis.'], orderSnapshot: snapshot, strains: [] };
  }
  const highlights = [
    `${items.length} strain${items.length > 1 ? 's' : ''}, ${grams(a.order.totalGrams)} in total${a.order.totalSpent !== null ? ` for ${money(a.order.totalSpent)}` : ''}${a.order.averagePricePerGram !== null ? ` (${money(a.order.averagePricePerGram)}/g)` : ''}.`,
    ...(a.potency.thc.weightedAverage !== null
      ? [`Average THC ${pct(a.potency.thc.weightedAverage)}, from ${pct(a.potency.thc.min ?? 0)} to ${pct(a.potency.thc.max ?? 0)}.`]
      : []),
    ...(lead ? [`${cap(lead)} leads the terpene profile${a.highFamily ? `: a ${a.highFamily.toLowerCase()} blend` : ''}.`] : []),
    ...(a.effects[0] ? [`Most reported effect: ${a.effects[0].name} (${list(a.effects[0].strains)}).`] : []),
    ...(a.spend.cheapestPerGram && items.length > 1 ? [`Best price per gram: ${a.spend.cheapestPerGram.strainName} at ${money(a.spend.cheapestPerGram.pricePerGram)}.`] : []),
  ].slice(0, 6);
  const mix = a.types.types.filter((t) => t.type !== 'unknown').map((t) => `${pct(t.share, 0)} ${t.type}`);
  const role = (i: (typeof items)[number], idx: number) => {
    if (idx === 0 && items.length > 1) return 'the main jar of this order';
    if (i.thcPct !== null && i.thcPct === a.potency.thc.max && items.length > 1) return 'the strongest option';
    if (i.pricePerGram !== null && a.spend.cheapestPerGram?.strainName === i.strainName && items.length > 1) return 'the best value';
    return i.type === 'sativa' ? 'a daytime option' : i.type === 'indica' ? 'an evening option' : 'a flexible all-rounder';
  };
  return {
    headline: `${grams(a.order.totalGrams)} of ${dominantType ?? 'mixed'}-leaning flower${lead ? ` led by ${lead}` : ''}${where(a)}`,
    summary: `This order${where(a)}${a.order.orderDate ? ` on ${a.order.orderDate}` : ''} brings ${list(items.map((i) => `${i.strainName} (${grams(i.grams)})`))}${mix.length ? `, a mix of ${list(mix)}` : ''}.${lead ? ` Its gram-weighted terpene profile is led by ${lead}${a.terpenes.terpenes[1] ? ` and ${a.terpenes.terpenes[1].name}` : ''}.` : ''}`,
    highlights,
    orderSnapshot: snapshot,
    strains: items.map((i, idx) => ({ name: i.strainName, grams: i.grams, type: i.type, role: role(i, idx) })),
  };
}

export function valueAnalysis(a: OrderAnalysis): SectionData<'value_analysis'> {
  const avg = a.order.averagePricePerGram;
  const items = byGrams(a).map((i) => {
    const vsOrder = i.pricePerGram !== null && avg && avg >= 0.01 ? round((100 * (i.pricePerGram - avg)) / avg, 1) : null;
    const vsTypical = i.pricePerGram !== null ? round((100 * (i.pricePerGram - i.typicalPricePerGram)) / i.typicalPricePerGram, 1) : null;
    const rating = (vsTypical === null ? 'unknown' : vsTypical <= -10 ? 'great' : vsTypical <= 15 ? 'fair' : 'poor') as 'great' | 'fair' | 'poor' | 'unknown';
    return {
      strain: i.strainName,
      grams: i.grams,
      price: i.price,
      pricePerGram: i.pricePerGram,
      vsOrderAveragePct: vsOrder,
      typicalPricePerGram: i.typicalPricePerGram,
      vsTypicalPct: vsTypical,
      // Sub-cent prices would divide to nonsense (or Infinity): no per-dollar figure for them.
      mgThcPerDollar: i.price !== null && i.price >= 0.01 && i.thcMg !== null ? round(i.thcMg / i.price, 1) : null,
      rating,
    };
  });
  const priced = items.filter((i) => i.pricePerGram !== null).sort((x, y) => (x.pricePerGram as number) - (y.pricePerGram as number) || x.strain.localeCompare(y.strain));
  const best = priced[0] ? { strain: priced[0].strain, pricePerGram: priced[0].pricePerGram as number } : null;
  const worst = priced.length > 1 ? { strain: priced[priced.length - 1].strain, pricePerGram: priced[priced.length - 1].pricePerGram as number } : null;
  const potency = items.filter((i) => i.mgThcPerDollar !== null).sort((x, y) => (y.mgThcPerDollar as number) - (x.mgThcPerDollar as number))[0];
  const small = a.items.filter((i) => i.grams <= 4 && i.pricePerGram !== null);
  const tip =
    small.length >= 2
      ? `You bought ${list(small.map((i) => i.strainName))} in small sizes; 7 g packages typically cost about ${money(typicalPricePerGram(7))}/g instead of ${money(typicalPricePerGram(3.5))}/g.`
      : worst && best
        ? `${worst.strain} costs ${money(worst.pricePerGram - best.pricePerGram)} more per gram than ${best.strain}; buy the favourite of the two in a larger size.`
        : 'Larger packages and dispensary deal days usually lower the price per gram.';
  return {
    summary: !priced.length
      ? a.items.length
        ? `No prices were given for ${list(a.items.map((i) => i.strainName))}, so value cannot be judged.`
        : EMPTY_ORDER
      : `Across ${grams(a.order.totalGrams)} the order averages ${avg !== null ? money(avg) : 'an unknown price'} per gram; ${best ? `${best.strain} is the best value at ${money(best.pricePerGram)}/g` : ''}${worst ? ` and ${worst.strain} the priciest at ${money(worst.pricePerGram)}/g` : ''}${potency ? `, while ${potency.strain} gives the most THC per dollar (${potency.mgThcPerDollar} mg/$)` : ''}.`,
    items,
    orderAveragePricePerGram: avg,
    bestValue: best,
    worstValue: worst,
    savingsTip: tip,
  };
}

export function nextPurchase(a: OrderAnalysis): SectionData<'next_purchase'> {
  const profile = new Set(a.terpenes.terpenes.slice(0, 3).map((t) => t.name));
  const liked = a.effects.slice(0, 3).map((e) => e.name);
  const recommendations = a.candidates.slice(0, 5).map((c) => {
    const shared = c.topTerpenes.filter((t) => profile.has(t));
    const sharedEffects = c.effects.filter((e) => liked.includes(e));
    const reasons = [
      shared.length ? `shares ${list(shared)} with your order` : null,
      sharedEffects.length ? `reported as ${list(sharedEffects)} like ${list(a.effects[0]?.strains.slice(0, 2) ?? [])}` : null,
      c.thc !== null ? `${pct(c.thc)} THC` : null,
      c.highFamily ? `${c.highFamily.toLowerCase()} family` : null,
    ].filter(Boolean) as string[];
    return {
      name: c.name,
      slug: c.slug,
      type: c.type,
      reason: reasons.length ? `${cap(reasons.join('; '))}.` : `Close to your order's overall profile.`,
      matchScore: Math.round(100 * Math.min(1, Math.max(0, c.similarity))),
      sharedTerpenes: shared,
    };
  });
  // What not to repeat: the worst value of this order, and more of the strongest jars when the load is already high.
  const worst = [...a.items]
    .filter((i) => i.pricePerGram !== null && i.pricePerGram > i.typicalPricePerGram * 1.15)
    .sort((x, y) => (y.pricePerGram as number) - (x.pricePerGram as number));
  const avoid = [
    ...worst.map((i) => `${i.strainName} at ${money(i.pricePerGram as number)}/g (typical ${money(i.typicalPricePerGram)}/g for ${grams(i.grams)})`),
    ...((a.potency.thc.weightedAverage ?? 0) >= 22
      ? [`another jar above ${pct(Math.round(a.potency.thc.weightedAverage as number))} THC until you have taken a tolerance break`]
      : []),
  ];
  const tips = [
    a.order.averagePricePerGram !== null
      ? `Aim for ${money(Math.max(5, a.order.averagePricePerGram * 0.85))}/g or less to beat this order's ${money(a.order.averagePricePerGram)}/g average.`
      : 'Compare prices per gram, not per package.',
    profile.size
      ? `Check lab labels for ${list([...profile].slice(0, 2))}; that is what this order is built around.`
      : 'Ask for lab-tested products with terpene results on the label.',
  ];
  return {
    summary: recommendations.length
      ? `Based on your ${a.highFamily ? `${a.highFamily.toLowerCase()} ` : ''}profile${profile.size ? ` (${list([...profile])})` : ''}, try ${list(recommendations.slice(0, 3).map((r) => r.name))} next.`
      : a.items.length
        ? `No catalog strain lines up with ${list(a.items.map((i) => i.strainName))} yet; add terpene data to get suggestions.`
        : EMPTY_ORDER,
    recommendations,
    avoid: avoid.slice(0, 6),
    shoppingTips: tips,
  };
}
