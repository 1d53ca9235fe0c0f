import type { Db, Queryable } from '../db';
import { isCross, normalizeCandidates, productKind, type ProductKind } from './normalize';
import { rowToStrain, STRAIN_COLUMNS, type StrainRow } from './row';
import { slugify } from './slug';
import type { Strain } from './types';

export { normalizeProductName, normalizeCandidates, productKind } from './normalize';

export type MatchConfidence = 'high' | 'medium' | 'low';

export interface MatchInput {
  name: string;
  category?: string | null;
  brand?: string | null;
}

export interface MatchResult {
  input: string;
  cleaned: string;
  pass: 'exact' | 'slug' | 'trigram' | null;
  similarity: number | null;
  confidence: MatchConfidence | null;
  strain: Strain | null;
}

/**
 * The specification's thresholds: a trigram match needs similarity > 0.4; > 0.6 is medium.
 * similarity() is a float4 (0.4 is 0.4000000059 as a double), so it is rounded to 4 decimals
 * before comparing: exactly 0.4 does not match and exactly 0.6 is low.
 */
export const TRIGRAM_MIN = 0.4;
export const TRIGRAM_MEDIUM = 0.6;

export function confidenceFor(similarity: number): MatchConfidence | null {
  if (similarity > TRIGRAM_MEDIUM) return 'medium';
  if (similarity > TRIGRAM_MIN) return 'low';
  return null;
}

interface Prepared {
  input: string;
  kind: ProductKind;
  cleaned: string;
  /** Candidates then word windows; `nCandidates` marks where the windows start. */
  candidates: string[];
  nCandidates: number;
}

/** Food and flavour words: an edible 'matching' a strain made only of these is naming its flavour. */
const FLAVOUR_WORDS = new Set(
  `apple banana berry berries blueberry strawberry raspberry blackberry cherry cherries grape grapes lemon lime orange mango peach pear
   pineapple watermelon melon cantaloupe kiwi guava coconut passion fruit fruity citrus tangerine grapefruit pomegranate huckleberry
   boysenberry cranberry plum apricot papaya lychee dragonfruit chocolate choco cream ice vanilla caramel toffee cake cookie cookies candy
   mint mints sour sweet honey pie creamsicle sherbet sherbert sorbet pink lemonade punch rootbeer root beer cola tea coffee espresso milk
   dark white mixed blue red green oil butter sugar cinnamon gummy bubblegum gum jelly bean beans sundae split shake smoothie fizz soda
   chai latte mocha marshmallow s'mores smores truffle fudge brownie peanut almond pecan nut hazelnut maple syrup taffy sherbet tropical
   punch razz blast splash twist wild original classic`.split(/\s+/),
);

