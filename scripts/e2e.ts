/**
 * `npm run test:e2e`: build (unless SKIP_BUILD=1), assemble the standalone server outside the
 * repository with the container's own steps (scripts/container/build-steps.sh assemble + verify),
 * start it (`node server.js`, as the image does) on a free port against a throw-away, empty
 * embedded database (or DATABASE_URL), run the image's health check, run the Playwright tests in
 * tests/e2e with the system Chromium, stop the server, print the counts. The artefact people
 * deploy is the one tested.
 *
 * The whole run holds /tmp/next-build.lock (the .next directory is shared with other builds on
 * this machine), re-executing itself under `flock` when that tool exists.
 */
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { BUILD_LOCK, build, freePort, hasFlock, startNextServer, type NextServer } from '@/scripts/lib/next-server';
import { signUserToken } from '@/lib/auth/jwt';

const root = path.resolve(import.meta.dirname, '..');

if (!process.env.E2E_LOCK_HELD && hasFlock()) {
  const r = spawnSync('flock', [BUILD_LOCK, process.execPath, ...process.execArgv, ...process.argv.slice(1)], {
    stdio: 'inherit',
    env: { ...process.env, E2E_LOCK_HELD: '1' },
  });
  process.exit(r.status ?? 1);
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
    try {
      build({ lockHeld: true, env: { ...process.env, NODE_ENV: 'production' } }); // this process holds the lock
    } catch (e) {
      console.error(`e2e: ${(e as Error).message}`);
      return 1;
    }
  }

  const work = mkdtempSync(path.join(tmpdir(), 'e2e-'));
  // The runtime tree as the image holds it, outside the repository: nothing resolves back into
  // the checkout's node_modules.
  const appDir = path.join(work, 'app');
  const assembled = spawnSync('bash', [path.join(root, 'scripts', 'container', 'build-steps.sh'), 'assemble', appDir], { cwd: root, stdio: 'inherit' });
  if (assembled.status !== 0) {
    console.error('e2e: assembling the standalone server failed');
    return 1;
  }
  // A page origin for the cross-origin tests: listed in CORS_ORIGINS (tests/e2e/cors.e2e.test.ts).
  const appOriginPort = await freePort();
  const corsOrigin = `http://127.0.0.2:${appOriginPort}`;
  const resultsDir = path.join(root, 'test-results');
  mkdirSync(resultsDir, { recursive: true });
  const adminKey = process.env.ADMIN_API_KEY || `e2e-admin-${randomBytes(12).toString('hex')}`;
  const serverEnv: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'production',
    APP_ENV: 'production',
    ADMIN_API_KEY: adminKey,
    SUPABASE_JWT_SECRET: process.env.SUPABASE_JWT_SECRET || `e2e-jwt-${randomBytes(24).toString('hex')}`,
    TRUSTED_PROXY: 'none',
    CORS_ORIGINS: corsOrigin,
    // The fixture dispensaries listen on loopback.
    SCAN_ALLOW_PRIVATE_NETWORKS: 'true',
    STORAGE_DIR: path.join(work, 'storage'),
    TASK_RUNNER: 'local',
    AI_PROVIDER: process.env.AI_PROVIDER || 'local',
    LOG_LEVEL: process.env.LOG_LEVEL || 'warn',
    CHROMIUM_PATH: chromium,
  };
  // Production has no demo session: the browser tests sign in with a token minted like
  // `npm run token` (tests/e2e/browser.ts puts it where the pages look for a pasted token).
  const userToken = await signUserToken({ sub: 'e2e-user', tier: 'premium', ttlSeconds: 3 * 3600, secret: serverEnv.SUPABASE_JWT_SECRET });
  if (!process.env.DATABASE_URL) serverEnv.PGLITE_DIR = path.join(work, 'pglite');
  delete serverEnv.NEXT_PUBLIC_SUPABASE_URL;

  console.log(`e2e: starting the standalone server from ${appDir} (${process.env.DATABASE_URL ? 'DATABASE_URL' : `empty PGlite in ${serverEnv.PGLITE_DIR}`})`);
  let code = 1;
  const reportFile = path.join(work, 'vitest.json');
  let server: NextServer | null = null;
  try {
    server = await startNextServer({ env: serverEnv, port: Number(process.env.E2E_PORT) || undefined, timeoutMs: 180_000, captureLog: true, standaloneDir: appDir });
    const base = server.base;
    // The image's HEALTHCHECK command, run the same way.
    const health = spawnSync(process.execPath, [path.join(appDir, 'healthcheck.cjs')], { env: { ...process.env, PORT: String(server.port) }, encoding: 'utf8' });
    if (health.status !== 0) throw new Error(`the image's health check failed: ${health.stderr}`);
    console.log(`e2e: server healthy on ${base}; running browser tests`);
    const vitest = spawnSync(
      process.execPath,
      [
        path.join(root, 'node_modules', 'vitest', 'vitest.mjs'),
        'run',
        '--config',
        'tests/e2e/vitest.config.mts',
        '--reporter=default',
        '--reporter=json',
        `--outputFile.json=${reportFile}`,
        ...process.argv.slice(2),
      ],
      {
        cwd: root,
        stdio: 'inherit',
        env: {
          ...process.env,
          E2E_BASE_URL: base,
          E2E_ADMIN_KEY: adminKey,
          E2E_USER_TOKEN: userToken,
          E2E_RESULTS_DIR: resultsDir,
          E2E_SERVER_DIR: appDir,
          E2E_APP_ORIGIN: corsOrigin,
          E2E_EMBEDDED_DB: process.env.DATABASE_URL ? '' : '1',
          CHROMIUM_PATH: chromium,
          NODE_ENV: 'test',
        },
      },
    );
    code = vitest.status ?? 1;
  } catch (e) {
    console.error(`e2e: ${e instanceof Error ? e.message : String(e)}`);
  } finally {
    if (server) {
      await server.stop();
      if (code !== 0) console.error(`e2e: last server output:\n${server.log().split('\n').slice(-60).join('\n')}`);
    }
  }

  let summary = 'e2e: no test report';
  if (existsSync(reportFile)) {
    const r = JSON.parse(readFileSync(reportFile, 'utf8')) as VitestJson;
    console.log(`e2e: ${r.numTotalTests} browser tests; screenshots in test-results/`);
    // the plain closing line CI reads: "N passed, N failed, N skipped"
    summary = `e2e: ${r.numPassedTests} passed, ${r.numFailedTests} failed, ${r.numPendingTests + r.numTodoTests} skipped`;
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
