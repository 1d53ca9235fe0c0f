import { z } from 'zod';
import { defineRoute, route } from '@/lib/http';
import { previewBlogImage } from '@/lib/images/service';
import { text } from '@/lib/research/text';

export const dynamic = 'force-dynamic';

export const { GET, HEAD, OPTIONS, POST, PUT, PATCH, DELETE } = route({
  GET: defineRoute(
    {
      auth: 'admin',
      query: z.object({ slug: text(1, 200) }),
      summary: 'The prompt a blog image would be generated from (nothing is generated)',
      tags: ['blog'],
      response: z.object({ slug: z.string(), prompt: z.string() }),
    },
    async ({ db, query }) => previewBlogImage(db, query.slug),
  ),
});
