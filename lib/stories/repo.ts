/** Daily stories storage (table of migration 20261125020100). */
import type { Queryable } from '@/lib/db';

export interface DailyStory {
  date: string;
  strain: { slug: string; name: string; type: string | null };
  title: string;
  body: string;
  highlights: string[];
  imageUrl: string | null;
  generatedAt: string;
}

interface Row {
  story_date: string | Date;
  strain_slug: string;
  strain_name: string;
  strain_type: string | null;
  title: string;
  body: string;
  highlights: string[] | string;
  image_url: string | null;
  generated_at: string | Date;
}

const COLS = 'story_date::text AS story_date, strain_slug, strain_name, strain_type, title, body, highlights, image_url, generated_at';

function toStory(r: Row): DailyStory {
  return {
    date: typeof r.story_date === 'string' ? r.story_date.slice(0, 10) : r.story_date.toISOString().slice(0, 10),
    strain: { slug: r.strain_slug, name: r.strain_name, type: r.strain_type },
    title: r.title,
    body: r.body,
    highlights: typeof r.highlights === 'string' ? JSON.parse(r.highlights) : r.highlights,
    imageUrl: r.image_url,
    generatedAt: new Date(r.generated_at).toISOString(),
  };
}

export async function findStory(db: Queryable, date: string): Promise<DailyStory | null> {
  const r = await db.query<Row>(`SELECT ${COLS} FROM daily_stories WHERE story_date = $1::date`, [date]);
  return r.rows[0] ? toStory(r.rows[0]) : null;
}

export async function firstStoryDate(db: Queryable): Promise<string | null> {
  const r = await db.query<{ d: string | null }>('SELECT min(story_date)::text AS d FROM daily_stories');
  return r.rows[0]?.d ?? null;
}

/** Insert once: a second writer for the same day keeps the first row (the primary key decides). */
export async function insertStory(db: Queryable, s: DailyStory & { provider: string; model: string }): Promise<DailyStory> {
  const r = await db.query<Row>(
    `INSERT INTO daily_stories (story_date, strain_slug, strain_name, strain_type, title, body, highlights, image_url, provider, model, generated_at)
     VALUES ($1::date, $2, $3, $4, $5, $6, $7::jsonb, $8, $9, $10, $11)
     ON CONFLICT (story_date) DO NOTHING
     RETURNING ${COLS}`,
    [s.date, s.strain.slug, s.strain.name, s.strain.type, s.title, s.body, JSON.stringify(s.highlights), s.imageUrl, s.provider, s.model, s.generatedAt],
  );
  return r.rows[0] ? toStory(r.rows[0]) : ((await findStory(db, s.date)) as DailyStory);
}

export async function listStories(db: Queryable, page: { limit: number; offset: number }): Promise<{ items: DailyStory[]; total: number }> {
  const [rows, count] = await Promise.all([
    db.query<Row>(`SELECT ${COLS} FROM daily_stories ORDER BY story_date DESC LIMIT $1 OFFSET $2`, [page.limit, page.offset]),
    db.query<{ n: number }>('SELECT count(*)::int AS n FROM daily_stories'),
  ]);
  return { items: rows.rows.map(toStory), total: Number(count.rows[0]?.n ?? 0) };
}

/** The story figure of GET /meta/freshness (see CATALOG_FRESHNESS_SQL in lib/strains/repo.ts). */
export const STORIES_FRESHNESS_SQL = {
  latestDate: `(SELECT max(story_date)::text FROM daily_stories)`,
} as const;

/** Slugs with a story within `days` of `date` (either side), that day itself excluded. */
export async function storySlugsAround(db: Queryable, date: string, days: number): Promise<Set<string>> {
  const r = await db.query<{ strain_slug: string }>(
    `SELECT strain_slug FROM daily_stories
     WHERE story_date <> $1::date AND story_date BETWEEN $1::date - $2::int AND $1::date + $2::int`,
    [date, days],
  );
  return new Set(r.rows.map((x) => x.strain_slug));
}
