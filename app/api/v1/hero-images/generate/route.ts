import { defineRoute, route } from '@/lib/http';
import { HeroGenerateBody, HeroGenerateResult } from '@/lib/hero/schemas';
import { generateHeroImage } from '@/lib/hero/service';

export const dynamic = 'force-dynamic';

export const { GET, HEAD, OPTIONS, POST, PUT, PATCH, DELETE } = route({
  POST: defineRoute(
    {
      auth: 'admin',
      body: HeroGenerateBody,
      summary: 'Generate (or reuse) a 1600×900 hero image for a strain or a page',
      description:
        'The prompt is built from the strain record (or the page slug); `prompt` replaces that description. Stored content-addressed as PNG (`url`) and WebP (`webpUrl`): the same prompt is generated once (`cached: true` afterwards). A strain’s complete profile then carries `heroImageUrl`. Unknown strain: 404.',
      tags: ['hero-images'],
      response: HeroGenerateResult,
    },
    async ({ db, body, signal }) => generateHeroImage(db, body, signal),
  ),
});
