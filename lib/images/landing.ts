import type { Queryable } from '@/lib/db';
import type { LandingProblem } from '@/lib/images/schemas';
import { ApiError } from '@/lib/errors';
import { generateStoredImage, promptedImage, type PromptedImage } from '@/lib/images/generate';
import { problemImagePrompt } from '@/lib/images/prompts';
import { selectLandingProblem, selectLandingProblems, setProblemImage } from '@/lib/images/repo';

export const LANDING_IMAGE_SIZE = { width: 1024, height: 768 } as const;

export { LandingProblemSchema, type LandingProblem } from '@/lib/images/schemas';

export function listLandingProblems(db: Queryable): Promise<LandingProblem[]> {
  return selectLandingProblems(db);
}

export interface ProblemImageResult extends PromptedImage {
  problemId: string;
}

export async function generateProblemImage(db: Queryable, problemId: string, signal?: AbortSignal): Promise<ProblemImageResult> {
  const problem = await selectLandingProblem(db, problemId);
  if (!problem) throw ApiError.notFound('problem', problemId);
  const prompt = problemImagePrompt(problem);
  const img = await generateStoredImage(prompt, { folder: 'landing', size: LANDING_IMAGE_SIZE, shape: 'card', signal });
  await setProblemImage(db, problemId, { url: img.imageUrl, prompt, provider: img.provider });
  return { problemId, ...promptedImage(img, prompt) };
}
