/**
 * A seeded pseudo-random generator (mulberry32): small, fast and the same on every platform, so
 * generated artwork, fixtures and fuzz inputs are reproducible from their seed. Not for secrets.
 */
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
