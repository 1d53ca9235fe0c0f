/**
 * `npm run test:fuzz`: the schema-driven fuzzer against the production build (the standalone
 * server, started through the service's own entry, TRUSTED_PROXY=hops:1 like the outside checks)
 * on real PostgreSQL when DATABASE_URL is set. At least 10,000 requests over every operation of the
 * live OpenAPI document; any 5xx (but a documented 503), any body that is not the specification's
 * envelope or flat body, any leaked internal, any answer slower than 5 s fails the suite.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUserToken } from '@/lib/auth/jwt';
import { prepareProductionApp, type ProductionApp } from '@/scripts/lib/prod-server';
import type { NextServer } from '@/scripts/lib/next-server';
import { problemsWith } from '@/tests/fuzz/check';
import { Gen, operationsOf, requestFor, type Credentials, type FuzzRequest, type Operation } from '@/tests/fuzz/generate';
import { rng } from '@/lib/random';

const REQUESTS = Number(process.env.FUZZ_REQUESTS ?? 10_000);
const SEED = Number(process.env.FUZZ_SEED ?? 20261123);
// Two in flight per core: enough to overlap I/O, not so many that answers queue behind CPU work.
const CONCURRENCY = Number(process.env.FUZZ_CONCURRENCY ?? 4);

let app: ProductionApp;
let server: NextServer;
let creds: Credentials;
let ops: Operation[];

const secret = `fuzz-jwt-${randomBytes(24).toString('hex')}`;
const env = (): NodeJS.ProcessEnv => ({
  ...process.env,
  TRUSTED_PROXY: 'hops:1',
  SUPABASE_JWT_SECRET: secret,
  ADMIN_API_KEY: 'fuzz-admin-key-0123456789',
  API_KEY: 'fuzz-api-key-0123456789',
  CRON_SECRET: 'fuzz-cron-secret-0123456789',
  // Reach the handlers: the limits have their own phase below.
  RATE_LIMIT_ENABLED: 'false',
  SCAN_TIMEOUT_MS: '20000',
  TASK_CONCURRENCY: '1',
  AI_PROVIDER: 'local',
  REDIS_URL: '',
  ...(process.env.DATABASE_URL ? { DATABASE_SCHEMA: `fuzz_${process.pid}` } : { PGLITE_DIR: `${app.work}/pglite` }),
});

beforeAll(async () => {
  app = prepareProductionApp('fuzz');
  server = await app.start(env());
  creds = {
    premium: await signUserToken({ sub: 'fuzz-premium', tier: 'premium', secret }),
    free: await signUserToken({ sub: 'fuzz-free', tier: 'free', secret }),
    expired: await signUserToken({ sub: 'fuzz-old', tier: 'premium', secret, ttlSeconds: -60 }),
    adminKey: 'fuzz-admin-key-0123456789',
    apiKey: 'fuzz-api-key-0123456789',
    cronSecret: 'fuzz-cron-secret-0123456789',
  };
  const doc = (await (await fetch(`${server.base}/api/v1/openapi.json`)).json()) as Parameters<typeof operationsOf>[0];
  ops = operationsOf(doc);
});

afterAll(async () => {
  await server?.stop();
  app?.remove();
});

/** Batch jobs and image generators: a different time scale (a hosted image model alone takes 10–30 s). */
const HEAVY =
  /\/(cron\/daily-sync|admin\/discover\/refresh|admin\/backfill|hero-images\/generate|mascot\/generate|social\/drafts\/generate|blog\/generate-image|app-landing\/generate-image)$/;
const LIGHT_SLOW_MS = Number(process.env.FUZZ_SLOW_MS ?? 5000);
const HEAVY_SLOW_MS = 60_000;

let resetsRetried = 0;
const isReset = (e: unknown) => ['ECONNRESET', 'UND_ERR_SOCKET'].includes(String((e as { cause?: { code?: string } }).cause?.code));

async function send(r: FuzzRequest): Promise<{ status: number; contentType: string; text: string; ms: number }> {
  const t = performance.now();
  const go = () => fetch(r.url, { method: r.method, headers: r.headers, body: r.body, redirect: 'manual', signal: AbortSignal.timeout(30_000) });
  // A kept-alive socket the server closed as the client reused it (a race of idle timers on a
  // loaded machine) is retried once on a fresh connection, and counted; a second reset fails.
  const res = await go().catch((e: unknown) => {
    if (!isReset(e)) throw e;
    resetsRetried++;
    return go();
  });
  const contentType = res.headers.get('content-type') ?? '';
  let text = '';
  if (contentType.includes('text/event-stream')) await res.body?.cancel();
  else text = await res.text();
  return { status: res.status, contentType, text, ms: Math.round(performance.now() - t) };
}

