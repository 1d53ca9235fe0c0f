import type { Db, Queryable } from '@/lib/db';
import type { Platform } from '@/lib/dispensaries/platform';
import type { ScanFacts } from '@/lib/dispensaries/summary';

/** The SQL of the dispensaries group (tables `dispensaries`, `dispensary_scans`). */

export const SCANS_KEPT = 10;

export interface DispensaryRow {
  domain: string;
  name: string;
  platform: Platform;
  menu_urls: string[];
  address: string | null;
  website: string | null;
  products_count: number;
  matched_count: number;
  categories: string[];
  top_strains: Array<{ slug: string; name: string; count: number }> | string;
  median_price_per_gram: Record<string, number> | string;
  last_scanned_at: Date | string | null;
  updated_at: Date | string;
}

export interface ScanRow {
  scanned_at: Date | string;
  products_count: number;
  matched_count: number;
}

const COLS = `domain, name, platform, menu_urls, address, website, products_count, matched_count, categories, top_strains,
  median_price_per_gram, last_scanned_at, updated_at`;

/**
 * One completed scan: upsert the row (a name an administrator corrected stays), add the scan to
 * the history and keep its newest ten. A scan older than the row's latest (a late worker) only
 * joins the history. One transaction.
 */
export async function writeScan(db: Db, s: { domain: string; name: string; platform: Platform; menuUrls: string[]; scannedAt: string; facts: ScanFacts }): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.query(
      `INSERT INTO dispensaries (domain, name, platform, menu_urls, products_count, matched_count, categories, top_strains,
         median_price_per_gram, last_scanned_at)
       VALUES ($1, $2, $3, $4::text[], $5, $6, $7::text[], $8::jsonb, $9::jsonb, $10::timestamptz)
       ON CONFLICT (domain) DO UPDATE SET
         name = CASE WHEN dispensaries.name_locked THEN dispensaries.name ELSE EXCLUDED.name END,
         platform = EXCLUDED.platform, menu_urls = EXCLUDED.menu_urls, products_count = EXCLUDED.products_count,
         matched_count = EXCLUDED.matched_count, categories = EXCLUDED.categories, top_strains = EXCLUDED.top_strains,
         median_price_per_gram = EXCLUDED.median_price_per_gram, last_scanned_at = EXCLUDED.last_scanned_at, updated_at = now()
       WHERE dispensaries.last_scanned_at IS NULL OR dispensaries.last_scanned_at <= EXCLUDED.last_scanned_at`,
      [
        s.domain,
        s.name,
        s.platform,
        s.menuUrls,
        s.facts.productsCount,
        s.facts.matchedCount,
        s.facts.categories,
        JSON.stringify(s.facts.topStrains),
        JSON.stringify(s.facts.medianPricePerGram),
        s.scannedAt,
      ],
    );
    await tx.query(`INSERT INTO dispensary_scans (domain, scanned_at, products_count, matched_count, strain_slugs) VALUES ($1, $2::timestamptz, $3, $4, $5::text[])`, [
      s.domain,
      s.scannedAt,
      s.facts.productsCount,
      s.facts.matchedCount,
      s.facts.strainSlugs,
    ]);
    await tx.query(
      `DELETE FROM dispensary_scans WHERE domain = $1 AND id NOT IN (
         SELECT id FROM dispensary_scans WHERE domain = $1 ORDER BY scanned_at DESC, id DESC LIMIT $2)`,
      [s.domain, SCANS_KEPT],
    );
  });
}

export async function listRows(db: Queryable, o: { q?: string; platform?: Platform; limit: number; offset: number }): Promise<{ rows: DispensaryRow[]; total: number }> {
  const where: string[] = [];
  const params: unknown[] = [];
  if (o.q) {
    params.push(`%${o.q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
    where.push(`(lower(name) LIKE $${params.length} OR domain LIKE $${params.length})`);
  }
  if (o.platform) {
    params.push(o.platform);
    where.push(`platform = $${params.length}`);
  }
  const w = where.length ? `WHERE ${where.join(' AND ')}` : '';
  const [rows, count] = await Promise.all([
    db.query<DispensaryRow>(`SELECT ${COLS} FROM dispensaries ${w} ORDER BY last_scanned_at DESC NULLS LAST, domain LIMIT $${params.length + 1} OFFSET $${params.length + 2}`, [
      ...params,
      o.limit,
      o.offset,
    ]),
    db.query<{ n: number }>(`SELECT count(*)::int AS n FROM dispensaries ${w}`, params),
  ]);
  return { rows: rows.rows, total: Number(count.rows[0]?.n ?? 0) };
}

export async function getRow(db: Queryable, domain: string): Promise<{ row: DispensaryRow; scans: ScanRow[] } | null> {
  const r = await db.query<DispensaryRow>(`SELECT ${COLS} FROM dispensaries WHERE domain = $1`, [domain]);
  if (!r.rows[0]) return null;
  const scans = await db.query<ScanRow>(`SELECT scanned_at, products_count, matched_count FROM dispensary_scans WHERE domain = $1 ORDER BY scanned_at DESC, id DESC LIMIT $2`, [
    domain,
    SCANS_KEPT,
  ]);
  return { row: r.rows[0], scans: scans.rows };
}

/** PATCH: a corrected name is locked against later scans; address and website are set (null clears). */
export async function patchRow(db: Queryable, domain: string, p: { name?: string; address?: string | null; website?: string | null }): Promise<boolean> {
  const sets: string[] = [];
  const params: unknown[] = [domain];
  if (p.name !== undefined) sets.push(`name = $${params.push(p.name)}, name_locked = true`);
  if (p.address !== undefined) sets.push(`address = $${params.push(p.address)}`);
  if (p.website !== undefined) sets.push(`website = $${params.push(p.website)}`);
  const r = await db.query(`UPDATE dispensaries SET ${[...sets, 'updated_at = now()'].join(', ')} WHERE domain = $1`, params);
  return r.rowCount > 0;
}

/** Strains by how many distinct dispensaries listed them in scans since `days` ago (trending). */
export async function strainDemand(db: Queryable, days: number): Promise<Array<{ slug: string; dispensaries: number }>> {
  const r = await db.query<{ slug: string; n: number }>(
    `SELECT slug, count(DISTINCT domain)::int AS n
       FROM dispensary_scans, unnest(strain_slugs) AS slug
      WHERE scanned_at > now() - ($1::int * interval '1 day')
      GROUP BY slug ORDER BY n DESC, slug LIMIT 500`,
    [days],
  );
  return r.rows.map((x) => ({ slug: x.slug, dispensaries: Number(x.n) }));
}

/** The scan figures of GET /meta/freshness (see CATALOG_FRESHNESS_SQL in lib/strains/repo.ts). */
export const SCANS_FRESHNESS_SQL = {
  latestAt: `(SELECT max(last_scanned_at) FROM dispensaries)`,
  domains: `(SELECT count(*)::int FROM dispensaries WHERE last_scanned_at IS NOT NULL)`,
} as const;
