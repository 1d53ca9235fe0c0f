import type { Queryable } from '@/lib/db';
import type { BlogPost } from '@/lib/images/schemas';
import { ApiError } from '@/lib/errors';
import { generateStoredImage, promptedImage, type PromptedImage } from '@/lib/images/generate';
import { blogImagePrompt } from '@/lib/images/prompts';
import { selectBlogPost, selectBlogPosts, setBlogHeroImage } from '@/lib/images/repo';

export const BLOG_IMAGE_SIZE = { width: 1200, height: 630 } as const;

export { BlogPostSchema, type BlogPost } from '@/lib/images/schemas';

export function listBlogPosts(db: Queryable, opts: { limit: number; offset: number; tag?: string }): Promise<{ items: BlogPost[]; total: number }> {
  return selectBlogPosts(db, opts);
}

export async function getBlogPost(db: Queryable, slug: string): Promise<BlogPost> {
  const post = await selectBlogPost(db, slug);
  if (!post) throw ApiError.notFound('blog post', slug);
  return post;
}

export async function previewBlogImage(db: Queryable, slug: string): Promise<{ slug: string; prompt: string }> {
  const post = await getBlogPost(db, slug);
  return { slug, prompt: blogImagePrompt(post) };
}

export interface BlogImageResult extends PromptedImage {
  slug: string;
}

/** Build the prompt from the post, generate (or reuse) the image, store it and attach it. */
export async function generateBlogImage(db: Queryable, slug: string, signal?: AbortSignal): Promise<BlogImageResult> {
  const post = await getBlogPost(db, slug);
  const prompt = blogImagePrompt(post);
  const img = await generateStoredImage(prompt, { folder: 'blog', size: BLOG_IMAGE_SIZE, shape: 'landscape', signal });
  await setBlogHeroImage(db, slug, { url: img.imageUrl, prompt, provider: img.provider, width: img.width, height: img.height });
  return { slug, ...promptedImage(img, prompt) };
}
