/**
 * Requests generated from the OpenAPI document: values that satisfy the schema (to reach the
 * handlers) mixed with values that break it in every way a client can — wrong types, bounds,
 * unicode, NUL and lone surrogates, malformed escapes, huge and deeply nested bodies, prototype
 * keys, wrong content types, missing or forged credentials, spoofed client addresses.
 * Deterministic for a seed.
 */
export type Json = null | boolean | number | string | Json[] | { [k: string]: Json };
export type Schema = Record<string, unknown>;

export interface Operation {
  method: string;
  path: string;
  operationId: string;
  params: { name: string; in: 'path' | 'query'; required: boolean; schema: Schema }[];
  body: Schema | null;
  security: string | null;
  /** The documented statuses (a 503 must be one of them). */
  statuses: Set<string>;
  /** The 200 answer is the envelope (else a flat body, a stream or a file). */
  envelope: boolean;
}

export interface FuzzRequest {
  op: Operation;
  url: string;
  method: string;
  headers: Record<string, string>;
  body?: string | Uint8Array<ArrayBuffer>;
  kind: string;
}

export class Gen {
  constructor(readonly r: () => number) {}
  int(lo: number, hi: number): number {
    return lo + Math.floor(this.r() * (hi - lo + 1));
  }
  pick<T>(xs: readonly T[]): T {
    return xs[Math.floor(this.r() * xs.length)];
  }
  chance(p: number): boolean {
    return this.r() < p;
  }
}

const NASTY_STRINGS = [
  '',
  ' ',
  'a',
  'x'.repeat(10_000),
  'nul\u0000byte',
  'lone \ud800 surrogate',
  'low \udc00 first',
  '🌿💨 Blue Dream',
  'Ωμέγα Κους',
  '../../etc/passwd',
  '%2e%2e%2f',
  '%ZZ',
  "' OR 1=1 --",
  '"; DROP TABLE strains; --',
  '<script>alert(1)</script>',
  '__proto__',
  'constructor',
  '{{7*7}}',
  '${jndi:ldap://x}',
  'http://169.254.169.254/latest/meta-data/',
  'http://[fd00:ec2::254]/',
  'http://localhost:1/',
  'file:///etc/passwd',
  '2026-02-30',
  '9999-99-99',
  '-1',
  '1e309',
  'NaN',
  'null',
  'true',
  '\u202eevil',
  '\ufeffbom',
  'tab\tand\nnewline',
];
const NASTY_NUMBERS: Json[] = [0, -1, 1, 1.5, -0.0001, 1e308, -1e308, 2 ** 53 + 1, 101, 100, 4_000_001];

export function nastyValue(g: Gen, depth = 0): Json {
  switch (g.int(0, 8)) {
    case 0:
    case 1:
    case 2:
      return g.pick(NASTY_STRINGS);
    case 3:
      return g.pick(NASTY_NUMBERS);
    case 4:
      return g.pick([true, false, null]);
    case 5:
      return depth > 2 ? [] : Array.from({ length: g.int(0, 3) }, () => nastyValue(g, depth + 1));
    case 6:
      return depth > 2 ? {} : { [g.pick(['__proto__', 'constructor', 'prototype', 'a', 'name'])]: nastyValue(g, depth + 1) };
    case 7:
      return Array.from({ length: g.int(21, 60) }, () => 'x');
    default:
      return { nested: { deeper: [g.pick(NASTY_STRINGS)] } };
  }
}

function variants(s: Schema): Schema[] {
  const any = (s.anyOf ?? s.oneOf) as Schema[] | undefined;
  if (any) return any;
  return [s];
}

