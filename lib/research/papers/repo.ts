import type { Queryable } from '@/lib/db';
import type { Paper, StudyType } from '@/lib/research/papers/schemas';

/** The only module that reads and writes the `papers` table. */

interface PaperRow {
  id: string;
  title: string;
  authors: string[];
  year: number | null;
  journal: string | null;
  volume: string | null;
  issue: string | null;
  pages: string | null;
  doi: string | null;
  pmid: string | null;
  url: string | null;
  abstract: string | null;
  study_type: StudyType | null;
  terpenes: string[];
  cannabinoids: string[];
  effects: string[];
  source: string;
}

const COLUMNS = `p.id, p.title, p.authors, p.year, p.journal, p.volume, p.issue, p.pages, p.doi, p.pmid, p.url,
  p.abstract, p.study_type, p.terpenes, p.cannabinoids, p.effects, p.source`;

function rowToPaper(r: PaperRow): Paper {
  return {
    id: r.id,
    title: r.title,
    authors: r.authors ?? [],
    year: r.year === null ? null : Number(r.year),
    journal: r.journal,
    volume: r.volume,
    issue: r.issue,
    pages: r.pages,
    doi: r.doi,
    pmid: r.pmid,
    url: r.url,
    abstract: r.abstract,
    studyType: r.study_type,
    topics: { terpenes: r.terpenes ?? [], cannabinoids: r.cannabinoids ?? [], effects: r.effects ?? [] },
    source: r.source,
  };
}

/** A paper to store, its terpenes also under the catalog's names. */
export interface PaperWrite extends Paper {
  terpeneKeys: string[];
}

/** Filters as the repository applies them (names already resolved by the service). */
export interface PaperFilters {
  q?: string;
  /** Papers labelled with this terpene (catalog name or the label as given). */
  terpeneKey?: string;
  cannabinoid?: string;
  effect?: string;
  studyType?: StudyType;
  yearFrom?: number;
  yearTo?: number;
  /** Papers about any of these (a strain's leading terpenes and cannabinoids), most shared first. */
  anyOf?: { terpeneKeys: string[]; cannabinoids: string[] };
  limit: number;
  offset: number;
}

export interface PaperHit extends Paper {
  /** Full-text rank (null without `q`). */
  rank: number | null;
  /** Terpenes and cannabinoids shared with `anyOf` (empty without it). */
  shared: string[];
}

