import type { Terpene } from '@/lib/strains/types';

export interface TerpeneInfo {
  aromas: string[];
  effects: string[];
  description: string;
}

/** What each terpene is known for (used by recommendations, the complete profile and notebooks). */
export const TERPENE_INFO: Readonly<Record<string, TerpeneInfo>> = {
  myrcene: {
    aromas: ['earthy', 'musky', 'mango', 'herbal'],
    effects: ['relaxed', 'sleepy'],
    description: 'The most common cannabis terpene; earthy and musky, associated with body relaxation and sedation.',
  },
  limonene: {
    aromas: ['citrus', 'lemon', 'orange'],
    effects: ['uplifted', 'happy', 'energetic'],
    description: 'Citrus-scented terpene associated with elevated mood and stress relief.',
  },
  caryophyllene: {
    aromas: ['pepper', 'spicy', 'woody'],
    effects: ['relaxed', 'calm'],
    description: 'Peppery terpene that also binds CB2 receptors; associated with calm and relief of discomfort.',
  },
  pinene: { aromas: ['pine', 'woody', 'herbal'], effects: ['focused', 'alert', 'creative'], description: 'Pine-scented terpene associated with alertness and focus.' },
  terpinolene: {
    aromas: ['fruity', 'floral', 'herbal', 'pine'],
    effects: ['energetic', 'uplifted', 'creative'],
    description: 'Fresh, fruity-floral terpene typical of energising sativas.',
  },
  linalool: { aromas: ['lavender', 'floral', 'sweet'], effects: ['calm', 'relaxed', 'sleepy'], description: 'Floral lavender terpene associated with calm and sleep.' },
  humulene: { aromas: ['earthy', 'woody', 'hoppy'], effects: ['relaxed'], description: 'Hoppy, woody terpene; often paired with caryophyllene.' },
  ocimene: { aromas: ['sweet', 'herbal', 'woody', 'tropical'], effects: ['uplifted', 'energetic'], description: 'Sweet herbal terpene found in uplifting strains.' },
  bisabolol: { aromas: ['floral', 'chamomile', 'honey'], effects: ['calm', 'relaxed'], description: 'Gentle floral terpene known from chamomile.' },
  camphene: { aromas: ['pine', 'herbal', 'earthy'], effects: ['relaxed'], description: 'Damp-woodland, herbal terpene.' },
  carene: { aromas: ['sweet', 'pine', 'cedar'], effects: ['focused'], description: 'Sweet, piney terpene (delta-3-carene).' },
  'caryophyllene oxide': { aromas: ['woody', 'spicy'], effects: ['relaxed'], description: 'Oxidised caryophyllene, woody and dry.' },
  eucalyptol: { aromas: ['mint', 'eucalyptus', 'cool'], effects: ['focused', 'alert'], description: 'Cool, minty terpene (1,8-cineole).' },
  geraniol: { aromas: ['rose', 'floral', 'citrus'], effects: ['relaxed'], description: 'Rose-like floral terpene.' },
  guaiol: { aromas: ['pine', 'woody', 'rose'], effects: ['relaxed'], description: 'Woody, piney sesquiterpene alcohol.' },
  nerolidol: { aromas: ['woody', 'floral', 'citrus'], effects: ['sleepy', 'relaxed'], description: 'Woody-floral terpene associated with sedation.' },
  valencene: { aromas: ['citrus', 'orange', 'sweet'], effects: ['uplifted'], description: 'Sweet orange terpene.' },
  terpineol: { aromas: ['lilac', 'floral', 'pine'], effects: ['relaxed', 'sleepy'], description: 'Lilac-scented terpene often found with pinene.' },
  farnesene: { aromas: ['green apple', 'fruity', 'woody'], effects: ['relaxed'], description: 'Green-apple scented terpene.' },
  borneol: { aromas: ['camphor', 'mint', 'earthy'], effects: ['relaxed'], description: 'Camphor-like terpene.' },
  phellandrene: { aromas: ['mint', 'citrus', 'pepper'], effects: ['energetic'], description: 'Minty, peppery terpene.' },
  sabinene: { aromas: ['pepper', 'spicy', 'woody'], effects: ['uplifted'], description: 'Spicy terpene also found in black pepper.' },
  fenchol: { aromas: ['camphor', 'pine', 'lemon'], effects: ['focused'], description: 'Camphor and lemon terpene alcohol.' },
};

