import { z } from 'zod';

/** Response shapes of the blog and app-landing routes (pure zod: the admin pages import these types). */
export const BlogPostSchema = z.object({
  slug: z.string(),
  title: z.string(),
  excerpt: z.string(),
  body: z.string(),
  tags: z.array(z.string()),
  heroImage: z.object({ url: z.string(), prompt: z.string().nullable(), provider: z.string().nullable(), width: z.number().nullable(), height: z.number().nullable() }).nullable(),
  publishedAt: z.string(),
  updatedAt: z.string(),
});
export type BlogPost = z.output<typeof BlogPostSchema>;

export const LandingProblemSchema = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  order: z.number(),
  imageUrl: z.string().nullable(),
  imagePrompt: z.string().nullable(),
  imageProvider: z.string().nullable(),
});
export type LandingProblem = z.output<typeof LandingProblemSchema>;
