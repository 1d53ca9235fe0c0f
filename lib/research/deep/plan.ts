import type { Queryable } from '@/lib/db';
import { getStrainBySlug } from '@/lib/strains/repo';
import { slugify } from '@/lib/strains/slug';
import { normalizeTerpeneName } from '@/lib/strains/terpenes';
import type { Strain } from '@/lib/strains/types';
import { cannabinoidKey } from '@/lib/research/papers/service';

/**
 * The plan stage: what the question is about (strains, terpenes, cannabinoids, effects, free
 * words) and the searches that follow from it. Deterministic, so a run is reproducible; the model
 * is used where writing starts (synthesize).
 */

export interface Focus {
  strains: Strain[];
  terpenes: string[];
  cannabinoids: string[];
  effects: string[];
  keywords: string[];
}

export type SearchStep =
  | { kind: 'papers-text'; q: string }
  | { kind: 'papers-terpene'; terpene: string }
  | { kind: 'papers-cannabinoid'; cannabinoid: string }
  | { kind: 'papers-effect'; effect: string }
  | { kind: 'papers-strain'; slug: string }
  | { kind: 'strains-terpene'; terpene: string }
  | { kind: 'scans' };

export interface Plan {
  focus: Focus;
  steps: SearchStep[];
}

/** Effects as the papers label them, with the words people use for them. */
const EFFECT_WORDS: Readonly<Record<string, string>> = {
  anxiety: 'anxiety',
  anxious: 'anxiety',
  anxiolytic: 'anxiety',
  stress: 'anxiety',
  panic: 'anxiety',
  sleep: 'sleep',
  sleeping: 'sleep',
  insomnia: 'sleep',
  asleep: 'sleep',
  pain: 'pain',
  painful: 'pain',
  analgesic: 'pain',
  analgesia: 'pain',
  ache: 'pain',
  aches: 'pain',
  inflammation: 'inflammation',
  inflammatory: 'inflammation',
  'anti-inflammatory': 'inflammation',
  depression: 'depression',
  depressed: 'depression',
  mood: 'depression',
  antidepressant: 'depression',
  epilepsy: 'epilepsy',
  seizure: 'epilepsy',
  seizures: 'epilepsy',
  sedation: 'sedation',
  sedative: 'sedation',
  sedating: 'sedation',
  couchlock: 'sedation',
  psychosis: 'psychosis',
  paranoia: 'psychosis',
  cognition: 'cognition',
  memory: 'cognition',
  focus: 'cognition',
  cognitive: 'cognition',
  spasticity: 'spasticity',
  spasms: 'spasticity',
  nausea: 'nausea',
  vomiting: 'nausea',
  cancer: 'cancer',
  tumor: 'cancer',
  tumour: 'cancer',
};

const CANNABINOID_WORDS = new Set([
  'thc',
  'cbd',
  'cbg',
  'cbn',
  'thcv',
  'cbc',
  'thca',
  'cbda',
  'tetrahydrocannabinol',
  'cannabidiol',
  'cannabigerol',
  'cannabinol',
  'cannabichromene',
  'tetrahydrocannabivarin',
]);

const STOP = new Set(
  `a an and are as at be been but by can could do does did for from has have how i if in into is it its me my of on or our so than that the their them then there these they this those to was we what when where which who why will with would you your about any also between more most much some such very vs versus compared compare strain strains cannabis weed marijuana effect effects research study studies paper papers evidence tell show know say says said help helps helpful good best better work works really`.split(
    /\s+/,
  ),
);

function words(question: string): string[] {
  return question
    .normalize('NFKC')
    .replace(/[α]/g, 'alpha-')
    .replace(/[β]/g, 'beta-')
    .split(/[^\p{L}\p{N}-]+/u)
    .map((w) => w.replace(/^-+|-+$/g, ''))
    .filter(Boolean);
}

