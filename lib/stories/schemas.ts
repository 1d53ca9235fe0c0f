import { z } from 'zod';

export const DailyStorySchema = z.object({
  date: z.string(),
  strain: z.object({ slug: z.string(), name: z.string(), type: z.string().nullable() }),
  title: z.string(),
  body: z.string().describe('markdown, 150–400 words'),
  highlights: z.array(z.string()),
  imageUrl: z.string().nullable(),
  generatedAt: z.string(),
});

export const DailyQuery = z.object({
  date: z.iso.date().optional().describe('YYYY-MM-DD (UTC); default today'),
});

export const StoriesQuery = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(20),
  offset: z.coerce.number().int().min(0).max(100_000).default(0),
});
