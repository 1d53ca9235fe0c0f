import type { Queryable } from '@/lib/db';
import type { LandingProblem } from '@/lib/images/schemas';
import { ApiError } from '@/lib/errors';
import { generateStoredImage } from '@/lib/images/generate';
import { problemImagePrompt } from '@/lib/images/prompts';
import { selectLandingProblem, selectLandingProblems, setProblemImage } from '@/lib/images/repo';

export const LANDING_IMAGE_SIZE = { width: 1024, height: 768 } as const;

export { LandingProblemSchema, type LandingProblem } from '@/lib/images/schemas';

export function listLandingProblems(db: Queryable): Promise<LandingProblem[]> {
  return selectLandingProblems(db);
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
  const problem = await selectLandingProblem(db, problemId);
  if (!problem) throw ApiError.notFound('problem', problemId);
  const prompt = problemImagePrompt(problem);
  const img = await generateStoredImage(prompt, { folder: 'landing', size: LANDING_IMAGE_SIZE, shape: 'card', signal });
  await setProblemImage(db, problemId, { url: img.imageUrl, prompt, provider: img.provider });
  return { problemId, imageUrl: img.imageUrl, prompt, provider: img.provider, width: img.width, height: img.height, pngUrl: img.pngUrl, cached: img.cached };
}
