import { createHash } from 'node:crypto';

/** 32-bit seeds from a prompt's SHA-256: the same prompt always seeds the same artwork. */
export function promptSeeds(prompt: string): number[] {
  const h = createHash('sha256').update(prompt, 'utf8').digest();
  return Array.from({ length: 8 }, (_, i) => h.readUInt32BE(i * 4));
}

/** mulberry32: small, fast, good enough for layout; deterministic across platforms. */
export function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
