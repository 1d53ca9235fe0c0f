/**
 * Object paths are untrusted (they arrive in URLs): every one is checked against a strict grammar
 * before any driver sees it, so `..`, absolute paths, backslashes, NUL and dot-files can never
 * reach the file system or a storage API.
 */
export const BUCKETS = ['screenshots', 'images'] as const;
export type Bucket = (typeof BUCKETS)[number];

export class InvalidObjectPathError extends Error {
  constructor(readonly reason: string) {
    super(`Invalid object path: ${reason}`);
    this.name = 'InvalidObjectPathError';
  }
}

const SEGMENT = /^[A-Za-z0-9_][A-Za-z0-9._-]{0,199}$/;
const MAX_DEPTH = 8;
const MAX_LENGTH = 1024;

export function isBucket(v: string): v is Bucket {
  return (BUCKETS as readonly string[]).includes(v);
}

/** Returns the path unchanged when it is safe, else throws InvalidObjectPathError with why. */
export function assertObjectPath(path: string): string {
  if (typeof path !== 'string' || path.length === 0) throw new InvalidObjectPathError('empty');
  if (path.length > MAX_LENGTH) throw new InvalidObjectPathError('too long');
  if (path.includes('\0')) throw new InvalidObjectPathError('NUL byte');
  if (path.includes('\\')) throw new InvalidObjectPathError('backslash');
  if (path.startsWith('/') || /^[A-Za-z]:/.test(path)) throw new InvalidObjectPathError('absolute path');
  const segs = path.split('/');
  if (segs.length > MAX_DEPTH) throw new InvalidObjectPathError('too deep');
  for (const s of segs) {
    if (s === '') throw new InvalidObjectPathError('empty segment');
    if (s === '.' || s === '..') throw new InvalidObjectPathError('relative segment');
    if (!SEGMENT.test(s)) throw new InvalidObjectPathError('disallowed characters');
  }
  return path;
}

const TYPES: Record<string, string> = {
  png: 'image/png',
  webp: 'image/webp',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  avif: 'image/avif',
  svg: 'image/svg+xml',
  json: 'application/json',
  txt: 'text/plain; charset=utf-8',
  html: 'text/html; charset=utf-8',
};

/** Content type by file extension; `application/octet-stream` when unknown. */
export function contentTypeFor(path: string): string {
  const ext = /\.([A-Za-z0-9]+)$/.exec(path)?.[1]?.toLowerCase();
  return (ext && TYPES[ext]) || 'application/octet-stream';
}

/** The local URL every driver's objects can be read through (GET /api/v1/files/...). */
export function localObjectUrl(bucket: Bucket, path: string): string {
  return `/api/v1/files/${bucket}/${path.split('/').map(encodeURIComponent).join('/')}`;
}
