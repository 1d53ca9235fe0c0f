import { defineRoute, route } from '@/lib/http';
import { StrainSubmissionSchema, SubmitResultSchema } from '@/lib/research/schemas';
import { submitStrain } from '@/lib/research/service';

export const dynamic = 'force-dynamic';

export const { GET, HEAD, OPTIONS, POST, PUT, PATCH, DELETE } = route({
  POST: defineRoute(
    {
      auth: 'public',
      limit: 'submission',
      limitBy: 'ip',
      body: StrainSubmissionSchema,
      summary: 'Submit a new strain for research',
      description:
        'Public, 5 per hour per IP. Answers `queued` (a research task drafts a profile for review) or `duplicate` (already in the catalog, or already queued). Implausible names answer 422 STRAIN_REJECTED with `details.reason`.',
      tags: ['research'],
      response: SubmitResultSchema,
      responses: { 422: 'Strain rejected (details.reason)' },
    },
    async ({ db, body, signal }) => submitStrain(db, body, { signal }),
  ),
});
