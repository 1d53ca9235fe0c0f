import { isSizeLabel } from '@/lib/scrape/extract/card-sizes';
import type { PdfCell, PdfLine } from '@/lib/scrape/pdf/lines';

/**
 * Price-tier grids in a PDF menu (docs/shopping.md, "PDF menus"): a header line of weights
 * ("1g  3.5g  7g  14g  28g") over rows that price a strain in each weight's column. Each price
 * cell belongs to the weight whose header cell it stands under; a row gives one product per
 * weight priced, `<name> <size>`, as every menu that sells a product in several sizes
 * (DECISIONS §12, card-sizes.ts `columnSizes` for HTML tables).
 */
export interface TierHeader {
  cells: Array<{ size: string; x: number; x1: number }>;
}

/** The line as a weight header: two or more cells that are a size alone, and no price. */
export function tierHeader(l: PdfLine, priced: boolean): TierHeader | null {
  if (priced) return null;
  const sized = l.cells.filter((c) => isSizeLabel(c.text));
  if (sized.length < 2) return null;
  return { cells: sized.map((c) => ({ size: c.text.replace(/\s+/g, ' ').trim(), x: c.x, x1: c.x1 })) };
}

/** The weight whose column a cell stands in: the header cell it overlaps most, else none. */
export function tierOf(h: TierHeader, c: PdfCell): string | null {
  let best: { size: string; overlap: number } | null = null;
  for (const t of h.cells) {
    const overlap = Math.min(c.x1, t.x1) - Math.max(c.x, t.x);
    if (overlap > 0 && (!best || overlap > best.overlap)) best = { size: t.size, overlap };
  }
  return best?.size ?? null;
}

/**
 * A line's price cells by weight, added to `into`; false when a price cell stands under no
 * weight (the line is no row of the grid).
 */
export function addTierPrices(h: TierHeader, l: PdfLine, amounts: (text: string) => string[], into: Map<string, string[]>): boolean {
  const priced = l.cells.filter((c) => amounts(c.text).length > 0);
  const sizes = priced.map((c) => tierOf(h, c));
  if (!priced.length || sizes.some((s) => s === null)) return false;
  priced.forEach((c, k) => into.set(sizes[k]!, [...(into.get(sizes[k]!) ?? []), ...amounts(c.text)]));
  return true;
}
