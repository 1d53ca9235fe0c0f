import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { specifiers } from '@/tests/helpers/source-imports';

/**
 * The same file roles in every area (docs/architecture.md): an area whose code a route calls has
 * a `service.ts` beside its `schemas.ts` and `repo.ts`. Infrastructure areas (HTTP, auth, the
 * database port, configuration, rate limits, storage, tasks, AI providers, scraping) have no such roles.
 */
const ROOT = path.resolve(__dirname, '..', '..', '..');
const INFRA = new Set(['http', 'auth', 'db', 'config', 'ratelimit', 'storage', 'tasks', 'ai', 'client', 'scrape']);

function routes(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    return e.isDirectory() ? routes(p) : e.name === 'route.ts' ? [p] : [];
  });
}

describe('file roles', () => {
  const files = routes(path.join(ROOT, 'app', 'api'));

  it('finds the route files', () => {
    expect(files.length).toBeGreaterThan(50);
  });

  it('every domain area a route imports has a service.ts', () => {
    const areas = new Set<string>();
    for (const f of files) {
      for (const s of specifiers(fs.readFileSync(f, 'utf8'))) {
        const m = /^@\/lib\/([a-z-]+)/.exec(s);
        // An area is a folder of lib/ (single modules such as lib/errors.ts or lib/health.ts are not).
        if (m && !INFRA.has(m[1]) && fs.statSync(path.join(ROOT, 'lib', m[1]), { throwIfNoEntry: false })?.isDirectory()) areas.add(m[1]);
      }
    }
    expect(areas.size).toBeGreaterThan(10);
    const missing = [...areas].filter((a) => !fs.existsSync(path.join(ROOT, 'lib', a, 'service.ts'))).sort();
    expect(missing).toEqual([]);
  });
});
