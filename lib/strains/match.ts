import type { Db, Queryable } from '../db';
import { normalizeCandidates, productKind, type ProductKind } from './normalize';
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

/** The specification's thresholds: a trigram match needs similarity > 0.4; > 0.6 is medium. */
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
  candidates: string[];
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
    const { cleaned, candidates } = normalizeCandidates(input, { brand: m?.brand });
    return { input, kind, cleaned, candidates: kind === 'non-strain' ? [] : candidates };
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
       FROM unnest($1::int[], $2::text[], $3::int[]) AS q(i, c, prio)
       JOIN strain_universe u ON u.canonical_name = q.c AND u.strain_id IS NULL
      WHERE q.prio = 0`,
    [ei, ec, ep],
  );
  for (const r of pickBest(exact.rows.filter((x) => !x.universe_only), prepared)) setMatch(results, r, 'exact', 1, 'high');
  for (const r of exact.rows) if (r.universe_only) universeOnly.add(r.i);

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
    for (const r of pickBest(slugRows.rows, prepared)) setMatch(results, r, 'slug', 1, 'high');
  }

  // Pass 3: trigram similarity of the cleaned name (GIN index through `%`), strain products only,
  // and not when the name is a strain the catalog does not have.
  const ti: number[] = [];
  const tc: string[] = [];
  prepared.forEach((p, i) => {
    if (results[i].strain || p.kind !== 'strain' || universeOnly.has(i) || p.cleaned.length < 3) return;
    ti.push(i);
    tc.push(p.cleaned);
  });
  if (ti.length === 0) return;
  await q.query(`SELECT set_config('pg_trgm.similarity_threshold', $1, true)`, [String(TRIGRAM_MIN)]);
  const tri = await q.query<Row & { sim: number; usim: number | null }>(
    `SELECT q.i, 0 AS prio, best.is_alias, best.sim, uni.usim, ${STRAIN_COLUMNS}
       FROM unnest($1::int[], $2::text[]) AS q(i, c)
       JOIN LATERAL (
         SELECT n.strain_id, n.is_alias, similarity(n.name, q.c) AS sim
           FROM strain_names n WHERE n.name % q.c
          ORDER BY sim DESC, n.is_alias LIMIT 1) best ON best.sim > ${TRIGRAM_MIN}
       JOIN strains s ON s.id = best.strain_id
       LEFT JOIN LATERAL (
         SELECT max(similarity(u.canonical_name, q.c)) AS usim
           FROM strain_universe u WHERE u.strain_id IS NULL AND u.canonical_name % q.c) uni ON true`,
    [ti, tc],
  );
  for (const r of tri.rows) {
    const sim = Math.round(Number(r.sim) * 1000) / 1000;
    // A closer name the catalog lacks means this product is that strain, not our neighbour.
    if (r.usim !== null && Number(r.usim) >= Number(r.sim)) continue;
    const conf = confidenceFor(Number(r.sim));
    if (conf) setMatch(results, r, 'trigram', sim, conf);
  }
}

/** Per product: the earliest candidate wins, a primary name beats an alias, then popularity. */
function pickBest(rows: Row[], prepared: Prepared[]): Row[] {
  const best = new Map<number, Row>();
  for (const r of rows) {
    const p = prepared[r.i];
    // Edible flavours ("Watermelon") are not strains: an edible needs a multi-word strain name.
    const cand = String(p.candidates[r.prio] ?? '').trim();
    if (p.kind === 'edible' && !/\s/.test(cand)) continue;
    // A one-word side segment ('Cookies - …' is a brand) may not match through a short alias.
    if (r.prio > 0 && r.is_alias && !/\s/.test(cand)) continue;
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
