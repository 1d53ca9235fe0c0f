import { highFamily } from '@/lib/strains/high-family';
import { slugify } from '@/lib/strains/slug';
import { normalizeTerpeneProfile, TERPENE_INFO } from '@/lib/strains/terpenes';
import type { StrainType, Terpene } from '@/lib/strains/types';
import type { Evidence, Relative } from '@/lib/research/evidence';
import type { StrainDraft, SubmissionMetadata } from '@/lib/research/schemas';

const round = (n: number, d: number) => Math.round(n * 10 ** d) / 10 ** d;

/**
 * How much the catalog-wide prior weighs against the name relatives (in units of one relative of
 * similarity 1). Name similarity is weak evidence: measured on 1,000 reference strains, relatives
 * alone guessed worse than the catalog's averages, so their blend is shrunk toward them.
 */
export const PRIOR_WEIGHT = 1;
const TYPE_PRIOR_WEIGHT = 1.5;
export const CLOSE_SIMILARITY = 0.6;

/** Similarity-weighted mean over relatives that have the field, shrunk toward the prior. */
function weightedMean(rels: Relative[], pick: (r: Relative) => number | null, prior: number | null = null): number | null {
  let sum = prior === null ? 0 : prior * PRIOR_WEIGHT;
  let w = prior === null ? 0 : PRIOR_WEIGHT;
  for (const r of rels) {
    const v = pick(r);
    if (v === null || !Number.isFinite(v)) continue;
    sum += v * r.similarity;
    w += r.similarity;
  }
  return w > 0 ? sum / w : null;
}

function blendTerpenes(rels: Relative[], prior: Record<string, number>): Terpene[] {
  const withProfile = rels.filter((r) => r.strain.terpenes.length > 0);
  const hasPrior = Object.keys(prior).length > 0;
  const total = withProfile.reduce((s, r) => s + r.similarity, 0) + (hasPrior ? PRIOR_WEIGHT : 0);
  if (total === 0) return [];
  const acc = new Map<string, number>();
  if (hasPrior) for (const [name, pct] of Object.entries(prior)) acc.set(name, pct * PRIOR_WEIGHT);
  for (const r of withProfile) for (const t of r.strain.terpenes) acc.set(t.name, (acc.get(t.name) ?? 0) + t.percentage * r.similarity);
  return [...acc.entries()]
    .map(([name, v]) => ({ name, percentage: round(v / total, 3) }))
    .filter((t) => t.percentage > 0)
    .sort((a, b) => b.percentage - a.percentage)
    .slice(0, 6);
}

function vote<T extends string>(items: Array<{ value: T | null; weight: number }>): T | null {
  const tally = new Map<T, number>();
  for (const { value, weight } of items) if (value) tally.set(value, (tally.get(value) ?? 0) + weight);
  const best = [...tally.entries()].sort((a, b) => b[1] - a[1])[0];
  return best ? best[0] : null;
}

function topWords(lists: Array<{ words: string[]; weight: number }>, max: number): string[] {
  const tally = new Map<string, number>();
  for (const { words, weight } of lists) for (const w of words) tally.set(w, (tally.get(w) ?? 0) + weight);
  return [...tally.entries()]
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
    .slice(0, max)
    .map(([w]) => w);
}

function describe(d: Pick<StrainDraft, 'name' | 'type' | 'parents' | 'terpenes' | 'effects' | 'aromas' | 'thc'>): string {
  const parts: string[] = [];
  const article = d.type === 'indica' ? 'an' : 'a';
  parts.push(`${d.name} is ${d.type ? `${article} ${d.type}` : 'a'} strain${d.parents.length ? ` descended from ${d.parents.join(' and ')}` : ''}.`);
  if (d.terpenes.length) {
    const lead = d.terpenes.slice(0, 2).map((t) => t.name);
    parts.push(`Its terpene profile is led by ${lead.join(' and ')}${d.aromas.length ? `, giving ${d.aromas.slice(0, 3).join(', ')} notes` : ''}.`);
  }
  if (d.thc !== null) parts.push(`Expect THC around ${d.thc}%.`);
  if (d.effects.length) parts.push(`Commonly reported effects: ${d.effects.slice(0, 4).join(', ')}.`);
  return parts.join(' ');
}

/**
 * Draft a profile without a model: the submitter's lab data first, then the universe record,
 * then a similarity-weighted blend of the nearest catalog strains, then terpene knowledge.
 * Every field records where it came from so a reviewer can judge it.
 */
