/**
 * npm run bench:api [-- --duration 10 --connections 50 --idle 30 --db pg|pglite --profile]
 *
 * The service's production build (`next start` with the service's entry hook, reused when no
 * source changed since it was made) beside a bare Next app of the same Next and Node (one route
 * returning a small JSON envelope, generated into a temp dir that uses this repository's
 * node_modules, built once per Next version), loaded in turn by autocannon on keep-alive
 * connections. Every route's req/s is printed as a ratio of the bare app's, measured in the same
 * run (the bare app is loaded first and last; the ratio uses the mean of both), with p50/p99
 * latency and the service's RSS (the whole process group: Next, workers, a browser) idle, at its
 * peak during the load, after the load and after an idle wait, with the service's own split of
 * it (V8 heap spaces, external memory, the live heap after a forced collection) from
 * scripts/bench/mem-probe.cjs.
 *
 * Rate limiting is off (RATE_LIMIT_ENABLED=false), logs at `info` as in production. With
 * `--db pg` (the default when DATABASE_URL is set) the service runs on PostgreSQL in its own
 * database `hotpath_bench` (created on first use, so tests that truncate `test` cannot disturb
 * it); `--db pglite` uses an embedded database in a temp dir. `--profile` starts the service with
 * `--cpu-prof` and leaves the profile in the printed directory.
 *
 * The bare app also has a dynamic route (`app/api/item/[slug]`, the same small body), measured in
 * pairs against its trivial route like the service's routes: what a dynamic segment costs Next
 * itself, the reference for the service's slug routes.
 *
 * `--front off` starts the service with FRONT_CACHE=false: every request goes through Next and the
 * route builder (lib/http/front-cache.ts is what `on`, the default, adds: repeated public reads
 * answered from memory ahead of Next), to measure the framework path itself.
 *
 * The machine this ran on is shared: absolute req/s are noisy, the ratios are what to compare.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { Client } from 'pg';
import { ROOT, startNextServer, type NextServer } from '@/scripts/lib/next-server';
import { ensureBuild } from '@/scripts/lib/prod-server';

const { values: args } = parseArgs({
  options: {
    duration: { type: 'string', default: '5' },
    rounds: { type: 'string', default: '3' },
    connections: { type: 'string', default: '50' },
    idle: { type: 'string', default: '30' },
    db: { type: 'string' },
    profile: { type: 'boolean', default: false },
    only: { type: 'string' },
    front: { type: 'string', default: 'on' },
  },
});

const DURATION = Number(args.duration);
const ROUNDS = Number(args.rounds);
const CONNECTIONS = Number(args.connections);
const dbKind = args.db ?? (process.env.DATABASE_URL ? 'pg' : 'pglite');

/** Words real queries are made of: a never-seen query is two of them and a counter. */
const WORDS = [
  'blue',
  'dream',
  'kush',
  'haze',
  'og',
  'sour',
  'diesel',
  'cookies',
  'cake',
  'gelato',
  'runtz',
  'lemon',
  'cherry',
  'purple',
  'punch',
  'skunk',
  'widow',
  'white',
  'jack',
  'gorilla',
  'glue',
  'zkittlez',
  'mints',
  'sherbet',
];

interface Target {
  name: string;
  path: string;
  /** Each request a different query (the result cache never answers). */
  unique?: boolean;
  /** Served by the bare app (a reference row), not by the service. */
  bare?: boolean;
}

const SERVICE: Target[] = [
  // What a dynamic segment costs Next itself: the bare app's [slug] route, same body as its trivial one.
  { name: 'bare app: GET /api/item/blue-dream (dynamic [slug] route)', path: '/api/item/blue-dream', bare: true },
  { name: 'GET /notebooks/stream/sections (static, no db)', path: '/api/v1/notebooks/stream/sections' },
  { name: 'GET /health (cached probe)', path: '/api/v1/health' },
  { name: 'GET /strains/slug/blue-dream', path: '/api/v1/strains/slug/blue-dream' },
  { name: 'GET /strains/slug/blue-dream/complete', path: '/api/v1/strains/slug/blue-dream/complete' },
  { name: 'GET /strains/search?q=blue dream (repeated)', path: '/api/v1/strains/search?q=blue%20dream' },
  { name: 'GET /strains/search?q=<never seen>', path: '/api/v1/strains/search?q=', unique: true },
];

