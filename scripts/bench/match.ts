/**
 * npm run bench:match — the matcher on the 14,564 Weedmaps NM menu items against the 4,754-strain
 * catalog (plus the seed and the Kushy universe), on PGlite and on PostgreSQL (DATABASE_URL or the
 * local test database): products/s in menus of 500 against the naive three-queries-per-product way
 * measured in the same run, the in-process trigram numbers checked against pg_trgm's similarity(),
 * match rate per category, and precision/recall on the labelled sets (the blind eighth, seventh, sixth, fifth, fourth, third and second sets and the
 * held-out chains first).
 * Timings on a shared machine are noisy: compare the ratios printed by one run.
 */
import type { Db } from '@/lib/db';
import { matchProducts, type MatchResult } from '@/lib/strains/match';
import { decideMatches } from '@/lib/strains/match-decide';
import { clearMatchIndex, indexFor } from '@/lib/strains/match-index';
import { roundSimilarity } from '@/lib/strains/match-trigram';
import { canonicalName, slugify } from '@/lib/strains/slug';
import { labelledScores, type Scores } from '@/scripts/bench/match-precision';
import { benchCategory, dataPresent, loadCatalog, loadMenu, openScratch, type MenuItem } from '@/scripts/bench/match-setup';

const NAIVE_SAMPLE = Number(process.env.BENCH_NAIVE_SAMPLE ?? 200);
const MENU_SIZE = 500;

function table(title: string, head: string[], rows: (string | number)[][]): void {
  const w = head.map((h, i) => Math.max(h.length, ...rows.map((r) => String(r[i]).length)));
  const line = (r: (string | number)[]) => r.map((c, i) => (typeof c === 'number' ? String(c).padStart(w[i]) : String(c).padEnd(w[i]))).join('  ');
  console.log(`\n${title}\n${line(head)}\n${w.map((n) => '-'.repeat(n)).join('  ')}`);
  for (const r of rows) console.log(line(r));
}

const pct = (a: number, b: number) => (b ? Math.round((1000 * a) / b) / 10 : 0);

/** The naive way: for each product, up to three round trips on the raw lower-cased name. */
async function naiveMatch(db: Db, names: string[]): Promise<number> {
  let matched = 0;
  for (const raw of names) {
    const q = canonicalName(raw);
    let r = await db.query('SELECT s.id FROM strains s WHERE s.canonical_name = $1 LIMIT 1', [q]);
    if (!r.rows.length) r = await db.query('SELECT s.id FROM strains s WHERE s.slug = $1 LIMIT 1', [slugify(raw)]);
    if (!r.rows.length)
      r = await db.query('SELECT s.id, similarity(s.canonical_name, $1) AS sim FROM strains s WHERE similarity(s.canonical_name, $1) > 0.4 ORDER BY sim DESC LIMIT 1', [q]);
    if (r.rows.length) matched++;
  }
  return matched;
}

async function timeIt<T>(fn: () => Promise<T>): Promise<[T, number]> {
  const t = process.hrtime.bigint();
  const out = await fn();
  return [out, Number(process.hrtime.bigint() - t) / 1e6];
}

/** The in-process similarity of each product's strain segment to its nearest catalog name vs similarity() in SQL. */
async function trigramParity(db: Db, menu: MenuItem[]): Promise<{ pairs: number; differ: string[] }> {
  const { index } = await indexFor(db);
  const decisions = decideMatches(
    index,
    menu.map((m) => ({ name: m.name, brand: m.brand, category: m.category })),
  );
  const pairs = new Map<string, [string, string, number]>();
  for (const d of decisions) {
    if (!d.cleaned || pairs.has(d.cleaned)) continue;
    const near = index.nearest(d.cleaned);
    if (near.catalog) pairs.set(d.cleaned, [d.cleaned, near.catalog.entry.name, roundSimilarity(near.catalog.raw)]);
    if (near.universe) pairs.set(`${d.cleaned}\u0000u`, [d.cleaned, near.universe.entry.name, roundSimilarity(near.universe.raw)]);
  }
  const list = [...pairs.values()];
  const r = await db.query<{ i: number; sim: string }>(
    `SELECT q.i, round(similarity(q.a, q.b)::numeric, 4)::text AS sim FROM unnest($1::text[], $2::text[]) WITH ORDINALITY AS q(a, b, i)`,
    [list.map((p) => p[0]), list.map((p) => p[1])],
  );
  const differ: string[] = [];
  for (const row of r.rows) {
    const [a, b, mine] = list[Number(row.i) - 1];
    if (Number(row.sim) !== mine) differ.push(`${a} ~ ${b}: pg ${row.sim}, in-process ${mine}`);
  }
  return { pairs: list.length, differ };
}

