import type { Db, Queryable } from '@/lib/db';
import { ApiError } from '@/lib/errors';
import { logger } from '@/lib/log';
import { cleanMenuUrl, detectPlatform, type Platform } from '@/lib/dispensaries/platform';
import { getRow, listRows, patchRow, strainDemand, writeScan, type DispensaryRow } from '@/lib/dispensaries/repo';
import type { Dispensary, DispensaryDetail } from '@/lib/dispensaries/schemas';
import { scanFacts, type DispensaryScanSummary } from '@/lib/dispensaries/summary';

export { detectPlatform, PLATFORMS, type Platform } from '@/lib/dispensaries/platform';
export { dispensaryScanSummary, scanFacts, median, type DispensaryScanSummary } from '@/lib/dispensaries/summary';
export { strainDemand };

export { DispensaryDetailSchema, DispensarySchema, type Dispensary, type DispensaryDetail } from '@/lib/dispensaries/schemas';

const iso = (v: Date | string | null): string | null => (v === null ? null : new Date(v).toISOString());
const parse = <T>(v: T | string): T => (typeof v === 'string' ? (JSON.parse(v) as T) : v);

function toDispensary(r: DispensaryRow): Dispensary {
  return {
    domain: r.domain,
    name: r.name,
    platform: r.platform,
    menuUrls: r.menu_urls ?? [],
    lastScannedAt: iso(r.last_scanned_at),
    productsCount: Number(r.products_count),
    matchedRate: r.products_count > 0 ? Math.round((Number(r.matched_count) / Number(r.products_count)) * 1000) / 1000 : 0,
    categories: r.categories ?? [],
  };
}

/**
 * The shopping pipeline's hook: called once per completed scan (not for a cache hit). A failure is
 * logged and swallowed: dispensary metadata must never fail a user's scan.
 */
export async function recordDispensaryScan(db: Db, summary: DispensaryScanSummary): Promise<void> {
  try {
    const domain = summary.domain.trim().toLowerCase();
    if (!domain) return;
    const menuUrls = [...new Set(summary.menuUrls.map(cleanMenuUrl).filter((u): u is string => u !== null))].slice(0, 20);
    await writeScan(db, {
      domain,
      name: summary.name.trim().slice(0, 200) || domain,
      platform: detectPlatform(menuUrls),
      menuUrls,
      scannedAt: new Date(summary.scannedAt).toISOString(),
      facts: scanFacts(summary),
    });
  } catch (e) {
    logger().warn({ domain: summary.domain, err: e instanceof Error ? e.message : String(e) }, 'dispensary metadata not recorded');
  }
}

export async function listDispensaries(db: Queryable, o: { q?: string; platform?: Platform; limit: number; offset: number }) {
  const { rows, total } = await listRows(db, o);
  return { items: rows.map(toDispensary), total };
}

export async function getDispensary(db: Queryable, domain: string): Promise<DispensaryDetail> {
  const d = domain.trim().toLowerCase();
  const found = await getRow(db, d);
  if (!found) throw ApiError.notFound('dispensary', d);
  const { row, scans } = found;
  return {
    ...toDispensary(row),
    address: row.address,
    website: row.website,
    topStrains: parse(row.top_strains).map((t) => ({ slug: t.slug, name: t.name, count: Number(t.count) })),
    medianPricePerGram: parse(row.median_price_per_gram),
    scans: scans.map((s) => ({ scannedAt: new Date(s.scanned_at).toISOString(), productsCount: Number(s.products_count), matchedCount: Number(s.matched_count) })),
  };
}

export async function updateDispensary(db: Queryable, domain: string, p: { name?: string; address?: string | null; website?: string | null }): Promise<DispensaryDetail> {
  const d = domain.trim().toLowerCase();
  if (!(await patchRow(db, d, p))) throw ApiError.notFound('dispensary', d);
  return getDispensary(db, d);
}
