import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';

/**
 * One contract for server and client (docs/architecture.md): the zod schemas in the schema
 * modules are the types pages and hooks use, so those modules must stay free of server code, and
 * a client component may take values (not only types) from lib/ only where that holds. Pages,
 * components and hooks declare no object type of their own that copies a route schema's keys: they
 * use `z.output<typeof Schema>` (or a type the schema module derives from it).
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

/**
 * The object types a page or component declares for itself (`interface X { … }`, `type X = { … }`)
 * with the names of their top-level properties.
 */
export function localObjectTypes(src: string): Array<{ name: string; keys: string[] }> {
  const out: Array<{ name: string; keys: string[] }> = [];
  for (const m of src.matchAll(/^\s*(?:export\s+)?(?:interface\s+(\w+)(?:\s+extends[^{]*)?|type\s+(\w+)(?:<[^>]*>)?\s*=)\s*\{/gm)) {
    let depth = 1;
    let i = m.index! + m[0].length;
    let body = '';
    for (; i < src.length && depth > 0; i++) {
      const c = src[i];
      if (c === '{' || c === '(' || c === '[' || c === '<') depth++;
      else if (c === '}' || c === ')' || c === ']' || (c === '>' && src[i - 1] !== '=')) depth--;
      if (depth === 1 || (depth === 0 && c !== '}')) body += c;
      else if (depth > 1) body += ' ';
    }
    const keys = [...body.matchAll(/(?:^|[;,\n{])\s*(?:readonly\s+)?['"]?([A-Za-z_$][\w$]*)['"]?\??\s*:/g)].map((k) => k[1]);
    out.push({ name: m[1] ?? m[2], keys: [...new Set(keys)] });
  }
  return out;
}

/** Every exported zod object of the schema modules, by `module#export`, with its keys. */
async function schemaShapes(modules: string[]): Promise<Map<string, string[]>> {
  const shapes = new Map<string, string[]>();
  for (const f of modules) {
    const mod = (await import(f)) as Record<string, unknown>;
    for (const [name, v] of Object.entries(mod)) if (v instanceof z.ZodObject) shapes.set(`${path.relative(ROOT, f)}#${name}`, Object.keys(v.shape));
  }
  return shapes;
}

/** A hand-written copy: four or more properties, every one of them a key of the same route schema. */
const COPY_MIN_KEYS = 4;

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

  it('the copy finder reads interfaces and object types', () => {
    const src = `interface A {\n  domain: string;\n  topStrains: { slug: string; name: string }[];\n  medianPricePerGram: Record<string, number>;\n  m?: (x: number) => void;\n}\ntype B = { x: number; 'y': string };`;
    expect(localObjectTypes(src)).toEqual([
      { name: 'A', keys: ['domain', 'topStrains', 'medianPricePerGram', 'm'] },
      { name: 'B', keys: ['x', 'y'] },
    ]);
  });

  it('pages and components keep no hand-written copy of a route schema (they use z.output<typeof Schema>)', async () => {
    const shapes = await schemaShapes(schemaModules);
    expect(shapes.size).toBeGreaterThan(20);
    const copies: string[] = [];
    for (const f of [...walk(path.join(ROOT, 'components')), ...walk(path.join(ROOT, 'app')), ...walk(path.join(ROOT, 'lib', 'client'))]) {
      for (const t of localObjectTypes(fs.readFileSync(f, 'utf8'))) {
        if (t.keys.length < COPY_MIN_KEYS) continue;
        for (const [schema, keys] of shapes) if (t.keys.every((k) => keys.includes(k))) copies.push(`${path.relative(ROOT, f)} ${t.name} copies ${schema}`);
      }
    }
    expect(copies).toEqual([]);
  });
});
