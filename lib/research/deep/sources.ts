import type { Queryable } from '@/lib/db';
import { HIGH_FAMILIES } from '@/lib/strains/high-family';
import type { Strain } from '@/lib/strains/types';
import { strainsByTerpene } from '@/lib/strains/service';
import { userScanHistory, type UserScan } from '@/lib/shopping/service';
import { searchPapers, terpeneKey, type Paper } from '@/lib/research/papers/service';
import type { Focus, SearchStep } from '@/lib/research/deep/plan';
import type { DeepSource } from '@/lib/research/deep/schemas';

/**
 * The search and read stages: run the plan's searches over the papers, the catalog and the
 * caller's scans, keep the best sources, and read each into the facts the report is written from.
 */

export interface Candidate {
  id: string;
  kind: DeepSource['kind'];
  score: number;
  /** Which searches found it (e.g. "terpene:myrcene"). */
  via: string[];
  paper?: Paper;
  strain?: Strain;
  scan?: UserScan;
}

/** A source as the model reads it: the public fields plus facts and what it shares with the question. */
export interface ReadSource extends DeepSource {
  studyType: string | null;
  facts: string[];
  about: string[];
}

export const sourceId = {
  paper: (id: string) => `paper:${id}`,
  strain: (slug: string) => `strain:${slug}`,
  scan: (runId: string) => `scan:${runId}`,
};

export interface SearchOutcome {
  candidates: Candidate[];
  scans: UserScan[];
}

/** Run the steps; `onStep` reports after each one (progress). */
export async function runSearches(
  db: Queryable,
  steps: SearchStep[],
  focus: Focus,
  userId: string,
  onStep: (done: number, total: number, found: number) => Promise<void> | void,
  signal?: AbortSignal,
): Promise<SearchOutcome> {
  const found = new Map<string, Candidate>();
  const add = (c: Omit<Candidate, 'via' | 'score'>, via: string, score: number) => {
    const cur = found.get(c.id);
    if (cur) {
      cur.score += score;
      if (!cur.via.includes(via)) cur.via.push(via);
    } else found.set(c.id, { ...c, via: [via], score });
  };
  const addPapers = (items: Paper[], via: string, weight: number) =>
    items.forEach((p, i) => add({ id: sourceId.paper(p.id), kind: 'paper', paper: p }, via, weight * (1 - i / (items.length + 5))));
  let scans: UserScan[] = [];
  for (const s of focus.strains) add({ id: sourceId.strain(s.slug), kind: 'strain', strain: s }, 'named', 10);
  let done = 0;
  for (const step of steps) {
    signal?.throwIfAborted();
    switch (step.kind) {
      case 'papers-text':
        addPapers((await searchPapers(db, { q: step.q, limit: 10 })).items, `text:${step.q}`, 3);
        break;
      case 'papers-terpene':
        addPapers((await searchPapers(db, { terpene: step.terpene, limit: 10 })).items, `terpene:${step.terpene}`, 2);
        break;
      case 'papers-cannabinoid':
        addPapers((await searchPapers(db, { cannabinoid: step.cannabinoid, limit: 10 })).items, `cannabinoid:${step.cannabinoid}`, 1.5);
        break;
      case 'papers-effect':
        addPapers((await searchPapers(db, { effect: step.effect, limit: 10 })).items, `effect:${step.effect}`, 2.5);
        break;
      case 'papers-strain':
        addPapers((await searchPapers(db, { strain: step.slug, limit: 10 })).items, `strain:${step.slug}`, 2);
        break;
      case 'strains-terpene': {
        const { page } = await strainsByTerpene(db, step.terpene, { limit: 2, offset: 0 });
        for (const s of page.items) add({ id: sourceId.strain(s.slug), kind: 'strain', strain: s }, `terpene:${step.terpene}`, 4);
        break;
      }
      case 'scans':
        scans = await userScanHistory(db as Parameters<typeof userScanHistory>[0], userId, 10);
        for (const scan of scans) {
          const rel = relevantProducts(scan, focus);
          if (rel.length) add({ id: sourceId.scan(scan.runId), kind: 'scan', scan }, 'scan-history', 3 + rel.length * 0.5);
        }
        break;
    }
    await onStep(++done, steps.length, found.size);
  }
  return { candidates: [...found.values()].sort((a, b) => b.score - a.score || a.id.localeCompare(b.id)), scans };
}

/** Products of a scan that concern the question: its strains, or strains of the asked terpene's family. */
export function relevantProducts(scan: UserScan, focus: Focus) {
  const slugs = new Set(focus.strains.map((s) => s.slug));
  const families = new Set(focus.terpenes.map((t) => HIGH_FAMILIES[t]).filter(Boolean));
  return scan.matchedProducts.filter((p) => (p.strainSlug && slugs.has(p.strainSlug)) || (p.highFamily && families.has(p.highFamily))).slice(0, 8);
}

