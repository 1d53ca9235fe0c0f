import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { acquireDirLock, openPglite } from '@/lib/db/pglite';
import { dbSuite } from '@/tests/shared/db-suite';

dbSuite('PGlite (in memory)', () => openPglite('memory://'));

describe('PGlite directory lock', () => {
  it('a second opener in another process gets a clear error, not a corrupted database', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pglite-lock-'));
    const dataDir = path.join(dir, 'db');
    const script = `
      const { openPglite } = require(${JSON.stringify(path.resolve('lib/db/pglite.ts'))});
      openPglite(${JSON.stringify(dataDir)}).then(async (db) => {
        await db.query('select 1');
        process.stdout.write('open\\n');
        setTimeout(async () => { await db.close(); process.exit(0); }, 20000);
      }).catch((e) => { process.stdout.write('error ' + e.message + '\\n'); process.exit(1); });`;
    const child = spawn(process.execPath, ['--conditions=react-server', '--import', 'tsx', '-e', script], { stdio: ['ignore', 'pipe', 'inherit'] });
    try {
      await new Promise<void>((resolve, reject) => {
        let out = '';
        child.stdout.on('data', (d) => {
          out += d;
          if (out.includes('open')) resolve();
          if (out.includes('error')) reject(new Error(out));
        });
        child.once('exit', () => reject(new Error(`child exited: ${out}`)));
      });
      await expect(openPglite(dataDir)).rejects.toThrow(/in use by process \d+/);
    } finally {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGKILL');
      await exited; // reaped, so the pid is really gone (a zombie still answers kill(pid, 0))
    }
    // the owner died without releasing: the stale lock is taken over
    const db = await openPglite(dataDir);
    expect((await db.query<{ one: number }>('select 1 as one')).rows[0].one).toBe(1);
    await db.close();
    expect(fs.existsSync(`${dataDir}.lock`)).toBe(false);
    fs.rmSync(dir, { recursive: true, force: true });
  }, 90_000);

  it('refuses a lock held by a live process and releases its own', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lockfile-'));
    const target = path.join(dir, 'data');
    fs.writeFileSync(`${target}.lock`, String(process.ppid)); // the parent process is alive
    expect(() => acquireDirLock(target)).toThrow(/in use by process/);
    fs.writeFileSync(`${target}.lock`, '999999999'); // no such process
    const release = acquireDirLock(target);
    expect(fs.readFileSync(`${target}.lock`, 'utf8')).toBe(String(process.pid));
    release();
    expect(fs.existsSync(`${target}.lock`)).toBe(false);
  });
});
