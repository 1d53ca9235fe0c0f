import { z } from 'zod';
import { defineRoute, route, ok } from '@/lib/http';
import { BlogPostSchema, getBlogPost } from '@/lib/images/service';
import { text } from '@/lib/research/text';

export const dynamic = 'force-dynamic';

export const { GET, HEAD, OPTIONS, POST, PUT, PATCH, DELETE } = route({
  GET: defineRoute(
    {
      auth: 'public',
      params: z.object({ slug: text(1, 200) }),
      summary: 'One blog post',
      tags: ['blog'],
      response: BlogPostSchema,
    },
    async ({ db, params }) => ok(await getBlogPost(db, params.slug), { headers: { 'cache-control': 'public, max-age=60, stale-while-revalidate=300' } }),
  ),
});
