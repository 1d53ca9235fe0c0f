/**
 * npm run bench:content [-- --duration 5 --connections 10 --server]
 *
 * GET /meta/freshness and GET /discover/:slug as requests/s ÷ a trivial route
 * (/notebooks/stream/sections, no database) in the same run, and the 304 path's time as a share of
 * the full answer's (freshness, and the catalog list /strains?limit=20).
 *
 * Default: in-process (the route handlers called with Request objects, no HTTP, embedded PGlite in
 * memory, NODE_ENV=production so no response-schema checks), because the production server needs
 * a `next build` of this tree. `--server` uses `next start` and autocannon like bench:api when a
 * build holding these routes exists.
 */
import os from 'node:os';
import { parseArgs } from 'node:util';

const { values: args } = parseArgs({
  options: {
    duration: { type: 'string', default: '5' },
    connections: { type: 'string', default: '10' },
    server: { type: 'boolean', default: false },
  },
});
const DURATION_MS = Number(args.duration) * 1000;
const CONNECTIONS = Number(args.connections);

Object.assign(process.env, {
  PGLITE_DIR: 'memory://',
  DATABASE_URL: '',
  REDIS_URL: '',
  RATE_LIMIT_ENABLED: 'false',
  LOG_LEVEL: 'silent',
  AI_PROVIDER: 'local',
  OPENAI_API_KEY: '',
  TRUSTED_PROXY: process.env.TRUSTED_PROXY ?? 'none',
});
if (!args.server) (process.env as Record<string, string>).NODE_ENV = 'production';

type Handler = (req: Request, ctx?: { params?: Promise<Record<string, string>> }) => Promise<Response>;
interface Case {
  name: string;
  path: string;
  handler: Handler;
  params?: Record<string, string>;
  headers?: Record<string, string>;
}
interface Result {
  name: string;
  rps: number;
  meanMs: number;
  p50: number;
  p99: number;
  statuses: Record<number, number>;
}

const pct = (xs: number[], p: number) => xs[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))];

async function runInProcess(c: Case): Promise<Result> {
  const lat: number[] = [];
  const statuses: Record<number, number> = {};
  const once = async () => {
    const t = performance.now();
    const res = await c.handler(new Request(`http://bench.local${c.path}`, { headers: { host: 'bench.local', ...c.headers } }), { params: Promise.resolve(c.params ?? {}) });
    await res.arrayBuffer();
    lat.push(performance.now() - t);
    statuses[res.status] = (statuses[res.status] ?? 0) + 1;
  };
  for (let i = 0; i < 50; i++) await once(); // warm up
  lat.length = 0;
  for (const k of Object.keys(statuses)) delete statuses[Number(k)];
  const start = performance.now();
  const until = start + DURATION_MS;
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      while (performance.now() < until) await once();
    }),
  );
  const elapsed = (performance.now() - start) / 1000;
  lat.sort((a, b) => a - b);
  return { name: c.name, rps: lat.length / elapsed, meanMs: lat.reduce((a, b) => a + b, 0) / lat.length, p50: pct(lat, 50), p99: pct(lat, 99), statuses };
}

/**
 * The 304 share, measured so that load on a shared machine hits both sides alike: one client
 * alternates a full request and a conditional one (no queueing behind other clients on the single
 * embedded-database connection), and the two latency sets are compared.
 */
async function paired(full: Case, cond: Case): Promise<{ fullMs: number; condMs: number; n: number }> {
  const a: number[] = [];
  const b: number[] = [];
  const one = async (c: Case, into: number[]) => {
    const t = performance.now();
    const res = await c.handler(new Request(`http://bench.local${c.path}`, { headers: { host: 'bench.local', ...c.headers } }), { params: Promise.resolve(c.params ?? {}) });
    await res.arrayBuffer();
    into.push(performance.now() - t);
  };
  const until = performance.now() + DURATION_MS;
  await Promise.all(
    Array.from({ length: 1 }, async () => {
      while (performance.now() < until) {
        await one(full, a);
        await one(cond, b);
      }
    }),
  );
  const mean = (xs: number[]) => xs.reduce((x, y) => x + y, 0) / xs.length;
  return { fullMs: mean(a), condMs: mean(b), n: a.length + b.length };
}

