import type { LookupFunction } from 'node:net';
import { staleSocket } from '@/lib/scrape/stale-socket';
import { Agent, buildConnector, fetch as undiciFetch } from 'undici';
import { config } from '@/lib/config';
import { allowPrivateNetworks, classifyAddress, ipLiteral, refusedAddressError, systemResolver, type Resolver } from '@/lib/scrape/address';
import { abortError, ScrapeError } from '@/lib/scrape/errors';
import type { CookieJar } from '@/lib/scrape/cookie-jar';
import { EVENT_STREAM, readEventStream, STREAM_WINDOW } from '@/lib/scrape/event-stream';

/**
 * The one way scrape code talks to the network. Every connection's address is validated twice:
 * in `connect.lookup` (every resolved address, so a DNS answer mixing public and private
 * addresses is refused) and on the connected socket's remoteAddress (covers IP-literal hosts,
 * which never hit lookup, and anything the lookup path missed). Redirects are followed by hand
 * so each hop is parsed, scheme-checked and re-validated; hops, total time and bytes are capped.
 */
export interface GuardedFetchOptions {
  maxBytes?: number;
  timeoutMs?: number;
  maxRedirects?: number;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** DNS resolver (tests inject one to map names to chosen addresses; default: the system's). */
  resolver?: Resolver;
  /** The scan's cookies (cookie-jar.ts): sent on every hop, kept from every answer. */
  cookies?: CookieJar;
}

export interface GuardedResponse {
  /** Final URL after redirects. */
  url: string;
  status: number;
  headers: Headers;
  body: string;
  /** Every URL requested, in order (the first is the input, the last is `url`). */
  chain: string[];
  /** True when the body was cut at maxBytes. */
  truncated: boolean;
  /** guardedFetch: the body's bytes as received (a PDF menu is read from these, pdf/menu.ts). */
  raw?: Buffer;
}

export const FETCH_DEFAULTS = {
  maxBytes: () => config().scrape.maxBytes,
  timeoutMs: () => config().scrape.fetchTimeoutMs,
  maxRedirects: () => config().scrape.maxRedirects,
};

export const USER_AGENT = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36 CannabisIntelligenceMenuScanner/1.0';

const REDIRECT = new Set([301, 302, 303, 307, 308]);

function guardedLookup(resolver: Resolver): LookupFunction {
  return (hostname, options, callback) => {
    resolver(hostname).then(
      (addrs) => {
        if (addrs.length === 0) {
          callback(new ScrapeError('MENU_NOT_ACCESSIBLE', 'dns-failed', `Menu not accessible: ${hostname} has no addresses`), '', 4);
          return;
        }
        for (const a of addrs) {
          const v = classifyAddress(a.address);
          if (!v.allowed) {
            callback(refusedAddressError(hostname, v), '', 4);
            return;
          }
        }
        const wanted = options.family === 6 ? 6 : options.family === 4 ? 4 : 0;
        const usable = wanted ? addrs.filter((a) => a.family === wanted) : addrs;
        if (options.all) {
          (callback as unknown as (e: Error | null, a: Array<{ address: string; family: number }>) => void)(null, usable);
        } else {
          const first = usable[0] ?? addrs[0];
          callback(null, first.address, first.family);
        }
      },
      (err: Error) =>
        callback(
          new ScrapeError('MENU_NOT_ACCESSIBLE', 'dns-failed', `Menu not accessible: ${hostname} could not be resolved`, { cause: err }) as unknown as NodeJS.ErrnoException,
          '',
          4,
        ),
    );
  };
}

/** An undici dispatcher whose every socket has passed the address rule. */
export function guardedAgent(resolver: Resolver = systemResolver): Agent {
  const base = buildConnector({ lookup: guardedLookup(resolver), timeout: 10_000 });
  const connect: buildConnector.connector = (opts, cb) =>
    base(opts, (err, socket) => {
      if (err || !socket) return cb(err ?? new Error('connect failed'), null);
      const remote = socket.remoteAddress;
      const v = classifyAddress(remote ?? '');
      if (!remote || !v.allowed) {
        socket.destroy();
        return cb(refusedAddressError(opts.hostname, v), null);
      }
      cb(null, socket);
    });
  return new Agent({ connect, keepAliveTimeout: 4_000 });
}

// One pool per flag value: a pooled socket validated while private networks were allowed must
// not be reused after the flag is turned off.
const sharedAgents = new Map<boolean, Agent>();
const defaultAgent = () => {
  const key = allowPrivateNetworks();
  let agent = sharedAgents.get(key);
  if (!agent) sharedAgents.set(key, (agent = guardedAgent()));
  return agent;
};

/** Checks scheme and literal-IP hosts before any socket is opened. */
export function assertFetchableUrl(raw: string, base?: string): URL {
  let u: URL;
  try {
    u = new URL(raw, base);
  } catch {
    throw new ScrapeError('MENU_NOT_ACCESSIBLE', 'invalid-url', `Menu not accessible: not a valid URL: ${raw.slice(0, 200)}`);
  }
  if (u.protocol !== 'http:' && u.protocol !== 'https:') {
    throw new ScrapeError('MENU_NOT_ACCESSIBLE', 'scheme-refused', `Menu not accessible: only http and https URLs are scanned (got ${u.protocol})`);
  }
  if (u.username || u.password) {
    throw new ScrapeError('MENU_NOT_ACCESSIBLE', 'credentials-refused', 'Menu not accessible: URLs with credentials are not scanned');
  }
  const literal = ipLiteral(u.hostname);
  if (literal) {
    const v = classifyAddress(literal);
    if (!v.allowed) throw refusedAddressError(u.hostname, v);
  }
  return u;
}

function findScrapeError(e: unknown): ScrapeError | null {
  let cur: unknown = e;
  for (let i = 0; i < 6 && cur; i++) {
    if (cur instanceof ScrapeError) return cur;
    cur = (cur as { cause?: unknown }).cause;
  }
  return null;
}

async function readCapped(res: Response, maxBytes: number): Promise<{ body: Buffer; truncated: boolean }> {
  if (!res.body) return { body: Buffer.alloc(0), truncated: false };
  const reader = res.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  let truncated = false;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    if (total + value.byteLength > maxBytes) {
      chunks.push(value.subarray(0, maxBytes - total));
      total = maxBytes;
      truncated = true;
      // Stop the transfer now: the rest of the body is never downloaded or decompressed.
      await reader.cancel().catch(() => undefined);
      break;
    }
    chunks.push(value);
    total += value.byteLength;
  }
  return { body: Buffer.concat(chunks), truncated };
}

