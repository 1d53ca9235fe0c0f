import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { specifiers } from '@/tests/helpers/source-imports';

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

/** Does a specifier written in `file` name lib/http (by the alias or a relative path)? */
function namesLibHttp(file: string, spec: string): boolean {
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
