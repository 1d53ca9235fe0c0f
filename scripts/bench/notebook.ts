/**
 * Notebook streaming against the production server (`next start`) with the local analyst:
 * time to the first SSE byte and to the last event, events per second, for a batch of all
 * twelve ai sections and for one section. Prints a table; numbers go to docs/performance.md.
 *
 *   npm run bench:notebook [-- --runs 5 --single-runs 10 --build --port 3917]
 *
 * Builds first when there is no production build with the notebook routes (or with --build),
 * always under /tmp/next-build.lock (one shared .next directory); the server runs under the
 * same lock so nobody rebuilds underneath it.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { benchServerEnv, build, needsBuild, startNextServer } from '@/scripts/lib/next-server';
import { createParser } from 'eventsource-parser';
import { signUserToken } from '@/lib/auth';
import { AI_SECTION_KEYS } from '@/lib/notebooks/sections';
import { ORDER } from '@/tests/unit/notebooks/fixtures';

const { values: args } = parseArgs({
  options: {
    runs: { type: 'string', default: '5' },
    'single-runs': { type: 'string', default: '10' },
    build: { type: 'boolean', default: false },
    port: { type: 'string' },
  },
});

const SECRET = 'bench-only-jwt-secret-0123456789abcdef0123456789';

interface Run {
  firstByteMs: number;
  doneMs: number;
  events: number;
  bytes: number;
  completed: number;
}

async function streamOnce(url: string, token: string, body: unknown, finalEvent: string): Promise<Run> {
  const t0 = performance.now();
  const res = await fetch(url, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', accept: 'text/event-stream' },
    body: JSON.stringify(body),
  });
  if (res.status !== 200) throw new Error(`${url} answered ${res.status}: ${await res.text()}`);
  let firstByteMs = -1;
  let doneMs = -1;
  let events = 0;
  let bytes = 0;
  let completed = 0;
  const parser = createParser({
    onEvent(m) {
      events += 1;
      if (m.event === 'complete') completed += 1;
      if (m.event === finalEvent) doneMs = performance.now() - t0;
    },
  });
  const decoder = new TextDecoder();
  for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
    if (firstByteMs < 0) firstByteMs = performance.now() - t0;
    bytes += chunk.byteLength;
    parser.feed(decoder.decode(chunk, { stream: true }));
  }
  return { firstByteMs, doneMs, events, bytes, completed };
}

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))];
};
const f = (n: number) => n.toFixed(1);

async function main() {
  if (args.build || needsBuild('api/v1/notebooks/stream/batch')) {
    console.log('building (flock /tmp/next-build.lock npm run build)…');
    build();
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'nb-bench-'));
  const server = await startNextServer({
    port: args.port ? Number(args.port) : undefined,
    lock: true,
    readyPath: '/api/v1/notebooks/stream/health',
    env: benchServerEnv(dataDir, { SUPABASE_JWT_SECRET: SECRET }),
  });
  const base = server.base;
  try {
    const token = await signUserToken({ sub: 'bench-user', tier: 'premium', ttlSeconds: 3600, secret: SECRET });
    const batchUrl = `${base}/api/v1/notebooks/stream/batch`;
    const singleUrl = `${base}/api/v1/notebooks/stream/overview`;
    // Warm-up: first request migrates and seeds the embedded database and compiles the routes.
    const warm = performance.now();
    await streamOnce(singleUrl, token, ORDER, 'complete');
    const warmMs = performance.now() - warm;

    const batchRuns: Run[] = [];
    for (let i = 0; i < Number(args.runs); i++) batchRuns.push(await streamOnce(batchUrl, token, { sectionKeys: AI_SECTION_KEYS, ...ORDER }, 'batch_complete'));
    const singleRuns: Run[] = [];
    for (let i = 0; i < Number(args['single-runs']); i++) singleRuns.push(await streamOnce(singleUrl, token, ORDER, 'complete'));

    const row = (name: string, runs: Run[]) => {
      const done = runs.map((r) => r.doneMs);
      const fb = runs.map((r) => r.firstByteMs);
      const ev = runs.reduce((s, r) => s + r.events, 0) / runs.length;
      const evs = runs.reduce((s, r) => s + r.events / (r.doneMs / 1000), 0) / runs.length;
      const kb = runs.reduce((s, r) => s + r.bytes, 0) / runs.length / 1024;
      const completed = Math.min(...runs.map((r) => r.completed));
      return { name, runs: runs.length, fb50: pct(fb, 50), fb95: pct(fb, 95), done50: pct(done, 50), done95: pct(done, 95), ev, evs, kb, completed };
    };
    const rows = [row('batch, 12 ai sections', batchRuns), row('single section (overview)', singleRuns)];
    console.log(`\nnotebook streaming, next start, AI_PROVIDER=local, ${os.cpus().length} CPUs, first request (bootstrap + compile) ${f(warmMs)} ms\n`);
    console.log('| scenario | runs | first byte p50 / p95 (ms) | last event p50 / p95 (ms) | events/run | events/s | KiB/run | sections completed |');
    console.log('|---|---|---|---|---|---|---|---|');
    for (const r of rows) {
      console.log(`| ${r.name} | ${r.runs} | ${f(r.fb50)} / ${f(r.fb95)} | ${f(r.done50)} / ${f(r.done95)} | ${f(r.ev)} | ${f(r.evs)} | ${f(r.kb)} | ${r.completed} |`);
    }
    console.log(`\nratio batch/single time to last event (p50): ${f(rows[0].done50 / rows[1].done50)}× for 12× the sections`);
    console.log(`per-section cost in a batch: ${f(rows[0].done50 / 12)} ms vs ${f(rows[1].done50)} ms alone`);
  } finally {
    await server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

main().then(
  () => process.exit(0),
  (e) => {
    console.error(e);
    process.exit(1);
  },
);
