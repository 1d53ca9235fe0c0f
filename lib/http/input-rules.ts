import { ApiError } from '@/lib/errors';

/**
 * One rule for every string a request carries (path, query, body, object keys included): no NUL
 * and no lone UTF-16 surrogate. PostgreSQL cannot store either (`invalid byte sequence for
 * encoding "UTF8": 0x00`), and a value that cannot be stored must be refused before anything
 * runs, not half-way through.
 */
export function assertStorableStrings(value: unknown, where: 'params' | 'query' | 'body'): void {
  if (flatAndClean(value)) return;
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

function clean(s: string): boolean {
  return !s.includes('\u0000') && s.isWellFormed();
}

/**
 * The common case without a walk: path parameters and query strings are one level of strings (or
 * arrays of strings); when every key and value is clean there is nothing to report. Anything
 * else, or anything refused, goes through findBad (which builds the path of what it refuses).
 */
function flatAndClean(value: unknown): boolean {
  if (value === undefined || value === null) return true;
  if (typeof value !== 'object' || Array.isArray(value)) return false;
  for (const k in value) {
    if (!Object.hasOwn(value, k)) continue;
    if (!clean(k)) return false;
    const v = (value as Record<string, unknown>)[k];
    if (typeof v === 'string') {
      if (!clean(v)) return false;
    } else if (Array.isArray(v)) {
      for (const x of v) if (typeof x !== 'string' || !clean(x)) return false;
    } else return false;
  }
  return true;
}

type Bad = { path: (string | number)[]; reason: 'nul' | 'surrogate' };

function check(s: string, at: Step): Bad | null {
  if (s.includes('\u0000')) return { path: pathOf(at), reason: 'nul' };
  if (!s.isWellFormed()) return { path: pathOf(at), reason: 'surrogate' };
  return null;
}

/** A value still to visit, with how it was reached (the path is built only for a value refused). */
type Step = { value: unknown; key: string | number | null; parent: Step | null };

function pathOf(step: Step | null): (string | number)[] {
  const out: (string | number)[] = [];
  for (let s = step; s && s.key !== null; s = s.parent) out.push(s.key);
  return out.reverse();
}

/**
 * Depth-first over the whole value without recursion (a deeply nested body cannot overflow the
 * stack) and in time linear in its size: each step keeps a link to its parent instead of a copy of
 * its path, which made a body nested 20,000 deep cost 2·10⁸ copies (seconds of a blocked process).
 */
function findBad(root: unknown): Bad | null {
  const stack: Step[] = [{ value: root, key: null, parent: null }];
  while (stack.length) {
    const step = stack.pop() as Step;
    const { value } = step;
    if (typeof value === 'string') {
      const b = check(value, step);
      if (b) return b;
    } else if (Array.isArray(value)) {
      for (let i = value.length - 1; i >= 0; i--) stack.push({ value: value[i], key: i, parent: step });
    } else if (value !== null && typeof value === 'object') {
      for (const [k, v] of Object.entries(value)) {
        const child: Step = { value: v, key: k, parent: step };
        const b = check(k, child);
        if (b) return b;
        stack.push(child);
      }
    }
  }
  return null;
}
