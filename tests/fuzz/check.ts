import { ERROR_CODES } from '@/lib/errors';
import type { FuzzRequest } from '@/tests/fuzz/generate';

/** An answer slower than this fails (a shared, loaded machine may need more: FUZZ_SLOW_MS). */
const SLOW_MS = Number(process.env.FUZZ_SLOW_MS ?? 5000);

/** What a production answer may look like (the specification's envelope and flat bodies). */
export function problemsWith(req: FuzzRequest, status: number, contentType: string, text: string, ms: number, slowMs = SLOW_MS): string[] {
  const out: string[] = [];
  const documented = req.op.statuses;
  if (status >= 500 && !(status === 503 && documented.has('503'))) out.push(`status ${status}`);
  if (ms > slowMs) out.push(`slow: ${ms} ms`);
  if (/\bat [\w.<>$]+ \(|node_modules|\/work\/|\.next\/server|webpack-internal|"stack"\s*:\s*"/.test(text)) out.push('leaks internals (stack or path)');
  if (contentType.includes('text/event-stream')) {
    if (status !== 200) out.push(`stream with status ${status}`);
    return out;
  }
  // Next's canonical-path redirect: a trailing slash answers 308 to the same path without it.
  // and an empty segment (`//`) to the path with it collapsed.
  if (status === 308 && /\/$|\/\//.test(new URL(req.url).pathname)) return out;
  if (!contentType.includes('application/json')) {
    // Only the file route answers other types, and only successfully (or 304).
    if (!(req.op.path.startsWith('/api/v1/files/') && (status === 200 || status === 304)) && !(status === 204 && req.method === 'OPTIONS')) {
      out.push(`content type ${contentType || '(none)'} with status ${status}`);
    }
    return out;
  }
  let body: Record<string, unknown>;
  try {
    body = JSON.parse(text) as Record<string, unknown>;
  } catch {
    return [...out, 'JSON content type but not JSON'];
  }
  if (status < 300) {
    if (!req.op.envelope) return out; // a documented flat answer (health, sections, openapi.json)
    const meta = body.meta as Record<string, unknown> | undefined;
    if (body.success !== true || !('data' in body) || typeof meta?.requestId !== 'string' || !/Z$/.test(String(meta?.timestamp))) out.push('2xx without the success envelope');
    return out;
  }
  const error = body.error as Record<string, unknown> | string | undefined;
  if (body.success === false && error && typeof error === 'object') {
    if (!(String(error.code) in ERROR_CODES)) out.push(`unknown error code ${String(error.code)}`);
    if (typeof error.message !== 'string') out.push('error without a message');
    if ('stack' in error) out.push('stack in a production error');
    const meta = body.meta as Record<string, unknown> | undefined;
    if (typeof meta?.requestId !== 'string' || typeof meta?.path !== 'string' || typeof meta?.method !== 'string') out.push('error envelope without meta');
    if (error.code === 'DATABASE_ERROR' && 'details' in error) out.push('database details in production');
    return out;
  }
  // The specification's flat bodies: authentication failures, the per-key 429, streaming unavailable.
  const flatAuth = body.success === false && typeof error === 'string' && typeof body.code === 'string' && [401, 500].includes(status);
  const flat429 = status === 429 && typeof error === 'string' && typeof body.retryAfter === 'number';
  const flat503 = status === 503 && typeof error === 'string' && body.code === 'SERVICE_UNAVAILABLE';
  if (!flatAuth && !flat429 && !flat503) out.push(`body is neither the envelope nor a flat body: ${text.slice(0, 160)}`);
  return out;
}
