/**
 * Precision and recall of the matcher on the labelled set (tests/fixtures/matching/labelled.json),
 * held-out dispensary chains first. Each labelled product is matched inside its chain's whole menu
 * from the shared Weedmaps export (as a scan matches a menu), or with the labelled items of its
 * chain alone when the export is absent.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Queryable } from '@/lib/db';
import { matchProducts, type MatchResult } from '@/lib/strains/match';
import { canonicalName, slugify } from '@/lib/strains/slug';
import type { MenuItem } from '@/scripts/bench/match-setup';

export const LABELS = path.join(process.cwd(), 'tests', 'fixtures', 'matching', 'labelled.json');
/** The second, blind set (split `blind-2`): items of labelled.json's held-out chains it does not hold. */
export const LABELS_2 = path.join(process.cwd(), 'tests', 'fixtures', 'matching', 'labelled-2.json');
/** The third, blind set (split `blind-3`): items of the stores the first two sets use least, matched in their store's menu. */
export const LABELS_3 = path.join(process.cwd(), 'tests', 'fixtures', 'matching', 'labelled-3.json');
/** The fourth, blind set (split `blind-4`): items of the 30 least-used stores outside blind-3's, matched in their store's menu. */
export const LABELS_4 = path.join(process.cwd(), 'tests', 'fixtures', 'matching', 'labelled-4.json');

/** The fifth, blind set (split `blind-5`): items of the 30 least-used stores outside blind-3's and blind-4's, matched in their store's menu. */
export const LABELS_5 = path.join(process.cwd(), 'tests', 'fixtures', 'matching', 'labelled-5.json');

/** The sixth, blind set (split `blind-6`): items of the 30 least-used stores outside blind-3's, blind-4's and blind-5's, matched in their store's menu. */
export const LABELS_6 = path.join(process.cwd(), 'tests', 'fixtures', 'matching', 'labelled-6.json');

/** The seventh, blind set (split `blind-7`): items of the 30 least-used stores outside blind-3's to blind-6's, matched in their store's menu. */
export const LABELS_7 = path.join(process.cwd(), 'tests', 'fixtures', 'matching', 'labelled-7.json');

/** The eighth, blind set (split `blind-8`): every unused name of the 26 stores outside blind-3's to blind-7's, matched in their store's menu. */
export const LABELS_8 = path.join(process.cwd(), 'tests', 'fixtures', 'matching', 'labelled-8.json');

export type Split = 'tune' | 'holdout' | 'blind-2' | 'blind-3' | 'blind-4' | 'blind-5' | 'blind-6' | 'blind-7' | 'blind-8';

/** The splits whose items are matched inside their store's menu (`listing`), not their chain's. */
const STORE_SPLITS: ReadonlySet<Split> = new Set(['blind-3', 'blind-4', 'blind-5', 'blind-6', 'blind-7', 'blind-8']);

export interface Labelled {
  name: string;
  brand: string | null;
  category: string;
  section: string;
  group: string;
  split: Split;
  strain: string | null;
  /** The store's listing file (blind-3 to blind-8): the item is matched inside that store's menu, not its chain's. */
  listing?: string;
}

export function loadLabelled(): Labelled[] {
  const read = (file: string) => (fs.existsSync(file) ? (JSON.parse(fs.readFileSync(file, 'utf8')) as { items: Labelled[] }).items : []);
  return [...read(LABELS), ...read(LABELS_2), ...read(LABELS_3), ...read(LABELS_4), ...read(LABELS_5), ...read(LABELS_6), ...read(LABELS_7), ...read(LABELS_8)];
}

/** The dispensary chain of a Weedmaps listing file: the first word of the dispensary's name. */
export function chainOf(listingFile: string): string {
  return listingFile
    .replace(/^\d+_/, '')
    .replace(/_menu\.json$/, '')
    .replace(/_/g, ' ')
    .split(' ')[0]
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '');
}

/** Each label as a catalog strain slug (exact name or alias), or null when the catalog lacks it. */
async function resolveLabels(db: Queryable, items: Labelled[]): Promise<(string | null)[]> {
  const r = await db.query<{ i: number; slug: string }>(
    `SELECT DISTINCT ON (q.i) q.i, s.slug FROM unnest($1::text[], $2::text[]) WITH ORDINALITY AS q(c, sl, i)
     JOIN strain_names n ON n.name = q.c OR n.slug = q.sl JOIN strains s ON s.id = n.strain_id
     ORDER BY q.i, n.is_alias, s.popularity_score DESC`,
    [items.map((x) => (x.strain ? canonicalName(x.strain) : '')), items.map((x) => (x.strain ? slugify(x.strain) : ''))],
  );
  const out = new Array<string | null>(items.length).fill(null);
  for (const x of r.rows) out[Number(x.i) - 1] = x.slug;
  return out;
}