/** Strain names in the question: 2–3 word runs, and capitalised words not opening the sentence. */
function strainCandidates(question: string): string[] {
  const out = new Set<string>();
  for (const sentence of question.split(/[.!?;:\n]+/)) {
    const ws = words(sentence);
    for (let n = 3; n >= 2; n--)
      for (let i = 0; i + n <= ws.length; i++) {
        const run = ws.slice(i, i + n);
        if (STOP.has(run[0].toLowerCase()) || STOP.has(run[n - 1].toLowerCase())) continue;
        out.add(slugify(run.join(' ')));
      }
    ws.forEach((w, i) => {
      if (i > 0 && /^\p{Lu}/u.test(w) && w.length > 2 && !STOP.has(w.toLowerCase())) out.add(slugify(w));
      if (/\d/.test(w) && /\p{L}/u.test(w)) out.add(slugify(w)); // AK-47, G13
    });
  }
  return [...out].filter((s) => s.length >= 2).slice(0, 60);
}

/** Read the question (and the strains the caller named) into a focus and a list of searches. */
export async function planResearch(db: Queryable, question: string, strainSlugs: string[]): Promise<Plan> {
  const strains: Strain[] = [];
  const seen = new Set<string>();
  const addStrain = (s: Strain | null) => {
    if (s && !seen.has(s.slug) && strains.length < 5) {
      seen.add(s.slug);
      strains.push(s);
    }
  };
  for (const slug of strainSlugs) addStrain(await getStrainBySlug(db, slug));
  for (const cand of strainCandidates(question)) {
    if (strains.length >= 5) break;
    if (!seen.has(cand)) addStrain(await getStrainBySlug(db, cand));
  }
  const ws = words(question);
  const lower = ws.map((w) => w.toLowerCase());
  const terpenes = new Set<string>();
  for (let i = 0; i < lower.length; i++) {
    const one = normalizeTerpeneName(lower[i]);
    if (one) terpenes.add(one);
    if (i + 1 < lower.length) {
      const two = normalizeTerpeneName(`${lower[i]} ${lower[i + 1]}`);
      if (two) terpenes.add(two);
    }
  }
  const cannabinoids = new Set<string>();
  for (const w of lower) if (CANNABINOID_WORDS.has(w) || CANNABINOID_WORDS.has(w.replace(/-/g, ''))) cannabinoids.add(cannabinoidKey(w.replace(/-/g, '')));
  const effects = new Set<string>();
  for (const w of lower) if (Object.hasOwn(EFFECT_WORDS, w)) effects.add(EFFECT_WORDS[w]);
  const strainWords = new Set(strains.flatMap((s) => s.name.toLowerCase().split(/\s+/)));
  const keywords = [...new Set(lower.filter((w) => w.length > 2 && !STOP.has(w) && !strainWords.has(w) && !/^\d+$/.test(w)))].slice(0, 8);

  const focus: Focus = { strains, terpenes: [...terpenes], cannabinoids: [...cannabinoids], effects: [...effects], keywords };
  const steps: SearchStep[] = [];
  if (keywords.length) steps.push({ kind: 'papers-text', q: keywords.join(' OR ') });
  for (const t of focus.terpenes.slice(0, 4)) steps.push({ kind: 'papers-terpene', terpene: t });
  for (const c of focus.cannabinoids.slice(0, 3)) steps.push({ kind: 'papers-cannabinoid', cannabinoid: c });
  for (const e of focus.effects.slice(0, 3)) steps.push({ kind: 'papers-effect', effect: e });
  for (const s of strains) steps.push({ kind: 'papers-strain', slug: s.slug });
  // Without a named strain, the catalog's strains richest in the asked-about terpene show it in practice.
  if (!strains.length) for (const t of focus.terpenes.slice(0, 2)) steps.push({ kind: 'strains-terpene', terpene: t });
  steps.push({ kind: 'scans' });
  return { focus, steps };
}
