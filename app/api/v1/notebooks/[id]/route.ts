import { z } from 'zod';
import { defineRoute, route } from '@/lib/http';
import { SavedNotebookSchema } from '@/lib/notebooks/input';
import { getNotebookForUser } from '@/lib/notebooks/repo';

export const dynamic = 'force-dynamic';

export const { GET, HEAD, OPTIONS, POST, PUT, PATCH, DELETE } = route({
  GET: defineRoute(
    {
      summary: 'A saved notebook (a finished batch) for the user who ran it; 404 NOTEBOOK_NOT_FOUND for anyone else',
      tags: ['notebooks'],
      auth: 'user',
      params: z.object({ id: z.string().max(100) }),
      response: SavedNotebookSchema,
    },
    async ({ db, params, user }) => getNotebookForUser(db, params.id, user!.sub),
  ),
});