/** Keep the best sources within the budget: every named strain, then papers, strains and scans by score. */
export function selectSources(candidates: Candidate[], max: number): Candidate[] {
  const named = candidates.filter((c) => c.via.includes('named'));
  const rest = candidates.filter((c) => !c.via.includes('named'));
  const caps = { paper: Math.max(3, max - 5), strain: 4, scan: 2 };
  const counts = { paper: 0, strain: named.length, scan: 0 };
  const out = [...named];
  for (const c of rest) {
    if (out.length >= max) break;
    if (counts[c.kind] >= caps[c.kind]) continue;
    counts[c.kind]++;
    out.push(c);
  }
  return out;
}

function citationLine(p: Paper): string {
  const authors = p.authors.length > 3 ? `${p.authors[0]} et al.` : p.authors.join(', ');
  const where = [p.journal, p.volume ? `${p.volume}${p.issue ? `(${p.issue})` : ''}` : null, p.pages].filter(Boolean).join(' ');
  return `${authors || 'Unknown authors'} (${p.year ?? 'n.d.'}). ${p.title}.${where ? ` ${where}.` : ''}${p.doi ? ` doi:${p.doi}` : ''}`;
}

const pct = (n: number | null) => (n === null ? null : `${Math.round(n * 10) / 10}%`);

/** Read one source into facts (nothing beyond what the record holds). */
export function readSource(c: Candidate, focus: Focus): ReadSource {
  if (c.paper) {
    const p = c.paper;
    const keys = new Set(p.topics.terpenes.map(terpeneKey));
    const about = [
      ...focus.terpenes.filter((t) => keys.has(t)),
      ...focus.cannabinoids.filter((x) => p.topics.cannabinoids.includes(x)),
      ...focus.effects.filter((e) => p.topics.effects.includes(e)),
      ...focus.strains.filter((s) => s.terpenes.slice(0, 3).some((t) => keys.has(t.name))).map((s) => s.slug),
    ];
    const facts = [citationLine(p)];
    if (p.studyType) facts.push(`Study type: ${p.studyType}.`);
    if (p.topics.terpenes.length) facts.push(`Terpenes it names: ${p.topics.terpenes.join(', ')}.`);
    if (p.topics.cannabinoids.length) facts.push(`Cannabinoids it names: ${p.topics.cannabinoids.join(', ')}.`);
    if (p.topics.effects.length) facts.push(`Outcomes it addresses: ${p.topics.effects.join(', ')}.`);
    if (p.abstract) facts.push(`Abstract: ${p.abstract.slice(0, 1500)}`);
    return {
      id: c.id,
      kind: 'paper',
      title: p.title,
      url: p.url ?? (p.doi ? `https://doi.org/${p.doi}` : null),
      year: p.year,
      studyType: p.studyType,
      facts,
      about: [...new Set(about)],
    };
  }
  if (c.strain) {
    const s = c.strain;
    const facts: string[] = [];
    const potency = [s.thc !== null ? `THC ${pct(s.thc)}` : s.thcMax !== null ? `THC up to ${pct(s.thcMax)}` : null, s.cbd !== null ? `CBD ${pct(s.cbd)}` : null].filter(Boolean);
    facts.push(`${s.name}: ${s.type ?? 'type unknown'}${potency.length ? `, ${potency.join(', ')}` : ''}.`);
    if (s.terpenes.length)
      facts.push(
        `Leading terpenes: ${s.terpenes
          .slice(0, 4)
          .map((t) => `${t.name} ${t.percentage}%`)
          .join(', ')}.`,
      );
    if (s.highFamily) facts.push(`Terpene family: ${s.highFamily}.`);
    if (s.effects.length) facts.push(`Reported effects: ${s.effects.slice(0, 6).join(', ')}.`);
    if (s.negatives.length) facts.push(`Reported negatives: ${s.negatives.slice(0, 4).join(', ')}.`);
    const about = [s.slug, ...focus.terpenes.filter((t) => s.terpenes.slice(0, 3).some((x) => x.name === t))];
    return { id: c.id, kind: 'strain', title: `${s.name} (catalog profile)`, url: `/strains/${s.slug}`, year: null, studyType: null, facts, about };
  }
  const scan = c.scan!;
  const rel = relevantProducts(scan, focus);
  const date = scan.scannedAt.slice(0, 10);
  const facts = [
    `Your menu scan of ${scan.dispensaryName} (${scan.websiteDomain}) on ${date}: ${scan.productsCount} products, ${scan.matchedProducts.length} matched to the catalog.`,
  ];
  for (const p of rel) {
    const bits = [p.category, p.price, p.thcPct != null ? `THC ${pct(p.thcPct)}` : null].filter(Boolean).join(', ');
    facts.push(`${p.displayName}${p.strainName ? ` (strain ${p.strainName})` : ''}${bits ? `: ${bits}` : ''}.`);
  }
  const about = [...new Set(rel.map((p) => p.strainSlug).filter((x): x is string => Boolean(x)))];
  return { id: c.id, kind: 'scan', title: `Menu scan: ${scan.dispensaryName}, ${date}`, url: null, year: Number(date.slice(0, 4)) || null, studyType: null, facts, about };
}
