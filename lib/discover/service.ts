import type { Db, Queryable } from '@/lib/db';
import { strainDemand } from '@/lib/dispensaries/service';
import { resolveStrainSlugs } from '@/lib/strains/repo';
import { ApiError } from '@/lib/errors';
import type { Strain } from '@/lib/strains/types';
import type { DiscoverList, RefreshResult } from '@/lib/discover/schemas';
import {
  COMPUTED_LISTS,
  COMPUTED_SLUGS,
  computedCount,
  deleteCurated,
  getListRow,
  insertCurated,
  listRows,
  listStrains,
  refreshComputed,
  updateCurated,
  type ListRow,
} from '@/lib/discover/repo';

export { COMPUTED_LISTS, COMPUTED_SIZE } from '@/lib/discover/repo';

/** Days of menu scans that count for "trending this week". */
export const TRENDING_DAYS = 7;

export { DiscoverDetailSchema, DiscoverListSchema, RefreshResultSchema, SLUG_RE, type DiscoverList, type RefreshResult } from '@/lib/discover/schemas';
/** Slugs a curated list may not take: the computed ones and the admin action `refresh`. */
export const RESERVED_SLUGS = new Set([...COMPUTED_SLUGS, 'refresh']);

function toList(r: ListRow): DiscoverList {
  return { slug: r.slug, title: r.title, description: r.description, kind: r.kind, strainCount: Number(r.strain_count), updatedAt: new Date(r.updated_at).toISOString() };
}

let inFlight: Promise<RefreshResult> | null = null;

/**
 * Recompute every computed list (the daily sync and POST /admin/discover/refresh). Idempotent: a
 * list whose members did not change keeps its `updatedAt`. One refresh at a time per process.
 */
export function refreshDiscoverLists(db: Queryable): Promise<RefreshResult> {
  if (!inFlight)
    inFlight = (async () => {
      const t = Date.now();
      const demand = await strainDemand(db, TRENDING_DAYS);
      const d = { slugs: demand.map((x) => x.slug), counts: demand.map((x) => x.dispensaries) };
      let changed = 0;
      for (const [i, def] of COMPUTED_LISTS.entries()) if (await refreshComputed(db, def, (i + 1) * 10, d)) changed++;
      return { lists: COMPUTED_LISTS.length, changed, durationMs: Date.now() - t };
    })().finally(() => {
      inFlight = null;
    });
  return inFlight;
}

const ensured = new WeakSet<object>();

/**
 * Before the first daily sync the computed lists do not exist yet: build them on first read. Once
 * they exist they stay (no route deletes a computed list), so each database is checked once per
 * process.
 */
async function ensureComputed(db: Db): Promise<void> {
  if (ensured.has(db)) return;
  if ((await computedCount(db)) < COMPUTED_LISTS.length) await refreshDiscoverLists(db);
  ensured.add(db);
}

export async function discoverIndex(db: Db, o: { kind?: 'computed' | 'curated'; limit: number; offset: number }) {
  await ensureComputed(db);
  const { rows, total } = await listRows(db, o);
  return { items: rows.map(toList), total };
}

export async function discoverList(db: Db, slug: string, limit: number, offset: number): Promise<{ list: DiscoverList; strains: Strain[]; total: number }> {
  if (COMPUTED_SLUGS.has(slug)) await ensureComputed(db);
  const row = await getListRow(db, slug);
  if (!row) throw ApiError.notFound('discover list', slug);
  const list = toList(row);
  return { list, strains: await listStrains(db, slug, limit, offset), total: list.strainCount };
}

async function idsFor(db: Queryable, slugs: string[]): Promise<string[]> {
  const unique = [...new Set(slugs)];
  const { ids, unknown } = await resolveStrainSlugs(db, unique);
  if (unknown.length)
    throw new ApiError('BAD_REQUEST', `Unknown strain slug${unknown.length > 1 ? 's' : ''}: ${unknown.slice(0, 10).join(', ')}`, { unknownSlugs: unknown.slice(0, 50) });
  return ids;
}

export async function createCurated(db: Db, b: { slug: string; title: string; description?: string; strainSlugs: string[] }): Promise<DiscoverList> {
  if (RESERVED_SLUGS.has(b.slug)) throw new ApiError('CONFLICT', `The slug ${b.slug} belongs to a computed list`, { slug: b.slug });
  const ids = await idsFor(db, b.strainSlugs);
  if (!(await insertCurated(db, { slug: b.slug, title: b.title, description: b.description ?? '', ids })))
    throw new ApiError('CONFLICT', `A list with the slug ${b.slug} exists`, { slug: b.slug });
  return toList((await getListRow(db, b.slug))!);
}

export async function patchCurated(db: Db, slug: string, b: { title?: string; description?: string; strainSlugs?: string[] }): Promise<DiscoverList> {
  const ids = b.strainSlugs ? await idsFor(db, b.strainSlugs) : undefined;
  const r = await updateCurated(db, slug, { title: b.title, description: b.description, ids });
  if (r === 'missing') throw ApiError.notFound('discover list', slug);
  if (r === 'computed') throw new ApiError('FORBIDDEN', 'Computed lists are rebuilt from the catalog and cannot be edited', { slug, kind: 'computed' });
  return toList((await getListRow(db, slug))!);
}

export async function removeCurated(db: Db, slug: string): Promise<{ slug: string; deleted: true }> {
  const r = await deleteCurated(db, slug);
  if (r === 'missing') throw ApiError.notFound('discover list', slug);
  if (r === 'computed') throw new ApiError('FORBIDDEN', 'Computed lists are rebuilt from the catalog and cannot be deleted', { slug, kind: 'computed' });
  return { slug, deleted: true };
}
