/**
 * The scan's cookies over plain HTTP (docs/menus.md, eleventh round): a menu URL that first sets
 * a store (or session) cookie and redirects back — `/menu` → `/set-store?id=3` (Set-Cookie) →
 * `/menu` — loops forever for a client that forgets cookies, and its later pages redirect to the
 * store chooser again. The crawl keeps the cookies its answers set, per host, for the one scan (a
 * browser tab's behaviour; thrown away with the scan like the browser context), and sends them
 * back to that host. Paths, expiry dates and attributes other than a deleting `Max-Age=0` are not
 * modelled: one scan is a short visit to one shop.
 */
export class CookieJar {
  private byHost = new Map<string, Map<string, string>>();

  /** Keeps the cookies of an answer from `url`. */
  store(url: string, setCookies: string[]): void {
    if (!setCookies.length) return;
    const host = new URL(url).host;
    const jar = this.byHost.get(host) ?? new Map<string, string>();
    for (const line of setCookies) {
      const [pair, ...attrs] = line.split(';');
      const eq = pair.indexOf('=');
      if (eq <= 0) continue;
      const name = pair.slice(0, eq).trim();
      if (attrs.some((a) => /^\s*max-age\s*=\s*0\s*$/i.test(a))) jar.delete(name);
      else jar.set(name, pair.slice(eq + 1).trim());
    }
    this.byHost.set(host, jar);
  }

  /** The Cookie header for a request to `url`, or null. */
  header(url: string): string | null {
    const jar = this.byHost.get(new URL(url).host);
    if (!jar?.size) return null;
    return [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
  }
}
