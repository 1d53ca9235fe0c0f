/**
 * A map bounded by entry count and by an estimate of the bytes its values hold: insertion order is
 * age, the oldest entries go first when a new one would pass either bound, and a value larger than
 * the byte bound is not stored at all. The bounds are read on every store, so a configuration
 * change applies to the next one.
 */
export class SizedCache<V> {
  private readonly map = new Map<string, { value: V; bytes: number }>();
  private held = 0;

  has(key: string): boolean {
    return this.map.has(key);
  }

  get(key: string): V | undefined {
    return this.map.get(key)?.value;
  }

  set(key: string, value: V, bytes: number, bounds: { entries: number; bytes: number }): void {
    if (bytes > bounds.bytes) return;
    this.delete(key);
    for (const [oldest, e] of this.map) {
      if (this.map.size < bounds.entries && this.held + bytes <= bounds.bytes) break;
      this.map.delete(oldest);
      this.held -= e.bytes;
    }
    this.map.set(key, { value, bytes });
    this.held += bytes;
  }

  delete(key: string): void {
    const prior = this.map.get(key);
    if (!prior) return;
    this.map.delete(key);
    this.held -= prior.bytes;
  }

  clear(): void {
    this.map.clear();
    this.held = 0;
  }

  get size(): number {
    return this.map.size;
  }

  get bytes(): number {
    return this.held;
  }
}