export interface Scores {
  items: number;
  inCatalog: number;
  byConfidence: Record<'high' | 'medium' | 'low', { n: number; ok: number }>;
  found: number;
  foundConfident: number;
  wrong: string[];
  /** Products whose strain is in the catalog and that were not matched to it: name, strain segment, label. */
  missed: string[];
  bySection: Map<string, { items: number; pos: number; hm: number; hmOk: number; found: number; none: number; noneOk: number }>;
}

function score(items: Labelled[], expected: (string | null)[], got: MatchResult[]): Scores {
  const s: Scores = {
    items: items.length,
    inCatalog: 0,
    byConfidence: { high: { n: 0, ok: 0 }, medium: { n: 0, ok: 0 }, low: { n: 0, ok: 0 } },
    found: 0,
    foundConfident: 0,
    wrong: [],
    missed: [],
    bySection: new Map(),
  };
  items.forEach((x, i) => {
    const g = got[i];
    const exp = expected[i];
    const sec = s.bySection.get(x.section) ?? { items: 0, pos: 0, hm: 0, hmOk: 0, found: 0, none: 0, noneOk: 0 };
    s.bySection.set(x.section, sec);
    sec.items++;
    if (exp) {
      s.inCatalog++;
      sec.pos++;
    } else sec.none++;
    const ok = Boolean(g.strain && g.strain.slug === exp);
    if (g.confidence) {
      s.byConfidence[g.confidence].n++;
      if (ok) s.byConfidence[g.confidence].ok++;
      else s.wrong.push(`${g.confidence.padEnd(6)} ${x.name}  →  ${g.strain?.name}  (label: ${x.strain ?? 'none'})`);
      if (g.confidence !== 'low') {
        sec.hm++;
        if (ok) sec.hmOk++;
      }
    } else if (!exp) sec.noneOk++;
    if (exp && !ok) s.missed.push(`${x.name}  [brand: ${x.brand ?? '–'}, ${x.category}]  segment '${g.cleaned}'  →  ${g.strain?.name ?? 'none'}  (label: ${x.strain})`);
    if (ok) {
      s.found++;
      sec.found++;
      if (g.confidence !== 'low') s.foundConfident++;
    }
  });
  return s;
}

/**
 * Match every labelled item inside its chain's menu (a blind-3 to blind-8 item: its store's menu); answer the
 * scores of each split. The items of each set are matched apart (a menu holds the labelled items of
 * one set only), so adding a set does not change another one's answers.
 */
export async function labelledScores(db: Queryable, menu: MenuItem[] | null): Promise<Record<Split, Scores>> {
  const items = loadLabelled();
  const expected = await resolveLabels(db, items);
  const menus = new Map<string, MenuItem[]>();
  for (const m of menu ?? []) {
    for (const c of [chainOf(m.listingFile), m.listingFile]) {
      const list = menus.get(c);
      if (list) list.push(m);
      else menus.set(c, [m]);
    }
  }
  const got = new Array<MatchResult>(items.length);
  const groups = new Map<string, number[]>();
  const groupKey = (x: Labelled) => (STORE_SPLITS.has(x.split) ? `${x.split.slice(-1)}\u0000${x.listing ?? x.group}` : `${x.split === 'blind-2' ? '2' : '1'}\u0000${x.group}`);
  items.forEach((x, i) => groups.set(groupKey(x), [...(groups.get(groupKey(x)) ?? []), i]));
  for (const [key, idx] of groups) {
    const rest = (menus.get(key.split('\u0000')[1]) ?? []).map((m) => ({ name: m.name, brand: m.brand || null, category: m.category || 'Other' }));
    const res = await matchProducts(db, [...idx.map((i) => ({ name: items[i].name, brand: items[i].brand, category: items[i].category })), ...rest]);
    idx.forEach((i, k) => (got[i] = res[k]));
  }
  const pick = (split: Split) => {
    const keep = items.map((x, i) => (x.split === split ? i : -1)).filter((i) => i >= 0);
    return score(
      keep.map((i) => items[i]),
      keep.map((i) => expected[i]),
      keep.map((i) => got[i]),
    );
  };
  return {
    holdout: pick('holdout'),
    tune: pick('tune'),
    'blind-2': pick('blind-2'),
    'blind-3': pick('blind-3'),
    'blind-4': pick('blind-4'),
    'blind-5': pick('blind-5'),
    'blind-6': pick('blind-6'),
    'blind-7': pick('blind-7'),
    'blind-8': pick('blind-8'),
  };
}
