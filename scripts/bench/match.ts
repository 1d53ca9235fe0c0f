/**
 * npm run bench:match — the three-pass matcher on the Weedmaps NM menu items against the
 * 4,754-strain catalog (plus the seed), on PGlite and on PostgreSQL (DATABASE_URL or the local
 * test database): products/s set-based vs the naive three-queries-per-product way, match rate per
 * category with and without normalisation, precision/recall on the hand-labelled set.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Db } from '../../lib/db';
import { matchProducts, type MatchResult } from '../../lib/strains/match';
import { canonicalName, slugify } from '../../lib/strains/slug';
import { benchCategory, dataPresent, loadCatalog, loadMenu, openScratch, type MenuItem } from './match-setup';

const LABELS = path.join(process.cwd(), 'tests', 'fixtures', 'matching', 'labelled.json');
const NAIVE_SAMPLE = Number(process.env.BENCH_NAIVE_SAMPLE ?? 200);

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
    if (!r.rows.length) r = await db.query('SELECT s.id, similarity(s.canonical_name, $1) AS sim FROM strains s WHERE similarity(s.canonical_name, $1) > 0.4 ORDER BY sim DESC LIMIT 1', [q]);
    if (r.rows.length) matched++;
  }
  return matched;
}

/** The specification's passes on the raw lower-cased name, set-based: match rate without normalisation. */
async function rawMatch(db: Db, names: string[]): Promise<boolean[]> {
  const q = names.map(canonicalName);
  const hit = new Array<boolean>(names.length).fill(false);
  const e = await db.query<{ i: number }>('SELECT DISTINCT q.i FROM unnest($1::text[]) WITH ORDINALITY AS q(c, i) JOIN strains s ON s.canonical_name = q.c', [q]);
  for (const r of e.rows) hit[Number(r.i) - 1] = true;
  const s = await db.query<{ i: number }>('SELECT DISTINCT q.i FROM unnest($1::text[]) WITH ORDINALITY AS q(c, i) JOIN strains s ON s.slug = q.c', [names.map(slugify)]);
  for (const r of s.rows) hit[Number(r.i) - 1] = true;
  const rest = q.map((c, i) => (hit[i] ? null : c));
  await db.transaction(async (tx) => {
    await tx.query(`SELECT set_config('pg_trgm.similarity_threshold', '0.4', true)`);
    const t = await tx.query<{ i: number }>(
      `SELECT q.i FROM unnest($1::text[]) WITH ORDINALITY AS q(c, i)
       WHERE q.c IS NOT NULL AND EXISTS (SELECT 1 FROM strains s WHERE s.canonical_name % q.c AND similarity(s.canonical_name, q.c) > 0.4)`,
      [rest],
    );
    for (const r of t.rows) hit[Number(r.i) - 1] = true;
  });
  return hit;
}

async function timeIt<T>(fn: () => Promise<T>): Promise<[T, number]> {
  const t = process.hrtime.bigint();
  const out = await fn();
  return [out, Number(process.hrtime.bigint() - t) / 1e6];
}

interface Labelled {
  name: string;
  brand: string | null;
  category: string;
  strain: string | null;
}

async function resolveLabels(db: Db, items: Labelled[]): Promise<(string | null)[]> {
  const r = await db.query<{ i: number; slug: string }>(
    `SELECT DISTINCT ON (q.i) q.i, s.slug FROM unnest($1::text[], $2::text[]) WITH ORDINALITY AS q(c, sl, i)
     JOIN strain_names n ON n.name = q.c OR n.slug = q.sl JOIN strains s ON s.id = n.strain_id
     ORDER BY q.i, n.is_alias, s.popularity_score DESC`,
    [items.map((x) => (x.strain ? canonicalName(x.strain) : '')), items.map((x) => (x.strain ? slugify(x.strain) : ''))],
  );
  const out = new Array<string | null>(items.length).fill(null);
  for (const x of r.rows) out[Number(x.i) - 1] = x.slug;
  return out;
}

