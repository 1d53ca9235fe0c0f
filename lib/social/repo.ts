import type { Queryable } from '@/lib/db';
import { checkLength, PLATFORMS, type Platform } from '@/lib/social/length';
import { DRAFT_STATUSES, type DraftKind, type DraftListQuery, type DraftStatus, type SocialDraft, type SocialStats, type SourceKind } from '@/lib/social/schemas';

/** The only module that reads and writes `social_drafts`. */

export interface DraftRow {
  id: string;
  platform: Platform;
  kind: DraftKind;
  text: string;
  hashtags: string[];
  image_url: string | null;
  link: string | null;
  status: DraftStatus;
  scheduled_for: Date | string | null;
  published_at: Date | string | null;
  source_kind: SourceKind;
  source_id: string;
  version: number;
  created_at: Date | string;
  updated_at: Date | string;
}

export const DRAFT_COLUMNS = `id, platform, kind, text, hashtags, image_url, link, status, scheduled_for, published_at, source_kind, source_id, version, created_at, updated_at`;

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

export function rowToDraft(r: DraftRow): SocialDraft {
  const hashtags = r.hashtags ?? [];
  const len = checkLength(r.platform, { text: r.text, hashtags, link: r.link });
  return {
    id: r.id,
    platform: r.platform,
    kind: r.kind,
    text: r.text,
    hashtags,
    imageUrl: r.image_url,
    link: r.link,
    status: r.status,
    scheduledFor: iso(r.scheduled_for),
    publishedAt: iso(r.published_at),
    source: { kind: r.source_kind, id: r.source_id },
    version: Number(r.version),
    length: { count: len.length, limit: len.limit },
    createdAt: iso(r.created_at)!,
    updatedAt: iso(r.updated_at)!,
  };
}

export async function listDrafts(db: Queryable, q: DraftListQuery): Promise<{ items: SocialDraft[]; total: number }> {
  const where: string[] = [];
  const params: unknown[] = [];
  if (q.status) where.push(`status = $${params.push(q.status)}`);
  if (q.platform) where.push(`platform = $${params.push(q.platform)}`);
  if (q.kind) where.push(`kind = $${params.push(q.kind)}`);
  const w = where.length ? `WHERE ${where.join(' AND ')}` : '';
  const count = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM social_drafts ${w}`, params);
  const rows = await db.query<DraftRow>(
    `SELECT ${DRAFT_COLUMNS} FROM social_drafts ${w} ORDER BY created_at DESC, platform, id LIMIT $${params.length + 1} OFFSET $${params.length + 2}`,
    [...params, q.limit, q.offset],
  );
  return { items: rows.rows.map(rowToDraft), total: Number(count.rows[0]?.n ?? 0) };
}

/** Lock the named drafts for this transaction (in id order, so two batches cannot deadlock). */
export async function lockDrafts(tx: Queryable, ids: string[]): Promise<Map<string, DraftRow>> {
  const r = await tx.query<DraftRow>(`SELECT ${DRAFT_COLUMNS} FROM social_drafts WHERE id = ANY ($1::uuid[]) ORDER BY id FOR UPDATE`, [ids]);
  return new Map(r.rows.map((row) => [row.id, row]));
}

export interface DraftChanges {
  text: string;
  hashtags: string[];
  status: DraftStatus;
  scheduledFor: string | null;
  publishedAt: string | null;
}

/** Write one draft if it still has `version`; null when someone else changed it first. */
export async function updateDraft(tx: Queryable, id: string, version: number, c: DraftChanges): Promise<SocialDraft | null> {
  const r = await tx.query<DraftRow>(
    `UPDATE social_drafts
        SET text = $3, hashtags = $4::text[], status = $5, scheduled_for = $6::timestamptz, published_at = $7::timestamptz,
            version = version + 1, updated_at = now()
      WHERE id = $1 AND version = $2
      RETURNING ${DRAFT_COLUMNS}`,
    [id, version, c.text, c.hashtags, c.status, c.scheduledFor, c.publishedAt],
  );
  return r.rows[0] ? rowToDraft(r.rows[0]) : null;
}

export interface NewDraft {
  platform: Platform;
  kind: DraftKind;
  text: string;
  hashtags: string[];
  imageUrl: string | null;
  link: string | null;
  sourceKind: SourceKind;
  sourceId: string;
}

/** Insert a draft unless one exists for its platform and source; null when it already did. */
export async function insertDraft(db: Queryable, d: NewDraft): Promise<SocialDraft | null> {
  const r = await db.query<DraftRow>(
    `INSERT INTO social_drafts (platform, kind, text, hashtags, image_url, link, source_kind, source_id)
     VALUES ($1, $2, $3, $4::text[], $5, $6, $7, $8)
     ON CONFLICT (platform, source_kind, source_id) DO NOTHING
     RETURNING ${DRAFT_COLUMNS}`,
    [d.platform, d.kind, d.text, d.hashtags, d.imageUrl, d.link, d.sourceKind, d.sourceId],
  );
  return r.rows[0] ? rowToDraft(r.rows[0]) : null;
}

export async function draftStats(db: Queryable): Promise<SocialStats> {
  const [byStatus, byPlatform, windows] = await Promise.all([
    db.query<{ k: string; n: number }>(`SELECT status AS k, count(*)::int AS n FROM social_drafts GROUP BY status`),
    db.query<{ k: string; n: number }>(`SELECT platform AS k, count(*)::int AS n FROM social_drafts GROUP BY platform`),
    db.query<{ scheduled: number; published: number; created: number }>(
      `SELECT count(*) FILTER (WHERE status = 'scheduled' AND scheduled_for >= now() AND scheduled_for < now() + interval '7 days')::int AS scheduled,
              count(*) FILTER (WHERE status = 'published' AND published_at >= now() - interval '30 days')::int AS published,
              count(*) FILTER (WHERE created_at >= now() - interval '24 hours')::int AS created
         FROM social_drafts`,
    ),
  ]);
  const fill = (keys: readonly string[], rows: { k: string; n: number }[]) => {
    const out: Record<string, number> = Object.fromEntries(keys.map((k) => [k, 0]));
    for (const r of rows) out[r.k] = Number(r.n);
    return out;
  };
  const w = windows.rows[0];
  return {
    byStatus: fill(DRAFT_STATUSES, byStatus.rows),
    byPlatform: fill(PLATFORMS, byPlatform.rows),
    scheduledNext7Days: Number(w?.scheduled ?? 0),
    publishedLast30Days: Number(w?.published ?? 0),
    createdLast24h: Number(w?.created ?? 0),
  };
}
