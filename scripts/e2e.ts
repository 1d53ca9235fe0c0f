/**
 * `npm run test:e2e`: build (unless SKIP_BUILD=1), start `next start` on a free port against a
 * throw-away embedded database (or DATABASE_URL), wait for /api/v1/health, run the Playwright
 * tests in tests/e2e with the system Chromium, stop the server, print the counts.
 *
 * The whole run holds /tmp/next-build.lock (the .next directory is shared with other builds on
 * this machine), re-executing itself under `flock` when that tool exists.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const LOCK = '/tmp/next-build.lock';

function hasFlock(): boolean {
  return spawnSync('sh', ['-c', 'command -v flock'], { stdio: 'ignore' }).status === 0;
}

if (!process.env.E2E_LOCK_HELD && hasFlock()) {
  const r = spawnSync('flock', [LOCK, process.execPath, ...process.execArgv, ...process.argv.slice(1)], {
    stdio: 'inherit',
    env: { ...process.env, E2E_LOCK_HELD: '1' },
  });
  process.exit(r.status ?? 1);
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as net.AddressInfo).port;
      s.close(() => resolve(port));
    });
  });
}

async function waitForHealth(base: string, server: ChildProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let last = '';
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`next start exited with code ${server.exitCode}`);
    try {
      const res = await fetch(`${base}/api/v1/health`, { signal: AbortSignal.timeout(5000) });
      if (res.status < 500) return;
      last = `HTTP ${res.status}`;
    } catch (e) {
      last = e instanceof Error ? e.message : String(e);
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`server did not become healthy in ${timeoutMs} ms (${last})`);
}

function stop(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.pid === undefined) return resolve();
    const timer = setTimeout(() => {
      try {
        process.kill(-child.pid!, 'SIGKILL');
      } catch {
        /* already gone */
      }
    }, 10_000);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    try {
      // The server runs in its own process group: this reaches next and any workers it spawned.
      process.kill(-child.pid, 'SIGTERM');
    } catch {
      resolve();
    }
  });
}

interface VitestJson {
  numPassedTests: number;
  numFailedTests: number;
  numPendingTests: number;
  numTodoTests: number;
  numTotalTests: number;
}

async function main(): Promise<number> {
  const chromium = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
  if (!existsSync(chromium)) {
    console.error(`e2e: Chromium not found at ${chromium} (set CHROMIUM_PATH); no browser is downloaded.`);
    return 1;
  }

  if (process.env.SKIP_BUILD !== '1') {
    console.log('e2e: building (npm run build)…');
    const b = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production' } });
    if (b.status !== 0) {
      console.error('e2e: build failed');
      return b.status ?? 1;
    }
  }

  const port = Number(process.env.E2E_PORT) || (await freePort());
  const base = `http://127.0.0.1:${port}`;
  const work = mkdtempSync(path.join(tmpdir(), 'e2e-'));
  const resultsDir = path.join(root, 'test-results');
  mkdirSync(resultsDir, { recursive: true });
  const adminKey = process.env.ADMIN_API_KEY || `e2e-admin-${randomBytes(12).toString('hex')}`;
  const serverEnv: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'production',
    APP_ENV: 'production',
    PORT: String(port),
    ADMIN_API_KEY: adminKey,
    SUPABASE_JWT_SECRET: process.env.SUPABASE_JWT_SECRET || `e2e-jwt-${randomBytes(24).toString('hex')}`,
    // Off by default; lets the production build hand the demo pages a user token (docs/web.md).
    DEMO_SESSION: 'true',
    // The fixture dispensaries listen on loopback.
    SCAN_ALLOW_PRIVATE_NETWORKS: 'true',
    STORAGE_DIR: path.join(work, 'storage'),
    TASK_RUNNER: 'local',
    AI_PROVIDER: process.env.AI_PROVIDER || 'local',
    LOG_LEVEL: process.env.LOG_LEVEL || 'warn',
    CHROMIUM_PATH: chromium,
  };
  if (!process.env.DATABASE_URL) serverEnv.PGLITE_DIR = path.join(work, 'pglite');
  delete serverEnv.NEXT_PUBLIC_SUPABASE_URL;

  const nextBin = path.join(root, 'node_modules', 'next', 'dist', 'bin', 'next');
  console.log(`e2e: starting next start on ${base} (${process.env.DATABASE_URL ? 'DATABASE_URL' : `PGlite in ${serverEnv.PGLITE_DIR}`})`);
  const server = spawn(process.execPath, [nextBin, 'start', '-p', String(port), '-H', '127.0.0.1'], {
    cwd: root,
    env: serverEnv,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const serverLog: string[] = [];
  const keep = (b: Buffer) => {
    serverLog.push(b.toString());
    if (serverLog.length > 400) serverLog.shift();
  };
  server.stdout?.on('data', keep);
  server.stderr?.on('data', keep);

  let code = 1;
  const reportFile = path.join(work, 'vitest.json');
  try {
    await waitForHealth(base, server, 180_000);
    console.log('e2e: server healthy; running browser tests');
    const vitest = spawnSync(
      process.execPath,
      [path.join(root, 'node_modules', 'vitest', 'vitest.mjs'), 'run', '--config', 'tests/e2e/vitest.config.mts', '--reporter=default', '--reporter=json', `--outputFile.json=${reportFile}`, ...process.argv.slice(2)],
      {
        cwd: root,
        stdio: 'inherit',
        env: { ...process.env, E2E_BASE_URL: base, E2E_ADMIN_KEY: adminKey, E2E_RESULTS_DIR: resultsDir, CHROMIUM_PATH: chromium, NODE_ENV: 'test' },
      },
    );
    code = vitest.status ?? 1;
  } catch (e) {
    console.error(`e2e: ${e instanceof Error ? e.message : String(e)}`);
    console.error(serverLog.join('').split('\n').slice(-60).join('\n'));
  } finally {
    await stop(server);
    if (code !== 0) console.error(`e2e: last server output:\n${serverLog.join('').split('\n').slice(-40).join('\n')}`);
  }

  let summary = 'e2e: no test report';
  if (existsSync(reportFile)) {
    const r = JSON.parse(readFileSync(reportFile, 'utf8')) as VitestJson;
    summary = `e2e: ${r.numPassedTests} passed, ${r.numFailedTests} failed, ${r.numPendingTests + r.numTodoTests} skipped of ${r.numTotalTests} (screenshots in test-results/)`;
  }
  rmSync(work, { recursive: true, force: true });
  console.log(summary);
  return code;
}

main().then(
  (code) => process.exit(code),
  (e) => {
    console.error(e);
    process.exit(1);
  },
);
