import { z } from 'zod';
import { defineRoute, route, ok } from '@/lib/http';
import { LandingProblemSchema, listLandingProblems } from '@/lib/images/service';

export const dynamic = 'force-dynamic';

export const { GET, HEAD, OPTIONS, POST, PUT, PATCH, DELETE } = route({
  GET: defineRoute({ auth: 'public', limit: 'lenient', summary: 'App landing problem cards', tags: ['app-landing'], response: z.array(LandingProblemSchema) }, async ({ db }) =>
    ok(await listLandingProblems(db), { headers: { 'cache-control': 'public, max-age=60' } }),
  ),
});
