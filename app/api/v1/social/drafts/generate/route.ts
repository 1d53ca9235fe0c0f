import { defineRoute, route } from '@/lib/http';
import { generateSocialDrafts } from '@/lib/social/generate';
import { GenerateDraftsBody, GenerateDraftsResult } from '@/lib/social/schemas';

export const dynamic = 'force-dynamic';

export const { GET, HEAD, OPTIONS, POST, PUT, PATCH, DELETE } = route({
  POST: defineRoute(
    {
      auth: 'admin',
      body: GenerateDraftsBody,
      summary: 'Draft social posts now for new content (what the daily sync does)',
      description:
        'Sources since `since` (default the last 7 days): strains approved from research submissions and blog posts published in the window (the daily story once that group exists); one draft per platform and source, never twice (`skipped` counts those that already existed).',
      tags: ['social'],
      response: GenerateDraftsResult,
    },
    async ({ db, body }) => generateSocialDrafts(db, { since: body?.since, platforms: body?.platforms }),
  ),
});
