import { defineRoute, route, paginated } from '@/lib/http';
import { listDrafts } from '@/lib/social/repo';
import { DraftListQuery, PatchDraftsBody, PatchDraftsResult, SocialDraftSchema } from '@/lib/social/schemas';
import { patchDrafts } from '@/lib/social/service';
import { z } from 'zod';

export const dynamic = 'force-dynamic';

export const { GET, HEAD, OPTIONS, POST, PUT, PATCH, DELETE } = route({
  GET: defineRoute(
    {
      auth: 'admin',
      query: DraftListQuery,
      summary: 'Social content drafts, newest first, filtered by status, platform and kind',
      description: 'Each draft carries `length { count, limit }`: the composed post (text, link, hashtags) counted as its platform counts.',
      tags: ['social'],
      response: z.array(SocialDraftSchema),
    },
    async ({ db, query }) => {
      const { items, total } = await listDrafts(db, query);
      return paginated(items, { limit: query.limit, offset: query.offset, total });
    },
  ),
  PATCH: defineRoute(
    {
      auth: 'admin',
      body: PatchDraftsBody,
      summary: 'Edit, approve, schedule, publish or reject drafts (1–50, all or nothing)',
      description:
        'Each update names the `version` it read: a stale version answers 409 CONFLICT (details.current is the draft as it is now). Transitions: draft→approved|rejected, approved→scheduled|draft|rejected, scheduled→published|approved, rejected→draft; published is final; anything else 422 INVALID_STATE_TRANSITION. `scheduledFor` must be in the future. A text that does not fit its platform answers 400. Any failure rolls the whole batch back.',
      tags: ['social'],
      response: PatchDraftsResult,
      responses: { 409: 'A draft was changed by someone else (stale version)', 422: 'A transition the table does not allow' },
    },
    async ({ db, body }) => ({ updated: await patchDrafts(db, body.updates) }),
  ),
});
