/**
 * Start the production server for benchmarks and the e2e run: `next start` from the checkout, or
 * the standalone server (`node server.js` in a directory assembled by
 * scripts/container/build-steps.sh, as the container runs it). A free port, the build shared
 * through /tmp/next-build.lock, readiness by polling a path, and a stop that reaches the server
 * and every worker it spawned (the server runs in its own process group).
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';

export const ROOT = path.resolve(__dirname, '..', '..');
export const BUILD_LOCK = '/tmp/next-build.lock';

export function hasFlock(): boolean {
  return spawnSync('sh', ['-c', 'command -v flock'], { stdio: 'ignore' }).status === 0;
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as net.AddressInfo).port;
      s.close(() => resolve(port));
    });
  });
}

/** True when there is no build, or the build lacks a route the caller needs (`.next/server/app/<route>`). */
export function needsBuild(route?: string): boolean {
  if (!fs.existsSync(path.join(ROOT, '.next', 'BUILD_ID'))) return true;
  return route !== undefined && !fs.existsSync(path.join(ROOT, '.next', 'server', 'app', ...route.split('/').filter(Boolean)));
}

/** `npm run build`, under the shared build lock unless the caller already holds it. */
export function build(opts: { lockHeld?: boolean; env?: NodeJS.ProcessEnv } = {}): void {
  const useLock = !opts.lockHeld && hasFlock();
  const [cmd, args] = useLock ? ['flock', [BUILD_LOCK, 'npm', 'run', 'build']] : ['npm', ['run', 'build']];
  const r = spawnSync(cmd, args as string[], { cwd: ROOT, stdio: 'inherit', env: opts.env ?? process.env });
  if (r.status !== 0) throw new Error(`build failed (exit ${r.status})`);
}

export interface NextServer {
  base: string;
  port: number;
  child: ChildProcess;
  /** The last lines the server printed (when started with `captureLog`). */
  log(): string;
  stop(): Promise<void>;
}

export async function startNextServer(opts: {
  env: NodeJS.ProcessEnv;
  port?: number;
  /** Hold the build lock while serving, so no build replaces .next underneath. */
  lock?: boolean;
  readyPath?: string;
  timeoutMs?: number;
  captureLog?: boolean;
  /** Run `node server.js` in this standalone directory instead of `next start` in the checkout. */
  standaloneDir?: string;
  /** `next start` in another app directory (a reference app), without the service's entry hook. */
  appDir?: string;
  /** Extra node flags (e.g. `--cpu-prof`). */
  nodeArgs?: string[];
}): Promise<NextServer> {
  const port = opts.port ?? (await freePort());
  const base = `http://127.0.0.1:${port}`;
  const nextBin = path.join(ROOT, 'node_modules', 'next', 'dist', 'bin', 'next');
  // The service's own entry hook first (server/entry.cjs), as `npm start` runs it; the standalone
  // server.js loads it itself (scripts/standalone.ts).
  const argv = opts.standaloneDir
    ? [process.execPath, path.join(opts.standaloneDir, 'server.js')]
    : opts.appDir
      ? [process.execPath, nextBin, 'start', '-p', String(port), '-H', '127.0.0.1']
      : [process.execPath, ...(opts.nodeArgs ?? []), '-r', path.join(ROOT, 'server', 'entry.cjs'), nextBin, 'start', '-p', String(port), '-H', '127.0.0.1'];
  const [cmd, ...args] = opts.lock && hasFlock() ? ['flock', BUILD_LOCK, ...argv] : argv;
  const env: NodeJS.ProcessEnv = { TRUSTED_PROXY: 'none', ...opts.env, PORT: String(port) };
  // The standalone server reads its address from HOSTNAME; nothing may resolve back into the checkout.
  if (opts.standaloneDir) Object.assign(env, { HOSTNAME: '127.0.0.1', NODE_PATH: '' });
  const child = spawn(cmd, args, {
    cwd: opts.standaloneDir ?? opts.appDir ?? ROOT,
    env,
    detached: true,
    stdio: ['ignore', opts.captureLog ? 'pipe' : 'ignore', opts.captureLog ? 'pipe' : 'inherit'],
  });
  const lines: string[] = [];
  const keep = (b: Buffer) => {
    lines.push(b.toString());
    if (lines.length > 400) lines.shift();
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);

  const stop = () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null || child.pid === undefined) return resolve();
      const timer = setTimeout(() => signal('SIGKILL'), 10_000);
      child.once('exit', () => {
        clearTimeout(timer);
        resolve();
      });
      signal('SIGTERM');
    });
  const signal = (s: NodeJS.Signals) => {
    try {
      process.kill(-child.pid!, s);
    } catch {
      /* already gone */
    }
  };
  process.once('exit', () => signal('SIGKILL'));

  const deadline = Date.now() + (opts.timeoutMs ?? 240_000);
  let last = '';
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null)
      throw new Error(`the server exited with code ${child.exitCode} (signal ${child.signalCode})\n${lines.join('').slice(-4000)}`);
    try {
      const res = await fetch(base + (opts.readyPath ?? '/api/v1/health'), { signal: AbortSignal.timeout(5000) });
      await res.arrayBuffer();
      if (res.status < 500) break;
      last = `HTTP ${res.status}`;
    } catch (e) {
      last = e instanceof Error ? e.message : String(e);
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`server did not become ready (${last})`);
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  return { base, port, child, log: () => lines.join(''), stop };
}

/**
 * The benchmark server: embedded PGlite and storage in `dataDir`, the local model, no Redis, and
 * rate limiting off (benchmarks measure the routes, not the limiter).
 */
export function benchServerEnv(dataDir: string, extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  return {
    ...process.env,
    AI_PROVIDER: 'local',
    OPENAI_API_KEY: '',
    PGLITE_DIR: path.join(dataDir, 'pglite'),
    DATABASE_URL: '',
    REDIS_URL: '',
    STORAGE_DIR: path.join(dataDir, 'storage'),
    RATE_LIMIT_ENABLED: 'false',
    LOG_LEVEL: 'warn',
    ...extra,
  };
}
