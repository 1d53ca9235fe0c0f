/**
 * npm run bench:route-overhead [-- --n 10000 --rounds 2]
 *
 * The route builder's own cost per request, in process (no Next, no sockets): the same Request
 * answered by a bare handler (`Response.json` of a small envelope, what the bare app's route does)
 * and by route modules of this service, called directly, interleaved request by request so
 * machine load touches all alike. Production rules (APP_ENV=production: no response-schema check), the request
 * log on at `info` into a buffered sink, rate limiting off. Prints µs per request and the
 * difference to the bare handler: what the builder adds on top of Next's own pipeline.
 */
import { Writable } from 'node:stream';
import { parseArgs } from 'node:util';

const { values: args } = parseArgs({ options: { n: { type: 'string', default: '10000' }, rounds: { type: 'string', default: '2' }, only: { type: 'string' } } });
Object.assign(process.env, { APP_ENV: 'production', NODE_ENV: 'production', TRUSTED_PROXY: 'none', RATE_LIMIT_ENABLED: 'false', LOG_LEVEL: 'info' });

async function main(): Promise<void> {
  const { createLogger, setLogger } = await import('@/lib/log');
  let bytes = 0;
  setLogger(createLogger(new Writable({ write: (c, _e, cb) => ((bytes += c.length), cb()) }), 'info'));
  const sections = await import('@/app/api/v1/notebooks/stream/sections/route');
  const health = await import('@/app/api/v1/health/route');
  const slug = await import('@/app/api/v1/strains/slug/[slug]/route');
  const complete = await import('@/app/api/v1/strains/slug/[slug]/complete/route');
  const { healthReport } = await import('@/lib/health');
  await healthReport(); // the database once; then the cached probe

  type H = (req: Request, ctx?: { params?: Promise<Record<string, string>> }) => Promise<Response> | Response;
  const bare: H = () => Response.json({ success: true, data: { status: 'ok' }, meta: { timestamp: new Date().toISOString(), requestId: crypto.randomUUID() } });
  const all: [string, string, H][] = [
    ['bare handler (Response.json of a small envelope)', '/api/ping', bare],
    ['GET /notebooks/stream/sections', '/api/v1/notebooks/stream/sections', sections.GET as H],
    ['GET /health (cached probe)', '/api/v1/health', health.GET as H],
    ['GET /strains/slug/blue-dream (read cache)', '/api/v1/strains/slug/blue-dream', slug.GET as H],
    ['GET /strains/slug/blue-dream/complete (profile cache)', '/api/v1/strains/slug/blue-dream/complete', complete.GET as H],
  ];
  const cases = all.filter(([name], i) => i === 0 || !args.only || name.includes(args.only));
  const n = Number(args.n);
  const call = async (path: string, h: H) => {
    const params: Record<string, string> = path.startsWith('/api/v1/strains/slug/') ? { slug: path.split('/')[5] } : {};
    const res = await h(new Request(`http://127.0.0.1:3000${path}`, { headers: { 'x-forwarded-for': '127.0.0.1' } }), { params: Promise.resolve(params) });
    await res.arrayBuffer();
  };
  // Warm-up (JIT), not counted.
  for (let i = 0; i < 2000; i++) for (const [, path, h] of cases) await call(path, h);
  // Interleaved: every iteration calls each case once, so a burst of load from elsewhere lands on all.
  const ns = cases.map(() => 0n);
  for (let round = 0; round < Number(args.rounds); round++) {
    for (let i = 0; i < n; i++) {
      for (let c = 0; c < cases.length; c++) {
        const t = process.hrtime.bigint();
        await call(cases[c][1], cases[c][2]);
        ns[c] += process.hrtime.bigint() - t;
      }
    }
  }
  const total = n * Number(args.rounds);
  const us = ns.map((x) => Number(x) / 1000 / total);
  console.log(`\nroute-overhead — ${total} requests per case, interleaved, mean µs/request (Request + handler + body read), log bytes ${bytes}\n`);
  cases.forEach(([name], c) => console.log(`${name.padEnd(52)} ${us[c].toFixed(1).padStart(7)} µs   +${(us[c] - us[0]).toFixed(1)} µs over bare`));
}

main().then(
  () => process.exit(0),
  (e) => {
    console.error(e);
    process.exit(1);
  },
);
