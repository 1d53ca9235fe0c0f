/** Local analyst: the experience tab (effects, flavour, consumption, tolerance, pairings). */
import type { OrderAnalysis } from '@/lib/notebooks/analysis';
import { DAY_EFFECTS, NEGATIVE_MITIGATION, NIGHT_EFFECTS, own, terpeneInfo, TYPE_EFFECTS } from '@/lib/notebooks/knowledge';
import type { SectionData } from '@/lib/notebooks/schemas';
import { byGrams, cap, EMPTY_ORDER, grams, list, pct } from '@/lib/notebooks/writers/format';

export function effectsBreakdown(a: OrderAnalysis): SectionData<'effects_breakdown'> {
  const total = a.order.totalGrams || 1;
  const effects = a.effects.slice(0, 8).map((e) => ({ effect: e.name, score: Math.min(100, Math.round((100 * e.grams) / total)), strains: e.strains }));
  const day = a.effects.filter((e) => DAY_EFFECTS.has(e.name)).reduce((s, e) => s + e.grams, 0);
  const night = a.effects.filter((e) => NIGHT_EFFECTS.has(e.name)).reduce((s, e) => s + e.grams, 0);
  const timeOfDay = !effects.length ? 'any' : day > night * 1.3 ? 'daytime' : night > day * 1.3 ? (a.effects.some((e) => e.name === 'sleepy') ? 'night' : 'evening') : 'any';
  const maxThc = a.potency.thc.max ?? 0;
  const negatives = [
    { effect: 'dry mouth', likelihood: (maxThc >= 18 ? 'high' : 'moderate') as 'high' | 'moderate' | 'low' },
    { effect: 'dry eyes', likelihood: 'moderate' as const },
    ...(maxThc >= 24 ? [{ effect: 'anxious', likelihood: 'moderate' as const }] : []),
    ...(a.types.dominantType === 'sativa' && maxThc >= 20 ? [{ effect: 'paranoid', likelihood: 'low' as const }] : []),
  ].map((n) => ({ ...n, mitigation: own(NEGATIVE_MITIGATION, n.effect) ?? 'start low and go slow' }));
  const byStrain = byGrams(a).map((i) => ({
    strain: i.strainName,
    primaryEffects: (i.effects.length ? i.effects : i.type ? (own(TYPE_EFFECTS, i.type) ?? []) : []).slice(0, 5),
    basis: (i.effects.length ? (i.sources.effects === 'terpenes' ? 'terpenes' : i.sources.effects) : 'unknown') as 'order' | 'catalog' | 'terpenes' | 'unknown',
  }));
  const lead = effects[0];
  return {
    summary: lead
      ? `${cap(lead.effect)} dominates: it is reported for ${list(lead.strains)}, covering ${lead.score}% of the ${grams(a.order.totalGrams)} in this order${effects[1] ? `, with ${effects[1].effect} (${effects[1].score}%) next` : ''}.`
      : a.items.length
        ? `No effect data is known for ${list(a.items.map((i) => i.strainName))}.`
        : EMPTY_ORDER,
    effects,
    negatives,
    timeOfDay,
    expectedExperience: lead
      ? `Expect a ${list(effects.slice(0, 3).map((e) => e.effect))} experience${timeOfDay === 'any' ? ' that fits most times of day' : `, best suited to ${timeOfDay === 'daytime' ? 'the daytime' : `the ${timeOfDay}`}`}${a.potency.thc.weightedAverage !== null ? ` at an average ${pct(a.potency.thc.weightedAverage)} THC` : ''}.`
      : 'Effects are unknown; start with a small amount to learn how these strains feel.',
    byStrain,
  };
}

const FAMILY_OF: Record<string, string> = {
  citrus: 'citrus',
  lemon: 'citrus',
  orange: 'citrus',
  lime: 'citrus',
  grapefruit: 'citrus',
  berry: 'fruity',
  grape: 'fruity',
  fruity: 'fruity',
  tropical: 'fruity',
  mango: 'fruity',
  'green apple': 'fruity',
  sweet: 'sweet',
  honey: 'sweet',
  vanilla: 'sweet',
  pine: 'herbal',
  herbal: 'herbal',
  mint: 'herbal',
  eucalyptus: 'herbal',
  sage: 'herbal',
  earthy: 'earthy',
  musky: 'earthy',
  hoppy: 'earthy',
  diesel: 'fuel',
  fuel: 'fuel',
  skunk: 'fuel',
  chemical: 'fuel',
  pepper: 'spicy',
  spicy: 'spicy',
  clove: 'spicy',
  woody: 'woody',
  cedar: 'woody',
  floral: 'floral',
  lavender: 'floral',
  rose: 'floral',
  chamomile: 'floral',
};

