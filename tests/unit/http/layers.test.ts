import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Lower layers do not import lib/http (docs/architecture.md): the route handlers in app/ turn
 * what lib/ returns (data, an event stream from lib/events.ts, an entity tag from lib/etag.ts)
 * into Responses with lib/http's helpers. No module under lib/ outside lib/http imports it, not
 * even for a type (a type import still ties the module to the HTTP layer's shape).
 */
const ROOT = path.resolve(__dirname, '..', '..', '..');

function walk(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    return e.isDirectory() ? walk(p) : /\.tsx?$/.test(e.name) ? [p] : [];
  });
}

/** Every module specifier of a source text: static imports and re-exports, `import('…')`, `require('…')`. */
export function specifiers(src: string): string[] {
  const out: string[] = [];
  for (const m of src.matchAll(/\b(?:import|export)\b[^'";]*?\bfrom\s*['"]([^'"]+)['"]/g)) out.push(m[1]);
  for (const m of src.matchAll(/^\s*import\s*['"]([^'"]+)['"]/gm)) out.push(m[1]);
  for (const m of src.matchAll(/\b(?:import|require)\s*\(\s*['"]([^'"]+)['"]\s*\)/g)) out.push(m[1]);
  return out;
}

/** Does a specifier written in `file` name lib/http (by the alias or a relative path)? */
export function namesLibHttp(file: string, spec: string): boolean {
  if (spec.startsWith('@/')) return /^@\/lib\/http(\/|$)/.test(spec);
  if (!spec.startsWith('.')) return false;
  const rel = path.relative(path.join(ROOT, 'lib', 'http'), path.resolve(path.dirname(file), spec));
  return rel === '' || (!rel.startsWith('..') && !path.isAbsolute(rel));
}

describe('lower layers do not import lib/http', () => {
  it('the scanner sees every form of import', () => {
    const f = path.join(ROOT, 'lib', 'shopping', 'x.ts');
    const src = `import { a } from '@/lib/http';\nimport type { B } from '@/lib/http/sse';\nexport { c } from '../http/conditional';\nconst d = await import('@/lib/http/envelope');\nimport '@/lib/http/cors';`;
    expect(specifiers(src).filter((s) => namesLibHttp(f, s))).toHaveLength(5);
    expect(namesLibHttp(f, '@/lib/https-thing')).toBe(false);
    expect(namesLibHttp(f, '@/lib/httpx')).toBe(false);
  });

  it('no module under lib/ outside lib/http imports it', () => {
    const http = path.join(ROOT, 'lib', 'http') + path.sep;
    const offenders = walk(path.join(ROOT, 'lib'))
      .filter((f) => !f.startsWith(http))
      .flatMap((f) =>
        specifiers(fs.readFileSync(f, 'utf8'))
          .filter((s) => namesLibHttp(f, s))
          .map((s) => `${path.relative(ROOT, f)} → ${s}`),
      );
    expect(offenders).toEqual([]);
  });
});