/** A value that satisfies `s` (as far as this subset of JSON Schema goes). */
export function validValue(g: Gen, schema: Schema, depth = 0): Json {
  const s = g.pick(variants(schema));
  if ('const' in s) return s.const as Json;
  if (Array.isArray(s.enum)) return g.pick(s.enum as Json[]);
  if ('default' in s && g.chance(0.2)) return s.default as Json;
  const type = Array.isArray(s.type)
    ? g.pick((s.type as string[]).filter((t) => t !== 'null').length ? (s.type as string[]).filter((t) => t !== 'null') : ['null'])
    : (s.type as string | undefined);
  switch (type) {
    case 'null':
      return null;
    case 'boolean':
      return g.chance(0.5);
    case 'integer':
    case 'number': {
      const lo = typeof s.minimum === 'number' ? s.minimum : typeof s.exclusiveMinimum === 'number' ? s.exclusiveMinimum + 1 : 0;
      const hi = typeof s.maximum === 'number' ? s.maximum : typeof s.exclusiveMaximum === 'number' ? s.exclusiveMaximum - 1 : lo + 100;
      const v = lo + g.r() * Math.max(0, hi - lo);
      return type === 'integer' ? Math.round(v) : Math.round(v * 100) / 100;
    }
    case 'string': {
      if (s.format === 'date-time') return new Date(Date.UTC(2026, 0, g.int(1, 28))).toISOString();
      if (s.format === 'uuid') return '00000000-0000-4000-8000-' + String(g.int(0, 999999)).padStart(12, '0');
      if (typeof s.pattern === 'string' && s.pattern.includes('\\d{4}-\\d{2}-\\d{2}')) return `2026-0${g.int(1, 9)}-1${g.int(0, 9)}`;
      const min = typeof s.minLength === 'number' ? s.minLength : 0;
      const max = Math.min(typeof s.maxLength === 'number' ? s.maxLength : 40, min + 40);
      const words = ['blue', 'dream', 'og', 'kush', 'haze', 'gelato', 'runtz', 'sour', 'diesel', 'myrcene', 'limonene', 'indica'];
      let out = '';
      while (out.length < Math.max(min, g.int(min, max))) out += (out ? '-' : '') + g.pick(words);
      return out.slice(0, max || undefined) || (min > 0 ? 'x'.repeat(min) : '');
    }
    case 'array': {
      const items = (s.items as Schema | undefined) ?? {};
      const lo = typeof s.minItems === 'number' ? s.minItems : 0;
      const hi = Math.min(typeof s.maxItems === 'number' ? s.maxItems : 3, lo + 3);
      return depth > 4 ? [] : Array.from({ length: g.int(lo, Math.max(lo, hi)) }, () => validValue(g, items, depth + 1));
    }
    case 'object':
    default: {
      const props = (s.properties ?? {}) as Record<string, Schema>;
      const required = new Set((s.required as string[] | undefined) ?? []);
      const out: Record<string, Json> = {};
      for (const [k, p] of Object.entries(props)) if (required.has(k) || (depth < 4 && g.chance(0.6))) out[k] = validValue(g, p, depth + 1);
      return out;
    }
  }
}

/** A valid value with one field somewhere replaced by a nasty one. */
export function mutate(g: Gen, v: Json, depth = 0): Json {
  if (v === null || typeof v !== 'object' || depth > 4 || g.chance(0.25)) return nastyValue(g);
  if (Array.isArray(v)) {
    if (!v.length) return [nastyValue(g)];
    const i = g.int(0, v.length - 1);
    return v.map((x, j) => (j === i ? mutate(g, x, depth + 1) : x));
  }
  const keys = Object.keys(v);
  if (!keys.length || g.chance(0.15)) return { ...v, [g.pick(['__proto__', 'extra', 'constructor'])]: nastyValue(g) };
  const k = g.pick(keys);
  if (g.chance(0.15)) {
    const rest = { ...v };
    delete rest[k]; // a required field left out
    return rest;
  }
  return { ...v, [k]: mutate(g, v[k], depth + 1) };
}

export function operationsOf(doc: { paths: Record<string, Record<string, Record<string, unknown>>> }): Operation[] {
  const ops: Operation[] = [];
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [method, o] of Object.entries(methods)) {
      const params = ((o.parameters as Operation['params']) ?? []).map((p) => ({ ...p, name: p.name.replace(/\*$/, '') }));
      const body = ((o.requestBody as { content?: Record<string, { schema: Schema }> } | undefined)?.content?.['application/json']?.schema ?? null) as Schema | null;
      const security = ((o.security as Record<string, unknown>[] | undefined)?.[0] && Object.keys((o.security as Record<string, unknown>[])[0])[0]) || null;
      const responses = o.responses as Record<string, { content?: Record<string, { schema?: Schema }> }>;
      const ok = responses['200']?.content?.['application/json']?.schema;
      const envelope = Array.isArray(ok?.allOf) && JSON.stringify(ok?.allOf).includes('SuccessEnvelope');
      ops.push({ method: method.toUpperCase(), path, operationId: String(o.operationId), params, body, security, statuses: new Set(Object.keys(responses)), envelope });
    }
  }
  return ops;
}

export interface Credentials {
  premium: string;
  free: string;
  expired: string;
  adminKey: string;
  apiKey: string;
  cronSecret: string;
}

