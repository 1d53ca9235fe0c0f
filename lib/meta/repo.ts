import type { Queryable } from '@/lib/db';
import { DISCOVER_FRESHNESS_SQL } from '@/lib/discover/repo';
import { SCANS_FRESHNESS_SQL } from '@/lib/dispensaries/repo';
import { BLOG_FRESHNESS_SQL } from '@/lib/images/repo';
import { PAPERS_FRESHNESS_SQL } from '@/lib/research/papers/repo';
import { RESEARCH_FRESHNESS_SQL } from '@/lib/research/repo';
import { STORIES_FRESHNESS_SQL } from '@/lib/stories/repo';
import { CATALOG_FRESHNESS_SQL } from '@/lib/strains/repo';

/**
 * The freshness figures, read from the data in one round trip. Meta owns no table: each owner
 * exports the scalar expressions over its own tables (`*_FRESHNESS_SQL` in the areas' repo.ts),
 * composed here into one statement (a call per area would be seven round trips per request).
 */

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

const FRESHNESS_SQL = `SELECT
  ${CATALOG_FRESHNESS_SQL.count} AS catalog_count,
  ${CATALOG_FRESHNESS_SQL.updatedAt} AS catalog_updated_at,
  ${CATALOG_FRESHNESS_SQL.popularityComputedAt} AS popularity_computed_at,
  ${SCANS_FRESHNESS_SQL.latestAt} AS scans_latest_at,
  ${SCANS_FRESHNESS_SQL.domains} AS scans_domains,
  ${RESEARCH_FRESHNESS_SQL.pending} AS research_pending,
  ${RESEARCH_FRESHNESS_SQL.latestApprovedAt} AS research_latest_approved_at,
  ${PAPERS_FRESHNESS_SQL.count} AS papers_count,
  ${PAPERS_FRESHNESS_SQL.updatedAt} AS papers_updated_at,
  ${DISCOVER_FRESHNESS_SQL.updatedAt} AS discover_updated_at,
  ${BLOG_FRESHNESS_SQL.latestPublishedAt} AS blog_latest_published_at,
  ${STORIES_FRESHNESS_SQL.latestDate} AS stories_latest_date`;

export async function readFreshness(db: Queryable): Promise<FreshnessRow> {
  const r = await db.query<FreshnessRow>(FRESHNESS_SQL);
  return r.rows[0];
}
