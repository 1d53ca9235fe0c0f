import type { Queryable } from '@/lib/db';
import { canonicalQuery, strongEtag } from '@/lib/etag';
import { readCatalogStamp } from '@/lib/strains/repo';
import { cachedCatalogStamp } from '@/lib/strains/read-cache';
import { readFreshness } from '@/lib/meta/repo';
import type { Freshness } from '@/lib/meta/schemas';

export const FRESHNESS_CACHE_CONTROL = 'public, max-age=0, s-maxage=60';
/** The OpenAPI entry of the conditional routes' 304. */
export const NOT_MODIFIED = { 304: 'Not modified: If-None-Match named the current ETag (no body)' };

export { FreshnessSchema, type Freshness } from '@/lib/meta/schemas';

const iso = (v: Date | string | null): string | null => (v === null || v === undefined ? null : new Date(v).toISOString());
const day = (v: Date | string | null): string | null => {
  if (v === null || v === undefined) return null;
  if (v instanceof Date) return v.toISOString().slice(0, 10);
  return /^\d{4}-\d{2}-\d{2}/.test(v) ? v.slice(0, 10) : new Date(v).toISOString().slice(0, 10);
};

/** GET /meta/freshness: every value read from the data, none kept by hand. */
export async function freshness(db: Queryable): Promise<Freshness> {
  const r = await readFreshness(db);
  return {
    catalog: { count: Number(r.catalog_count), updatedAt: iso(r.catalog_updated_at) },
    popularity: { computedAt: iso(r.popularity_computed_at) },
    scans: { latestAt: iso(r.scans_latest_at), domains: Number(r.scans_domains) },
    research: { pending: Number(r.research_pending), latestApprovedAt: iso(r.research_latest_approved_at) },
    papers: { count: Number(r.papers_count ?? 0), updatedAt: iso(r.papers_updated_at) },
    discover: { updatedAt: iso(r.discover_updated_at) },
    blog: { latestPublishedAt: iso(r.blog_latest_published_at) },
    stories: { latestDate: day(r.stories_latest_date) },
  };
}

/**
 * The entity tag of a catalog list route's answer: the catalog version (bumped by every write to
 * the catalog tables, popularity included) plus the route's path and query, so a 304 costs one
 * one-row read and never runs the list query (routes read outside any transaction, so the version
 * they see is committed). The route answers with lib/http's `conditional` and
 * `FRESHNESS_CACHE_CONTROL`.
 */
export async function catalogEtag(db: Queryable, url: URL, opts: { fromReadCache?: boolean } = {}): Promise<string> {
  // `fromReadCache`: the answer comes from lib/strains/read-cache.ts, so the tag is the version its
  // entries belong to (checked at most once per CATALOG_VERSION_CHECK_MS), not a query per request.
  const stamp = opts.fromReadCache ? await cachedCatalogStamp(db) : await readCatalogStamp(db);
  return strongEtag('catalog', stamp.instance, stamp.version, url.pathname, canonicalQuery(url));
}
