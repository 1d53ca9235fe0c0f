import { ROUTE_MODULES } from '@/lib/http/route-manifest';

type Handler = (req: Request, ctx: { params: Promise<Record<string, string | string[]>> }) => Promise<Response>;

/** The route module serving `pathname`, with its params, matched as Next matches the tree. */
function resolve(pathname: string): { module: Record<string, unknown>; params: Record<string, string | string[]> } | null {
  const segs = pathname.split('/').filter(Boolean);
  let best: { module: Record<string, unknown>; params: Record<string, string | string[]>; score: number } | null = null;
  for (const r of ROUTE_MODULES) {
    const pat = r.path.split('/').filter(Boolean);
    const params: Record<string, string | string[]> = {};
    let ok = true;
    let score = 0;
    for (let i = 0; i < pat.length && ok; i++) {
      const p = pat[i];
      const rest = /^\{(.+)\*\}$/.exec(p);
      if (rest) {
        if (i >= segs.length) ok = false;
        else params[rest[1]] = segs.slice(i).map(decodeURIComponent);
        score += 1;
        break;
      }
      if (i >= segs.length) ok = false;
      else if (/^\{.+\}$/.test(p)) {
        params[p.slice(1, -1)] = decodeURIComponent(segs[i]);
        score += 2;
      } else if (p === segs[i]) score += 3;
      else ok = false;
    }
    if (ok && !pat.some((p) => p.endsWith('*}')) && pat.length !== segs.length) ok = false;
    if (ok && (!best || score > best.score)) best = { module: r.module, params, score };
  }
  return best;
}

/**
 * A fetch that answers from the route handlers in this process (the real routes, database and
 * streams, no HTTP server): the typed client runs against exactly what the server would answer.
 */
export const inProcessFetch: typeof fetch = async (input, init) => {
  const req = input instanceof Request && init === undefined ? input : new Request(input, init);
  const url = new URL(req.url);
  const hit = resolve(url.pathname);
  if (!hit) return new Response('no route', { status: 404 });
  const h = hit.module[req.method] as Handler | undefined;
  if (!h) return new Response('no method', { status: 405 });
  // Not localhost: the development bypass must not apply.
  const headers = new Headers(req.headers);
  headers.set('host', 'api.test');
  const body = req.method === 'GET' || req.method === 'HEAD' ? undefined : await req.arrayBuffer();
  const forwarded = new Request(`http://api.test${url.pathname}${url.search}`, { method: req.method, headers, body, signal: req.signal });
  return h(forwarded, { params: Promise.resolve(hit.params) });
};
