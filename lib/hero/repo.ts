import type { Queryable } from '@/lib/db';
import type { HeroImage, HeroSubject } from '@/lib/hero/schemas';

/** The only module that reads and writes `hero_images`. */

interface Row {
  subject: HeroSubject;
  slug: string;
  url: string;
  webp_url: string;
  width: number;
  height: number;
  prompt: string;
  provider: string;
  created_at: Date | string;
  updated_at: Date | string;
}

const COLS = `subject, slug, url, webp_url, width, height, prompt, provider, created_at, updated_at`;

function toHero(r: Row): HeroImage {
  return {
    subject: r.subject,
    slug: r.slug,
    url: r.url,
    webpUrl: r.webp_url,
    width: Number(r.width),
    height: Number(r.height),
    prompt: r.prompt,
    provider: r.provider,
    createdAt: new Date(r.created_at).toISOString(),
    updatedAt: new Date(r.updated_at).toISOString(),
  };
}

export async function getHeroImage(db: Queryable, subject: HeroSubject, slug: string): Promise<HeroImage | null> {
  const r = await db.query<Row>(`SELECT ${COLS} FROM hero_images WHERE subject = $1 AND slug = $2`, [subject, slug]);
  return r.rows[0] ? toHero(r.rows[0]) : null;
}

export async function listHeroImages(db: Queryable, q: { subject?: HeroSubject; slug?: string; limit: number; offset: number }): Promise<{ items: HeroImage[]; total: number }> {
  const where: string[] = [];
  const params: unknown[] = [];
  if (q.subject) where.push(`subject = $${params.push(q.subject)}`);
  if (q.slug) where.push(`slug = $${params.push(q.slug)}`);
  const w = where.length ? `WHERE ${where.join(' AND ')}` : '';
  const count = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM hero_images ${w}`, params);
  const rows = await db.query<Row>(`SELECT ${COLS} FROM hero_images ${w} ORDER BY updated_at DESC, subject, slug LIMIT $${params.length + 1} OFFSET $${params.length + 2}`, [
    ...params,
    q.limit,
    q.offset,
  ]);
  return { items: rows.rows.map(toHero), total: Number(count.rows[0]?.n ?? 0) };
}

export async function saveHeroImage(
  db: Queryable,
  h: { subject: HeroSubject; slug: string; url: string; webpUrl: string; width: number; height: number; prompt: string; provider: string },
): Promise<HeroImage> {
  const r = await db.query<Row>(
    `INSERT INTO hero_images (subject, slug, url, webp_url, width, height, prompt, provider)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
     ON CONFLICT (subject, slug) DO UPDATE
       SET url = EXCLUDED.url, webp_url = EXCLUDED.webp_url, width = EXCLUDED.width, height = EXCLUDED.height,
           prompt = EXCLUDED.prompt, provider = EXCLUDED.provider, updated_at = now()
     RETURNING ${COLS}`,
    [h.subject, h.slug, h.url, h.webpUrl, h.width, h.height, h.prompt, h.provider],
  );
  return toHero(r.rows[0]);
}
