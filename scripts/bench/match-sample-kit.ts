/**
 * What the samplers of the third and fourth labelled matching sets share (match-sample-3.ts,
 * match-sample-4.ts; docs/matching.md): the stores the earlier sets use least, a seeded random
 * draw per section, then names of the hard shapes found with plain string tests against the
 * catalog names (never the matcher), printed as JSON items with `strain` unset, or with
 * BENCH_SAMPLE_HINTS=1 as a labelling aid per item. Each sampler gives its seed, quotas, the sets it
 * must not repeat and the shapes it looks for beyond the common ones.
 */
import fs from 'node:fs';
import { parse } from 'csv-parse/sync';
import { chainOf } from '@/scripts/bench/match-precision';
import { benchCategory, CATALOG_CSV, dataPresent, KUSHY_CSV, loadMenu, type MenuItem } from '@/scripts/bench/match-setup';
import { similarity } from '@/lib/strains/match-trigram';
import { rng } from '@/lib/random';

const STORES = 30;

export interface SampleHelpers {
  /** A name as ` lower words `, for whole-word tests. */
  words: (s: string) => string;
  /** A name's strain-like segments, menu noise removed. */
  segments: (name: string) => string[];
  /** Catalog names held whole-word in the name. */
  hits: (name: string) => string[];
  /** Catalog names spelled as a whole segment, as `words`. */
  catWords: ReadonlySet<string>;
}

export interface SampleConfig {
  /** The split and source written into every item. */
  split: string;
  seed: number;
  /** Random items per section. */
  quota: Record<string, number>;
  /** Hard-shape items per shape. */
  hard: Record<string, number>;
  /** The labelled sets whose names are not drawn again. */
  labelFiles: string[];
  /** Leave out the stores those sets were drawn from (their items' `listing`). */
  skipUsedStores: boolean;
  /** Shapes tested before a cross (pack, infused). */
  firstKinds?: (m: MenuItem, h: SampleHelpers) => string | null;
  /** Shapes tested after a cross, before a numbered phenotype (brand, lettered phenotype). */
  afterCross?: (m: MenuItem, h: SampleHelpers) => string | null;
  /** Edibles may be drawn as hard shapes too (only at random otherwise). */
  hardEdibles?: boolean;
  /**
   * Take every name of the pool (the unused stores hold fewer names than the quotas): each one is
   * tagged with its hard shape when it has one (no per-shape cap), the rest as drawn at random.
   */
  takeAll?: boolean;
}

const key = (s: string) => s.toLowerCase().replace(/\s+/g, ' ').trim();
const words = (s: string) =>
  ` ${s
    .toLowerCase()
    .replace(/[^a-z0-9#]+/g, ' ')
    .trim()} `;
const NOISE =
  /\b(\d+(\.\d+)?\s?(g|gm|mg|oz|ml|pk|pack|ct)|pre-?rolls?|prerolls?|joints?|carts?|cartridges?|vapes?|pods?|disposables?|live|resin|rosin|badder|budder|shatter|wax|sugar|diamonds|sauce|crumble|distillate|flower|smalls|indica|sativa|hybrid|infused|thc|cbd|\d+(\.\d+)?%)\b/gi;
const segments = (name: string) =>
  name
    .split(/\s-\s|\||\/|,|:|\(|\)|\[|\]/)
    .map((s) => s.replace(NOISE, ' ').replace(/\s+/g, ' ').trim())
    .filter((s) => /[a-z]{3}/i.test(s));

function readNames(file: string): string[] {
  return (parse(fs.readFileSync(file, 'utf8'), { columns: true, skip_empty_lines: true, relax_column_count: true }) as { name: string }[]).map((r) => r.name);
}

/** A brand written into the name: the brand field's first word, or a leading segment naming no catalog strain, before a catalog name. */
export function branded(m: MenuItem, { words, segments, hits, catWords }: SampleHelpers): boolean {
  const catHit = (s: string) => hits(s).length > 0 || segments(s).some((x) => catWords.has(words(x)));
  const first = (m.brand || '')
    .toLowerCase()
    .split(/\s+/)[0]
    .replace(/[^a-z0-9]/g, '');
  const lead = m.name
    .toLowerCase()
    .replace(/[^a-z0-9 ]+/g, ' ')
    .trim()
    .split(/\s+/)[0];
  if (first.length >= 3 && lead === first && catHit(m.name.slice(first.length))) return true;
  const parts = m.name.split(/\s-\s|\s\|\s/);
  return parts.length > 1 && !catHit(parts[0]) && /[a-z]{3}/i.test(parts[0]) && catHit(parts.slice(1).join(' '));
}

/** A pre-roll pack (`5pk`, `2 x 0.5g`, `pack`) or an infused product (`infused`, moon rocks, caviar). */
export function packOrInfused(m: MenuItem): string | null {
  if (/\b\d+\s?(pk|pack|ct|pc)\b|\bpack\b|\d\s?x\s?\.?\d+(\.\d+)?\s?g\b/i.test(m.name)) return 'pack';
  if (/infused|moon ?rocks?|caviar|\bdipped\b/i.test(m.name)) return 'infused';
  return null;
}

