/**
 * The scan's cookies over plain HTTP (docs/menus.md, eleventh round): a menu URL that first sets
 * a store (or session) cookie and redirects back — `/menu` → `/set-store?id=3` (Set-Cookie) →
 * `/menu` — loops forever for a client that forgets cookies, and its later pages redirect to the
 * store chooser again. The crawl keeps the cookies its answers set for the one scan (a browser
 * tab's behaviour; thrown away with the scan like the browser context) and sends them back where
 * a browser would (RFC 6265 §5.3–5.4): to the host that set them, or to a `Domain` and its
 * subdomains; under their `Path`; until `Max-Age` or `Expires`; `Secure` ones only over HTTPS (or
 * to a loopback host, as browsers do). Cookies are never shared between scans.
 */
interface Cookie {
  name: string;
  value: string;
  /** The host that set it (host-only) or the `Domain` it was set for, lower case, no leading dot. */
  domain: string;
  hostOnly: boolean;
  path: string;
  /** Epoch milliseconds, or null for a session cookie. */
  expires: number | null;
  secure: boolean;
}

/** Cookies kept per scan: enough for any shop, bounded against one that sets thousands. */
const MAX_COOKIES = 300;

const LOOPBACK = /^(localhost|127(?:\.\d{1,3}){3}|\[::1\])$/;

/** RFC 6265 §5.1.4: the directory of the request path ('/menu/flower' → '/menu', '/menu' → '/'). */
function defaultPath(pathname: string): string {
  if (!pathname.startsWith('/')) return '/';
  const last = pathname.lastIndexOf('/');
  return last <= 0 ? '/' : pathname.slice(0, last);
}

/** RFC 6265 §5.1.3: `domain` is the host or a parent of it (never for an IP address). */
function domainMatches(host: string, domain: string): boolean {
  if (host === domain) return true;
  return host.endsWith(`.${domain}`) && !/^[\d.]+$|^\[/.test(host);
}

/** RFC 6265 §5.1.4: the cookie's path is the request path or a directory above it. */
function pathMatches(requestPath: string, cookiePath: string): boolean {
  if (requestPath === cookiePath) return true;
  if (!requestPath.startsWith(cookiePath)) return false;
  return cookiePath.endsWith('/') || requestPath[cookiePath.length] === '/';
}

function parse(line: string, url: URL, now: number): { cookie: Cookie; expired: boolean } | null {
  const [pair, ...attrs] = line.split(';');
  const eq = pair.indexOf('=');
  if (eq <= 0) return null;
  const host = url.hostname.toLowerCase();
  const cookie: Cookie = {
    name: pair.slice(0, eq).trim(),
    value: pair.slice(eq + 1).trim(),
    domain: host,
    hostOnly: true,
    path: defaultPath(url.pathname),
    expires: null,
    secure: false,
  };
  let maxAge: number | null = null;
  for (const attr of attrs) {
    const i = attr.indexOf('=');
    const key = (i < 0 ? attr : attr.slice(0, i)).trim().toLowerCase();
    const value = i < 0 ? '' : attr.slice(i + 1).trim();
    if (key === 'max-age' && /^-?\d+$/.test(value)) maxAge = Number(value);
    else if (key === 'expires') {
      const t = Date.parse(value);
      if (!Number.isNaN(t)) cookie.expires = t;
    } else if (key === 'domain' && value) {
      const domain = value.replace(/^\./, '').toLowerCase();
      // A cookie for another site, or for a whole top-level domain, is refused (§5.3 step 6).
      if (!domainMatches(host, domain) || (!domain.includes('.') && domain !== host)) return null;
      cookie.domain = domain;
      cookie.hostOnly = false;
    } else if (key === 'path') cookie.path = value.startsWith('/') ? value : defaultPath(url.pathname);
    else if (key === 'secure') cookie.secure = true;
  }
  // Max-Age wins over Expires (§5.3 step 3).
  if (maxAge !== null) cookie.expires = maxAge <= 0 ? 0 : now + maxAge * 1000;
  return { cookie, expired: cookie.expires !== null && cookie.expires <= now };
}

export class CookieJar {
  private cookies = new Map<string, Cookie>();

  /** Keeps the cookies of an answer from `url` (an expired one deletes the one it names). */
  store(url: string, setCookies: string[], now = Date.now()): void {
    if (!setCookies.length) return;
    const u = new URL(url);
    for (const line of setCookies) {
      const parsed = parse(line, u, now);
      if (!parsed) continue;
      const { cookie, expired } = parsed;
      const key = `${cookie.domain}\u0000${cookie.path}\u0000${cookie.name}`;
      this.cookies.delete(key);
      if (expired) continue;
      if (this.cookies.size >= MAX_COOKIES) this.cookies.delete(this.cookies.keys().next().value as string);
      this.cookies.set(key, cookie);
    }
  }

  /** The Cookie header for a request to `url`, or null: longer paths first (§5.4 step 2). */
  header(url: string, now = Date.now()): string | null {
    const u = new URL(url);
    const host = u.hostname.toLowerCase();
    const secureOk = u.protocol === 'https:' || LOOPBACK.test(host);
    const sent = [...this.cookies.values()].filter(
      (c) =>
        (c.expires === null || c.expires > now) &&
        (c.hostOnly ? c.domain === host : domainMatches(host, c.domain)) &&
        pathMatches(u.pathname || '/', c.path) &&
        (!c.secure || secureOk),
    );
    if (!sent.length) return null;
    return sent
      .sort((a, b) => b.path.length - a.path.length)
      .map((c) => `${c.name}=${c.value}`)
      .join('; ');
  }
}
