import fs from 'node:fs';

/** What LineBatch needs of its destination: SonicBoom (pino.destination) has it. */
export interface BatchTarget {
  write(data: string): boolean;
  flushSync(): void;
}

/**
 * Log lines collected in an array and handed to the destination as one string once they hold
 * `minLength` characters (and whenever `flush` is called: a timer, at least once a second).
 *
 * SonicBoom's own `minLength` buffering appends each line to its pending string and measures it
 * with `Buffer.byteLength`, which flattens the whole pending string on every write: with a 4 KB
 * buffer that was ~5.7 KB of garbage per request line (heap sampling of the service under load,
 * docs/performance.md). Here a line costs an array slot; the destination sees one write per batch.
 */
export class LineBatch {
  private parts: string[] = [];
  private chars = 0;

  constructor(
    private readonly dest: BatchTarget,
    private readonly minLength: number,
    /** The destination's file descriptor (the exit write goes to it directly). */
    private readonly fd: number,
  ) {}

  write(line: string): boolean {
    this.parts.push(line);
    this.chars += line.length;
    if (this.chars >= this.minLength) this.flush();
    return true;
  }

  /** Hand what is collected to the destination (its write is asynchronous). */
  flush(): void {
    const text = this.take();
    if (text) this.dest.write(text);
  }

  /**
   * At exit: the destination's pending writes, then what is collected here, synchronously (handing
   * it to the destination first would start an asynchronous write that the exit cuts short).
   */
  flushSync(): void {
    const text = this.take();
    try {
      this.dest.flushSync();
    } catch {
      /* not open yet, or nothing pending */
    }
    if (!text) return;
    const buf = Buffer.from(text);
    for (let off = 0; off < buf.length;) {
      try {
        off += fs.writeSync(this.fd, buf, off);
      } catch (e) {
        if ((e as NodeJS.ErrnoException).code !== 'EAGAIN') throw e;
      }
    }
  }

  private take(): string {
    if (this.parts.length === 0) return '';
    const text = this.parts.length === 1 ? this.parts[0] : this.parts.join('');
    this.parts = [];
    this.chars = 0;
    return text;
  }
}
