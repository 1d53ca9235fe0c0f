import { createHash } from 'node:crypto';

/** 32-bit seeds from a prompt's SHA-256: the same prompt always seeds the same artwork. */
export function promptSeeds(prompt: string): number[] {
  const h = createHash('sha256').update(prompt, 'utf8').digest();
  return Array.from({ length: 8 }, (_, i) => h.readUInt32BE(i * 4));
}
