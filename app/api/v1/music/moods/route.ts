import { defineRoute, ok, route } from '@/lib/http';
import { moodsTable, MoodsSchema } from '@/lib/music/service';

export const dynamic = 'force-dynamic';

export const { GET, HEAD, OPTIONS, POST, PUT, PATCH, DELETE } = route({
  GET: defineRoute(
    {
      auth: 'public',
      db: false,
      summary: 'The music table: terpene rows, type fallbacks and shifts, effect shifts, and the rules that combine them',
      tags: ['music'],
      response: MoodsSchema,
    },
    () => ok(moodsTable(), { headers: { 'cache-control': 'public, max-age=3600' } }),
  ),
});