export async function searchPaperRows(db: Queryable, f: PaperFilters): Promise<{ items: PaperHit[]; total: number }> {
  const params: unknown[] = [];
  const p = (v: unknown) => {
    params.push(v);
    return `$${params.length}`;
  };
  const where: string[] = [];
  let rank = 'NULL::real';
  let from = 'papers p';
  if (f.q) {
    from += `, websearch_to_tsquery('english', ${p(f.q)}) AS tsq`;
    // A query of stop words only ("the") is an empty tsquery: it filters nothing.
    where.push('(numnode(tsq) = 0 OR p.search @@ tsq)');
    rank = 'ts_rank_cd(p.search, tsq, 1)';
  }
  if (f.terpeneKey) where.push(`p.terpene_keys @> ARRAY[${p(f.terpeneKey)}]::text[]`);
  if (f.cannabinoid) where.push(`p.cannabinoids @> ARRAY[${p(f.cannabinoid)}]::text[]`);
  if (f.effect) where.push(`p.effects @> ARRAY[${p(f.effect)}]::text[]`);
  if (f.studyType) where.push(`p.study_type = ${p(f.studyType)}`);
  if (f.yearFrom !== undefined) where.push(`p.year >= ${p(f.yearFrom)}`);
  if (f.yearTo !== undefined) where.push(`p.year <= ${p(f.yearTo)}`);
  let shared = `ARRAY[]::text[]`;
  let sharedScore = '0';
  if (f.anyOf) {
    const t = p(f.anyOf.terpeneKeys);
    const c = p(f.anyOf.cannabinoids);
    where.push(`(p.terpene_keys && ${t}::text[] OR p.cannabinoids && ${c}::text[])`);
    shared = `ARRAY(SELECT x FROM unnest(${t}::text[]) x WHERE x = ANY(p.terpene_keys)) || ARRAY(SELECT x FROM unnest(${c}::text[]) x WHERE x = ANY(p.cannabinoids))`;
    // A shared terpene says more about a strain than a shared THC/CBD label.
    sharedScore = `(2 * cardinality(ARRAY(SELECT x FROM unnest(${t}::text[]) x WHERE x = ANY(p.terpene_keys))) + cardinality(ARRAY(SELECT x FROM unnest(${c}::text[]) x WHERE x = ANY(p.cannabinoids))))`;
  }
  const w = where.length ? `WHERE ${where.join(' AND ')}` : '';
  const order = [f.anyOf ? `${sharedScore} DESC` : '', f.q ? `${rank} DESC` : '', 'p.year DESC NULLS LAST', 'p.id'].filter(Boolean).join(', ');
  const limit = p(f.limit);
  const offset = p(f.offset);
  const r = await db.query<PaperRow & { rank: number | null; shared: string[]; total: number }>(
    `SELECT ${COLUMNS}, ${rank} AS rank, ${shared} AS shared, count(*) OVER () AS total
       FROM ${from} ${w}
      ORDER BY ${order}
      LIMIT ${limit} OFFSET ${offset}`,
    params,
  );
  let total = Number(r.rows[0]?.total ?? 0);
  if (r.rows.length === 0 && f.offset > 0) {
    const c = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${from} ${w}`, params.slice(0, -2));
    total = Number(c.rows[0]?.n ?? 0);
  }
  return {
    items: r.rows.map((row) => ({ ...rowToPaper(row), rank: row.rank === null ? null : Number(row.rank), shared: row.shared ?? [] })),
    total,
  };
}

export async function getPaperRow(db: Queryable, id: string): Promise<Paper | null> {
  const r = await db.query<PaperRow>(`SELECT ${COLUMNS} FROM papers p WHERE p.id = $1`, [id]);
  return r.rows[0] ? rowToPaper(r.rows[0]) : null;
}

export async function getPaperRows(db: Queryable, ids: string[]): Promise<Paper[]> {
  if (!ids.length) return [];
  const r = await db.query<PaperRow>(`SELECT ${COLUMNS} FROM papers p WHERE p.id = ANY($1::text[])`, [ids]);
  const byId = new Map(r.rows.map((row) => [row.id, rowToPaper(row)]));
  return ids.map((id) => byId.get(id)).filter((x): x is Paper => Boolean(x));
}

export async function countPapers(db: Queryable): Promise<{ count: number; updatedAt: Date | null }> {
  const r = await db.query<{ n: number; updated_at: Date | null }>(`SELECT count(*)::int AS n, max(updated_at) AS updated_at FROM papers`);
  return { count: Number(r.rows[0]?.n ?? 0), updatedAt: r.rows[0]?.updated_at ?? null };
}

/** The id of another paper that already has this DOI (DOIs are unique, case-insensitively). */
export async function paperIdWithDoi(db: Queryable, doi: string, exceptId: string): Promise<string | null> {
  const r = await db.query<{ id: string }>(`SELECT id FROM papers WHERE lower(doi) = lower($1) AND id <> $2 LIMIT 1`, [doi, exceptId]);
  return r.rows[0]?.id ?? null;
}

/** Insert or replace one paper by id; `inserted` is false when an existing row was updated. */
export async function upsertPaperRow(db: Queryable, p: PaperWrite, origin: string): Promise<{ inserted: boolean }> {
  const r = await db.query<{ inserted: boolean }>(
    `INSERT INTO papers (id, title, authors, year, journal, volume, issue, pages, doi, pmid, url, abstract, study_type,
                         terpenes, cannabinoids, effects, terpene_keys, source, origin)
     VALUES ($1, $2, $3::text[], $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14::text[], $15::text[], $16::text[], $17::text[], $18, $19)
     ON CONFLICT (id) DO UPDATE SET
       title = EXCLUDED.title, authors = EXCLUDED.authors, year = EXCLUDED.year, journal = EXCLUDED.journal,
       volume = EXCLUDED.volume, issue = EXCLUDED.issue, pages = EXCLUDED.pages, doi = EXCLUDED.doi, pmid = EXCLUDED.pmid,
       url = EXCLUDED.url, abstract = EXCLUDED.abstract, study_type = EXCLUDED.study_type, terpenes = EXCLUDED.terpenes,
       cannabinoids = EXCLUDED.cannabinoids, effects = EXCLUDED.effects, terpene_keys = EXCLUDED.terpene_keys,
       source = EXCLUDED.source, origin = EXCLUDED.origin, updated_at = now()
     RETURNING (xmax = 0) AS inserted`,
    [
      p.id,
      p.title,
      p.authors,
      p.year,
      p.journal,
      p.volume,
      p.issue,
      p.pages,
      p.doi,
      p.pmid,
      p.url,
      p.abstract,
      p.studyType,
      p.topics.terpenes,
      p.topics.cannabinoids,
      p.topics.effects,
      p.terpeneKeys,
      p.source,
      origin,
    ],
  );
  return { inserted: Boolean(r.rows[0]?.inserted) };
}

/** The paper figures of GET /meta/freshness (see CATALOG_FRESHNESS_SQL in lib/strains/repo.ts). */
export const PAPERS_FRESHNESS_SQL = {
  count: `(SELECT count(*)::int FROM papers)`,
  updatedAt: `(SELECT max(updated_at) FROM papers)`,
} as const;
