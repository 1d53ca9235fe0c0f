import type { Queryable } from '../db';

/** The freshness figures, read from the data in one round trip (aggregates only, read-only). */

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

export async function readFreshness(db: Queryable): Promise<FreshnessRow> {
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
       (SELECT count(*)::int FROM papers) AS papers_count,
       (SELECT max(updated_at) FROM papers) AS papers_updated_at,
       greatest((SELECT max(updated_at) FROM discover_lists), (SELECT deleted_at FROM discover_state)) AS discover_updated_at,
       (SELECT max(published_at) FROM blog_posts WHERE published_at <= now()) AS blog_latest_published_at,
       (SELECT max(story_date)::text FROM daily_stories) AS stories_latest_date`,
  );
  return r.rows[0];
}