export function flavorProfile(a: OrderAnalysis): SectionData<'flavor_profile'> {
  const aromas = a.aromas.slice(0, 10).map((t) => ({ aroma: t.name, count: t.count, strains: t.strains }));
  const fam = new Map<string, number>();
  for (const t of a.aromas) {
    const f = own(FAMILY_OF, t.name) ?? 'other';
    fam.set(f, (fam.get(f) ?? 0) + t.grams);
  }
  const famTotal = [...fam.values()].reduce((s, v) => s + v, 0);
  const flavorFamilies = [...fam.entries()]
    .sort((x, y) => y[1] - x[1] || x[0].localeCompare(y[0]))
    .slice(0, 6)
    .map(([family, g]) => ({ family, share: famTotal ? Math.round((100 * g) / famTotal) : 0 }));
  const tastingNotes = byGrams(a).map((i) => ({
    strain: i.strainName,
    notes: i.aromas.length
      ? `${cap(list(i.aromas.slice(0, 3)))} on the nose${i.topTerpene ? `, carried by ${i.topTerpene}` : ''}.`
      : `No aroma data for ${i.strainName}; smell the jar before grinding to note its character.`,
  }));
  return {
    summary: aromas.length
      ? `${cap(aromas[0].aroma)} is the signature note (${list(aromas[0].strains)})${flavorFamilies[0] ? `, and the ${flavorFamilies[0].family} family makes up ${flavorFamilies[0].share}% of the bag's aromas` : ''}.`
      : a.items.length
        ? `No aroma or terpene data is known for ${list(a.items.map((i) => i.strainName))}.`
        : EMPTY_ORDER,
    aromas,
    flavorFamilies,
    tastingNotes,
  };
}

export function consumptionGuide(a: OrderAnalysis): SectionData<'consumption_guide'> {
  const avg = a.potency.thc.weightedAverage;
  const lead = a.terpenes.terpenes[0]?.name;
  const temp = lead ? Math.max(175, Math.min(205, terpeneInfo(lead).boilingC + 10)) : 185;
  const startingDose =
    avg === null
      ? 'Start with one small inhalation and wait 10–15 minutes before more.'
      : avg >= 22
        ? `At ${pct(avg)} average THC, one small inhalation (about 0.05 g, ~${Math.round(0.05 * avg * 10)} mg THC) is plenty to begin; wait 15 minutes.`
        : `At ${pct(avg)} average THC, start with one or two small inhalations (about 0.1 g, ~${Math.round(0.1 * avg * 10)} mg THC) and wait 10–15 minutes.`;
  const sessionPlan = byGrams(a).map((i) => {
    const calming = i.effects.some((e) => NIGHT_EFFECTS.has(e)) || i.type === 'indica';
    const uplifting = i.effects.some((e) => DAY_EFFECTS.has(e)) || i.type === 'sativa';
    const when = calming && !uplifting ? 'evening, winding down' : uplifting && !calming ? 'daytime or social plans' : 'late afternoon or flexible';
    const amount = (i.thcPct ?? 18) >= 22 ? '0.05–0.1 g per session' : '0.1–0.2 g per session';
    return { strain: i.strainName, when, amount: `${amount} (${grams(i.grams)} lasts about ${Math.max(1, Math.floor(i.grams / ((i.thcPct ?? 18) >= 22 ? 0.1 : 0.15)))} sessions)` };
  });
  return {
    summary: a.items.length
      ? `A plan for ${grams(a.order.totalGrams)} across ${a.items.length} strain${a.items.length > 1 ? 's' : ''}: vaporise around ${temp} °C to keep ${lead ?? 'the terpenes'} intact and pace the stronger jars.`
      : EMPTY_ORDER,
    startingDose,
    methods: [
      {
        method: 'dry-herb vaporiser',
        temperatureC: temp,
        notes: `${temp} °C is just above ${lead ?? 'the main terpene'}'s boiling point, preserving flavour with less harshness.`,
      },
      { method: 'joint or pre-roll', temperatureC: null, notes: 'Combustion is fastest-acting but loses a share of terpenes to heat.' },
      { method: 'glass pipe', temperatureC: null, notes: 'Good for tasting single small bowls of each strain side by side.' },
    ],
    sessionPlan,
    safetyTips: [
      'Do not drive or operate machinery after use.',
      'Keep cannabis locked away from children and pets.',
      avg !== null && avg >= 22 ? 'These are strong jars: wait before redosing, effects build for 10–15 minutes.' : 'Wait 10–15 minutes before deciding on a second dose.',
      'Hydrate; dry mouth is the most common side effect.',
    ],
  };
}

