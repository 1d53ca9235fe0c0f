import type { ScrapedProduct } from '@/lib/scrape';
import type { TruthProduct } from '@/tests/fixtures/menus-sites/generate';

/** Names compared as the benches compare them: case and spacing ignored. */
export const norm = (s: string) => s.toLowerCase().replace(/\s+/g, ' ').trim();

/**
 * Each scraped product paired with the truth product of its name (each truth product used once);
 * `used` holds the normalised names matched, `truthSize` the distinct truth names; the rest are extras, shown by `show` (the menu bench prints the name, the PDF bench the price too).
 */
export function pairWithTruth(
  products: readonly ScrapedProduct[],
  truthProducts: readonly TruthProduct[],
  show: (p: ScrapedProduct) => string = (p) => p.rawName,
): { pairs: Array<{ p: ScrapedProduct; t: TruthProduct }>; extra: string[]; used: Set<string>; truthSize: number } {
  const truth = new Map(truthProducts.map((p) => [norm(p.name), p]));
  const used = new Set<string>();
  const pairs: Array<{ p: ScrapedProduct; t: TruthProduct }> = [];
  const extra: string[] = [];
  for (const p of products) {
    const t = truth.get(norm(p.rawName));
    if (t && !used.has(norm(t.name))) {
      used.add(norm(t.name));
      pairs.push({ p, t });
    } else extra.push(show(p));
  }
  return { pairs, extra, used, truthSize: truth.size };
}