export function draftLocally(name: string, metadata: SubmissionMetadata | Record<string, unknown>, ev: Evidence): StrainDraft {
  const meta = metadata as SubmissionMetadata;
  const provenance: Record<string, string> = {};
  const notes: string[] = [];
  // Only close relatives inform chemistry: a parent named inside the new name, or a near-identical
  // name. Measured on reference strains, looser name neighbours predicted worse than the catalog
  // averages (see docs/research.md), so they are listed for the reviewer but not used.
  const rels = ev.relatives.filter((r) => r.containedInName || r.similarity >= CLOSE_SIMILARITY);
  const priors = ev.priors ?? { typeMode: null, thcMean: null, cbdMean: null, terpeneMeans: {} };
  // A field inferred from relatives is labelled `relatives`; from the catalog prior alone, `catalog-prior`.
  const inferred = (fromRelatives: boolean) => (fromRelatives ? 'relatives' : 'catalog-prior');

  let terpenes = normalizeTerpeneProfile(meta.terpenes ?? []).slice(0, 20);
  if (terpenes.length) provenance.terpenes = 'submitted';
  else if ((terpenes = blendTerpenes(rels, priors.terpeneMeans)).length) provenance.terpenes = inferred(rels.some((r) => r.strain.terpenes.length > 0));
  else provenance.terpenes = 'none';

  let thc = meta.cannabinoids?.thc ?? null;
  provenance.thc = thc !== null ? 'submitted' : 'none';
  if (thc === null) {
    const m = weightedMean(rels, (r) => r.strain.thc, priors.thcMean);
    if (m !== null) [thc, provenance.thc] = [round(m, 1), inferred(rels.some((r) => r.strain.thc !== null))];
  }
  let cbd = meta.cannabinoids?.cbd ?? null;
  provenance.cbd = cbd !== null ? 'submitted' : 'none';
  if (cbd === null) {
    const m = weightedMean(rels, (r) => r.strain.cbd, priors.cbdMean);
    if (m !== null) [cbd, provenance.cbd] = [round(m, 2), inferred(rels.some((r) => r.strain.cbd !== null))];
  }

  const universeType = (['indica', 'sativa', 'hybrid'] as const).find((t) => t === ev.universe?.type?.toLowerCase()) ?? null;
  let type: StrainType | null = universeType;
  provenance.type = type ? 'universe' : 'none';
  if (!type) {
    const votes = [...rels.map((r) => ({ value: r.strain.type, weight: r.similarity })), { value: priors.typeMode, weight: TYPE_PRIOR_WEIGHT }];
    type = vote(votes);
    const relativesSay = vote(rels.map((r) => ({ value: r.strain.type, weight: r.similarity })));
    if (type) provenance.type = inferred(type === relativesSay);
  }

  const parents = rels
    .filter((r) => r.containedInName)
    .map((r) => r.strain.name)
    .slice(0, 2);
  provenance.parents = parents.length ? 'relatives' : 'none';

  const lead = terpenes
    .slice(0, 2)
    .map((t) => TERPENE_INFO[t.name])
    .filter(Boolean);
  const effects = topWords([...rels.map((r) => ({ words: r.strain.effects, weight: r.similarity })), ...lead.map((i) => ({ words: [...i.effects], weight: 0.5 }))], 6);
  const aromas = topWords([...lead.map((i) => ({ words: [...i.aromas], weight: 1 })), ...rels.map((r) => ({ words: r.strain.aromas, weight: r.similarity * 0.5 }))], 5);
  provenance.effects = effects.length ? (rels.some((r) => r.strain.effects.length) ? 'relatives' : 'terpene-info') : 'none';
  provenance.aromas = aromas.length ? (lead.length ? 'terpene-info' : 'relatives') : 'none';

  if (!rels.length) notes.push('No close relative in the catalog; inferred fields rest on the submitted data and catalog averages.');
  if (ev.universe) notes.push(`Known to the strain universe (sources: ${ev.universe.sources.join(', ') || 'none'}).`);
  if (meta.productType && meta.productType !== 'flower' && meta.productType !== 'unknown') {
    notes.push(`Submitted as a ${meta.productType} product; potency figures may not describe flower.`);
  }

  const maxSim = rels.reduce((m, r) => Math.max(m, r.similarity), 0);
  const confidence = round(
    Math.min(1, 0.15 + (provenance.terpenes === 'submitted' ? 0.3 : 0) + (provenance.thc === 'submitted' ? 0.15 : 0) + (ev.universe ? 0.15 : 0) + 0.25 * maxSim),
    2,
  );
  const cleanName = name.replace(/\s+/g, ' ').trim();
  const base = { name: cleanName, type, parents, terpenes, effects, aromas, thc };
  return {
    ...base,
    slug: slugify(cleanName),
    cbd,
    highFamily: highFamily(terpenes),
    description: describe(base),
    engine: 'local',
    confidence,
    provenance,
    relatives: ev.relatives.map((r) => ({ slug: r.strain.slug, name: r.strain.name, similarity: r.similarity })),
    notes,
  };
}