export function toleranceInsights(a: OrderAnalysis): SectionData<'tolerance_insights'> {
  const mg = a.potency.totalThcMg;
  const avg = a.potency.thc.weightedAverage;
  const risk = avg === null ? 'moderate' : avg >= 24 || (mg ?? 0) >= 7000 ? 'high' : avg >= 17 ? 'moderate' : 'low';
  const sorted = [...a.items].sort((x, y) => (x.thcPct ?? 0) - (y.thcPct ?? 0) || x.strainName.localeCompare(y.strainName));
  const rotationPlan = sorted.map((i, idx) => ({
    strain: i.strainName,
    suggestion:
      idx === 0 && sorted.length > 1
        ? `Lightest jar${i.thcPct !== null ? ` (${pct(i.thcPct)} THC)` : ''}: use it on weekdays to keep tolerance low.`
        : idx === sorted.length - 1 && sorted.length > 1
          ? `Strongest jar${i.thcPct !== null ? ` (${pct(i.thcPct)} THC)` : ''}: save it for weekends or after a tolerance break so it keeps its punch.`
          : `Alternate ${i.strainName} with the others${i.topTerpene ? ` to vary the ${i.topTerpene}-led profile` : ''}.`,
  }));
  return {
    summary: a.items.length
      ? `This order holds about ${mg ?? 'an unknown amount of'}${mg !== null ? ' mg' : ''} THC across ${grams(a.order.totalGrams)}${avg !== null ? ` at ${pct(avg)} average` : ''}; tolerance risk is ${risk}.`
      : EMPTY_ORDER,
    potencyLoad: { totalThcMg: mg, averageThc: avg, gramsTotal: a.order.totalGrams },
    riskLevel: risk,
    rotationPlan,
    breakAdvice:
      risk === 'high'
        ? 'Plan a 48-hour break every couple of weeks; cannabinoid receptors recover noticeably within two days.'
        : 'A day or two off each week keeps the same amount feeling effective.',
    tips: [
      'Rotate between terpene profiles rather than always reaching for the same jar.',
      'Smaller, spaced doses build tolerance slower than one large session.',
      ...(risk !== 'low' ? ['Track how much you use per week; rising amounts are the first sign of tolerance.'] : []),
    ],
  };
}

const ACTIVITIES: Record<string, string[]> = {
  relaxed: ['a film night', 'a warm bath'],
  sleepy: ['reading before bed'],
  happy: ['board games with friends'],
  euphoric: ['a concert or playlist deep-dive'],
  uplifted: ['a walk outdoors', 'cleaning with music'],
  energetic: ['a hike', 'cooking something ambitious'],
  creative: ['drawing or writing', 'playing an instrument'],
  focused: ['puzzles', 'a creative work session'],
  hungry: ['a slow dinner'],
  talkative: ['a dinner party'],
  giggly: ['a comedy special'],
  calm: ['yoga or stretching'],
};
const MUSIC: Record<string, string> = {
  relaxed: 'ambient and downtempo',
  sleepy: 'slow piano or lo-fi',
  happy: 'funk and soul',
  euphoric: 'house and disco',
  uplifted: 'indie pop',
  energetic: 'upbeat rock',
  creative: 'jazz',
  focused: 'instrumental post-rock',
  calm: 'acoustic folk',
};

export function pairingSuggestions(a: OrderAnalysis): SectionData<'pairing_suggestions'> {
  const pairings = byGrams(a).map((i) => {
    const terp = i.topTerpene ? terpeneInfo(i.topTerpene) : null;
    const effects = i.effects.length ? i.effects : i.type ? (own(TYPE_EFFECTS, i.type) ?? ['relaxed']) : ['relaxed'];
    const activities = [...new Set(effects.flatMap((e) => own(ACTIVITIES, e) ?? []))].slice(0, 3);
    const music = effects.map((e) => own(MUSIC, e)).find(Boolean) ?? 'whatever you love';
    return {
      strain: i.strainName,
      foods: (terp?.foods ?? ['a cheese board', 'dark chocolate']).slice(0, 3),
      drinks: (terp?.drinks ?? ['sparkling water with citrus']).slice(0, 3),
      activities: activities.length ? activities : ['a relaxed evening at home'],
      music,
      reason: i.topTerpene
        ? `${i.strainName}'s ${i.topTerpene} (${i.aromas.slice(0, 2).join(', ') || 'its signature aroma'}) echoes these flavours, and its ${list(effects.slice(0, 2))} effects suit these plans.`
        : `Chosen from ${i.strainName}'s ${i.type ?? 'reported'} character (${list(effects.slice(0, 2))}).`,
    };
  });
  return {
    summary: pairings.length ? `Pairings for ${list(pairings.map((p) => p.strain))}, matched to each strain's leading terpene and effects.` : EMPTY_ORDER,
    pairings,
  };
}
