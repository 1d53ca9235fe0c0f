import { z } from 'zod';
import { defineRoute, route } from '@/lib/http';
import { generateProblemImage } from '@/lib/images/service';
import { text } from '@/lib/research/text';

export const dynamic = 'force-dynamic';

export const { GET, HEAD, OPTIONS, POST, PUT, PATCH, DELETE } = route({
  POST: defineRoute(
    {
      auth: 'admin',
      body: z.object({ problemId: text(1, 100) }),
      summary: 'Generate the image of one landing problem card',
      tags: ['app-landing'],
      response: z.object({
        problemId: z.string(),
        imageUrl: z.string(),
        prompt: z.string(),
        provider: z.string(),
        width: z.number(),
        height: z.number(),
        pngUrl: z.string(),
        cached: z.boolean(),
      }),
    },
    async ({ db, body, signal }) => generateProblemImage(db, body.problemId, signal),
  ),
});