export const KNOWN_TERPENES: readonly string[] = Object.keys(TERPENE_INFO);

/** Names that differ from the canonical one by more than a prefix. */
const SYNONYMS: Readonly<Record<string, string>> = {
  bcp: 'caryophyllene',
  'e caryophyllene': 'caryophyllene',
  'trans caryophyllene': 'caryophyllene',
  cineole: 'eucalyptol',
  '1 8 cineole': 'eucalyptol',
  '1 8cineole': 'eucalyptol',
  'delta 3 carene': 'carene',
  '3 carene': 'carene',
  'd3 carene': 'carene',
  'caryophyllene oxide': 'caryophyllene oxide',
  caryophylleneoxide: 'caryophyllene oxide',
  'trans nerolidol': 'nerolidol',
  'cis nerolidol': 'nerolidol',
  'fenchyl alcohol': 'fenchol',
  'trans ocimene': 'ocimene',
  'cis ocimene': 'ocimene',
};

/**
 * One name per terpene: 'b-myrcene', 'beta-Myrcene', 'β-myrcene', 'Myrcene' → 'myrcene';
 * 'alpha-pinene' and 'beta-pinene' are both 'pinene'; unknown names → null.
 */
/** Own-property lookups only: client-sent names like `constructor` must not reach Object members. */
const lookup = (s: string): string | undefined => (Object.hasOwn(SYNONYMS, s) ? SYNONYMS[s] : Object.hasOwn(TERPENE_INFO, s) ? s : undefined);

export function normalizeTerpeneName(name: string): string | null {
  if (typeof name !== 'string') return null;
  let s = name.normalize('NFKC').toLowerCase().trim();
  if (!s || s.length > 60) return null;
  s = s.replace(/α/g, 'alpha-').replace(/β/g, 'beta-').replace(/γ/g, 'gamma-').replace(/δ/g, 'delta-');
  s = s
    .replace(/\(([+-])\)-?/g, '')
    .replace(/[_\s,.-]+/g, ' ')
    .trim();
  const direct = lookup(s);
  if (direct) return direct;
  // strip stereo/position prefixes: alpha, a, beta, b, gamma, g, delta, d, trans, cis, l, e, z, p, o
  const stripped = s
    .replace(/^((alpha|beta|gamma|delta|trans|cis|[abgdelpoz])\s+)+/, '')
    .replace(/\s+/g, ' ')
    .trim();
  if (stripped !== s) return lookup(stripped) ?? null;
  return null;
}

/**
 * Normalise a profile: canonical names, shares of the same terpene summed (alpha- and
 * beta-pinene), non-positive or non-finite shares dropped, unknown names kept lower-cased so no
 * data is lost, largest share first, shares rounded to 3 decimals.
 */
export function normalizeTerpeneProfile(terpenes: ReadonlyArray<{ name: string; percentage: number | string }> | null | undefined): Terpene[] {
  const acc = new Map<string, number>();
  for (const t of terpenes ?? []) {
    if (!t || typeof t.name !== 'string') continue;
    const pct = Number(t.percentage);
    if (!Number.isFinite(pct) || pct <= 0 || pct > 100) continue;
    const name = normalizeTerpeneName(t.name) ?? t.name.trim().toLowerCase().slice(0, 60);
    if (!name) continue;
    acc.set(name, (acc.get(name) ?? 0) + pct);
  }
  return [...acc.entries()]
    .map(([name, percentage]) => ({ name, percentage: Math.round(percentage * 1000) / 1000 }))
    .sort((a, b) => b.percentage - a.percentage || a.name.localeCompare(b.name));
}
