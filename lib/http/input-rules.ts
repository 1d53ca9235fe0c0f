import { ApiError } from '../errors';

/**
 * One rule for every string a request carries (path, query, body, object keys included): no NUL
 * and no lone UTF-16 surrogate. PostgreSQL cannot store either (`invalid byte sequence for
 * encoding "UTF8": 0x00`), and a value that cannot be stored must be refused before anything
 * runs, not half-way through.
 */
export function assertStorableStrings(value: unknown, where: 'params' | 'query' | 'body'): void {
  const bad = findBad(value);
  if (!bad) return;
  throw new ApiError('VALIDATION_ERROR', 'Validation failed', [
    {
      code: 'invalid_string',
      message: bad.reason === 'nul' ? 'Strings must not contain NUL (\\u0000) characters' : 'Strings must be well-formed Unicode (no lone surrogates)',
      path: bad.path,
      location: where,
    },
  ]);
}

type Bad = { path: (string | number)[]; reason: 'nul' | 'surrogate' };

function check(s: string, path: (string | number)[]): Bad | null {
  if (s.includes('\u0000')) return { path, reason: 'nul' };
  if (!s.isWellFormed()) return { path, reason: 'surrogate' };
  return null;
}

/** Depth-first over the whole value without recursion (a deeply nested body cannot overflow the stack). */
function findBad(root: unknown): Bad | null {
  const stack: { value: unknown; path: (string | number)[] }[] = [{ value: root, path: [] }];
  while (stack.length) {
    const { value, path } = stack.pop() as { value: unknown; path: (string | number)[] };
    if (typeof value === 'string') {
      const b = check(value, path);
      if (b) return b;
    } else if (Array.isArray(value)) {
      for (let i = value.length - 1; i >= 0; i--) stack.push({ value: value[i], path: [...path, i] });
    } else if (value !== null && typeof value === 'object') {
      for (const [k, v] of Object.entries(value)) {
        const b = check(k, [...path, k]);
        if (b) return b;
        stack.push({ value: v, path: [...path, k] });
      }
    }
  }
  return null;
}
