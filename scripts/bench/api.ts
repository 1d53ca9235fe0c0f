/**
 * npm run bench:api [-- --duration 8 --connections 10 --build --port 3918]
 *
 * autocannon against the production server (`next start`, embedded PGlite seeded on first start):
 * a trivial JSON route, strain detail, the complete profile (server cache), search and the list,
 * each as requests/s and p99 latency and as a ratio of the trivial route. Builds when there is no
 * build, always under /tmp/next-build.lock; the server runs under the same lock.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { benchServerEnv, build, needsBuild, startNextServer } from '../lib/next-server';

const { values: args } = parseArgs({
  options: {
    duration: { type: 'string', default: '8' },
    connections: { type: 'string', default: '10' },
    build: { type: 'boolean', default: false },
    port: { type: 'string' },
  },
});


const ROUTES: [string, string][] = [
  ['trivial: /health', '/api/v1/health'],
  ['/strains/slug/blue-dream', '/api/v1/strains/slug/blue-dream'],
  ['/strains/slug/blue-dream/complete', '/api/v1/strains/slug/blue-dream/complete'],
  ['/strains/search?q=blu dreem', '/api/v1/strains/search?q=blu%20dreem'],
  ['/strains?limit=20', '/api/v1/strains?limit=20'],
];

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
  if (args.build || needsBuild('api/v1/strains/slug/[slug]/complete')) {
    console.log('building (flock /tmp/next-build.lock npm run build)…');
    build();
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'api-bench-'));
  const server = await startNextServer({
    port: args.port ? Number(args.port) : undefined,
    lock: true,
    readyPath: '/api/v1/strains/slug/blue-dream',
    env: benchServerEnv(dataDir),
  });
  const base = server.base;
  process.on('SIGINT', () => void server.stop().then(() => process.exit(130)));
  try {
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
