import { createHash } from 'node:crypto';

/**
 * Entity tags as plain values, for any layer: domain code computes the tag of what it answers
 * (a record's text, a version stamp plus the request's path and query) and the route handler
 * turns it into a conditional answer with lib/http/conditional.ts.
 */

/** A strong entity tag: `"<base64url of SHA-256(parts)>"` (first 22 characters, 132 bits). */
export function strongEtag(...parts: unknown[]): string {
  const h = createHash('sha256');
  for (const p of parts) h.update(typeof p === 'string' ? p : (JSON.stringify(p) ?? 'undefined')).update('\u0000');
  return `"${h.digest('base64url').slice(0, 22)}"`;
}

/** A stable form of a request's query: keys sorted, repeated keys kept in order. */
export function canonicalQuery(url: URL): string {
  return [...url.searchParams.entries()]
    .sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0))
    .map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`)
    .join('&');
}
