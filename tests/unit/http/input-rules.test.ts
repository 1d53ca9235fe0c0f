import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/errors';
import { assertStorableStrings } from '@/lib/http/input-rules';

function refusal(value: unknown): { path: unknown; message: string } | null {
  try {
    assertStorableStrings(value, 'body');
    return null;
  } catch (e) {
    expect(e).toBeInstanceOf(ApiError);
    const d = (e as ApiError).details as Array<{ path: unknown; message: string }>;
    return d[0];
  }
}

/** `[[[ … value … ]]]` nested `depth` deep, built without recursion. */
function nested(depth: number, inner: unknown): unknown {
  let v = inner;
  for (let i = 0; i < depth; i++) v = [v];
  return v;
}

describe('assertStorableStrings: one rule for every string of a request', () => {
  it.each([
    ['a NUL in a nested value', { a: { b: ['ok', 'x\u0000'] } }, ['a', 'b', 1], 'NUL'],
    ['a lone surrogate in a value', { name: '\ud800' }, ['name'], 'surrogates'],
    ['a NUL in an object key', { ['k\u0000']: 1 }, ['k\u0000'], 'NUL'],
    ['a NUL at the top level', 'a\u0000b', [], 'NUL'],
    // one level of strings (path parameters, query strings): the walk-free check, same answers
    ['a NUL in a flat value', { slug: 'blue\u0000dream' }, ['slug'], 'NUL'],
    ['a lone surrogate in a repeated query value', { q: ['ok', 'x\udc00'] }, ['q', 1], 'surrogates'],
    ['a NUL in a flat key', { ['q\u0000']: 'x' }, ['q\u0000'], 'NUL'],
  ])('refuses %s, naming its path', (_name, value, path, words) => {
    const r = refusal(value);
    expect(r?.path).toEqual(path);
    expect(r?.message).toContain(words);
  });

  it('accepts flat objects of well-formed strings (and nothing at all)', () => {
    expect(refusal({ slug: 'blue-dream', q: ['a', '🌿'] })).toBeNull();
    expect(refusal({})).toBeNull();
    expect(refusal(undefined)).toBeNull();
  });

  it('accepts well-formed strings, numbers, nulls and empty containers', () => {
    expect(refusal({ a: ['🌿 Blue Dream', 3, null, {}, []], b: 'x'.repeat(10_000) })).toBeNull();
  });

  it('walks a body nested 100,000 deep and names the path of a NUL at its bottom', () => {
    // The walk keeps parent links, not path copies: a copy per level was quadratic (5·10⁹ copies here).
    const r = refusal({ deep: nested(100_000, 'x\u0000') });
    expect((r?.path as unknown[]).length).toBe(100_001);
    expect((r?.path as unknown[])[0]).toBe('deep');
    expect(refusal({ deep: nested(100_000, 'fine') })).toBeNull();
  });
});
