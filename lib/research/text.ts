import { z } from 'zod';

/**
 * PostgreSQL text and jsonb cannot hold NUL, so a string carrying one would reach the database
 * only to fail there (a 500). Refusing it at the schema keeps garbage input a 400.
 */
export const noNul = (s: string) => !s.includes('\u0000');
export const NUL_MESSAGE = 'must not contain NUL characters';

/** A string with length bounds that refuses NUL. */
export function text(min: number, max: number) {
  return z.string().min(min).max(max).refine(noNul, NUL_MESSAGE);
}
