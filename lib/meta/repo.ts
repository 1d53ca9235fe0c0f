import type { Queryable } from '../db';

/**
 * The freshness figures, read from the data in one round trip (aggregates only, read-only). Tables
 * that other groups add later (research papers, daily stories) are found by probing the catalog
 * of the database for their likely names, so this works before and after they exist.
 */

export interface OptionalSource {
  table: string;
  column: string;
}

const PAPER_TABLES = ['research_papers', 'papers'];
const PAPER_COLUMNS = ['updated_at', 'created_at'];
const STORY_TABLES = ['daily_stories', 'stories'];
const STORY_COLUMNS = ['date', 'story_date', 'day'];

const PROBE_TTL_MS = 60_000;
const probes = new WeakMap<object, { at: number; papers: OptionalSource | null; stories: OptionalSource | null }>();

async function probe(db: Queryable, tables: string[], columns: string[]): Promise<OptionalSource | null> {
  const r = await db.query<{ table_name: string; column_name: string }>(
    `SELECT table_name::text, column_name::text FROM information_schema.columns
      WHERE table_schema = current_schema() AND table_name = ANY($1::text[]) AND column_name = ANY($2::text[])`,
    [tables, columns],
  );
  for (const t of tables) for (const c of columns) if (r.rows.some((x) => x.table_name === t && x.column_name === c)) return { table: t, column: c };
  return null;
}

/** Which optional tables exist (cached a minute per database). */
export async function optionalSources(db: Queryable): Promise<{ papers: OptionalSource | null; stories: OptionalSource | null }> {
  const hit = probes.get(db);
  if (hit && Date.now() - hit.at < PROBE_TTL_MS) return hit;
  const [papers, stories] = await Promise.all([probe(db, PAPER_TABLES, PAPER_COLUMNS), probe(db, STORY_TABLES, STORY_COLUMNS)]);
  const entry = { at: Date.now(), papers, stories };
  probes.set(db, entry);
  return entry;
}

export interface FreshnessRow {
  catalog_count: number;
  catalog_updated_at: Date | string | null;
  popularity_computed_at: Date | string | null;
  scans_latest_at: Date | string | null;
  scans_domains: number;
  research_pending: number;
  research_latest_approved_at: Date | string | null;
  papers_count: number | null;
  papers_updated_at: Date | string | null;
  discover_updated_at: Date | string | null;
  blog_latest_published_at: Date | string | null;
  stories_latest_date: Date | string | null;
}

const ident = (s: string) => `"${s.replace(/"/g, '""')}"`;

export async function readFreshness(db: Queryable): Promise<FreshnessRow> {
  const { papers, stories } = await optionalSources(db);
  const papersSql = papers
    ? `(SELECT count(*)::int FROM ${ident(papers.table)}) AS papers_count, (SELECT max(${ident(papers.column)}) FROM ${ident(papers.table)}) AS papers_updated_at`
    : `NULL::int AS papers_count, NULL::timestamptz AS papers_updated_at`;
  const storiesSql = stories ? `(SELECT max(${ident(stories.column)})::text FROM ${ident(stories.table)}) AS stories_latest_date` : `NULL::text AS stories_latest_date`;
  // The catalog's time also moves on deletes: the version row is stamped by every catalog write.
  const r = await db.query<FreshnessRow>(
    `SELECT
       (SELECT count(*)::int FROM strains) AS catalog_count,
       greatest((SELECT max(updated_at) FROM strains), (SELECT updated_at FROM catalog_version)) AS catalog_updated_at,
       (SELECT max(computed_at) FROM strain_popularity) AS popularity_computed_at,
       (SELECT max(last_scanned_at) FROM dispensaries) AS scans_latest_at,
       (SELECT count(*)::int FROM dispensaries WHERE last_scanned_at IS NOT NULL) AS scans_domains,
       (SELECT count(*)::int FROM research_submissions WHERE status IN ('pending', 'researching', 'pending_review')) AS research_pending,
       (SELECT max(coalesce(reviewed_at, updated_at)) FROM research_submissions WHERE status = 'approved') AS research_latest_approved_at,
       ${papersSql},
       greatest((SELECT max(updated_at) FROM discover_lists), (SELECT deleted_at FROM discover_state)) AS discover_updated_at,
       (SELECT max(published_at) FROM blog_posts WHERE published_at <= now()) AS blog_latest_published_at,
       ${storiesSql}`,
  );
  return r.rows[0];
}
