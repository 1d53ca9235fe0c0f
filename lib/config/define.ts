import { z } from 'zod';

/**
 * One environment variable: its name, the schema its text must satisfy, the value when it is unset
 * (or empty), and what it means. `show` is how the default reads in the README when the value is
 * computed elsewhere (e.g. "`OPENAI_MODEL`"); `secret` keeps the value out of any report.
 */
export interface VarSpec<T> {
  readonly env: string;
  readonly schema: z.ZodType<T, string>;
  readonly fallback: T;
  readonly doc: string;
  readonly show?: string;
  readonly secret?: boolean;
}

type Opts = { show?: string; secret?: boolean };

const TRUE = new Set(['1', 'true', 'yes', 'on']);
const FALSE = new Set(['0', 'false', 'no', 'off']);

export function str(env: string, doc: string, opts: Opts = {}): VarSpec<string | undefined> {
  return { env, schema: z.string() as z.ZodType<string | undefined, string>, fallback: undefined, doc, ...opts };
}

export function strOr(env: string, fallback: string, doc: string, opts: Opts = {}): VarSpec<string> {
  return { env, schema: z.string(), fallback, doc, ...opts };
}

export function url(env: string, doc: string, opts: Opts = {}): VarSpec<string | undefined> {
  const schema = z
    .string()
    .trim()
    .refine((v) => URL.canParse(v), 'must be an absolute URL') as z.ZodType<string | undefined, string>;
  return { env, schema, fallback: undefined, doc, ...opts };
}

export function int(env: string, fallback: number, doc: string, range: { min?: number; max?: number } = {}, opts: Opts = {}): VarSpec<number> {
  let n = z.number().int();
  if (range.min !== undefined) n = n.min(range.min);
  if (range.max !== undefined) n = n.max(range.max);
  const schema = z
    .string()
    .trim()
    .regex(/^-?\d+$/, 'must be a whole number')
    .transform(Number)
    .pipe(n);
  return { env, schema, fallback, doc, ...opts };
}

/** An optional whole number whose default is computed from other settings. */
export function intOpt(env: string, doc: string, range: { min?: number; max?: number }, show: string): VarSpec<number | undefined> {
  const spec = int(env, 0, doc, range);
  return { ...spec, fallback: undefined, show } as VarSpec<number | undefined>;
}

export function bool(env: string, fallback: boolean, doc: string, opts: Opts = {}): VarSpec<boolean> {
  const schema = z
    .string()
    .trim()
    .toLowerCase()
    .refine((v) => TRUE.has(v) || FALSE.has(v), 'must be true or false')
    .transform((v) => TRUE.has(v));
  return { env, schema, fallback, doc, ...opts };
}

export function oneOf<const T extends readonly [string, ...string[]]>(env: string, values: T, fallback: T[number], doc: string, opts: Opts = {}): VarSpec<T[number]> {
  const schema = z.string().trim().toLowerCase().pipe(z.enum(values));
  return { env, schema: schema as z.ZodType<T[number], string>, fallback, doc, ...opts };
}

export function oneOfOpt<const T extends readonly [string, ...string[]]>(env: string, values: T, doc: string, show: string): VarSpec<T[number] | undefined> {
  const schema = z.string().trim().toLowerCase().pipe(z.enum(values));
  return { env, schema: schema as z.ZodType<T[number] | undefined, string>, fallback: undefined, doc, show };
}

/** A JSON value checked by `shape`. */
export function json<T>(env: string, shape: z.ZodType<T>, fallback: T, doc: string, opts: Opts = {}): VarSpec<T> {
  const schema = z
    .string()
    .transform((v, ctx) => {
      try {
        return JSON.parse(v) as unknown;
      } catch {
        ctx.addIssue({ code: 'custom', message: 'must be valid JSON' });
        return z.NEVER;
      }
    })
    .pipe(shape);
  return { env, schema: schema as unknown as z.ZodType<T, string>, fallback, doc, ...opts };
}

export interface Group {
  readonly title: string;
  readonly vars: Record<string, VarSpec<unknown>>;
}

export type ValuesOf<G extends Group> = { readonly [K in keyof G['vars']]: G['vars'][K] extends VarSpec<infer T> ? T : never };

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** Parse every variable of every group from `source`; all problems are reported together. */
export function parseGroups<Gs extends Record<string, Group>>(groups: Gs, source: Record<string, string | undefined>): { [K in keyof Gs]: ValuesOf<Gs[K]> } {
  const problems: string[] = [];
  const out: Record<string, Record<string, unknown>> = {};
  for (const [gk, group] of Object.entries(groups)) {
    const values: Record<string, unknown> = {};
    for (const [key, spec] of Object.entries(group.vars)) {
      const raw = source[spec.env];
      if (raw === undefined || raw === '') {
        values[key] = spec.fallback;
        continue;
      }
      const r = spec.schema.safeParse(raw);
      if (r.success) values[key] = r.data;
      else {
        const shown = spec.secret ? '(secret)' : JSON.stringify(raw.length > 60 ? `${raw.slice(0, 60)}…` : raw);
        problems.push(`${spec.env}=${shown}: ${r.error.issues.map((i) => i.message).join('; ')}`);
      }
    }
    out[gk] = values;
  }
  if (problems.length) throw new ConfigError(problems);
  return out as { [K in keyof Gs]: ValuesOf<Gs[K]> };
}
