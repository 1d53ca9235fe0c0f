import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * One contract for server and client (docs/architecture.md): the zod schemas in the schema
 * modules are the types pages and hooks use, so those modules must stay free of server code, and
 * a client component may take values (not only types) from lib/ only where that holds.
 */
const ROOT = path.resolve(__dirname, '..', '..', '..');
const SERVER_ONLY = /^(server-only|node:|pg$|@electric-sql\/|pino$|playwright|tesseract)/;

function resolve(from: string, spec: string): string | null {
  let base: string;
  if (spec.startsWith('@/')) base = path.join(ROOT, spec.slice(2));
  else if (spec.startsWith('.')) base = path.resolve(path.dirname(from), spec);
  else return null;
  for (const c of [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts')]) if (fs.existsSync(c) && fs.statSync(c).isFile()) return c;
  return null;
}

/** Runtime imports of a file (type-only imports and exports are erased and do not count). */
function runtimeImports(file: string): string[] {
  const src = fs.readFileSync(file, 'utf8');
  const out: string[] = [];
  for (const m of src.matchAll(/^\s*(import|export)\s+(type\s+)?([^'";]*?)\s*from\s+['"]([^'"]+)['"]/gm)) {
    if (m[2]) continue;
    // `import { type A, type B } from` is erased too.
    const names = m[3]
      .replace(/^\{|\}$/g, '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
    if (m[3].startsWith('{') && names.length > 0 && names.every((n) => n.startsWith('type '))) continue;
    out.push(m[4]);
  }
  for (const m of src.matchAll(/^\s*import\s+['"]([^'"]+)['"]/gm)) out.push(m[1]);
  return out;
}

/** The server-only packages a module reaches through its runtime imports, with the path there. */
function serverReach(file: string, seen = new Set<string>()): string[] {
  if (seen.has(file)) return [];
  seen.add(file);
  const found: string[] = [];
  for (const spec of runtimeImports(file)) {
    if (SERVER_ONLY.test(spec)) found.push(`${path.relative(ROOT, file)} → ${spec}`);
    const next = resolve(file, spec);
    if (next) found.push(...serverReach(next, seen));
  }
  return found;
}

function walk(dir: string, out: string[] = []): string[] {
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) walk(full, out);
    else if (/\.tsx?$/.test(e.name)) out.push(full);
  }
  return out;
}

describe('one contract for server and client', () => {
  const schemaModules = walk(path.join(ROOT, 'lib')).filter((f) => /\/schemas?\.ts$/.test(f));

  it('there are schema modules, and no hand-written copy of the API types for the pages', () => {
    expect(schemaModules.length).toBeGreaterThan(5);
    expect(fs.existsSync(path.join(ROOT, 'lib', 'client', 'types.ts'))).toBe(false);
  });

  it('schema modules reach no server-only code', () => {
    const offenders = schemaModules.flatMap((f) => serverReach(f));
    expect(offenders).toEqual([]);
  });

  it('client components take values from lib/ only where no server-only code is reached', () => {
    const clientFiles = [...walk(path.join(ROOT, 'components')), ...walk(path.join(ROOT, 'lib', 'client'))].filter((f) => /^['"]use client['"]/.test(fs.readFileSync(f, 'utf8')));
    expect(clientFiles.length).toBeGreaterThan(5);
    const offenders = clientFiles.flatMap((f) => serverReach(f));
    expect(offenders).toEqual([]);
  });
});