describe('schema-driven fuzzing of every operation', () => {
  it(`${REQUESTS} requests, seed ${SEED}: no 5xx, only specified bodies, no leaks, none slower than 5 s`, async () => {
    expect(ops.length).toBeGreaterThan(50);
    const g = new Gen(rng(SEED));
    // Every operation at least 20 times, the rest spread at random over the light ones. The batch
    // jobs and image generators (HEAVY) run 8 each afterwards, one at a time, with their own
    // bound: eight concurrent image renders saturate two cores and would make every other answer
    // slow, which measures the machine, not the service.
    const light = ops.filter((op) => !HEAVY.test(op.path));
    const heavy = ops.filter((op) => HEAVY.test(op.path));
    const plan: Operation[] = [];
    for (const op of light) for (let i = 0; i < 20; i++) plan.push(op);
    while (plan.length < REQUESTS - heavy.length * 8) plan.push(g.pick(light));
    const heavyPlan = heavy.flatMap((op) => Array.from({ length: 8 }, () => op));
    const requests = plan.map((op) => requestFor(g, server.base, op, creds));
    const heavyRequests = heavyPlan.map((op) => requestFor(g, server.base, op, creds));
    const failures: string[] = [];
    const kinds = new Map<string, number>();
    const tally = (k: string) => kinds.set(k, (kinds.get(k) ?? 0) + 1);
    const statuses = new Map<number, number>();
    let next = 0;
    let slowest = 0;
    // The slowest light answers, named, so a slow tail can be traced to what was running.
    const tail: Array<{ ms: number; what: string; at: number }> = [];
    const started = performance.now();
    const one = async (r: FuzzRequest, slowMs: number) => {
      try {
        const a = await send(r);
        statuses.set(a.status, (statuses.get(a.status) ?? 0) + 1);
        if (slowMs === LIGHT_SLOW_MS) {
          slowest = Math.max(slowest, a.ms);
          tail.push({ ms: a.ms, what: `${r.method} ${r.op.path} [${r.kind}] → ${a.status}`, at: Math.round((performance.now() - started) / 1000) });
          tail.sort((x, y) => y.ms - x.ms);
          tail.length = Math.min(tail.length, 10);
        }
        for (const p of problemsWith(r, a.status, a.contentType, a.text, a.ms, slowMs)) {
          failures.push(`${r.method} ${r.url.slice(server.base.length, server.base.length + 160)} [${r.kind}] → ${a.status}: ${p}`);
          tally(`${r.method} ${r.op.path} → ${a.status}: ${p.replace(/\d+ ms/, 'N ms')}`);
        }
      } catch (e) {
        const cause = (e as Error & { cause?: { code?: string; message?: string } }).cause;
        const why = `${(e as Error).message}${cause ? `: ${cause.code ?? cause.message}` : ''}`;
        failures.push(`${r.method} ${r.url.slice(server.base.length, server.base.length + 160)} [${r.kind}]: no answer (${why})`);
        tally(`${r.method} ${r.op.path}: no answer (${why})`);
      }
    };
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (next < requests.length) await one(requests[next++], LIGHT_SLOW_MS);
      }),
    );
    for (const r of heavyRequests) await one(r, HEAVY_SLOW_MS);
    console.log(
      `fuzz: ${requests.length + heavyRequests.length} requests over ${ops.length} operations; statuses ${JSON.stringify(Object.fromEntries([...statuses].sort()))}; slowest ${slowest} ms; ${resetsRetried} kept-alive resets retried; ${failures.length} failures`,
    );
    for (const t of tail) console.log(`  slow: ${t.ms} ms at ${t.at} s: ${t.what}`);
    for (const [k, n] of [...kinds].sort((a, b) => b[1] - a[1])) console.log(`  ${n} × ${k}`);
    // A server that died or failed says why: its exit and the last lines it printed.
    if (failures.length) console.log(`server exit code ${server.child.exitCode} signal ${server.child.signalCode}\n${server.log().slice(-6000)}`);
    expect({ code: server.child.exitCode, signal: server.child.signalCode }, 'the server is still running').toEqual({ code: null, signal: null });
    expect(failures.slice(0, 40)).toEqual([]);
  });
});
