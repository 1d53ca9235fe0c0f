import { z } from 'zod';
import { defineRoute, route } from '@/lib/http';
import { generateBlogImage } from '@/lib/images/service';
import { text } from '@/lib/research/text';

export const dynamic = 'force-dynamic';

export const { GET, HEAD, OPTIONS, POST, PUT, PATCH, DELETE } = route({
  POST: defineRoute(
    {
      auth: 'admin',
      body: z.object({ slug: text(1, 200) }),
      summary: 'Generate and attach a blog post hero image',
      description:
        'Builds a prompt from the post, generates (OpenAI when configured, else the local artwork renderer), stores it and attaches it. Idempotent per prompt: the same prompt reuses the stored image (`cached: true`).',
      tags: ['blog'],
      response: z.object({
        slug: z.string(),
        imageUrl: z.string(),
        prompt: z.string(),
        provider: z.string(),
        width: z.number(),
        height: z.number(),
        pngUrl: z.string(),
        cached: z.boolean(),
      }),
    },
    async ({ db, body, signal }) => generateBlogImage(db, body.slug, signal),
  ),
});
