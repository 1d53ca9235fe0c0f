import { z } from 'zod';

/** Mascot (DECISIONS §11): one character across poses. */

export const MASCOT_NAME = 'Terpy';
export const MASCOT_DESCRIPTION =
  'Terpy is a small, round, friendly sprout: a soft mid-green body with a pale green belly, a crown of three dark green leaves on top, two short stubby feet, rosy oval cheeks, big round white eyes with dark pupils and a thick dark green outline. Flat vector style, simple shapes, no text.';
export const MASCOT_SIZE = { width: 1024, height: 1024 } as const;

/** A standard pose key or a custom pose of 2–40 characters (letters, digits, spaces, hyphens, apostrophes). */
export const PoseInput = z
  .string()
  .trim()
  .min(2)
  .max(40)
  .regex(/^[\p{L}\p{N}][\p{L}\p{N} '-]*$/u, 'letters, digits, spaces, hyphens and apostrophes');

export const MascotGenerateBody = z.object({ pose: PoseInput }).strict();

export const MascotPoseSchema = z.object({ key: z.string(), title: z.string(), imageUrl: z.string().nullable(), pngUrl: z.string().nullable(), custom: z.boolean() });
export type MascotPose = z.output<typeof MascotPoseSchema>;

export const MascotSchema = z.object({ name: z.string(), description: z.string(), poses: z.array(MascotPoseSchema) });

export const MascotGenerateResult = z.object({
  key: z.string(),
  title: z.string(),
  imageUrl: z.string(),
  pngUrl: z.string(),
  prompt: z.string(),
  provider: z.string(),
  width: z.number(),
  height: z.number(),
  cached: z.boolean(),
});
