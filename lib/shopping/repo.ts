import type { Queryable } from '@/lib/db';
import type { CachedScanRecord, CacheListItem, ScanTaskOutput } from '@/lib/shopping/schemas';

/** A scan result is valid for 4 hours; expired rows count as absent everywhere. */
export const SCAN_CACHE_TTL_MS = 4 * 3600 * 1000;

interface Row {
  website_domain: string;
  categories_hash: string;
  dispensary_name: string;
  products_count: number;
  matched_count: number;
  unmatched_count: number;
  scan_results: ScanTaskOutput;
  run_id: string | null;
  scanned_at: Date;
  expires_at: Date;
}

export function toCachedRecord(r: Row): CachedScanRecord {
  return {
    website_domain: r.website_domain,
    categories_hash: r.categories_hash,
    products_count: r.products_count,
    matched_count: r.matched_count,
    unmatched_count: r.unmatched_count,
    scan_results: r.scan_results,
    expires_at: new Date(r.expires_at).toISOString(),
    dispensary_name: r.dispensary_name,
    scanned_at: new Date(r.scanned_at).toISOString(),
  };
}

const COLS = `website_domain, categories_hash, dispensary_name, products_count, matched_count, unmatched_count,
  scan_results, run_id, scanned_at, expires_at`;

/** The newest unexpired entry for the domain (one categories hash when given). */
export async function getCachedScan(db: Queryable, domain: string, categoriesHash?: string | null): Promise<CachedScanRecord | null> {
  const params: unknown[] = [domain.toLowerCase()];
  let extra = '';
  if (categoriesHash) extra = ` AND categories_hash = $${params.push(categoriesHash)}`;
  const r = await db.query<Row>(`SELECT ${COLS} FROM scan_cache WHERE website_domain = $1 AND expires_at > now()${extra} ORDER BY scanned_at DESC LIMIT 1`, params);
  return r.rows[0] ? toCachedRecord(r.rows[0]) : null;
}

/** Upsert the one entry per (domain, categories hash); `expires_at` = scannedAt + 4 h. */
export async function saveCachedScan(
  db: Queryable,
  e: { domain: string; categoriesHash: string; dispensaryName: string; output: ScanTaskOutput; runId: string | null },
): Promise<CachedScanRecord> {
  const r = await db.query<Row>(
    `INSERT INTO scan_cache (website_domain, categories_hash, dispensary_name, products_count, matched_count, unmatched_count,
       scan_results, run_id, scanned_at, expires_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7::jsonb, $8, $9::timestamptz, $10::timestamptz)
     ON CONFLICT (website_domain, categories_hash) DO UPDATE SET
       dispensary_name = EXCLUDED.dispensary_name, products_count = EXCLUDED.products_count,
       matched_count = EXCLUDED.matched_count, unmatched_count = EXCLUDED.unmatched_count,
       scan_results = EXCLUDED.scan_results, run_id = EXCLUDED.run_id, scanned_at = EXCLUDED.scanned_at,
       expires_at = EXCLUDED.expires_at, updated_at = now()
     RETURNING ${COLS}`,
    [
      e.domain.toLowerCase(),
      e.categoriesHash,
      e.dispensaryName,
      e.output.stats.productsCount,
      e.output.stats.matchedCount,
      e.output.stats.unmatchedCount,
      JSON.stringify(e.output),
      e.runId,
      e.output.scannedAt,
      e.output.expiresAt,
    ],
  );
  return toCachedRecord(r.rows[0]);
}

/** For the admin dashboard: entries newest first, without their (large) results. */
export async function listCachedScans(db: Queryable, opts: { limit: number; offset: number; includeExpired: boolean }): Promise<{ items: CacheListItem[]; total: number }> {
  const where = opts.includeExpired ? '' : 'WHERE expires_at > now()';
  const total = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM scan_cache ${where}`);
  const r = await db.query<Omit<Row, 'scan_results'> & { expired: boolean }>(
    `SELECT website_domain, categories_hash, dispensary_name, products_count, matched_count, unmatched_count, run_id,
       scanned_at, expires_at, expires_at <= now() AS expired
     FROM scan_cache ${where} ORDER BY scanned_at DESC, website_domain LIMIT $1 OFFSET $2`,
    [opts.limit, opts.offset],
  );
  return {
    total: total.rows[0]?.n ?? 0,
    items: r.rows.map((x) => ({
      website_domain: x.website_domain,
      categories_hash: x.categories_hash,
      dispensary_name: x.dispensary_name,
      products_count: x.products_count,
      matched_count: x.matched_count,
      unmatched_count: x.unmatched_count,
      run_id: x.run_id,
      scanned_at: new Date(x.scanned_at).toISOString(),
      expires_at: new Date(x.expires_at).toISOString(),
      expired: x.expired,
    })),
  };
}

/** Delete expired entries (daily sync). */
export async function purgeExpiredScans(db: Queryable): Promise<number> {
  return (await db.query('DELETE FROM scan_cache WHERE expires_at <= now()')).rowCount;
}

/**
 * Menu demand per matched strain slug: how many distinct dispensaries (domains) whose menu scans
 * of the last `days` days listed it, as parallel arrays (the popularity job passes them to `unnest`).
 */
export async function menuDemandBySlug(db: Queryable, days: number): Promise<{ slugs: string[]; counts: number[] }> {
  const r = await db.query<{ slug: string; n: number }>(
    `SELECT p->>'strainSlug' AS slug, count(DISTINCT c.website_domain)::int AS n
       FROM scan_cache c,
            jsonb_array_elements(CASE WHEN jsonb_typeof(c.scan_results->'products') = 'array' THEN c.scan_results->'products' ELSE '[]'::jsonb END) p
      WHERE c.scanned_at > now() - ($1::int * interval '1 day') AND p->>'strainSlug' IS NOT NULL
      GROUP BY 1`,
    [days],
  );
  return { slugs: r.rows.map((x) => x.slug), counts: r.rows.map((x) => Number(x.n)) };
}
