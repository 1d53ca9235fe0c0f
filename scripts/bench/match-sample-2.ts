/**
 * The sampler of the second labelled matching set (tests/fixtures/matching/labelled-2.json, split
 * `blind-2`): menu items of the first set's held-out chains whose name (lower-cased, spaces
 * collapsed) is in neither labelled set already, drawn at random (seed 2) per section, plus items
 * whose names carry the hard cases (numbered phenotypes, crosses, abbreviations). It prints the draw
 * as JSON items with `strain` unset; the labels were then written by hand (see docs/matching.md).
 * Run: npx tsx scripts/bench/match-sample-2.ts > draw.json
 */
import fs from 'node:fs';
import { chainOf, LABELS } from '@/scripts/bench/match-precision';
import { benchCategory, dataPresent, loadMenu, type MenuItem } from '@/scripts/bench/match-setup';
import { rng } from '@/lib/random';

const QUOTA: Record<string, number> = { Flower: 60, 'Pre-Roll': 40, Vape: 50, Concentrates: 40, Edible: 25, Other: 15 };
const TRICKY = /#\s?\d|\s[xX]\s|\b(GSC|GG ?#?\d|MAC ?#?\d?|ICC|GDP|SFV|GMO|SLH|OGKB|GSC|PBB|TK|WC|BX\d?)\b/;
const TRICKY_N = 30;

const key = (s: string) => s.toLowerCase().replace(/\s+/g, ' ').trim();

function main(): void {
  if (!dataPresent()) throw new Error('../shared/data not found');
  const first = JSON.parse(fs.readFileSync(LABELS, 'utf8')) as { holdoutGroups: string[]; items: { name: string }[] };
  const seen = new Set(first.items.map((x) => key(x.name)));
  const holdout = new Set(first.holdoutGroups);
  const pool = new Map<string, MenuItem>();
  for (const m of loadMenu()) {
    if (!holdout.has(chainOf(m.listingFile)) || !m.name.trim() || seen.has(key(m.name)) || pool.has(key(m.name))) continue;
    pool.set(key(m.name), m);
  }
  const items = [...pool.values()].sort((a, b) => (a.id < b.id ? -1 : 1));
  const rand = rng(2);
  for (let i = items.length - 1; i > 0; i--) {
    const j = Math.floor(rand() * (i + 1));
    [items[i], items[j]] = [items[j], items[i]];
  }
  const section = (m: MenuItem) => {
    const c = benchCategory(m);
    return c === 'Concentrates' || c === 'Pre-Roll' || c === 'Flower' || c === 'Vape' || c === 'Edible' ? c : 'Other';
  };
  const taken = new Set<MenuItem>();
  const count = new Map<string, number>();
  for (const m of items) {
    const s = section(m);
    if ((count.get(s) ?? 0) >= QUOTA[s]) continue;
    count.set(s, (count.get(s) ?? 0) + 1);
    taken.add(m);
  }
  let tricky = 0;
  for (const m of items) {
    if (tricky >= TRICKY_N || taken.has(m) || !TRICKY.test(m.name)) continue;
    taken.add(m);
    tricky++;
  }
  const out = items
    .filter((m) => taken.has(m))
    .map((m) => ({
      name: m.name,
      brand: m.brand || null,
      category: m.category || 'Other',
      section: section(m) === 'Concentrates' ? 'Concentrate' : section(m),
      group: chainOf(m.listingFile),
      split: 'blind-2',
      strain: null as string | null,
      source: TRICKY.test(m.name) ? 'blind-2 (hard-case pattern)' : 'blind-2',
    }));
  console.log(JSON.stringify(out, null, 1));
}

main();
