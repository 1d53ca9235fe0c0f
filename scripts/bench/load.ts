/**
 * npm run bench:load [-- --duration 30 --connections 50 --idle 15]
 *
 * The production artefact (the standalone server behind the service's entry hook, as deployed;
 * built once when there is no build, an existing build is reused) on embedded PGlite, loaded for
 * `duration` seconds by `connections` autocannon connections cycling through a mix of the hot
 * public reads. Reports requests/s, p50/p99 latency, errors and non-2xx answers, and the server's
 * resident memory before the load, its peak during it, right after it and after `idle` seconds.
 * Rate limiting is off (one client address would otherwise meet the lenient tier at once).
 */
import fs from 'node:fs';
import os from 'node:os';
import { parseArgs } from 'node:util';
import { prepareProductionApp } from '@/scripts/lib/prod-server';

const { values: args } = parseArgs({
  options: {
    duration: { type: 'string', default: '30' },
    connections: { type: 'string', default: '50' },
    idle: { type: 'string', default: '15' },
  },
});

const MIX = [
  '/api/v1/health',
  '/api/v1/strains/slug/blue-dream',
  '/api/v1/strains/slug/blue-dream/complete',
  '/api/v1/strains/search?q=blue%20dream',
  '/api/v1/strains?limit=20',
  '/api/v1/strains/popular?limit=20',
  '/api/v1/strains/stats/count',
  '/api/v1/blog/posts',
  '/api/v1/app-landing/problems',
];

/** The part of autocannon's result this benchmark reads (the package ships no types). */
interface AcResult {
  requests: { average: number; total: number };
  latency: { p50: number; p99: number; max: number };
  non2xx: number;
  errors: number;
  timeouts: number;
  statusCodeStats: Record<string, { count: number }>;
}
// eslint-disable-next-line @typescript-eslint/no-require-imports -- untyped CommonJS package
const autocannon = require('autocannon') as (o: { url: string; connections: number; duration: number; requests: { method: string; path: string }[] }) => Promise<AcResult>;

/** Resident set size of a process in MB (Linux /proc), or NaN when it is gone. */
function rssMb(pid: number): number {
  try {
    const m = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) / 1024 : NaN;
  } catch {
    return NaN;
  }
}

const mb = (n: number) => `${n.toFixed(0)} MB`;

async function main(): Promise<void> {
  const app = prepareProductionApp('load-bench', { reuseBuild: true });
  const server = await app.start({
    ...process.env,
    TRUSTED_PROXY: 'none',
    AI_PROVIDER: 'local',
    OPENAI_API_KEY: '',
    DATABASE_URL: '',
    REDIS_URL: '',
    PGLITE_DIR: `${app.work}/pglite`,
    RATE_LIMIT_ENABLED: 'false',
    LOG_LEVEL: 'warn',
  });
  const pid = server.child.pid!;
  process.on('SIGINT', () => void server.stop().then(() => process.exit(130)));
  try {
    // Warm every route (caches, JIT) before the first memory reading.
    for (let i = 0; i < 10; i++) for (const p of MIX) await fetch(server.base + p).then((r) => r.arrayBuffer());
    const before = rssMb(pid);
    let peak = before;
    const sampler = setInterval(() => (peak = Math.max(peak, rssMb(pid))), 250);
    const r = await autocannon({
      url: server.base,
      connections: Number(args.connections),
      duration: Number(args.duration),
      requests: MIX.map((path) => ({ method: 'GET', path })),
    });
    clearInterval(sampler);
    const after = rssMb(pid);
    await new Promise((res) => setTimeout(res, Number(args.idle) * 1000));
    const idle = rssMb(pid);
    const codes = Object.entries(r.statusCodeStats ?? {})
      .map(([c, v]) => `${c}: ${v.count}`)
      .join(', ');
    console.log(
      `\nbench:load — standalone production server, PGlite, ${args.connections} connections, ${args.duration} s, ${MIX.length} public reads in turn, ${os.cpus().length} CPUs, load average ${os.loadavg()[0].toFixed(1)}\n`,
    );
    console.log(`requests       ${r.requests.total} (${r.requests.average.toFixed(0)} req/s)`);
    console.log(`latency        p50 ${r.latency.p50} ms, p99 ${r.latency.p99} ms, max ${r.latency.max} ms`);
    console.log(`errors         ${r.errors} (timeouts ${r.timeouts}), non-2xx ${r.non2xx}; status codes ${codes}`);
    console.log(`server RSS     before ${mb(before)}, peak during ${mb(peak)}, right after ${mb(after)}, after ${args.idle} s idle ${mb(idle)}`);
    for (const p of MIX) {
      const res = await fetch(server.base + p);
      await res.arrayBuffer();
      if (res.status !== 200) console.log(`after the load ${p} answers ${res.status}`);
    }
  } finally {
    await server.stop();
    app.remove();
  }
}

main().then(
  () => process.exit(0),
  (e) => {
    console.error(e);
    process.exit(1);
  },
);
