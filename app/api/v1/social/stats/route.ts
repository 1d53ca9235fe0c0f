import { defineRoute, route } from '@/lib/http';
import { draftStats } from '@/lib/social/repo';
import { SocialStatsSchema } from '@/lib/social/schemas';

export const dynamic = 'force-dynamic';

export const { GET, HEAD, OPTIONS, POST, PUT, PATCH, DELETE } = route({
  GET: defineRoute(
    {
      auth: 'admin',
      summary: 'Social draft counts: by status and platform, scheduled in the next 7 days, published in the last 30, created in the last 24 hours',
      tags: ['social'],
      response: SocialStatsSchema,
    },
    async ({ db }) => draftStats(db),
  ),
});
