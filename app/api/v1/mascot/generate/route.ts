import { defineRoute, route } from '@/lib/http';
import { MascotGenerateBody, MascotGenerateResult } from '@/lib/mascot/schemas';
import { generateMascotPose } from '@/lib/mascot/service';

export const dynamic = 'force-dynamic';

export const { GET, HEAD, OPTIONS, POST, PUT, PATCH, DELETE } = route({
  POST: defineRoute(
    {
      auth: 'admin',
      body: MascotGenerateBody,
      summary: 'Generate (or reuse) the mascot in a pose: welcome | thinking | celebrating | sleepy | error | empty, or a custom pose of 2–40 characters',
      description:
        'The local renderer draws the same figure (shape, palette, outline) in every pose; a hosted image model gets the fixed character description plus the pose. 1024×1024, stored content-addressed as WebP (`imageUrl`) and PNG (`pngUrl`).',
      tags: ['mascot'],
      response: MascotGenerateResult,
    },
    async ({ db, body, signal }) => generateMascotPose(db, body.pose, signal),
  ),
});
