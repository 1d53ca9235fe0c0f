import { createHash, timingSafeEqual } from 'node:crypto';

/** Constant-time comparison of two secrets of any lengths (both hashed to 32 bytes first). */
export function safeEqual(a: string, b: string): boolean {
  const da = createHash('sha256').update(a, 'utf8').digest();
  const db = createHash('sha256').update(b, 'utf8').digest();
  return timingSafeEqual(da, db);
}