function printScores(title: string, s: Scores): void {
  table(
    `${title}: ${s.items} items, ${s.inCatalog} name a catalog strain`,
    ['confidence', 'predicted', 'correct', 'precision %'],
    (['high', 'medium', 'low'] as const).map((k) => [k, s.byConfidence[k].n, s.byConfidence[k].ok, pct(s.byConfidence[k].ok, s.byConfidence[k].n)]),
  );
  console.log(
    `recall (any confidence) ${s.found}/${s.inCatalog} = ${pct(s.found, s.inCatalog)} %; high+medium ${s.foundConfident}/${s.inCatalog} = ${pct(s.foundConfident, s.inCatalog)} %`,
  );
  table(
    `${title} per section`,
    ['section', 'items', 'in catalog', 'precision high+med %', 'recall %', 'unmatched right %'],
    [...s.bySection].map(([k, v]) => [k, v.items, v.pos, v.hm ? pct(v.hmOk, v.hm) : '–', v.pos ? pct(v.found, v.pos) : '–', v.none ? pct(v.noneOk, v.none) : '–']),
  );
  const confident = s.wrong.filter((w) => !w.startsWith('low'));
  if (confident.length) console.log(`Wrong high/medium answers:\n  ${confident.join('\n  ')}`);
}

async function runOn(kind: 'pglite' | 'pg', menu: MenuItem[], fullMenu: MenuItem[], withPrecision: boolean): Promise<void> {
  let db: Db;
  try {
    db = await openScratch(kind);
  } catch (e) {
    console.log(`\n[${kind}] skipped: ${(e as Error).message}`);
    return;
  }
  try {
    const load = await loadCatalog(db);
    console.log(`\n=== ${kind}: catalog ${load.strains} strains, universe ${load.universe} names, loaded in ${load.ms} ms ===`);
    const inputs = menu.map((m) => ({ name: m.name, brand: m.brand, category: m.category }));
    clearMatchIndex();
    const [, msBuild] = await timeIt(() => indexFor(db));
    const [, msFirst] = await timeIt(() => matchProducts(db, inputs.slice(0, MENU_SIZE)));
    const [results, ms] = await timeIt(async () => {
      const out: MatchResult[] = [];
      for (let i = 0; i < inputs.length; i += MENU_SIZE) out.push(...(await matchProducts(db, inputs.slice(i, i + MENU_SIZE))));
      return out;
    });
    const sample = menu.slice(0, NAIVE_SAMPLE).map((m) => m.name);
    const [, msNaive] = await timeIt(() => naiveMatch(db, sample));
    const perSec = (n: number, t: number) => Math.round((n / t) * 1000);
    const naive = perSec(sample.length, msNaive);
    table(
      `Throughput (${kind}, one run)`,
      ['method', 'products', 'ms', 'products/s', 'vs naive'],
      [
        [`menus of ${MENU_SIZE}, index warm`, inputs.length, Math.round(ms), perSec(inputs.length, ms), `${(perSec(inputs.length, ms) / naive).toFixed(1)}x`],
        [`naive 3 queries/product`, sample.length, Math.round(msNaive), naive, '1.0x'],
      ],
    );
    console.log(`index build (catalog version read, names loaded, trigram index): ${Math.round(msBuild)} ms; first menu of ${MENU_SIZE} after it: ${Math.round(msFirst)} ms`);
    const parity = await trigramParity(db, menu);
    console.log(`trigram parity: ${parity.pairs} (strain segment, nearest name) pairs, ${parity.differ.length} differ from pg_trgm similarity()`);
    for (const d of parity.differ.slice(0, 10)) console.log(`  ${d}`);
    const cats = new Map<string, { n: number; hi: number; med: number; low: number }>();
    menu.forEach((m, i) => {
      const c = cats.get(benchCategory(m)) ?? { n: 0, hi: 0, med: 0, low: 0 };
      c.n++;
      if (results[i].confidence === 'high') c.hi++;
      if (results[i].confidence === 'medium') c.med++;
      if (results[i].confidence === 'low') c.low++;
      cats.set(benchCategory(m), c);
    });
    table(
      `Match rate per category (${kind})`,
      ['category', 'items', 'matched %', 'high', 'medium', 'low'],
      [...cats.entries()].sort((a, b) => b[1].n - a[1].n).map(([k, v]) => [k, v.n, pct(v.hi + v.med + v.low, v.n), v.hi, v.med, v.low]),
    );
    if (withPrecision && process.env.BENCH_LABELLED !== '0') {
      const scores = await labelledScores(db, fullMenu);
      // BENCH_BLIND8=0 hides the eighth, blind set (tests/fixtures/matching/labelled-8.json, the stores outside blind-3's to blind-7's).
      if (process.env.BENCH_BLIND8 !== '0' && scores['blind-8'].items)
        printScores('BLIND-8 set (eighth labelled set, the stores outside blind-3 to blind-7, never tuned on)', scores['blind-8']);
      // BENCH_BLIND7=0 hides the seventh, blind set (tests/fixtures/matching/labelled-7.json, least-used stores outside blind-3's to blind-6's).
      if (process.env.BENCH_BLIND7 !== '0' && scores['blind-7'].items)
        printScores('BLIND-7 set (seventh labelled set, least-used stores outside blind-3 to blind-6, never tuned on)', scores['blind-7']);
      // BENCH_BLIND6=0 hides the sixth, blind set (tests/fixtures/matching/labelled-6.json, least-used stores outside blind-3's, blind-4's and blind-5's).
      if (process.env.BENCH_BLIND6 !== '0' && scores['blind-6'].items)
        printScores('BLIND-6 set (sixth labelled set, least-used stores outside blind-3, blind-4 and blind-5, never tuned on)', scores['blind-6']);
      // BENCH_BLIND5=0 hides the fifth, blind set (tests/fixtures/matching/labelled-5.json, least-used stores outside blind-3's and blind-4's).
      if (process.env.BENCH_BLIND5 !== '0' && scores['blind-5'].items)
        printScores('BLIND-5 set (fifth labelled set, least-used stores outside blind-3 and blind-4, never tuned on)', scores['blind-5']);
      // BENCH_BLIND4=0 hides the fourth, blind set (tests/fixtures/matching/labelled-4.json, least-used stores outside blind-3's).
      if (process.env.BENCH_BLIND4 !== '0' && scores['blind-4'].items)
        printScores('BLIND-4 set (fourth labelled set, least-used stores outside blind-3, never tuned on)', scores['blind-4']);
      // BENCH_BLIND3=0 hides the third, blind set (tests/fixtures/matching/labelled-3.json, stores the others use least).
      if (process.env.BENCH_BLIND3 !== '0' && scores['blind-3'].items) printScores('BLIND-3 set (third labelled set, least-used stores, never tuned on)', scores['blind-3']);
      // BENCH_BLIND2=0 hides the second, blind set (tests/fixtures/matching/labelled-2.json).
      if (process.env.BENCH_BLIND2 !== '0' && scores['blind-2'].items) printScores('BLIND-2 set (second labelled set, held-out chains, never tuned on)', scores['blind-2']);
      // BENCH_HELDOUT=0 hides the held-out scores while tuning, so they are looked at once, at the end.
      if (process.env.BENCH_HELDOUT !== '0') printScores('HELD-OUT chains (never tuned on)', scores.holdout);
      printScores('Tuning chains', scores.tune);
      // Misses are printed for the tuning chains only: the held-out chains are never looked into.
      if (process.env.BENCH_MISSES === '1') console.log(`\nTuning-chain misses (${scores.tune.missed.length}):\n  ${scores.tune.missed.join('\n  ')}`);
      // BENCH_MISSES=blind-2 prints the second set's misses (after its blind run was recorded).
      if (process.env.BENCH_MISSES === 'blind-2') console.log(`\nBlind-2 misses (${scores['blind-2'].missed.length}):\n  ${scores['blind-2'].missed.join('\n  ')}`);
      // BENCH_MISSES=blind-3 prints the third set's misses and its wrong low answers (after its blind run was recorded).
      // BENCH_MISSES=blind-4 (blind-5 to blind-8) likewise for the fourth (fifth) set, with all its wrong answers.
      if (
        process.env.BENCH_MISSES === 'blind-3' ||
        process.env.BENCH_MISSES === 'blind-4' ||
        process.env.BENCH_MISSES === 'blind-5' ||
        process.env.BENCH_MISSES === 'blind-6' ||
        process.env.BENCH_MISSES === 'blind-7' ||
        process.env.BENCH_MISSES === 'blind-8'
      ) {
        const split = process.env.BENCH_MISSES;
        const b = scores[split];
        console.log(`\n${split} misses (${b.missed.length}):\n  ${b.missed.join('\n  ')}`);
        const all = split !== 'blind-3';
        const wrong = all ? b.wrong : b.wrong.filter((w) => w.startsWith('low'));
        console.log(`\n${split} wrong ${all ? '' : 'low '}answers:\n  ${wrong.join('\n  ')}`);
      }
    }
  } finally {
    await db.close();
  }
}

async function main(): Promise<void> {
  if (!dataPresent()) {
    console.log('bench:match skipped: ../shared/data (catalog and menus) not found');
    return;
  }
  // BENCH_ITEMS limits the throughput run to an even sample of the menu items.
  const all = loadMenu();
  const n = Math.min(all.length, Number(process.env.BENCH_ITEMS ?? all.length));
  const menu = all.filter((_, i) => i % Math.max(1, Math.floor(all.length / n)) === 0).slice(0, n);
  console.log(`bench:match — ${menu.length} Weedmaps menu items, menus of ${MENU_SIZE}`);
  const only = process.env.BENCH_DB;
  // The labelled set is scored once, on PostgreSQL when it runs (both databases answer the same).
  const pgRuns = !only || only === 'pg';
  if (!only || only === 'pglite') await runOn('pglite', menu, all, !pgRuns);
  if (pgRuns) await runOn('pg', menu, all, true);
}

main().then(
  () => process.exit(0),
  (e) => {
    console.error(e);
    process.exit(1);
  },
);