interface AcResult {
  requests: { average: number; total: number };
  latency: { p50: number; p99: number };
  non2xx: number;
  errors: number;
  statusCodeStats?: Record<string, { count: number }>;
}
interface AcRequest {
  method?: string;
  path?: string;
  setupRequest?: (req: { path: string }) => { path: string };
}
// eslint-disable-next-line @typescript-eslint/no-require-imports -- untyped CommonJS package
const autocannon = require('autocannon') as (o: { url: string; connections: number; duration: number; requests?: AcRequest[] }) => Promise<AcResult>;

let uniqueCounter = 0;
function load(base: string, t: Target): Promise<AcResult> {
  if (!t.unique) return autocannon({ url: base + t.path, connections: CONNECTIONS, duration: DURATION });
  return autocannon({
    url: base,
    connections: CONNECTIONS,
    duration: DURATION,
    requests: [
      {
        method: 'GET',
        setupRequest: (req) => {
          const i = ++uniqueCounter;
          const q = `${WORDS[i % WORDS.length]} ${WORDS[Math.floor(i / WORDS.length) % WORDS.length]} ${i}`;
          return { ...req, path: t.path + encodeURIComponent(q) };
        },
      },
    ],
  });
}

/** RSS (MB) of every process in the server's group (the server is started detached, its own group). */
function groupRss(server: NextServer): { total: number; processes: { pid: number; rssMb: number; cmd: string }[] } {
  const out = execFileSync('ps', ['-o', 'pid=,rss=,args=', '-g', String(server.child.pid)], { encoding: 'utf8' });
  const processes = out
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean)
    .map((l) => {
      const [pid, rss, ...cmd] = l.split(/\s+/);
      return { pid: Number(pid), rssMb: Math.round(Number(rss) / 1024), cmd: cmd.join(' ').slice(0, 60) };
    })
    .filter((p) => !p.cmd.startsWith('flock') && !p.cmd.startsWith('ps '));
  return { total: processes.reduce((a, p) => a + p.rssMb, 0), processes };
}

interface MemoryReport {
  at: number;
  rss: number;
  heapTotal: number;
  heapUsed: number;
  external: number;
  arrayBuffers: number;
  spaces: Record<string, { size: number; used: number }>;
}

/**
 * The service's own split of its memory (V8 heap spaces, external, array buffers), asked of
 * scripts/bench/mem-probe.cjs by a signal; `gc`: after a full collection (the live heap).
 */
async function ownMemory(server: NextServer, file: string, gc = false): Promise<string> {
  if (gc) fs.writeFileSync(`${file}.gc`, '');
  else fs.rmSync(`${file}.gc`, { force: true });
  const sent = Date.now();
  try {
    process.kill(server.child.pid!, 'SIGUSR2');
  } catch {
    return 'no report';
  }
  let m: MemoryReport | null = null;
  for (let i = 0; i < 50; i++) {
    await new Promise((r) => setTimeout(r, 100));
    try {
      const r = JSON.parse(fs.readFileSync(file, 'utf8')) as MemoryReport;
      if (r.at >= sent) {
        m = r;
        break;
      }
    } catch {
      /* not written yet */
    }
  }
  if (!m) return 'no report';
  const sp = Object.entries(m.spaces)
    .filter(([, v]) => v.size >= 1)
    .map(([k, v]) => `${k.replace(/_space$/, '')} ${v.used}/${v.size}`)
    .join(', ');
  const rest = Math.round((m.rss - m.heapTotal - m.external) * 10) / 10;
  return `rss ${m.rss}, V8 heap used/committed ${m.heapUsed}/${m.heapTotal} (${sp}), external ${m.external} (array buffers ${m.arrayBuffers}), rest (code, stacks, malloc) ${rest}`;
}

