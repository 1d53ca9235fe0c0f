import { isIP } from 'node:net';
import { config, isProduction, parseTrustedProxy, type TrustedProxy } from '@/lib/config';

/**
 * The header the service's own production entry (server/entry.cjs) writes with the
 * address of the socket that sent the request, after deleting any copy the client sent.
 */
export const SOCKET_ADDRESS_HEADER = 'x-ci-socket-address';

/** True when the production entry runs in this process (only then is the header trustworthy). */
export function socketEntryInstalled(): boolean {
  return (globalThis as { __ciSocketEntry?: boolean }).__ciSocketEntry === true;
}

let cachedRule: { raw: string | undefined; rule: TrustedProxy } | undefined;
function rule(): TrustedProxy {
  const raw = config().server.trustedProxy;
  if (!cachedRule || cachedRule.raw !== raw) cachedRule = { raw, rule: parseTrustedProxy(raw) };
  return cachedRule.rule;
}

/** The last value cleaned and its answer: most requests of a process come from one peer (a proxy, a load balancer). */
let lastRaw = '';
let lastClean: string | null = null;

function clean(value: string | null | undefined): string | null {
  if (!value) return null;
  if (value === lastRaw) return lastClean;
  const out = cleanUncached(value);
  lastRaw = value;
  lastClean = out;
  return out;
}

function cleanUncached(value: string): string | null {
  let v = value.trim();
  // "[::1]:1234" and "1.2.3.4:5678" as some proxies write them
  const bracket = /^\[([^\]]+)\](?::\d+)?$/.exec(v);
  if (bracket) v = bracket[1];
  else if (/^\d{1,3}(\.\d{1,3}){3}:\d+$/.test(v)) v = v.slice(0, v.lastIndexOf(':'));
  if (v.startsWith('::ffff:') && isIP(v.slice(7)) === 4) v = v.slice(7);
  return isIP(v) ? v : null;
}

function forwardedFor(req: Request): string[] {
  const h = req.headers.get('x-forwarded-for');
  return h
    ? h
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean)
    : [];
}

/**
 * The client's address, taken as TRUSTED_PROXY says (docs/contract.md §2) and never from a value the
 * client alone chose:
 * - `vercel`: the platform's `x-vercel-forwarded-for` (Vercel overwrites it on every request);
 * - `hops:N`: the entry the N-th trusted proxy appended, counted from the right of
 *   `X-Forwarded-For`. The service's own entry is the first of them: it appends the socket's
 *   address as any proxy does, so `hops:1` is the socket itself (a client talking to the service
 *   directly cannot choose its bucket whatever it writes) and one reverse proxy in front is
 *   `hops:2`. A request with fewer entries than N falls back to the socket's address;
 * - `none`: the socket's address as the production entry recorded it. Outside production without
 *   that entry (`next dev`, in-process tests) the first `X-Forwarded-For` entry, which Next sets
 *   from the socket when the client sent none; a production start with `none` requires the entry.
 * Null when no address can be known (the caller then uses the shared `anonymous` bucket).
 */
export function clientIp(req: Request): string | null {
  const r = rule();
  const socket = socketEntryInstalled() ? clean(req.headers.get(SOCKET_ADDRESS_HEADER)) : null;
  if (r.kind === 'vercel') return clean(req.headers.get('x-vercel-forwarded-for')?.split(',')[0]) ?? clean(req.headers.get('x-real-ip'));
  if (r.kind === 'hops') {
    const xff = forwardedFor(req);
    return xff.length >= r.hops ? clean(xff[xff.length - r.hops]) : socket;
  }
  if (socketEntryInstalled() || isProduction()) return socket;
  return clean(forwardedFor(req)[0]);
}
