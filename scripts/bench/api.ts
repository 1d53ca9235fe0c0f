/**
 * npm run bench:api [-- --duration 8 --connections 10 --build --port 3918]
 *
 * autocannon against the production server (`next start`, embedded PGlite seeded on first start):
 * a trivial JSON route, strain detail, the complete profile (server cache), search and the list,
 * each as requests/s and p99 latency and as a ratio of the trivial route. Builds when there is no
 * build, always under /tmp/next-build.lock; the server runs under the same lock.
 */
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';

const { values: args } = parseArgs({
  options: {
    duration: { type: 'string', default: '8' },
    connections: { type: 'string', default: '10' },
    build: { type: 'boolean', default: false },
    port: { type: 'string' },
  },
});

const root = path.resolve(__dirname, '..', '..');
const LOCK = '/tmp/next-build.lock';

const ROUTES: [string, string][] = [
  ['trivial: /health', '/api/v1/health'],
  ['/strains/slug/blue-dream', '/api/v1/strains/slug/blue-dream'],
  ['/strains/slug/blue-dream/complete', '/api/v1/strains/slug/blue-dream/complete'],
  ['/strains/search?q=blu dreem', '/api/v1/strains/search?q=blu%20dreem'],
  ['/strains?limit=20', '/api/v1/strains?limit=20'],
];

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

function needsBuild(): boolean {
  if (args.build || !fs.existsSync(path.join(root, '.next', 'BUILD_ID'))) return true;
  return !fs.existsSync(path.join(root, '.next', 'server', 'app', 'api', 'v1', 'strains', 'slug', '[slug]', 'complete'));
}

async function waitUp(base: string, exited: () => boolean, timeoutMs = 240_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (exited()) throw new Error('next start exited');
    try {
      const r = await fetch(`${base}/api/v1/strains/slug/blue-dream`);
      if (r.ok) return;
    } catch {
      /* not listening yet */
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error('server did not come up');
}

interface Row {
  name: string;
  rps: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
}

/** The part of autocannon's result this benchmark reads (the package ships no types). */
interface AcResult {
  requests: { average: number };
  latency: { p50: number; p99: number };
  non2xx: number;
  errors: number;
}
// eslint-disable-next-line @typescript-eslint/no-require-imports -- untyped CommonJS package
const autocannon = require('autocannon') as (o: { url: string; connections: number; duration: number }) => Promise<AcResult>;

function run(url: string): Promise<AcResult> {
  return autocannon({ url, connections: Number(args.connections), duration: Number(args.duration) });
}

async function main(): Promise<void> {
  if (needsBuild()) {
    console.log('building (flock /tmp/next-build.lock npm run build)…');
    const b = spawnSync('flock', [LOCK, 'npm', 'run', 'build'], { cwd: root, stdio: 'inherit' });
    if (b.status !== 0) throw new Error('build failed');
  }
  const port = Number(args.port ?? (await freePort()));
  const base = `http://127.0.0.1:${port}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'api-bench-'));
  const child = spawn('flock', [LOCK, 'npx', 'next', 'start', '-p', String(port), '-H', '127.0.0.1'], {
    cwd: root,
    detached: true,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      AI_PROVIDER: 'local',
      OPENAI_API_KEY: '',
      PGLITE_DIR: path.join(dataDir, 'pglite'),
      DATABASE_URL: '',
      REDIS_URL: '',
      STORAGE_DIR: path.join(dataDir, 'storage'),
      // The lenient tier allows 300/min per client: the benchmark measures the routes, not the limiter.
      RATE_LIMIT_ENABLED: 'false',
      LOG_LEVEL: 'warn',
    },
  });
  let exited = false;
  child.on('exit', () => (exited = true));
  const stop = () => {
    try {
      if (child.pid) process.kill(-child.pid, 'SIGTERM');
    } catch {
      /* gone */
    }
  };
  process.on('SIGINT', () => (stop(), process.exit(130)));
  try {
    await waitUp(base, () => exited);
    for (const [, p] of ROUTES) for (let i = 0; i < 20; i++) await fetch(base + p).then((r) => r.arrayBuffer()); // warm caches and JIT
    const rows: Row[] = [];
    for (const [name, p] of ROUTES) {
      const r = await run(base + p);
      rows.push({ name, rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, non2xx: r.non2xx, errors: r.errors });
    }
    const trivial = rows[0].rps;
    console.log(`\nbench:api — next start, PGlite, ${args.connections} connections, ${args.duration}s per route, ${os.cpus().length} CPUs\n`);
    const head = ['route', 'req/s', 'p50 ms', 'p99 ms', 'vs trivial', 'non-2xx', 'errors'];
    const data = rows.map((r) => [r.name, r.rps.toFixed(0), String(r.p50), String(r.p99), `${(r.rps / trivial).toFixed(2)}x`, String(r.non2xx), String(r.errors)]);
    const w = head.map((h, i) => Math.max(h.length, ...data.map((d) => d[i].length)));
    const line = (c: string[]) => c.map((x, i) => (i === 0 ? x.padEnd(w[i]) : x.padStart(w[i]))).join('  ');
    console.log(line(head));
    console.log(w.map((n) => '-'.repeat(n)).join('  '));
    for (const d of data) console.log(line(d));
  } finally {
    stop();
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