function auth(g: Gen, op: Operation, c: Credentials): Record<string, string> {
  const roll = g.r();
  const bearer = (t: string) => ({ authorization: `Bearer ${t}` });
  if (roll < 0.12) return {}; // none
  if (roll < 0.22)
    return g.pick([bearer('not.a.jwt'), bearer(c.expired), bearer(c.free), { 'x-admin-key': 'wrong-key' }, bearer('wrong-secret'), { authorization: 'Basic Zm9vOmJhcg==' }]);
  switch (op.security) {
    case 'adminKey':
      return { 'x-admin-key': c.adminKey };
    case 'internalSecret':
      return bearer(op.path.includes('/cron/') ? c.cronSecret : op.path.includes('/trigger/') ? g.pick([c.apiKey, c.cronSecret]) : c.apiKey);
    case 'userToken':
      return bearer(g.chance(0.85) ? c.premium : c.free);
    default:
      return g.chance(0.3) ? bearer(c.premium) : {};
  }
}

function pathValue(g: Gen, schema: Schema, valid: boolean): string {
  if (valid) {
    const v = validValue(g, schema);
    return encodeURIComponent(typeof v === 'string' ? v || 'x' : JSON.stringify(v));
  }
  return g.pick(['%ZZ', '%C3%28', '%c0%ae', 'blue%00dream', '%ED%A0%80', '..', '%2e%2e', encodeURIComponent('x'.repeat(3000)), encodeURIComponent('🌿'), 'a%2Fb', '']);
}

/** One request for `op`: roughly half well-formed, the rest broken one way each. */
export function requestFor(g: Gen, base: string, op: Operation, c: Credentials): FuzzRequest {
  const valid = g.chance(0.5);
  const kinds: string[] = [];
  let path = op.path.replace(/\{([^}*]+)\*?\}/g, (_m, name: string) => {
    const p = op.params.find((x) => x.name === name && x.in === 'path');
    const ok = valid || g.chance(0.6);
    if (!ok) kinds.push(`bad-path:${name}`);
    return pathValue(g, p?.schema ?? { type: 'string' }, ok);
  });
  const qs = new URLSearchParams();
  for (const p of op.params.filter((x) => x.in === 'query')) {
    if (!p.required && g.chance(0.5)) continue;
    const v = valid || g.chance(0.6) ? validValue(g, p.schema) : nastyValue(g);
    if (!valid) kinds.push(`query:${p.name}`);
    qs.set(p.name, typeof v === 'string' ? v : JSON.stringify(v));
  }
  if (g.chance(0.05)) qs.set(g.pick(['__proto__', 'q', 'limit']), g.pick(NASTY_STRINGS));
  if (qs.size) path += `?${qs.toString()}`;

  const headers: Record<string, string> = { accept: 'application/json, text/event-stream', ...auth(g, op, c) };
  // A client that writes its own forwarding headers must never choose its rate-limit bucket.
  if (g.chance(0.3)) headers['x-forwarded-for'] = `${g.int(1, 223)}.${g.int(0, 255)}.${g.int(0, 255)}.${g.int(1, 254)}`;
  if (g.chance(0.05)) headers['x-ci-socket-address'] = '6.6.6.6';
  if (g.chance(0.05)) headers.cookie = g.pick(['ci_admin_session=%', 'ci_admin_session=v1.1.2.3', 'ci_admin_session=%E0%A4%A']);

  let body: string | Uint8Array<ArrayBuffer> | undefined;
  if (op.method !== 'GET' && op.method !== 'DELETE') {
    const roll = g.r();
    const schemaValue = op.body ? validValue(g, op.body) : {};
    if (valid || roll < 0.35) body = JSON.stringify(valid ? schemaValue : mutate(g, schemaValue));
    else if (roll < 0.45) body = g.pick(['{"a":', '[1,2', 'not json', '', 'null', '"string"', '123', '\u0000']);
    else if (roll < 0.55) body = JSON.stringify(nastyValue(g));
    else if (roll < 0.62) body = `{"deep":${'['.repeat(20_000)}"x\\u0000"${']'.repeat(20_000)}}`;
    else if (roll < 0.68) body = JSON.stringify({ big: 'x'.repeat(g.pick([1_100_000, 13 * 1024 * 1024])) });
    else if (roll < 0.75) body = '{"name":"\\ud800","text":"\\u0000","strainName":"a\\u0000b"}';
    else if (roll < 0.8) body = new Uint8Array([0xff, 0xfe, 0x00, 0xc3, 0x28, 0x7b]);
    else body = JSON.stringify(mutate(g, schemaValue));
    const ct = valid || g.chance(0.8) ? 'application/json' : g.pick(['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', 'application/xml']);
    headers['content-type'] = ct;
    if (!valid) kinds.push('body');
  }
  return { op, url: `${base}${path}`, method: op.method, headers, body, kind: valid ? 'valid' : kinds.join(',') || 'auth' };
}