export interface GuardedRequestInit extends GuardedFetchOptions {
  method?: string;
  body?: Buffer | null;
  /** false: a 3xx is returned as-is (the browser proxy lets Chromium follow it through the route again). */
  followRedirects?: boolean;
}

export interface GuardedRawResponse extends Omit<GuardedResponse, 'body'> {
  body: Buffer;
}

/** guardedFetch with a binary body, any method, and optional redirect pass-through. */
export async function guardedRequest(url: string, opts: GuardedRequestInit = {}): Promise<GuardedRawResponse> {
  const maxBytes = opts.maxBytes ?? FETCH_DEFAULTS.maxBytes();
  const timeoutMs = opts.timeoutMs ?? FETCH_DEFAULTS.timeoutMs();
  const maxRedirects = opts.maxRedirects ?? FETCH_DEFAULTS.maxRedirects();
  const follow = opts.followRedirects ?? true;
  if (opts.signal?.aborted) throw abortError(opts.signal);

  const timer = new AbortController();
  const timeout = setTimeout(() => timer.abort(new ScrapeError('SCAN_TIMEOUT', 'fetch-timeout', `Scan timed out: no complete answer within ${timeoutMs} ms`)), timeoutMs);
  const signal = opts.signal ? AbortSignal.any([opts.signal, timer.signal]) : timer.signal;
  const ownAgent = opts.resolver ? guardedAgent(opts.resolver) : null;
  const dispatcher = ownAgent ?? defaultAgent();
  const chain: string[] = [];
  let method = (opts.method ?? 'GET').toUpperCase();
  let body = opts.body ?? null;

  try {
    let current = assertFetchableUrl(url);
    for (let hop = 0; ; hop++) {
      chain.push(current.href);
      const cookie = opts.cookies?.header(current.href);
      const res = (await undiciFetch(current.href, {
        dispatcher,
        method,
        body: body && method !== 'GET' && method !== 'HEAD' ? body : undefined,
        redirect: 'manual',
        signal,
        headers: {
          'user-agent': USER_AGENT,
          accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8',
          'accept-language': 'en-US,en;q=0.8',
          ...(cookie ? { cookie } : {}),
          ...opts.headers,
        },
      })) as unknown as Response;
      opts.cookies?.store(current.href, res.headers.getSetCookie());
      const location = res.headers.get('location');
      if (follow && REDIRECT.has(res.status) && location) {
        await res.body?.cancel().catch(() => undefined);
        if (hop >= maxRedirects) {
          throw new ScrapeError('MENU_NOT_ACCESSIBLE', 'too-many-redirects', `Menu not accessible: more than ${maxRedirects} redirects`);
        }
        current = assertFetchableUrl(location, current.href);
        if (res.status === 303 || ((res.status === 301 || res.status === 302) && method === 'POST')) {
          method = 'GET';
          body = null;
        }
        continue;
      }
      // An event stream may never end: read within its window (event-stream.ts).
      const read =
        EVENT_STREAM.test(res.headers.get('content-type') ?? '') && res.body
          ? await readEventStream(res.body as ReadableStream<Uint8Array>, { maxBytes, ...STREAM_WINDOW })
          : await readCapped(res, maxBytes);
      return { url: current.href, status: res.status, headers: res.headers, body: read.body, chain, truncated: read.truncated };
    }
  } catch (e) {
    if (opts.signal?.aborted) throw abortError(opts.signal);
    if (timer.signal.aborted) throw timer.signal.reason as ScrapeError;
    const known = findScrapeError(e);
    if (known) throw known;
    const cause = (e as { cause?: { code?: string; message?: string } }).cause;
    const detail = cause?.code ?? cause?.message ?? (e as Error).message;
    throw new ScrapeError('MENU_NOT_ACCESSIBLE', 'network-error', `Menu not accessible: ${detail}`, { cause: e });
  } finally {
    clearTimeout(timeout);
    if (ownAgent) void ownAgent.destroy().catch(() => undefined);
  }
}

