import { ApiError, defineRoute, route } from '@/lib/http';
import { getPaper } from '@/lib/research/papers/service';
import { PaperParams, PaperSchema } from '@/lib/research/papers/schemas';

export const dynamic = 'force-dynamic';

export const { GET, HEAD, OPTIONS, POST, PUT, PATCH, DELETE } = route({
  GET: defineRoute(
    {
      limit: 'moderate',
      params: PaperParams,
      summary: 'One research paper by id (404 NOT_FOUND when unknown)',
      tags: ['research'],
      response: PaperSchema,
    },
    async ({ db, params }) => {
      const paper = await getPaper(db, params.id);
      if (!paper) throw ApiError.notFound('paper', params.id);
      return paper;
    },
  ),
});
