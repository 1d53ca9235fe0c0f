/**
 * Which declared route a path belongs to, the way Next's router prefers them: more static
 * segments first, catch-alls last. Used by proxy.ts to answer 405 with `Allow` for a method a
 * route lacks (Next's own 405 has no body and no Allow header).
 */
export interface RouteMethods {
  pattern: string;
  methods: string[];
}

interface Compiled extends RouteMethods {
  re: RegExp;
  staticCount: number;
  catchAll: boolean;
}

export function compileRoutes(rows: RouteMethods[]): Compiled[] {
  return rows
    .map((r) => {
      const segs = r.pattern.split('/').filter(Boolean);
      const re = new RegExp(
        '^/' +
          segs
            .map((s) => (/^\{.+\*\}$/.test(s) ? '.+' : /^\{.+\}$/.test(s) ? '[^/]+' : s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
            .join('/') +
          '/?$',
      );
      return { ...r, re, staticCount: segs.filter((s) => !s.startsWith('{')).length, catchAll: segs.some((s) => s.endsWith('*}')) };
    })
    .sort((a, b) => Number(a.catchAll) - Number(b.catchAll) || b.staticCount - a.staticCount);
}

export function allowedMethods(compiled: Compiled[], pathname: string): string[] | null {
  const hit = compiled.find((c) => c.re.test(pathname));
  if (!hit) return null;
  const allow = new Set(hit.methods);
  if (allow.has('GET')) allow.add('HEAD');
  allow.add('OPTIONS');
  return [...allow].sort();
}
