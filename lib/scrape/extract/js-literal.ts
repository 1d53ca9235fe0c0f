import type { Json } from '@/lib/scrape/extract/json';

/**
 * JavaScript value literals read, never evaluated: objects (bare, quoted or numeric keys),
 * arrays, strings ('…' and "…"), numbers, `true` / `false` / `null` / `undefined` / `void 0`,
 * and bare identifiers standing for values given elsewhere (a Nuxt 2 payload's parameters).
 * Anything else (calls, `new`, operators) makes the read fail.
 */

/** Decodes the JS string literal ('...' or "...") starting at `at`, as used in `= JSON.parse('...')`. */
export function jsStringLiteral(src: string, at: number): string | null {
  const q = src[at];
  if (q !== '"' && q !== "'") return null;
  let body = '';
  for (let i = at + 1; i < src.length; i++) {
    const c = src[i];
    if (c === '\\') {
      const n = src[i + 1];
      // Re-escape for JSON: \' is not a JSON escape, a bare " must be escaped.
      body += n === "'" ? "'" : `\\${n}`;
      i++;
    } else if (c === q) {
      try {
        return JSON.parse(`"${body}"`) as string;
      } catch {
        return null;
      }
    } else body += c === '"' ? '\\"' : c;
  }
  return null;
}

const IDENT = /[A-Za-z_$][\w$]*/y;
const NUMBER = /-?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?/y;
const MAX_DEPTH = 200;

/** An identifier met inside a literal, resolved once the parameters' values are known. */
class Ref {
  constructor(readonly name: string) {}
}
type Value = Json | Ref | Value[] | { [k: string]: Value };

class Reader {
  i: number;
  constructor(
    readonly src: string,
    at: number,
  ) {
    this.i = at;
  }
  ws(): void {
    while (this.i < this.src.length && /\s/.test(this.src[this.i])) this.i++;
  }
  eat(c: string): boolean {
    this.ws();
    if (this.src[this.i] !== c) return false;
    this.i++;
    return true;
  }
  sticky(re: RegExp): string | null {
    re.lastIndex = this.i;
    const m = re.exec(this.src);
    if (!m) return null;
    this.i += m[0].length;
    return m[0];
  }
  string(): string | null {
    const s = jsStringLiteral(this.src, this.i);
    if (s === null) return null;
    // Skip the literal: find its closing quote (escapes skipped).
    const q = this.src[this.i];
    for (let j = this.i + 1; j < this.src.length; j++) {
      if (this.src[j] === '\\') j++;
      else if (this.src[j] === q) {
        this.i = j + 1;
        return s;
      }
    }
    return null;
  }
  value(depth = 0): Value | undefined {
    if (depth > MAX_DEPTH) return undefined;
    this.ws();
    const c = this.src[this.i];
    if (c === '{') {
      this.i++;
      const o: { [k: string]: Value } = {};
      while (!this.eat('}')) {
        this.ws();
        const k = this.src[this.i] === '"' || this.src[this.i] === "'" ? this.string() : (this.sticky(IDENT) ?? this.sticky(NUMBER));
        if (k === null || !this.eat(':')) return undefined;
        const v = this.value(depth + 1);
        if (v === undefined) return undefined;
        o[k] = v;
        if (!this.eat(',') && (this.ws(), this.src[this.i] !== '}')) return undefined;
      }
      return o;
    }
    if (c === '[') {
      this.i++;
      const a: Value[] = [];
      while (!this.eat(']')) {
        const v = this.value(depth + 1);
        if (v === undefined) return undefined;
        a.push(v);
        if (!this.eat(',') && (this.ws(), this.src[this.i] !== ']')) return undefined;
      }
      return a;
    }
    if (c === '"' || c === "'") return this.string() ?? undefined;
    const n = this.sticky(NUMBER);
    if (n !== null) return Number(n);
    const id = this.sticky(IDENT);
    if (id === null) return undefined;
    if (id === 'true' || id === 'false') return id === 'true';
    if (id === 'null' || id === 'undefined') return null;
    if (id === 'void') return this.sticky(/\s*0/y) !== null ? null : undefined;
    if (id === 'new' || id === 'function') return undefined;
    this.ws();
    if (this.src[this.i] === '(' || this.src[this.i] === '.') return undefined;
    return new Ref(id);
  }
}

function resolve(v: Value, scope: Map<string, Json>): Json {
  if (v instanceof Ref) return scope.get(v.name) ?? null;
  if (Array.isArray(v)) return v.map((x) => resolve(x, scope));
  if (v && typeof v === 'object') return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, resolve(x, scope)]));
  return v;
}

/**
 * Nuxt 2's server state, `window.__NUXT__=(function(a,b,c){return {…}}("Flower",null,true))`: the
 * returned literal with each parameter replaced by its argument. Null when the payload is not
 * that shape (statements before the return, calls inside).
 */
export function nuxtFunctionPayload(src: string, at: number): Json | null {
  const head = /\(\s*function\s*\(([\w$,\s]*)\)\s*\{\s*return\s*/y;
  head.lastIndex = at;
  const m = head.exec(src);
  if (!m) return null;
  const params = m[1]
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean);
  const r = new Reader(src, at + m[0].length);
  const body = r.value();
  if (body === undefined) return null;
  r.eat(';');
  if (!r.eat('}')) return null;
  r.eat(')');
  if (!r.eat('(')) return null;
  const args: Json[] = [];
  while (!r.eat(')')) {
    const v = r.value();
    if (v === undefined) return null;
    args.push(resolve(v, new Map()));
    if (!r.eat(',') && (r.ws(), src[r.i] !== ')')) return null;
  }
  return resolve(body, new Map(params.map((p, k) => [p, args[k] ?? null])));
}
