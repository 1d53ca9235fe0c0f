import { describe, expect, it } from 'vitest';
import { editDistance, levenshtein } from '@/lib/strains/edit-distance';

describe('edit distances', () => {
  it.each([
    ['', '', 0, 0],
    ['product', 'product', 0, 0],
    ['proouct', 'product', 1, 1],
    ['prrobuct', 'product', 2, 2],
    ['myrcnee', 'myrcene', 2, 1],
    ['abc', '', 3, 3],
  ])('%j ~ %j: Levenshtein %i, with transpositions %i', (a, b, plain, osa) => {
    expect(levenshtein(a, b)).toBe(plain);
    expect(levenshtein(b, a)).toBe(plain);
    expect(editDistance(a, b)).toBe(osa);
  });
});
