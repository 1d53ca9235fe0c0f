/**
 * Re-match the products a `bench:menus` run dumped (BENCH_MENUS_DUMP=file.json), without scraping:
 * `tsx scripts/bench/menus-rematch.ts file.json` prints every wrong match and the totals per split,
 * and with LABELLED=1 the labelled set's tuning chains (scripts/bench/match-precision.ts).
 */
import fs from 'node:fs';
import { dataPresent, loadCatalog, loadMenu, openScratch } from '@/scripts/bench/match-setup';
import { matchProducts } from '@/lib/strains/match';
import { labelledScores } from '@/scripts/bench/match-precision';

interface Dumped {
  key: string;
  split: string;
  products: Array<{ name: string; category: string | null; brand: string | null }>;
  labelled: Array<{ i: number; expected: string | null }>;
}

async function main(): Promise<void> {
  if (!dataPresent()) throw new Error('catalog data absent');
  const sites = JSON.parse(fs.readFileSync(process.argv[2], 'utf8')) as Dumped[];
  const db = await openScratch('pglite');
  await loadCatalog(db);
  const tot = new Map<string, { high: [number, number]; medium: [number, number]; low: [number, number]; inCat: number; found: number }>();
  for (const s of sites) {
    const res = await matchProducts(
      db,
      s.products.map((p) => ({ name: p.name, category: p.category ?? undefined, brand: p.brand })),
    );
    const t = tot.get(s.split) ?? { high: [0, 0], medium: [0, 0], low: [0, 0], inCat: 0, found: 0 };
    tot.set(s.split, t);
    for (const l of s.labelled) {
      const g = res[l.i];
      const p = s.products[l.i];
      const ok = Boolean(g.strain && g.strain.slug === l.expected);
      if (l.expected) t.inCat++;
      if (ok) t.found++;
      if (g.confidence) {
        t[g.confidence][1]++;
        if (ok) t[g.confidence][0]++;
      }
      if (g.confidence ? !ok : l.expected)
        console.log(
          `  ${s.key} ${g.confidence ?? 'none'}: "${p.name}" brand "${p.brand ?? ''}" cat "${p.category ?? ''}" → ${g.strain?.name ?? '-'} (expected ${l.expected ?? 'no match'}; cleaned "${g.cleaned}")`,
        );
    }
  }
  for (const [k, t] of tot)
    console.log(
      `${k}: high ${t.high[0]}/${t.high[1]} = ${(t.high[0] / Math.max(1, t.high[1])).toFixed(3)}, medium ${t.medium[0]}/${t.medium[1]}, low ${t.low[0]}/${t.low[1]}, recall ${t.found}/${t.inCat} = ${(t.found / Math.max(1, t.inCat)).toFixed(3)}`,
    );
  if (process.env.LABELLED) {
    const r = (await labelledScores(db, loadMenu())).tune;
    console.log(
      `labelled tuning chains: high ${r.byConfidence.high.ok}/${r.byConfidence.high.n}, medium ${r.byConfidence.medium.ok}/${r.byConfidence.medium.n}, low ${r.byConfidence.low.ok}/${r.byConfidence.low.n}, recall ${r.found}/${r.inCatalog}`,
    );
    for (const w of r.wrong) console.log('   ', w);
  }
  await db.close();
}

main().then(
  () => process.exit(0),
  (e) => {
    console.error(e);
    process.exit(1);
  },
);