/** The bare reference app: generated once per Next/Node version under the temp dir and built there. */
function prepareBareApp(): string {
  const nextVersion = (JSON.parse(fs.readFileSync(path.join(ROOT, 'node_modules', 'next', 'package.json'), 'utf8')) as { version: string }).version;
  const dir = path.join(os.tmpdir(), `bare-next-${nextVersion}-node${process.versions.node}`);
  const files: Record<string, string> = {
    'package.json': JSON.stringify({ name: 'bare-next-bench', private: true }),
    // node_modules is a link out of the app directory, so Turbopack's root must contain both.
    'next.config.js': "module.exports = { poweredByHeader: false, turbopack: { root: '/' }, outputFileTracingRoot: '/' };\n",
    'app/layout.js': 'export default function RootLayout({ children }) { return children; }\n',
    'app/api/ping/route.js': [
      "export const dynamic = 'force-dynamic';",
      'export function GET() {',
      "  return Response.json({ success: true, data: { status: 'ok' }, meta: { timestamp: new Date().toISOString(), requestId: crypto.randomUUID() } });",
      '}',
      '',
    ].join('\n'),
    'app/api/item/[slug]/route.js': [
      "export const dynamic = 'force-dynamic';",
      'export async function GET(_req, { params }) {',
      '  const { slug } = await params;',
      "  return Response.json({ success: true, data: { status: 'ok', slug }, meta: { timestamp: new Date().toISOString(), requestId: crypto.randomUUID() } });",
      '}',
      '',
    ].join('\n'),
  };
  let changed = !fs.existsSync(path.join(dir, '.next', 'BUILD_ID'));
  for (const [rel, text] of Object.entries(files)) {
    const f = path.join(dir, rel);
    fs.mkdirSync(path.dirname(f), { recursive: true });
    if (!fs.existsSync(f) || fs.readFileSync(f, 'utf8') !== text) {
      fs.writeFileSync(f, text);
      changed = true;
    }
  }
  // The bare app borrows this checkout's node_modules; a link left by another (maybe deleted)
  // checkout is replaced, so the bare app runs the same Next as the service.
  const link = path.join(dir, 'node_modules');
  const want = path.join(ROOT, 'node_modules');
  const current = fs.lstatSync(link, { throwIfNoEntry: false }) ? fs.readlinkSync(link) : null;
  if (current !== want) {
    if (current !== null) fs.rmSync(link, { force: true });
    fs.symlinkSync(want, link);
    changed = true;
  }
  if (changed) {
    console.log(`building the bare Next ${nextVersion} app in ${dir}…`);
    const nextBin = path.join(ROOT, 'node_modules', 'next', 'dist', 'bin', 'next');
    // Twenty seconds of work for one route: not worth queueing behind other checkouts' builds on the shared lock.
    execFileSync(process.execPath, [nextBin, 'build'], { cwd: dir, stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production', NEXT_TELEMETRY_DISABLED: '1' } });
  }
  return dir;
}

async function benchDatabaseUrl(): Promise<string> {
  const base = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';
  const c = new Client({ connectionString: base });
  await c.connect();
  try {
    const r = await c.query(`SELECT 1 FROM pg_database WHERE datname = 'hotpath_bench'`);
    if (!r.rowCount) await c.query('CREATE DATABASE hotpath_bench');
  } finally {
    await c.end();
  }
  const u = new URL(base);
  u.pathname = '/hotpath_bench';
  return u.toString();
}

/** CPU time (ms) used so far by every process in the server's group, from /proc (Linux). */
function groupCpuMs(server: NextServer): number {
  const pids = execFileSync('ps', ['-o', 'pid=', '-g', String(server.child.pid)], { encoding: 'utf8' })
    .split('\n')
    .map((l) => Number(l.trim()))
    .filter(Boolean);
  let ticks = 0;
  for (const pid of pids) {
    try {
      const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
      const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      ticks += Number(f[11]) + Number(f[12]); // utime, stime
    } catch {
      /* gone */
    }
  }
  return (ticks * 1000) / CLK_TCK;
}
const CLK_TCK = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;

interface Row {
  name: string;
  /** Server CPU (its process group; not PostgreSQL's) per request, microseconds. */
  cpuUsPerReq: number;
  rps: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
}

async function measure(name: string, server: NextServer, t: Target): Promise<Row> {
  const cpu0 = groupCpuMs(server);
  const r = await load(server.base, t);
  const cpuUsPerReq = r.requests.total ? ((groupCpuMs(server) - cpu0) * 1000) / r.requests.total : 0;
  const row = { name, cpuUsPerReq, rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, non2xx: r.non2xx, errors: r.errors };
  console.log(
    `  ${name}: ${row.rps.toFixed(0)} req/s, ${row.cpuUsPerReq.toFixed(0)} µs server CPU/request, p50 ${row.p50} ms, p99 ${row.p99} ms${row.non2xx ? `, non-2xx ${row.non2xx}` : ''}${row.errors ? `, errors ${row.errors}` : ''}`,
  );
  return row;
}

async function main(): Promise<void> {
  ensureBuild();
  const bareDir = prepareBareApp();
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'api-bench-'));
  const profDir = path.join(work, 'cpu-prof');
  const memFile = path.join(work, 'memory.json');
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'production',
    APP_ENV: 'production',
    TRUSTED_PROXY: 'none',
    AI_PROVIDER: 'local',
    OPENAI_API_KEY: '',
    REDIS_URL: '',
    STORAGE_DIR: path.join(work, 'storage'),
    RATE_LIMIT_ENABLED: 'false',
    FRONT_CACHE: args.front === 'off' ? 'false' : 'true',
    LOG_LEVEL: 'info',
    NEXT_TELEMETRY_DISABLED: '1',
    MEM_PROBE_FILE: memFile,
    ...(dbKind === 'pg' ? { DATABASE_URL: await benchDatabaseUrl(), PGLITE_DIR: '' } : { DATABASE_URL: '', PGLITE_DIR: path.join(work, 'pglite') }),
  };

  const bare = await startNextServer({ appDir: bareDir, env: { PATH: process.env.PATH, NODE_ENV: 'production', NEXT_TELEMETRY_DISABLED: '1' }, readyPath: '/api/ping' });
  const service = await startNextServer({
    env,
    readyPath: '/api/v1/strains/slug/blue-dream',
    captureLog: true,
    timeoutMs: 300_000,
    nodeArgs: [...(args.profile ? ['--cpu-prof', `--cpu-prof-dir=${profDir}`] : []), '--expose-gc', '-r', path.join(ROOT, 'scripts', 'bench', 'mem-probe.cjs')],
  });
  const stopAll = () => Promise.all([bare.stop(), service.stop()]);
  process.on('SIGINT', () => void stopAll().then(() => process.exit(130)));
  // Logs go to a pipe the benchmark drains (as a container's stdout would be).
  try {
    const targets = args.only ? SERVICE.filter((t) => t.name.includes(args.only as string)) : SERVICE;
    // Warm both (JIT, caches, the route modules' first compile).
    for (let i = 0; i < 50; i++) await fetch(bare.base + '/api/ping').then((r) => r.arrayBuffer());
    for (const t of targets) for (let i = 0; i < 30; i++) await fetch((t.bare ? bare : service).base + (t.unique ? `${t.path}warm${i}` : t.path)).then((r) => r.arrayBuffer());
    await new Promise((r) => setTimeout(r, 2000));
    const idleBefore = groupRss(service);
    const memoryIdle = await ownMemory(service, memFile);
    // RSS during the load: sampled every 500 ms, the peak kept.
    let peak = idleBefore.total;
    const sampler = setInterval(() => {
      try {
        peak = Math.max(peak, groupRss(service).total);
      } catch {
        /* the server is stopping */
      }
    }, 500);
    console.log(
      `\nbench:api — ${CONNECTIONS} connections, ${DURATION}s per run, ${os.cpus().length} CPUs, load average ${os
        .loadavg()
        .map((x) => x.toFixed(1))
        .join(' ')}, database ${dbKind}, front cache ${args.front === 'off' ? 'off' : 'on'}`,
    );
    // Pairs: the bare app, then one route, each for DURATION s; every route gets ROUNDS pairs and
    // its ratio is the median of its pairs' ratios, so load from other work on the machine, which
    // drifts over minutes, touches both sides of a ratio alike.
    const perTarget = new Map<string, { rows: Row[]; ratios: number[]; cpuRatios: number[]; bare: Row[] }>();
    for (let round = 1; round <= ROUNDS; round++) {
      console.log(`round ${round}/${ROUNDS}`);
      for (const t of targets) {
        const b = await measure('  bare', bare, { name: 'bare', path: '/api/ping' });
        const r = await measure(`  ${t.name}`, t.bare ? bare : service, t);
        const e = perTarget.get(t.name) ?? { rows: [], ratios: [], cpuRatios: [], bare: [] };
        e.rows.push(r);
        e.bare.push(b);
        e.ratios.push(b.rps > 0 ? r.rps / b.rps : 0);
        e.cpuRatios.push(r.cpuUsPerReq > 0 ? b.cpuUsPerReq / r.cpuUsPerReq : 0);
        perTarget.set(t.name, e);
      }
    }
    clearInterval(sampler);
    const afterLoad = groupRss(service);
    const memoryAfterLoad = await ownMemory(service, memFile);
    const idleSeconds = Number(args.idle);
    console.log(`  waiting ${idleSeconds}s idle…`);
    await new Promise((r) => setTimeout(r, idleSeconds * 1000));
    const afterIdle = groupRss(service);
    const memoryAfterIdle = await ownMemory(service, memFile);
    const median = (xs: number[]) => {
      const v = [...xs].sort((a, b) => a - b);
      return v.length % 2 ? v[(v.length - 1) / 2] : (v[v.length / 2 - 1] + v[v.length / 2]) / 2;
    };
    const allBare = [...perTarget.values()].flatMap((e) => e.bare.map((b) => b.rps));

    console.log(
      `\n${ROUNDS} rounds of (bare ${DURATION}s, route ${DURATION}s) pairs; bare app median ${median(allBare).toFixed(0)} req/s (min ${Math.min(...allBare).toFixed(0)}, max ${Math.max(...allBare).toFixed(0)}); load average now ${os
        .loadavg()
        .map((x) => x.toFixed(1))
        .join(' ')}\n`,
    );
    const head = ['route', 'req/s (median)', '÷ bare (median of pairs)', 'ratios per round', 'server CPU µs/req', 'bare CPU ÷ route CPU', 'p50 ms', 'p99 ms', 'non-2xx', 'errors'];
    const data = [...perTarget.entries()].map(([name, e]) => [
      name,
      median(e.rows.map((r) => r.rps)).toFixed(0),
      median(e.ratios).toFixed(2),
      e.ratios.map((x) => x.toFixed(2)).join(' '),
      median(e.rows.map((r) => r.cpuUsPerReq)).toFixed(0),
      median(e.cpuRatios).toFixed(2),
      median(e.rows.map((r) => r.p50)).toFixed(0),
      median(e.rows.map((r) => r.p99)).toFixed(0),
      String(e.rows.reduce((a, r) => a + r.non2xx, 0)),
      String(e.rows.reduce((a, r) => a + r.errors, 0)),
    ]);
    data.unshift([
      'bare Next app, trivial JSON route',
      median(allBare).toFixed(0),
      '1.00',
      '',
      median([...perTarget.values()].flatMap((e) => e.bare.map((b) => b.cpuUsPerReq))).toFixed(0),
      '1.00',
      median([...perTarget.values()].flatMap((e) => e.bare.map((b) => b.p50))).toFixed(0),
      median([...perTarget.values()].flatMap((e) => e.bare.map((b) => b.p99))).toFixed(0),
      '0',
      String([...perTarget.values()].flatMap((e) => e.bare).reduce((a, r) => a + r.errors, 0)),
    ]);
    const w = head.map((h, i) => Math.max(h.length, ...data.map((d) => d[i].length)));
    const line = (c: string[]) => '| ' + c.map((x, i) => (i === 0 ? x.padEnd(w[i]) : x.padStart(w[i]))).join(' | ') + ' |';
    console.log(line(head));
    console.log('|' + w.map((n, i) => (i === 0 ? '-'.repeat(n + 2) : '-'.repeat(n + 1) + ':')).join('|') + '|');
    for (const d of data) console.log(line(d));
    console.log(
      `\nservice RSS (MB, process group): idle after warm-up ${idleBefore.total}, peak during the load ${peak}, after the load ${afterLoad.total}, after ${idleSeconds}s idle ${afterIdle.total}`,
    );
    for (const [label, snap] of [
      ['after load', afterLoad],
      ['after idle', afterIdle],
    ] as const)
      console.log(`  ${label}: ${snap.processes.map((p) => `${p.pid} ${p.rssMb} MB ${p.cmd}`).join('; ')}`);
    console.log(`service's own memory (MB), idle after warm-up: ${memoryIdle}`);
    console.log(`service's own memory (MB), after the load: ${memoryAfterLoad}`);
    console.log(`service's own memory (MB), after ${idleSeconds}s idle: ${memoryAfterIdle}`);
    console.log(`service's own memory (MB), then after a forced full GC: ${await ownMemory(service, memFile, true)} (group RSS ${groupRss(service).total})`);
  } finally {
    await stopAll();
    if (args.profile) console.log(`\nCPU profiles in ${profDir}`);
    else fs.rmSync(work, { recursive: true, force: true });
  }
}

main().then(
  () => process.exit(0),
  (e) => {
    console.error(e);
    process.exit(1);
  },
);