/** windows-1252's 0x80–0x9F (Node 20's TextDecoder reads them as C1 controls, unlike browsers). */
const CP1252_HIGH = '€\u0081‚ƒ„…†‡ˆ‰Š‹Œ\u008dŽ\u008f\u0090‘’“”•–—˜™š›œ\u009džŸ';
/** Labels the Encoding Standard maps to windows-1252 (ISO-8859-1 and ASCII among them, as browsers read them). */
const WINDOWS_1252 = new Set([
  'windows-1252',
  'cp1252',
  'x-cp1252',
  'iso-8859-1',
  'iso8859-1',
  'iso_8859-1',
  'iso88591',
  'latin1',
  'l1',
  'cp819',
  'ibm819',
  'csisolatin1',
  'iso-ir-100',
  'us-ascii',
  'ascii',
  'ansi_x3.4-1968',
]);

/** Bytes read as windows-1252. */
export function windows1252(body: Buffer): string {
  return body.toString('latin1').replace(/[\x80-\x9f]/g, (c) => CP1252_HIGH[c.charCodeAt(0) - 0x80]);
}

/**
 * Text in the charset the server declared (header or <meta charset> / <meta http-equiv>), as
 * browsers read it: a byte-order mark first; windows-1252 for its ISO-8859-1 / ASCII labels; with
 * nothing declared, UTF-8 unless its bytes are mostly not UTF-8, then windows-1252 (the Encoding
 * Standard's fallback for Western pages).
 */
export function decodeBody(body: Buffer, contentType: string | null): string {
  if (body[0] === 0xef && body[1] === 0xbb && body[2] === 0xbf) return body.subarray(3).toString('utf8');
  if (body[0] === 0xff && body[1] === 0xfe) return new TextDecoder('utf-16le').decode(body.subarray(2));
  const declared = /charset=["']?([\w:.-]+)/i.exec(contentType ?? '')?.[1] ?? /<meta[^>]+charset=["']?([\w:.-]+)/i.exec(body.subarray(0, 2048).toString('latin1'))?.[1];
  const label = declared?.toLowerCase();
  if (label && WINDOWS_1252.has(label)) return windows1252(body);
  if (label && !/^utf-?8$/.test(label)) {
    try {
      return new TextDecoder(label).decode(body);
    } catch {
      // unknown label: fall back to UTF-8
    }
  }
  const utf8 = body.toString('utf8');
  if (!label && utf8.includes('\ufffd')) {
    // Undeclared and not valid UTF-8: windows-1252 unless most non-ASCII characters did read as UTF-8.
    const bad = utf8.match(/\ufffd/g)!.length;
    const good = (utf8.match(/[^\x00-\x7f\ufffd]/g) ?? []).length;
    if (bad > good) return windows1252(body);
  }
  return utf8;
}

/** GET a page as text, following (and re-validating) redirects. */
export async function guardedFetch(url: string, opts: GuardedFetchOptions = {}): Promise<GuardedResponse> {
  // A kept-alive connection the server closed meanwhile: asked once more on a fresh one (stale-socket.ts).
  const r = await guardedRequest(url, opts).catch((e: unknown) => {
    if (opts.signal?.aborted || !staleSocket(e)) throw e;
    return guardedRequest(url, opts);
  });
  return { ...r, body: decodeBody(r.body, r.headers.get('content-type')), raw: r.body };
}
