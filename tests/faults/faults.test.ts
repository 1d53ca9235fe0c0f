/**
 * `npm run test:faults`: the production build (standalone server through the service's entry)
 * under the faults production meets — a server killed mid-scan, the database terminated and
 * refusing connections under traffic, concurrent cron calls, Redis dying mid-traffic. Each ends in
 * the specified answers (FAILED RUNNER_LOST, DATABASE_ERROR, alreadyRunning, fail-open) and
 * recovers by itself.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUserToken } from '@/lib/auth/jwt';
import { freePort, type NextServer } from '@/scripts/lib/next-server';
import { prepareProductionApp, type ProductionApp } from '@/scripts/lib/prod-server';

const PG = process.env.DATABASE_URL;
const SECRET = 'faults-jwt-secret-0123456789abcdef0123456789';
const CRON = 'faults-cron-secret-0123456789';
let app: ProductionApp;

beforeAll(() => {
  app = prepareProductionApp('faults');
});
afterAll(() => app?.remove());

function baseEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  return { ...process.env, TRUSTED_PROXY: 'hops:1', SUPABASE_JWT_SECRET: SECRET, CRON_SECRET: CRON, REDIS_URL: '', RATE_LIMIT_ENABLED: 'false', ...extra };
}

const until = async <T>(what: string, fn: () => Promise<T | undefined>, timeoutMs = 60_000): Promise<T> => {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const v = await fn().catch(() => undefined);
    if (v !== undefined) return v;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 250));
  }
};

function kill9(s: NextServer): Promise<void> {
  return new Promise((resolve) => {
    s.child.once('exit', () => resolve());
    try {
      process.kill(-(s.child.pid as number), 'SIGKILL');
    } catch {
      resolve();
    }
  });
}

describe('a server killed mid-scan', () => {
  let menu: http.Server;
  let held: http.ServerResponse[] = [];
  beforeAll(async () => {
    // A menu that starts answering and never finishes: the scan stays in its scrape stage.
    menu = http.createServer((_req, res) => {
      held.push(res);
      res.writeHead(200, { 'content-type': 'text/html' });
      res.write('<html><body><h1>Menu</h1>');
    });
    await new Promise<void>((r) => menu.listen(0, '127.0.0.1', r));
  });
  afterAll(async () => {
    for (const r of held) r.destroy();
    held = [];
    await new Promise((r) => menu.close(r));
  });

  it('ends the run FAILED with RUNNER_LOST when the service starts again', async () => {
    const dbEnv: Record<string, string> = PG ? { DATABASE_SCHEMA: `faults_kill_${process.pid}` } : { PGLITE_DIR: `${app.work}/pglite-kill` };
    const env = baseEnv({ ...dbEnv, SCAN_ALLOW_PRIVATE_NETWORKS: 'true', SCAN_TIMEOUT_MS: '600000', SCRAPE_FETCH_TIMEOUT_MS: '600000' });
    const first = await app.start(env);
    const token = await signUserToken({ sub: 'faults-user', tier: 'premium', secret: SECRET });
    const port = (menu.address() as AddressInfo).port;
    const r = await fetch(`${first.base}/api/v1/shopping/scan-token`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ dispensaryName: 'Held Open', menuUrls: [`http://127.0.0.1:${port}/menu`], userId: 'faults-user', triggerServerSide: true }),
    });
    expect(r.status).toBe(200);
    const { runId, publicAccessToken } = (await r.json()).data as { runId: string; publicAccessToken: string };
    const runUrl = (base: string) => `${base}/api/v1/shopping/runs/${runId}`;
    const auth = { authorization: `Bearer ${publicAccessToken}` };
    await until('the scan to be scraping', async () => {
      const v = (await (await fetch(runUrl(first.base), { headers: auth })).json()).data;
      return v.status === 'EXECUTING' && v.metadata.currentStage === 'scrape' && held.length > 0 ? v : undefined;
    });
    await kill9(first);

    const second = await app.start(env);
    try {
      const run = await until('the run to end', async () => {
        const v = (await (await fetch(runUrl(second.base), { headers: auth })).json()).data;
        return v.status !== 'EXECUTING' && v.status !== 'QUEUED' ? v : undefined;
      });
      expect(run.status).toBe('FAILED');
      expect(run.error.code).toBe('RUNNER_LOST');
    } finally {
      await second.stop();
    }
  });
});

describe.runIf(Boolean(PG))('the database fails under traffic', () => {
  let server: NextServer;
  let admin: pg.Client;
  const appName = `ci_faults_${process.pid}`;
  const scratch = `ci_faults_db_${process.pid}`;
  beforeAll(async () => {
    admin = new pg.Client({ connectionString: PG });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${scratch}`);
    await admin.query(`CREATE DATABASE ${scratch}`);
    const url = new URL(PG as string);
    url.pathname = `/${scratch}`;
    url.searchParams.set('application_name', appName);
    server = await app.start(baseEnv({ DATABASE_URL: url.toString(), DATABASE_SCHEMA: 'public' }));
  });
  afterAll(async () => {
    await server?.stop();
    await admin.query(`ALTER DATABASE ${scratch} ALLOW_CONNECTIONS true`).catch(() => undefined);
    await admin.query(`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1`, [scratch]).catch(() => undefined);
    await admin.query(`DROP DATABASE IF EXISTS ${scratch}`).catch(() => undefined);
    await admin.end();
  });

  // A read that reaches the database every time: a search never asked before.
  let n = 0;
  const read = async () => {
    const r = await fetch(`${server.base}/api/v1/strains/search?q=${encodeURIComponent(`faults probe ${process.pid} ${n++}`)}`);
    const body = (await r.json()) as { success: boolean; error?: { code: string; details?: unknown } };
    return { status: r.status, code: body.error?.code, details: body.error?.details };
  };

  it('terminated backends answer DATABASE_ERROR (never INTERNAL_ERROR) and the pool recovers by itself', async () => {
    expect((await read()).status).toBe(200);
    const seen: { status: number; code?: string; details?: unknown }[] = [];
    let stop = false;
    const traffic = (async () => {
      while (!stop) seen.push(await read());
    })();
    for (let i = 0; i < 5; i++) {
      await admin.query(`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = $1`, [appName]);
      await new Promise((r) => setTimeout(r, 150));
    }
    stop = true;
    await traffic;
    const errors = seen.filter((s) => s.status !== 200);
    for (const e of errors) {
      expect(e.status).toBe(500);
      expect(e.code).toBe('DATABASE_ERROR');
      expect(e.details).toBeUndefined(); // production: no driver details
    }
    const t = Date.now();
    await until('a 200 after the terminations', async () => ((await read()).status === 200 ? true : undefined), 30_000);
    console.log(`faults: ${seen.length} reads during terminations, ${errors.length} DATABASE_ERROR; back to 200 in ${Date.now() - t} ms`);
  });

  it('a database that refuses connections answers DATABASE_ERROR, then recovers when it accepts again', async () => {
    await admin.query(`ALTER DATABASE ${scratch} ALLOW_CONNECTIONS false`);
    await admin.query(`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1`, [scratch]);
    let refused: Awaited<ReturnType<typeof read>>;
    try {
      refused = await read();
    } finally {
      // Let the database accept again whatever the answer was, so the next test is not a cascade.
      await admin.query(`ALTER DATABASE ${scratch} ALLOW_CONNECTIONS true`);
    }
    expect(refused, server.log()).toMatchObject({ status: 500, code: 'DATABASE_ERROR' });
    const t = Date.now();
    await until('a 200 after the database accepts again', async () => ((await read()).status === 200 ? true : undefined), 30_000);
    console.log(`faults: refused → DATABASE_ERROR; back to 200 ${Date.now() - t} ms after connections were allowed again`);
  });

  it('six concurrent daily syncs: one runs, the rest answer alreadyRunning, no 500', async () => {
    const answers = await Promise.all(
      Array.from({ length: 6 }, async () => {
        const r = await fetch(`${server.base}/api/v1/cron/daily-sync`, { headers: { authorization: `Bearer ${CRON}` }, signal: AbortSignal.timeout(60_000) });
        return { status: r.status, data: (await r.json()).data as { alreadyRunning: boolean } };
      }),
    );
    expect(
      answers.map((a) => a.status),
      server.log(),
    ).toEqual([200, 200, 200, 200, 200, 200]);
    expect(answers.filter((a) => a.data.alreadyRunning === false)).toHaveLength(1);
  });
});

describe('Redis dies mid-traffic', () => {
  let redis: ChildProcess | null = null;
  let server: NextServer;
  const hasRedis = spawnSync('sh', ['-c', 'command -v redis-server'], { stdio: 'ignore' }).status === 0;

  it.runIf(hasRedis)('limits count in Redis, then the API keeps answering (fail open) with the limit headers', async () => {
    const port = await freePort();
    redis = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
    await until('redis', async () => (spawnSync('redis-cli', ['-p', String(port), 'ping'], { encoding: 'utf8' }).stdout.trim() === 'PONG' ? true : undefined), 20_000);
    const dbEnv: Record<string, string> = PG ? { DATABASE_SCHEMA: `faults_redis_${process.pid}` } : { PGLITE_DIR: `${app.work}/pglite-redis` };
    server = await app.start(baseEnv({ ...dbEnv, RATE_LIMIT_ENABLED: 'true', REDIS_URL: `redis://127.0.0.1:${port}`, RATE_LIMIT_TIMEOUT_MS: '300' }));
    try {
      const a = await fetch(`${server.base}/api/v1/strains/popular`);
      const b = await fetch(`${server.base}/api/v1/strains/popular`);
      expect(a.status).toBe(200);
      expect(Number(b.headers.get('x-ratelimit-remaining'))).toBe(Number(a.headers.get('x-ratelimit-remaining')) - 1);
      const keys = spawnSync('redis-cli', ['-p', String(port), '--scan'], { encoding: 'utf8' }).stdout;
      expect(keys).toMatch(/ci:rl/); // the counts live in Redis
      redis.kill('SIGKILL');
      await new Promise((r) => redis?.once('exit', r));
      redis = null;
      const statuses: number[] = [];
      for (let i = 0; i < 20; i++) {
        const r = await fetch(`${server.base}/api/v1/strains/popular`, { signal: AbortSignal.timeout(10_000) });
        statuses.push(r.status);
        expect(r.headers.get('x-ratelimit-limit')).toBe('300');
      }
      expect(new Set(statuses)).toEqual(new Set([200]));
    } finally {
      redis?.kill('SIGKILL');
      await server.stop();
    }
  });
});
