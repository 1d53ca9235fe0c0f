import { z } from 'zod';
import { defineRoute, route, paginated } from '@/lib/http';
import { BlogPostSchema, listBlogPosts } from '@/lib/images/service';
import { text } from '@/lib/research/text';

export const dynamic = 'force-dynamic';

const Query = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(20),
  offset: z.coerce.number().int().min(0).max(100_000).default(0),
  tag: text(1, 60).optional(),
});

export const { GET, HEAD, OPTIONS, POST, PUT, PATCH, DELETE } = route({
  GET: defineRoute({ auth: 'public', query: Query, summary: 'Blog posts, newest first', tags: ['blog'], response: z.array(BlogPostSchema) }, async ({ db, query }) => {
    const { items, total } = await listBlogPosts(db, query);
    return paginated(items, { limit: query.limit, offset: query.offset, total }, { 'cache-control': 'public, max-age=60, stale-while-revalidate=300' });
  }),
});