async function precision(db: Db): Promise<void> {
  if (!fs.existsSync(LABELS)) return;
  const items = (JSON.parse(fs.readFileSync(LABELS, 'utf8')) as { items: Labelled[] }).items;
  const expected = await resolveLabels(db, items);
  const wmCategory: Record<string, string> = { Flower: 'Flower', 'Pre-Roll': 'Flower', Vape: 'Vape Pens', Edible: 'Edibles' };
  const got = await matchProducts(db, items.map((x) => ({ name: x.name, brand: x.brand, category: wmCategory[x.category] ?? x.category })));
  const byConf: Record<string, { n: number; ok: number }> = { high: { n: 0, ok: 0 }, medium: { n: 0, ok: 0 }, low: { n: 0, ok: 0 } };
  const byCat: Record<string, { items: number; pos: number; pred: number; predOk: number; hm: number; hmOk: number; found: number; foundHm: number; noneOk: number; none: number }> = {};
  const wrong: string[] = [];
  got.forEach((g: MatchResult, i) => {
    const exp = expected[i];
    const cat = items[i].category;
    const c = (byCat[cat] ??= { items: 0, pos: 0, pred: 0, predOk: 0, hm: 0, hmOk: 0, found: 0, foundHm: 0, noneOk: 0, none: 0 });
    c.items++;
    if (exp) c.pos++;
    else c.none++;
    const okMatch = Boolean(g.strain && g.strain.slug === exp);
    if (g.confidence) {
      byConf[g.confidence].n++;
      if (okMatch) byConf[g.confidence].ok++;
      c.pred++;
      if (okMatch) c.predOk++;
      if (g.confidence !== 'low') {
        c.hm++;
        if (okMatch) c.hmOk++;
      }
      if (!okMatch && g.confidence !== 'low') wrong.push(`  ${g.confidence.padEnd(6)} ${items[i].name}  →  ${g.strain?.name}  (label: ${items[i].strain ?? 'none'})`);
    } else if (!exp) c.noneOk++;
    if (okMatch) {
      c.found++;
      if (g.confidence !== 'low') c.foundHm++;
    }
  });
  table(
    `Precision per confidence on ${items.length} hand-labelled items (${expected.filter(Boolean).length} name a catalog strain)`,
    ['confidence', 'predicted', 'correct', 'precision %'],
    Object.entries(byConf).map(([k, v]) => [k, v.n, v.ok, pct(v.ok, v.n)]),
  );
  table(
    'Precision and recall per category (high+medium = the confident answers)',
    ['category', 'items', 'in catalog', 'prec all %', 'prec high+med %', 'recall all %', 'recall high+med %', 'unmatched right %'],
    Object.entries(byCat).map(([k, v]) => [k, v.items, v.pos, pct(v.predOk, v.pred), pct(v.hmOk, v.hm), pct(v.found, v.pos), pct(v.foundHm, v.pos), pct(v.noneOk, v.none)]),
  );
  if (wrong.length) console.log(`\nWrong high/medium answers:\n${wrong.join('\n')}`);
}

async function runOn(kind: 'pglite' | 'pg', menu: MenuItem[]): Promise<void> {
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
    await matchProducts(db, inputs.slice(0, 200)); // warm-up
    const [results, ms] = await timeIt(async () => {
      const out: MatchResult[] = [];
      for (let i = 0; i < inputs.length; i += 500) out.push(...(await matchProducts(db, inputs.slice(i, i + 500))));
      return out;
    });
    const sample = menu.slice(0, NAIVE_SAMPLE).map((m) => m.name);
    const [, msSetSample] = await timeIt(() => matchProducts(db, sample));
    const [, msNaive] = await timeIt(() => naiveMatch(db, sample));
    const perSec = (n: number, t: number) => Math.round((n / t) * 1000);
    table(`Throughput (${kind})`, ['method', 'products', 'ms', 'products/s', 'vs naive'], [
      ['set-based, menus of 500', inputs.length, Math.round(ms), perSec(inputs.length, ms), `${(perSec(inputs.length, ms) / perSec(sample.length, msNaive)).toFixed(1)}x`],
      [`set-based, first ${sample.length}`, sample.length, Math.round(msSetSample), perSec(sample.length, msSetSample), `${(perSec(sample.length, msSetSample) / perSec(sample.length, msNaive)).toFixed(1)}x`],
      [`naive 3 queries/product`, sample.length, Math.round(msNaive), perSec(sample.length, msNaive), '1.0x'],
    ]);
    const raw = await rawMatch(db, menu.map((m) => m.name));
    const cats = new Map<string, { n: number; norm: number; raw: number; hi: number; med: number; low: number }>();
    menu.forEach((m, i) => {
      const c = cats.get(benchCategory(m)) ?? { n: 0, norm: 0, raw: 0, hi: 0, med: 0, low: 0 };
      c.n++;
      if (results[i].strain) c.norm++;
      if (raw[i]) c.raw++;
      if (results[i].confidence === 'high') c.hi++;
      if (results[i].confidence === 'medium') c.med++;
      if (results[i].confidence === 'low') c.low++;
      cats.set(benchCategory(m), c);
    });
    table(
      `Match rate per category (${kind}): spec passes on the raw name vs after normalisation`,
      ['category', 'items', 'raw %', 'normalised %', 'high', 'medium', 'low'],
      [...cats.entries()].sort((a, b) => b[1].n - a[1].n).map(([k, v]) => [k, v.n, pct(v.raw, v.n), pct(v.norm, v.n), v.hi, v.med, v.low]),
    );
    if (kind === 'pglite') await precision(db);
  } finally {
    await db.close();
  }
}

async function main(): Promise<void> {
  if (!dataPresent()) {
    console.log('bench:match skipped: ../shared/data (catalog and menus) not found');
    return;
  }
  // BENCH_ITEMS limits the run to an even sample of the menu (the shared 2-CPU machine is slow).
  const all = loadMenu();
  const n = Math.min(all.length, Number(process.env.BENCH_ITEMS ?? all.length));
  const menu = all.filter((_, i) => i % Math.max(1, Math.floor(all.length / n)) === 0).slice(0, n);
  console.log(`bench:match — ${menu.length} Weedmaps menu items`);
  const only = process.env.BENCH_DB;
  if (!only || only === 'pglite') await runOn('pglite', menu);
  if (!only || only === 'pg') await runOn('pg', menu);
}

main().then(
  () => process.exit(0),
  (e) => {
    console.error(e);
    process.exit(1);
  },
);
