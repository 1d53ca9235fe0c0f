import type { Queryable } from '../db';
import type { BlogPost } from './schemas';
import { ApiError } from '../errors';
import { generateStoredImage } from './generate';
import { blogImagePrompt } from './prompts';

export const BLOG_IMAGE_SIZE = { width: 1200, height: 630 } as const;

export { BlogPostSchema, type BlogPost } from './schemas';

interface Row {
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

const COLS = `slug, title, excerpt, body, tags, hero_image_url, hero_image_prompt, hero_image_provider, hero_image_width, hero_image_height, published_at, updated_at`;

function toPost(r: Row): BlogPost {
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

export async function listBlogPosts(db: Queryable, opts: { limit: number; offset: number; tag?: string }): Promise<{ items: BlogPost[]; total: number }> {
  const where = opts.tag ? 'WHERE $3 = ANY (tags)' : '';
  const params: unknown[] = [opts.limit, opts.offset];
  if (opts.tag) params.push(opts.tag.toLowerCase());
  const [items, count] = await Promise.all([
    db.query<Row>(`SELECT ${COLS} FROM blog_posts ${where} ORDER BY published_at DESC, slug LIMIT $1 OFFSET $2`, params),
    db.query<{ n: number }>(`SELECT count(*)::int AS n FROM blog_posts ${opts.tag ? 'WHERE $1 = ANY (tags)' : ''}`, opts.tag ? [opts.tag.toLowerCase()] : []),
  ]);
  return { items: items.rows.map(toPost), total: Number(count.rows[0]?.n ?? 0) };
}

export async function getBlogPost(db: Queryable, slug: string): Promise<BlogPost> {
  const r = await db.query<Row>(`SELECT ${COLS} FROM blog_posts WHERE slug = $1`, [slug]);
  if (!r.rows[0]) throw ApiError.notFound('blog post', slug);
  return toPost(r.rows[0]);
}

export async function previewBlogImage(db: Queryable, slug: string): Promise<{ slug: string; prompt: string }> {
  const post = await getBlogPost(db, slug);
  return { slug, prompt: blogImagePrompt(post) };
}

export interface BlogImageResult {
  slug: string;
  imageUrl: string;
  prompt: string;
  provider: string;
  width: number;
  height: number;
  pngUrl: string;
  cached: boolean;
}

/** Build the prompt from the post, generate (or reuse) the image, store it and attach it. */
export async function generateBlogImage(db: Queryable, slug: string, signal?: AbortSignal): Promise<BlogImageResult> {
  const post = await getBlogPost(db, slug);
  const prompt = blogImagePrompt(post);
  const img = await generateStoredImage(prompt, { folder: 'blog', size: BLOG_IMAGE_SIZE, shape: 'landscape', signal });
  await db.query(
    `UPDATE blog_posts SET hero_image_url = $2, hero_image_prompt = $3, hero_image_provider = $4, hero_image_width = $5, hero_image_height = $6, updated_at = now()
      WHERE slug = $1`,
    [slug, img.imageUrl, prompt, img.provider, img.width, img.height],
  );
  return { slug, imageUrl: img.imageUrl, prompt, provider: img.provider, width: img.width, height: img.height, pngUrl: img.pngUrl, cached: img.cached };
}