export function drawLabelledSet(cfg: SampleConfig): void {
  if (!dataPresent()) throw new Error('../shared/data not found');
  const seed = JSON.parse(fs.readFileSync('supabase/seed/strains.json', 'utf8')) as { name: string; akas?: string[] }[];
  const catalog = [...new Set([...readNames(CATALOG_CSV), ...seed.flatMap((s) => [s.name, ...(s.akas ?? [])])].map((n) => n.toLowerCase()))];
  const catWords = new Set(catalog.map(words));
  const catalogSet = new Set(catalog);
  const universe = [...new Set(readNames(KUSHY_CSV).map((n) => n.toLowerCase()))].filter((n) => !catalogSet.has(n) && n.length > 3);
  const seen = new Set<string>();
  const used = new Set<string>();
  for (const f of cfg.labelFiles) {
    for (const x of (JSON.parse(fs.readFileSync(f, 'utf8')) as { items: { name: string; listing?: string }[] }).items) {
      seen.add(key(x.name));
      if (x.listing) used.add(x.listing);
    }
  }
  const all = loadMenu();
  const byStore = new Map<string, MenuItem[]>();
  for (const m of all) byStore.set(m.listingFile, [...(byStore.get(m.listingFile) ?? []), m]);
  const stores = [...byStore.entries()]
    .filter(([lf]) => !cfg.skipUsedStores || !used.has(lf))
    .map(([lf, items]) => ({ lf, share: items.filter((m) => seen.has(key(m.name))).length / items.length }))
    .sort((a, b) => a.share - b.share || (a.lf < b.lf ? -1 : 1))
    .slice(0, STORES)
    .map((s) => s.lf);
  const pool = new Map<string, MenuItem>();
  for (const lf of stores) for (const m of byStore.get(lf) ?? []) if (m.name.trim() && !seen.has(key(m.name)) && !pool.has(key(m.name))) pool.set(key(m.name), m);
  const items = [...pool.values()].sort((a, b) => (a.id < b.id ? -1 : 1));
  const rand = rng(cfg.seed);
  for (let i = items.length - 1; i > 0; i--) {
    const j = Math.floor(rand() * (i + 1));
    [items[i], items[j]] = [items[j], items[i]];
  }
  const section = (m: MenuItem) => {
    const c = benchCategory(m);
    return c === 'Concentrates' || c === 'Pre-Roll' || c === 'Flower' || c === 'Vape' || c === 'Edible' ? c : 'Other';
  };
  const nearest = (seg: string) =>
    catalog
      .map((c) => [c, similarity(seg, c)] as const)
      .sort((a, b) => b[1] - a[1])
      .slice(0, 2);
  const hits = (name: string) => catalog.filter((c) => c.length > 2 && words(name).includes(words(c)));
  const helpers: SampleHelpers = { words, segments, hits, catWords };
  const kind = (m: MenuItem): string | null => {
    const segs = segments(m.name);
    const w = words(m.name);
    const first = cfg.firstKinds?.(m, helpers);
    if (first) return first;
    if (/\s[xX]\s/.test(m.name)) return 'cross';
    const after = cfg.afterCross?.(m, helpers);
    if (after) return after;
    if (/#\s?\d|\b[a-z]{3,}\s\d{1,2}\b/i.test(m.name.replace(/\d+(\.\d+)?\s?(g|mg|oz|ml)\b/gi, ''))) return 'numbered';
    if (segs.some((s) => catWords.has(words(s)))) return null;
    if (universe.some((u) => w.includes(words(u)) && u.includes(' '))) return 'universe';
    if (hits(m.name).some((c) => c.includes(' '))) return 'longer';
    if (segs.some((s) => nearest(s).some(([, v]) => v >= 0.45 && v < 0.95))) return 'near';
    return null;
  };
  const taken = new Map<MenuItem, string>();
  const count = new Map<string, number>();
  for (const m of items) {
    const s = section(m);
    if (cfg.takeAll) {
      taken.set(m, (s !== 'Edible' || cfg.hardEdibles ? kind(m) : null) ?? 'random');
      continue;
    }
    if ((count.get(s) ?? 0) >= cfg.quota[s]) continue;
    count.set(s, (count.get(s) ?? 0) + 1);
    taken.set(m, 'random');
  }
  const hard = new Map<string, number>();
  for (const m of items) {
    if (taken.has(m) || (section(m) === 'Edible' && !cfg.hardEdibles)) continue;
    const k = kind(m);
    if (!k || (hard.get(k) ?? 0) >= cfg.hard[k]) continue;
    hard.set(k, (hard.get(k) ?? 0) + 1);
    taken.set(m, k);
  }
  const out = items
    .filter((m) => taken.has(m))
    .map((m) => ({
      name: m.name,
      brand: m.brand || null,
      category: m.category || 'Other',
      section: section(m) === 'Concentrates' ? 'Concentrate' : section(m),
      group: chainOf(m.listingFile),
      listing: m.listingFile,
      split: cfg.split,
      strain: null as string | null,
      source: taken.get(m) === 'random' ? cfg.split : `${cfg.split} (hard case: ${taken.get(m)})`,
    }));
  if (process.env.BENCH_SAMPLE_HINTS === '1') {
    out.forEach((x, i) => {
      const segs = segments(x.name);
      const near = segs.map(
        (s) =>
          `${s} ~ ${nearest(s)
            .map(([c, v]) => `${c} ${v}`)
            .join(' | ')}`,
      );
      const uni = universe.filter((u) => words(x.name).includes(words(u))).slice(0, 4);
      console.log(`${i}\t${x.name}\t[${x.brand ?? '-'} / ${x.category}]\thits: ${hits(x.name).join('; ')}\tnear: ${near.join(' || ')}\tuniverse: ${uni.join('; ')}`);
    });
    return;
  }
  console.log(JSON.stringify(out, null, 1));
}