async function main(): Promise<void> {
  if (args.server) {
    console.error('bench:content --server needs `npm run build` of this tree (not run here); use the in-process default.');
    process.exit(2);
  }
  const { ready } = await import('@/lib/bootstrap');
  const db = await ready();
  const { recordDispensaryScan } = await import('@/lib/dispensaries/service');
  for (let i = 0; i < 5; i++)
    await recordDispensaryScan(db, {
      domain: `bench-${i}.example`,
      name: `Bench ${i}`,
      menuUrls: [`https://bench-${i}.example/menu`],
      scannedAt: new Date().toISOString(),
      products: [{ category: 'Flower', matched: true, strainSlug: 'blue-dream', strainName: 'Blue Dream', pricePerGram: 10 + i }],
    });
  const trivial = (await import('@/app/api/v1/notebooks/stream/sections/route')).GET as Handler;
  const fresh = (await import('@/app/api/v1/meta/freshness/route')).GET as Handler;
  const discover = (await import('@/app/api/v1/discover/[slug]/route')).GET as Handler;
  const strains = (await import('@/app/api/v1/strains/route')).GET as Handler;
  const { refreshDiscoverLists } = await import('@/lib/discover/service');
  await refreshDiscoverLists(db);

  const etagOf = async (h: Handler, p: string) => (await h(new Request(`http://bench.local${p}`, { headers: { host: 'bench.local' } }))).headers.get('etag') ?? '';
  const freshTag = await etagOf(fresh, '/api/v1/meta/freshness');
  const listTag = await etagOf(strains, '/api/v1/strains?limit=20');

  const cases: Case[] = [
    { name: 'trivial: /notebooks/stream/sections', path: '/api/v1/notebooks/stream/sections', handler: trivial },
    { name: '/meta/freshness (200)', path: '/api/v1/meta/freshness', handler: fresh },
    { name: '/meta/freshness (304)', path: '/api/v1/meta/freshness', handler: fresh, headers: { 'if-none-match': freshTag } },
    { name: '/discover/newest?limit=20', path: '/api/v1/discover/newest?limit=20', handler: discover, params: { slug: 'newest' } },
    { name: '/discover/family-relaxing?limit=20', path: '/api/v1/discover/family-relaxing?limit=20', handler: discover, params: { slug: 'family-relaxing' } },
    { name: '/strains?limit=20 (200)', path: '/api/v1/strains?limit=20', handler: strains },
    { name: '/strains?limit=20 (304)', path: '/api/v1/strains?limit=20', handler: strains, headers: { 'if-none-match': listTag } },
  ];
  const rows: Result[] = [];
  for (const c of cases) rows.push(await runInProcess(c));
  const base = rows[0].rps;
  console.log(
    `\nbench:content — in-process handlers, PGlite in memory, NODE_ENV=production, ${CONNECTIONS} concurrent, ${args.duration}s per case, ${os.cpus().length} CPUs, load ${os.loadavg()[0].toFixed(1)}\n`,
  );
  const head = ['case', 'req/s', 'mean ms', 'p50 ms', 'p99 ms', 'vs trivial', 'statuses'];
  const data = rows.map((r) => [r.name, r.rps.toFixed(0), r.meanMs.toFixed(2), r.p50.toFixed(2), r.p99.toFixed(2), `${(r.rps / base).toFixed(3)}x`, JSON.stringify(r.statuses)]);
  const w = head.map((h, i) => Math.max(h.length, ...data.map((d) => d[i].length)));
  const line = (c: string[]) => c.map((x, i) => (i === 0 ? x.padEnd(w[i]) : x.padStart(w[i]))).join('  ');
  console.log(line(head));
  console.log(w.map((n) => '-'.repeat(n)).join('  '));
  for (const d of data) console.log(line(d));
  console.log(`\n304 share of the full answer's time (one client alternating 200 and 304 requests, mean latency):`);
  for (const [name, full, cond] of [
    ['/meta/freshness', cases[1], cases[2]],
    ['/strains?limit=20', cases[5], cases[6]],
  ] as const) {
    const p = await paired(full, cond);
    console.log(`  ${name}: 200 ${p.fullMs.toFixed(2)} ms, 304 ${p.condMs.toFixed(2)} ms → ${((p.condMs / p.fullMs) * 100).toFixed(0)}% (${p.n} requests)`);
  }
}

main().then(
  () => process.exit(0),
  (e) => {
    console.error(e);
    process.exit(1);
  },
);
