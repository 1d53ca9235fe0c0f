import type { Queryable } from '@/lib/db';
import type { BlogPost, LandingProblem } from '@/lib/images/schemas';

/** The SQL of the images area: tables `blog_posts` and `app_landing_problems`, one row type and mapper each. */

interface BlogRow {
  slug: string;
  title: string;
  excerpt: string;
  body: string;
  tags: string[];
  hero_image_url: string | null;
  hero_image_prompt: string | null;
  hero_image_provider: string | null;
  hero_image_width: number | null;
  hero_image_height: number | null;
  published_at: Date | string;
  updated_at: Date | string;
}

const BLOG_COLS = `slug, title, excerpt, body, tags, hero_image_url, hero_image_prompt, hero_image_provider, hero_image_width, hero_image_height, published_at, updated_at`;

function toPost(r: BlogRow): BlogPost {
  return {
    slug: r.slug,
    title: r.title,
    excerpt: r.excerpt,
    body: r.body,
    tags: r.tags ?? [],
    heroImage: r.hero_image_url
      ? { url: r.hero_image_url, prompt: r.hero_image_prompt, provider: r.hero_image_provider, width: r.hero_image_width, height: r.hero_image_height }
      : null,
    publishedAt: new Date(r.published_at).toISOString(),
    updatedAt: new Date(r.updated_at).toISOString(),
  };
}

export async function selectBlogPosts(db: Queryable, opts: { limit: number; offset: number; tag?: string }): Promise<{ items: BlogPost[]; total: number }> {
  const where = opts.tag ? 'WHERE $3 = ANY (tags)' : '';
  const params: unknown[] = [opts.limit, opts.offset];
  if (opts.tag) params.push(opts.tag.toLowerCase());
  const [items, count] = await Promise.all([
    db.query<BlogRow>(`SELECT ${BLOG_COLS} FROM blog_posts ${where} ORDER BY published_at DESC, slug LIMIT $1 OFFSET $2`, params),
    db.query<{ n: number }>(`SELECT count(*)::int AS n FROM blog_posts ${opts.tag ? 'WHERE $1 = ANY (tags)' : ''}`, opts.tag ? [opts.tag.toLowerCase()] : []),
  ]);
  return { items: items.rows.map(toPost), total: Number(count.rows[0]?.n ?? 0) };
}

export async function selectBlogPost(db: Queryable, slug: string): Promise<BlogPost | null> {
  const r = await db.query<BlogRow>(`SELECT ${BLOG_COLS} FROM blog_posts WHERE slug = $1`, [slug]);
  return r.rows[0] ? toPost(r.rows[0]) : null;
}

export async function setBlogHeroImage(db: Queryable, slug: string, img: { url: string; prompt: string; provider: string; width: number; height: number }): Promise<void> {
  await db.query(
    `UPDATE blog_posts SET hero_image_url = $2, hero_image_prompt = $3, hero_image_provider = $4, hero_image_width = $5, hero_image_height = $6, updated_at = now()
      WHERE slug = $1`,
    [slug, img.url, img.prompt, img.provider, img.width, img.height],
  );
}

/** The blog figure of GET /meta/freshness (see CATALOG_FRESHNESS_SQL in lib/strains/repo.ts). */
export const BLOG_FRESHNESS_SQL = {
  latestPublishedAt: `(SELECT max(published_at) FROM blog_posts WHERE published_at <= now())`,
} as const;

interface ProblemRow {
  id: string;
  title: string;
  description: string;
  sort_order: number;
  image_url: string | null;
  image_prompt: string | null;
  image_provider: string | null;
}

const toProblem = (r: ProblemRow): LandingProblem => ({
  id: r.id,
  title: r.title,
  description: r.description,
  order: Number(r.sort_order),
  imageUrl: r.image_url,
  imagePrompt: r.image_prompt,
  imageProvider: r.image_provider,
});

const PROBLEM_COLS = 'id, title, description, sort_order, image_url, image_prompt, image_provider';

export async function selectLandingProblems(db: Queryable): Promise<LandingProblem[]> {
  const r = await db.query<ProblemRow>(`SELECT ${PROBLEM_COLS} FROM app_landing_problems ORDER BY sort_order, id`);
  return r.rows.map(toProblem);
}

export async function selectLandingProblem(db: Queryable, id: string): Promise<LandingProblem | null> {
  const r = await db.query<ProblemRow>(`SELECT ${PROBLEM_COLS} FROM app_landing_problems WHERE id = $1`, [id]);
  return r.rows[0] ? toProblem(r.rows[0]) : null;
}

export async function setProblemImage(db: Queryable, id: string, img: { url: string; prompt: string; provider: string }): Promise<void> {
  await db.query(`UPDATE app_landing_problems SET image_url = $2, image_prompt = $3, image_provider = $4, updated_at = now() WHERE id = $1`, [
    id,
    img.url,
    img.prompt,
    img.provider,
  ]);
}
