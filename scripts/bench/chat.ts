/**
 * Chat and papers, measured in-process (the route handlers called the way Next calls them: auth,
 * validation, envelope, streaming; no HTTP server, so no build is needed):
 *
 *  1. a grounded question on the local provider ("tell me about blu dreem": searchStrains →
 *     getStrain → answer): time to the first text token and to the last stream part, read back
 *     with the AI SDK's own chunk parser;
 *  2. per-turn latency with 20 stored messages of history (the service loads the last 20);
 *  3. papers search (GET /research/papers, the representative queries of lib/research/papers/bench)
 *     requests/s against the trivial route (GET /health) in the same run, one request at a time
 *     and 8 at a time.
 *
 *   npm run bench:chat [-- --runs 20 --turns 10 --seconds 5]
 */
import { randomUUID } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';

const { values: args } = parseArgs({ options: { runs: { type: 'string', default: '20' }, turns: { type: 'string', default: '10' }, seconds: { type: 'string', default: '5' } } });

Object.assign(process.env, {
  AI_PROVIDER: 'local',
  PGLITE_DIR: 'memory://',
  RATE_LIMIT_ENABLED: 'false',
  LOG_LEVEL: 'warn',
  SUPABASE_JWT_SECRET: 'bench-only-jwt-secret-0123456789abcdef0123456789',
  STORAGE_DIR: path.join(os.tmpdir(), `bench-chat-${process.pid}`),
});
delete process.env.OPENAI_API_KEY;
delete process.env.DATABASE_URL;
delete process.env.REDIS_URL;

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))];
};
const f1 = (n: number) => n.toFixed(1);

async function main() {
  const { parseJsonEventStream, uiMessageChunkSchema } = await import('ai');
  const { ready } = await import('@/lib/bootstrap');
  const { signUserToken } = await import('@/lib/auth');
  const { POST: chat } = await import('@/app/api/v1/chat/route');
  const { GET: papers } = await import('@/app/api/v1/research/papers/route');
  const { GET: health } = await import('@/app/api/v1/health/route');
  const { appendMessage, openConversation } = await import('@/lib/chat/repo');
  const { papersBenchPaths } = await import('@/lib/research/papers/bench');

  const t0 = performance.now();
  const db = await ready();
  console.log(`database ready (PGlite in memory, migrated and seeded) in ${f1(performance.now() - t0)} ms; ${os.cpus().length} CPUs, load ${os.loadavg()[0].toFixed(2)}`);
  const token = await signUserToken({ sub: 'bench-user', tier: 'premium', ttlSeconds: 3600 });

  async function turn(conversationId: string, text: string) {
    const started = performance.now();
    const req = new Request('http://api.test/api/v1/chat', {
      method: 'POST',
      headers: { host: 'api.test', authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ id: conversationId, message: { id: `u_${randomUUID()}`, role: 'user', parts: [{ type: 'text', text }] } }),
    });
    const res = await chat(req);
    if (res.status !== 200) throw new Error(`chat answered ${res.status}: ${await res.text()}`);
    let firstToken = -1;
    let parts = 0;
    let text2 = '';
    const reader = parseJsonEventStream({ stream: res.body!, schema: uiMessageChunkSchema }).getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      if (!value.success) throw value.error;
      parts++;
      if (value.value.type === 'text-delta') {
        if (firstToken < 0) firstToken = performance.now() - started;
        text2 += value.value.delta;
      }
    }
    const last = performance.now() - started;
    if (!text2.includes('Blue Dream')) throw new Error(`unexpected answer: ${text2.slice(0, 200)}`);
    return { firstToken, last, parts };
  }

  // 1. grounded question, fresh conversation each run (warm-up first)
  await turn(randomUUID(), 'tell me about blu dreem');
  const runs = Number(args.runs);
  const fresh = [];
  for (let i = 0; i < runs; i++) fresh.push(await turn(randomUUID(), 'tell me about blu dreem'));

  // 2. with 20 messages of stored history
  const conv = randomUUID();
  await openConversation(db, conv, 'bench-user', 'history bench');
  for (let i = 0; i < 10; i++) {
    await appendMessage(db, conv, { id: `h-u-${i}`, role: 'user', parts: [{ type: 'text', text: `Question ${i}: what about strain number ${i}? ${'context '.repeat(30)}` }] });
    await appendMessage(db, conv, {
      id: `h-a-${i}`,
      role: 'assistant',
      parts: [{ type: 'text', text: `**Answer ${i}** ${'from the catalog '.repeat(40)}` }],
      metadata: { citations: [] },
    });
  }
  const history = [];
  for (let i = 0; i < Number(args.turns); i++) history.push(await turn(conv, 'tell me about blu dreem'));

  console.log('\nChat, local provider, in-process, one request at a time');
  console.log('| case | runs | first token p50 ms | first token p95 ms | last part p50 ms | last part p95 ms | stream parts |');
  console.log('|---|---|---|---|---|---|---|');
  for (const [name, xs] of [
    ['grounded question, new conversation', fresh],
    ['same, 20 messages of history', history],
  ] as const) {
    console.log(
      `| ${name} | ${xs.length} | ${f1(
        pct(
          xs.map((x) => x.firstToken),
          50,
        ),
      )} | ${f1(
        pct(
          xs.map((x) => x.firstToken),
          95,
        ),
      )} | ${f1(
        pct(
          xs.map((x) => x.last),
          50,
        ),
      )} | ${f1(
        pct(
          xs.map((x) => x.last),
          95,
        ),
      )} | ${xs[0].parts} |`,
    );
  }

  // 3. papers search vs the trivial route, same run
  const paths = papersBenchPaths();
  async function rate(name: string, handler: (r: Request) => Promise<Response>, pathsFor: string[], concurrency: number) {
    const until = performance.now() + Number(args.seconds) * 1000;
    let n = 0;
    let bad = 0;
    const lat: number[] = [];
    const worker = async (w: number) => {
      let i = w;
      while (performance.now() < until) {
        const p = pathsFor[i++ % pathsFor.length];
        const s = performance.now();
        const res = await handler(new Request(`http://api.test${p}`, { headers: { host: 'api.test' } }));
        await res.arrayBuffer();
        lat.push(performance.now() - s);
        if (res.status !== 200) bad++;
        n++;
      }
    };
    const start = performance.now();
    await Promise.all(Array.from({ length: concurrency }, (_, w) => worker(w)));
    const secs = (performance.now() - start) / 1000;
    return { name, rps: n / secs, p50: pct(lat, 50), p99: pct(lat, 99), bad, n };
  }
  for (const c of [1, 8]) {
    await rate('warm', papers, paths, c);
    const triv = await rate('trivial: GET /health', health, ['/api/v1/health'], c);
    const pap = await rate('papers search (6 representative queries)', papers, paths, c);
    console.log(`\nPapers search vs trivial route, in-process, concurrency ${c}, ${args.seconds}s each`);
    console.log('| route | req/s | p50 ms | p99 ms | vs trivial | non-200 |');
    console.log('|---|---|---|---|---|---|');
    for (const r of [triv, pap]) console.log(`| ${r.name} | ${r.rps.toFixed(0)} | ${f1(r.p50)} | ${f1(r.p99)} | ${(r.rps / triv.rps).toFixed(2)}x | ${r.bad} |`);
  }
  await db.close();
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
