import { defineRoute, route } from '@/lib/http';
import { DailyQuery, DailyStorySchema } from '@/lib/stories/schemas';
import { dailyStory } from '@/lib/stories/service';

export const dynamic = 'force-dynamic';

export const { GET, HEAD, OPTIONS, POST, PUT, PATCH, DELETE } = route({
  GET: defineRoute(
    {
      summary: "The day's strain story (the same for every user; generated once, on the daily sync or the first request)",
      description:
        'A future date is 400; a date before the first story is 404. The strain is drawn by popularity and record completeness, seeded by the date, never repeated within 30 days.',
      tags: ['stories'],
      auth: 'user',
      tier: 'premium',
      feature: 'stories',
      query: DailyQuery,
      response: DailyStorySchema,
      responses: { 404: 'No story for that date (before the first story)' },
    },
    async ({ db, query }) => dailyStory(db, query.date),
  ),
});
