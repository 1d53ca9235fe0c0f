/**
 * The artefact people deploy, started for a suite: the build (made when missing or older than a
 * source file, under the shared build lock), assembled outside the repository as the container
 * holds it (scripts/container/build-steps.sh), and started with the service's own entry hook.
 * Used by the fuzz and fault suites; the e2e run does the same steps inline.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { BUILD_LOCK, hasFlock, needsBuild, ROOT, startNextServer, type NextServer } from '@/scripts/lib/next-server';

export interface ProductionApp {
  /** The assembled runtime tree (start it again after a kill with `start`). */
  dir: string;
  work: string;
  start(env: NodeJS.ProcessEnv, opts?: { port?: number }): Promise<NextServer>;
  remove(): void;
}

/** True when a source file changed after the last build (the suites must test what is checked out). */
export function buildIsStale(): boolean {
  const marker = path.join(ROOT, '.next', 'standalone', 'server.js');
  if (needsBuild() || !fs.existsSync(marker)) return true;
  const built = fs.statSync(marker).mtimeMs;
  const files = spawnSync(
    'git',
    ['ls-files', '-co', '--exclude-standard', 'app', 'lib', 'components', 'server', 'supabase', 'public', 'next.config.ts', 'package.json', 'instrumentation.ts'],
    { cwd: ROOT, encoding: 'utf8' },
  )
    .stdout.split('\n')
    .filter(Boolean);
  return files.some((f) => {
    try {
      return fs.statSync(path.join(ROOT, f)).mtimeMs > built;
    } catch {
      return false;
    }
  });
}

/** Build when a source file changed since the last build; otherwise reuse it (one build takes minutes here). */
export function ensureBuild(): void {
  if (!buildIsStale()) return;
  const argv = hasFlock() ? ['flock', BUILD_LOCK, 'npm', 'run', 'build'] : ['npm', 'run', 'build'];
  const r = spawnSync(argv[0], argv.slice(1), { cwd: ROOT, stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production' } });
  if (r.status !== 0) throw new Error(`build failed (exit ${r.status})`);
}

/**
 * `reuseBuild`: take an existing build as it is, even if older than the sources (a benchmark on a
 * busy machine); build only when there is none.
 */
export function prepareProductionApp(label: string, opts: { reuseBuild?: boolean } = {}): ProductionApp {
  if (!opts.reuseBuild || !fs.existsSync(path.join(ROOT, '.next', 'standalone', 'server.js'))) ensureBuild();
  const work = fs.mkdtempSync(path.join(os.tmpdir(), `${label}-`));
  const dir = path.join(work, 'app');
  const r = spawnSync('bash', [path.join(ROOT, 'scripts', 'container', 'build-steps.sh'), 'assemble', dir], { cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit'] });
  if (r.status !== 0) throw new Error('assembling the standalone server failed');
  return {
    dir,
    work,
    start: (env, opts = {}) =>
      startNextServer({
        env: { APP_ENV: 'production', LOG_LEVEL: 'warn', STORAGE_DIR: path.join(work, 'storage'), ...env, NODE_ENV: 'production' },
        port: opts.port,
        timeoutMs: 180_000,
        captureLog: true,
        standaloneDir: dir,
      }),
    remove: () => fs.rmSync(work, { recursive: true, force: true }),
  };
}
