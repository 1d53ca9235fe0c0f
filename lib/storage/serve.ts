import { createHash } from 'node:crypto';
import { ApiError } from '@/lib/errors';
import { getObject, InvalidObjectPathError, isBucket, assertObjectPath } from '@/lib/storage/index';

/** Names that carry a content hash (16+ hex characters) never change: cache them for a year. */
const CONTENT_ADDRESSED = /(^|[^0-9a-f])[0-9a-f]{16,}([^0-9a-f]|$)/i;
export const IMMUTABLE_CACHE = 'public, max-age=31536000, immutable';
export const SHORT_CACHE = 'public, max-age=300, must-revalidate';

/** Decode a segment once if a router left it encoded; whatever remains is judged strictly. */
function decodeOnce(s: string): string {
  if (!s.includes('%')) return s;
  try {
    return decodeURIComponent(s);
  } catch {
    return s; // malformed escapes stay and fail the grammar check
  }
}

/** Turn catch-all segments into a validated (bucket, path), or throw the API error to answer. */
export function parseFilePath(segments: readonly string[]): { bucket: 'screenshots' | 'images'; path: string } {
  const decoded = segments.map(decodeOnce);
  const [bucket, ...rest] = decoded;
  if (!bucket || !isBucket(bucket)) throw ApiError.notFound('bucket', String(bucket ?? ''));
  const path = rest.join('/');
  try {
    assertObjectPath(path);
  } catch (e) {
    if (e instanceof InvalidObjectPathError) throw new ApiError('BAD_REQUEST', 'Invalid file path', { reason: e.reason });
    throw e;
  }
  return { bucket, path };
}

function etagMatches(header: string | null, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  return header.split(',').some((t) => t.trim().replace(/^W\//, '') === etag);
}

/**
 * Serve one stored object: the stored content type, a strong ETag (304 on If-None-Match), a year
 * of caching for content-addressed names and five minutes otherwise. Stored files are data, never
 * documents: nosniff plus a sandboxing CSP keeps an SVG or HTML object from running script.
 */
export async function serveFile(segments: readonly string[], req: Request): Promise<Response> {
  const { bucket, path } = parseFilePath(segments);
  const obj = await getObject(bucket, path);
  if (!obj) throw ApiError.notFound('file', `${bucket}/${path}`);
  const etag = `"${createHash('sha256').update(obj.data).digest('base64url').slice(0, 32)}"`;
  const fileName = path.slice(path.lastIndexOf('/') + 1);
  const headers: Record<string, string> = {
    'content-type': obj.contentType,
    'cache-control': CONTENT_ADDRESSED.test(fileName) ? IMMUTABLE_CACHE : SHORT_CACHE,
    etag,
    'x-content-type-options': 'nosniff',
    'content-security-policy': "default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'; sandbox",
    'cross-origin-resource-policy': 'cross-origin',
  };
  if (etagMatches(req.headers.get('if-none-match'), etag)) return new Response(null, { status: 304, headers });
  headers['content-length'] = String(obj.data.length);
  const body = req.method === 'HEAD' ? null : new Uint8Array(obj.data);
  return new Response(body, { status: 200, headers });
}
