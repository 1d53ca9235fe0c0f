/**
 * Where and how to call the API: base URL, fetch, and the credentials each request carries. The
 * typed client and the stream helpers share one, so a token refresh reaches both.
 */
export type TokenSource = string | null | undefined | (() => string | null | undefined | Promise<string | null | undefined>);

export interface ConnectionOptions {
  /** Origin of the API, e.g. `https://api.example.com` (`''` for the same origin in a browser). */
  baseUrl: string;
  /** A user access token (Supabase Auth JWT), or a function that returns the current one. */
  token?: TokenSource;
  /** `X-Admin-Key`, for the admin routes (server-side callers only: never ship it to browsers). */
  adminKey?: string;
  /** A fetch implementation (tests, React Native polyfills); the global one by default. */
  fetch?: typeof fetch;
  /** Extra headers on every request. */
  headers?: Record<string, string>;
}

export interface Connection {
  baseUrl: string;
  fetch: typeof fetch;
  /** Headers for one request: the configured ones plus the current token / admin key. */
  headers(extra?: Record<string, string>): Promise<Headers>;
  url(path: string): string;
}

export async function resolveToken(t: TokenSource): Promise<string | null> {
  const v = typeof t === 'function' ? await t() : t;
  return v || null;
}

export function connection(o: ConnectionOptions): Connection {
  const baseUrl = o.baseUrl.replace(/\/+$/, '');
  // Bound lazily: a polyfill installed after the client was created still counts.
  const doFetch: typeof fetch = (input, init) => (o.fetch ?? globalThis.fetch)(input, init);
  return {
    baseUrl,
    fetch: doFetch,
    url: (path) => `${baseUrl}${path.startsWith('/') ? '' : '/'}${path}`,
    async headers(extra) {
      const h = new Headers(o.headers);
      const token = await resolveToken(o.token);
      if (token) h.set('authorization', `Bearer ${token}`);
      if (o.adminKey) h.set('x-admin-key', o.adminKey);
      for (const [k, v] of Object.entries(extra ?? {})) h.set(k, v);
      return h;
    },
  };
}