function isFlavourName(name: string): boolean {
  const words = name.toLowerCase().split(/[^a-z']+/).filter(Boolean);
  return words.length > 0 && words.every((w) => FLAVOUR_WORDS.has(w));
}

type Row = StrainRow & { i: number; prio: number; is_alias: boolean; universe_only?: boolean };

/**
 * Match many product names to catalog strains: exact canonical name (aliases count), then slug,
 * then trigram similarity, one set-based statement per pass for the whole list; first pass wins.
 * A product whose cleaned name is a known strain the catalog lacks (universe) is left unmatched
 * rather than matched to a near neighbour; edibles only match a multi-word strain name exactly.
 */
export async function matchProducts(db: Queryable, items: Array<string | MatchInput>): Promise<MatchResult[]> {
  const prepared: Prepared[] = items.map((it) => {
    const m: MatchInput = typeof it === 'string' ? { name: it } : it;
    const input = String(m?.name ?? '');
    const kind = productKind(m?.category, input);
    const { cleaned, candidates, windows } = normalizeCandidates(input, { brand: m?.brand });
    // Edibles rarely name a strain; when they do it is a whole segment, never a window of a flavour.
    const all = kind === 'non-strain' ? [] : kind === 'edible' ? candidates : [...candidates, ...windows];
    return { input, kind, cleaned, candidates: all, nCandidates: kind === 'non-strain' ? 0 : candidates.length };
  });
  const results: MatchResult[] = prepared.map((p) => ({ input: p.input, cleaned: p.cleaned, pass: null, similarity: null, confidence: null, strain: null }));
  if (prepared.every((p) => p.candidates.length === 0)) return results;
  const run = async (q: Queryable) => {
    await runPasses(q, prepared, results);
    return results;
  };
  const maybeDb = db as Partial<Db>;
  // SET LOCAL keeps the trigram threshold to this transaction (a pooled session never leaks it).
  if (typeof maybeDb.transaction === 'function') return maybeDb.transaction(run);
  return run(db);
}

async function runPasses(q: Queryable, prepared: Prepared[], results: MatchResult[]): Promise<void> {
  // Pass 1: exact canonical name (names and akas), every candidate of every product in one join.
  const ei: number[] = [];
  const ec: string[] = [];
  const ep: number[] = [];
  prepared.forEach((p, i) =>
    p.candidates.forEach((c, prio) => {
      ei.push(i);
      ec.push(c);
      ep.push(prio);
    }),
  );
  const universeOnly = new Set<number>();
  const exact = await q.query<Row>(
    `SELECT q.i, q.prio, n.is_alias, false AS universe_only, ${STRAIN_COLUMNS}
       FROM unnest($1::int[], $2::text[], $3::int[]) AS q(i, c, prio)
       JOIN strain_names n ON n.name = q.c JOIN strains s ON s.id = n.strain_id
     UNION ALL
     SELECT q.i, q.prio, false, true, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL,
            NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL
       FROM unnest($1::int[], $4::text[], $3::int[]) AS q(i, sl, prio)
       JOIN strain_universe u ON u.slug = q.sl AND u.strain_id IS NULL
      WHERE q.prio = 0`,
    // The universe is joined on its unique slug: on canonical_name PostgreSQL picks the GIN trigram
    // index for equality (~12 ms a lookup) over the btree.
    [ei, ec, ep, ec.map(slugify)],
  );
  for (const r of exact.rows) if (r.universe_only) universeOnly.add(r.i);
  for (const r of pickBest(exact.rows.filter((x) => !x.universe_only), prepared, universeOnly)) setMatch(results, r, 'exact', 1, 'high');

  // Pass 2: slug of the cleaned candidates against strain and alias slugs.
  const si: number[] = [];
  const ss: string[] = [];
  const sp: number[] = [];
  prepared.forEach((p, i) => {
    if (results[i].strain) return;
    p.candidates.forEach((c, prio) => {
      const slug = slugify(c);
      if (slug) {
        si.push(i);
        ss.push(slug);
        sp.push(prio);
      }
    });
  });
  if (si.length) {
    const slugRows = await q.query<Row>(
      `SELECT q.i, q.prio, n.is_alias, ${STRAIN_COLUMNS}
         FROM unnest($1::int[], $2::text[], $3::int[]) AS q(i, slug, prio)
         JOIN strain_names n ON n.slug = q.slug JOIN strains s ON s.id = n.strain_id`,
      [si, ss, sp],
    );
    for (const r of pickBest(slugRows.rows, prepared, universeOnly)) setMatch(results, r, 'slug', 1, 'high');
  }

  // Pass 3: trigram similarity > 0.4 of the cleaned name (`%` with the threshold set locally; the
  // closest name by the GiST index's `<->` order, one index walk per product), strain products only,
  // and not when the name is a strain the catalog does not have.
  const ti: number[] = [];
  const tc: string[] = [];
  prepared.forEach((p, i) => {
    if (results[i].strain || p.kind !== 'strain' || universeOnly.has(i) || p.cleaned.length < 3 || isCross(p.cleaned)) return;
    ti.push(i);
    tc.push(p.cleaned);
  });
  if (ti.length === 0) return;
  await q.query(`SELECT set_config('pg_trgm.similarity_threshold', $1, true)`, [String(TRIGRAM_MIN)]);
  const tri = await q.query<Row & { sim: number; usim: number | null; matched_name: string }>(
    `SELECT q.i, 0 AS prio, best.is_alias, best.sim, best.name AS matched_name, uni.usim, ${STRAIN_COLUMNS}
       FROM unnest($1::int[], $2::text[]) AS q(i, c)
       JOIN LATERAL (
         SELECT n.strain_id, n.is_alias, n.name, round(similarity(n.name, q.c)::numeric, 4) AS sim
           FROM strain_names n WHERE n.name % q.c
          ORDER BY n.name <-> q.c, n.is_alias LIMIT 1) best ON best.sim > ${TRIGRAM_MIN}
       JOIN strains s ON s.id = best.strain_id
       LEFT JOIN LATERAL (
         SELECT round(similarity(u.canonical_name, q.c)::numeric, 4) AS usim
           FROM strain_universe u WHERE u.strain_id IS NULL AND u.canonical_name % q.c
          ORDER BY u.canonical_name <-> q.c LIMIT 1) uni ON true`,
    [ti, tc],
  );
  for (const r of tri.rows) {
    const sim = Number(r.sim);
    // A closer name the catalog lacks means this product is that strain, not our neighbour.
    if (r.usim !== null && Number(r.usim) >= Number(r.sim)) continue;
    let conf = confidenceFor(sim);
    // One name inside the other plus a real word ('Congo Bubblegum' ~ Bubblegum, 'Banana Cake' ~
    // Banana Cream Cake) is a different strain more often than a typo: never more than low.
    if (conf === 'medium' && extraWord(prepared[r.i].cleaned, r.matched_name)) conf = 'low';
    if (conf) setMatch(results, r, 'trigram', sim, conf);
  }
}

function extraWord(a: string, b: string): boolean {
  const wa = new Set(a.split(/\s+/).filter(Boolean));
  const wb = new Set(b.split(/\s+/).filter(Boolean));
  const [small, big] = wa.size <= wb.size ? [wa, wb] : [wb, wa];
  if (![...small].every((w) => big.has(w))) return false;
  return [...big].some((w) => !small.has(w) && w.length > 2);
}

/** Per product: the earliest candidate wins, a primary name beats an alias, then popularity. */
function pickBest(rows: Row[], prepared: Prepared[], universeOnly: Set<number>): Row[] {
  const best = new Map<number, Row>();
  for (const r of rows) {
    const p = prepared[r.i];
    const cand = String(p.candidates[r.prio] ?? '').trim();
    // Edible flavours ('Watermelon', 'Mixed Berry') are not strains.
    if (p.kind === 'edible' && isFlavourName(cand)) continue;
    // A short or alias one-word side segment ('Cookies - …', '… PhD') is a brand more often than a strain.
    if (r.prio > 0 && /^[\p{L}']+$/u.test(cand) && (r.is_alias || cand.length < 6)) continue;
    // A name the universe knows as its own strain does not shrink into a neighbour's name.
    if (r.prio >= p.nCandidates && universeOnly.has(r.i)) continue;
    const cur = best.get(r.i);
    if (
      !cur ||
      r.prio < cur.prio ||
      (r.prio === cur.prio && Number(cur.is_alias) > Number(r.is_alias)) ||
      (r.prio === cur.prio && cur.is_alias === r.is_alias && Number(r.popularity_score) > Number(cur.popularity_score))
    )
      best.set(r.i, r);
  }
  return [...best.values()];
}

function setMatch(results: MatchResult[], r: Row, pass: 'exact' | 'slug' | 'trigram', similarity: number, confidence: MatchConfidence): void {
  const res = results[r.i];
  if (res.strain) return;
  res.pass = pass;
  res.similarity = similarity;
  res.confidence = confidence;
  res.strain = rowToStrain(r);
}
