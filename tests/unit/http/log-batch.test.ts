import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { LineBatch } from '@/lib/log-batch';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});

function target() {
  const writes: string[] = [];
  return { writes, dest: { write: (s: string) => (writes.push(s), true), flushSync: () => {} } };
}

describe('LineBatch (the buffered stdout of the logger)', () => {
  it('hands lines over in one write once they hold minLength characters, in order', () => {
    const { writes, dest } = target();
    const b = new LineBatch(dest, 20, -1);
    b.write('0123456789\n');
    expect(writes).toEqual([]);
    b.write('abcdefghij\n');
    expect(writes).toEqual(['0123456789\nabcdefghij\n']);
    b.write('x\n');
    b.flush();
    b.flush();
    expect(writes).toEqual(['0123456789\nabcdefghij\n', 'x\n']);
  });

  it('writes what is left synchronously at exit, after the destination’s own pending data', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'log-batch-'));
    dirs.push(dir);
    const file = path.join(dir, 'out.log');
    const boom = pino.destination({ dest: file, sync: false, minLength: 0, mkdir: true });
    await new Promise<void>((r) => boom.once('ready', () => r()));
    const b = new LineBatch(boom, 4096, (boom as unknown as { fd: number }).fd);
    for (let i = 0; i < 10; i++) b.write(`line ${i} ünïcode\n`);
    b.flushSync();
    expect(fs.readFileSync(file, 'utf8')).toBe(Array.from({ length: 10 }, (_, i) => `line ${i} ünïcode\n`).join(''));
    boom.end();
  });

  it('as pino’s destination: every line arrives, whole', async () => {
    const { writes, dest } = target();
    const b = new LineBatch(dest, 256, -1);
    const log = pino({ base: null, timestamp: false }, b);
    for (let i = 0; i < 50; i++) log.info({ i }, 'm');
    b.flush();
    const lines = writes.join('').split('\n').filter(Boolean);
    expect(lines.map((l) => JSON.parse(l).i)).toEqual(Array.from({ length: 50 }, (_, i) => i));
    expect(writes.length).toBeGreaterThan(5);
  });
});
