/**
 * A kept-alive connection the server closed while it sat idle: the next request on it fails
 * before any answer (`ECONNRESET`, undici's "other side closed" / `UND_ERR_SOCKET`, `EPIPE`).
 * Servers close idle connections after a few seconds (Node's 5 s, nginx's `keepalive_timeout`,
 * Apache's 5 s); a scan that spends longer than that reading a page races the close. A GET that
 * failed so is asked once more, on a fresh connection (what browsers do for idempotent requests).
 */
const STALE_CODES = new Set(['ECONNRESET', 'EPIPE', 'UND_ERR_SOCKET', 'UND_ERR_CLOSED']);

/** Whether an error (or one of its causes) is a connection closed under a request. */
export function staleSocket(e: unknown): boolean {
  for (let x = e as { code?: unknown; message?: unknown; cause?: unknown } | undefined, depth = 0; x && depth < 5; x = x.cause as typeof x, depth++) {
    if (typeof x.code === 'string' && STALE_CODES.has(x.code)) return true;
    if (typeof x.message === 'string' && /\bother side closed\b|\bsocket hang up\b/i.test(x.message)) return true;
  }
  return false;
}
