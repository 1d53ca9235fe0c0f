import type { Queryable } from '../db';
import type { LandingProblem } from './schemas';
import { ApiError } from '../errors';
import { generateStoredImage } from './generate';
import { problemImagePrompt } from './prompts';
import { selectLandingProblem, selectLandingProblems, setProblemImage } from './repo';

export const LANDING_IMAGE_SIZE = { width: 1024, height: 768 } as const;

export { LandingProblemSchema, type LandingProblem } from './schemas';

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
