import type { Queryable } from '../db';
import type { LandingProblem } from './schemas';
import { ApiError } from '../errors';
import { generateStoredImage } from './generate';
import { problemImagePrompt } from './prompts';

export const LANDING_IMAGE_SIZE = { width: 1024, height: 768 } as const;

export { LandingProblemSchema, type LandingProblem } from './schemas';

interface Row {
  id: string;
  title: string;
  description: string;
  sort_order: number;
  image_url: string | null;
  image_prompt: string | null;
  image_provider: string | null;
}

const toProblem = (r: Row): LandingProblem => ({
  id: r.id,
  title: r.title,
  description: r.description,
  order: Number(r.sort_order),
  imageUrl: r.image_url,
  imagePrompt: r.image_prompt,
  imageProvider: r.image_provider,
});

const COLS = 'id, title, description, sort_order, image_url, image_prompt, image_provider';

export async function listLandingProblems(db: Queryable): Promise<LandingProblem[]> {
  const r = await db.query<Row>(`SELECT ${COLS} FROM app_landing_problems ORDER BY sort_order, id`);
  return r.rows.map(toProblem);
}

export interface ProblemImageResult {
  problemId: string;
  imageUrl: string;
  prompt: string;
  provider: string;
  width: number;
  height: number;
  pngUrl: string;
  cached: boolean;
}

export async function generateProblemImage(db: Queryable, problemId: string, signal?: AbortSignal): Promise<ProblemImageResult> {
  const r = await db.query<Row>(`SELECT ${COLS} FROM app_landing_problems WHERE id = $1`, [problemId]);
  if (!r.rows[0]) throw ApiError.notFound('problem', problemId);
  const prompt = problemImagePrompt(r.rows[0]);
  const img = await generateStoredImage(prompt, { folder: 'landing', size: LANDING_IMAGE_SIZE, shape: 'card', signal });
  await db.query(`UPDATE app_landing_problems SET image_url = $2, image_prompt = $3, image_provider = $4, updated_at = now() WHERE id = $1`, [
    problemId,
    img.imageUrl,
    prompt,
    img.provider,
  ]);
  return { problemId, imageUrl: img.imageUrl, prompt, provider: img.provider, width: img.width, height: img.height, pngUrl: img.pngUrl, cached: img.cached };
}
