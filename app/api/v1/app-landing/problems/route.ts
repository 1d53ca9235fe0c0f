import { z } from 'zod';
import { defineRoute, ok } from '@/lib/http';
import { LandingProblemSchema, listLandingProblems } from '@/lib/images';

export const dynamic = 'force-dynamic';

export const GET = defineRoute(
  { auth: 'public', limit: 'lenient', summary: 'App landing problem cards', tags: ['app-landing'], response: z.array(LandingProblemSchema) },
  async ({ db }) => ok(await listLandingProblems(db), { headers: { 'cache-control': 'public, max-age=60' } }),
);
