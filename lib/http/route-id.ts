import { ApiError } from '@/lib/errors';
import { ROUTE_PATTERNS } from '@/lib/http/route-patterns';

export interface RouteMatch {
  /** `/api/v1/strains/slug/:slug`: logs and errors. */
  id: string;
  /** The rate-limit bucket: the id, with the `/reports/` aliases folded onto `/notebooks/`. */
  bucket: string;
  /** Raw (still percent-encoded) parameter values, as the path carries them. */
  raw: Record<string, string | string[]>;
}

const compiled = ROUTE_PATTERNS.map((r) => {
  const names: { name: string; rest: boolean }[] = [];
  const source = r.pattern
    .split('/')
    .map((s) => {
      const m = /^\{(.+?)(\*)?\}$/.exec(s);
      if (!m) return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      names.push({ name: m[1], rest: !!m[2] });
      return m[2] ? '(.+)' : '([^/]+)';
    })
    .join('/');
  return { ...r, names, re: new RegExp(`^${source}/?$`) };
});

/**
 * The generated pattern a request path belongs to (lib/http/route-patterns.ts, in Next's order of
 * preference), or null for a path no pattern claims (tests calling a handler directly).
 */
export function matchRoute(pathname: string): RouteMatch | null {
  const hit = matched.get(pathname);
  if (hit !== undefined) return hit && { id: hit.id, bucket: hit.bucket, raw: { ...hit.raw } };
  const m = scan(pathname);
  if (matched.size >= 2000) matched.clear();
  matched.set(pathname, m);
  return m && { id: m.id, bucket: m.bucket, raw: { ...m.raw } };
}

/** Paths seen recently and what they matched (bounded; a path always matches the same pattern). */
const matched = new Map<string, RouteMatch | null>();

function scan(pathname: string): RouteMatch | null {
  for (const c of compiled) {
    const m = c.re.exec(pathname);
    if (!m) continue;
    const raw: Record<string, string | string[]> = {};
    c.names.forEach((n, i) => {
      raw[n.name] = n.rest ? m[i + 1].split('/').filter(Boolean) : m[i + 1];
    });
    return { id: c.id, bucket: c.bucket, raw };
  }
  return null;
}

function decodeSegment(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    throw new ApiError('BAD_REQUEST', 'The request path holds an invalid percent-encoding', { segment: s.slice(0, 100) });
  }
}

/** 400 BAD_REQUEST for a path with a malformed `%` escape (the production entry answers the same before Next). */
export function assertDecodablePath(pathname: string): void {
  if (pathname.includes('%')) for (const seg of pathname.split('/')) decodeSegment(seg);
}

/** Path parameters decoded by one rule: a malformed `%` escape is 400 BAD_REQUEST on every route. */
export function decodeParams(raw: Record<string, string | string[]>): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const [k, v] of Object.entries(raw)) out[k] = Array.isArray(v) ? v.map(decodeSegment) : decodeSegment(v);
  return out;
}
