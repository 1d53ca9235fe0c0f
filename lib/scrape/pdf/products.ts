import { isSizeLabel, textSizes } from '@/lib/scrape/extract/card-sizes';
import { canonicalCategory, dedupeProducts, parsePrice, toScrapedProduct } from '@/lib/scrape/normalize';
import { pricedPitch, type PdfLine } from '@/lib/scrape/pdf/lines';
import { headingLabel, joinWrapped, NOT_BRAND, spacedHyphens } from '@/lib/scrape/pdf/names';
import { AMOUNT, HAS_AMOUNT, menuSeparators, parseLine, thcColumns } from '@/lib/scrape/pdf/parse';
import { addTierPrices, tierHeader, type TierHeader } from '@/lib/scrape/pdf/tiers';
import type { ScrapedProduct } from '@/lib/scrape/types';

export { menuSeparators, parseLine } from '@/lib/scrape/pdf/parse';

/**
 * Products from a PDF menu's lines (lines.ts; docs/shopping.md, "PDF menus"). A line with a price
 * is a product: its text pieces (cells, and pieces cut at ` · `, ` | `, ` — `) are name then brand;
 * "THC 22%" / "22%" is potency, a bare weight the weight. A price line without text (a card's
 * price under its name and brand) takes its name and brand from the lines just above it; lines
 * under a named price line in a smaller or other font (a brand / THC line) complete that product.
 * Two prices on one line are the price paid (the lower) and the struck / "was" / regular price
 * (the higher), in either order (DECISIONS §12); sizes priced in the text ("1g $12 · 3.5g $30")
 * give one product per size (card-sizes.ts `textSizes`, as on HTML cards). Headings — lines
 * without a price, larger than the product lines — give the category of what follows; when a
 * page's headings only ever stand in its first column (a grid of cards under full-width headings),
 * a product takes the nearest heading above it on its page.
 */
/** The middle value (the upper one of an even count), 0 for none: a page's body type size, an OCR line's word height. */
export const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.floor(s.length / 2)] : 0;
};

interface Draft {
  name: string;
  brand: string | null;
  prices: string[];
  thc: string | null;
  weight: string | null;
  hint: string | null;
  section: string | null;
  text: string;
  /** Made from a line that held its own name (details may follow it). */
  named: boolean;
  line: PdfLine;
  /** The product's last line (its first, or the last wrapped one). */
  tail: PdfLine;
  /** A row of a price-tier grid: its prices by the weight column they stand in (tiers.ts). */
  tiers: Map<string, string[]> | null;
  tierHead: TierHeader | null;
  /** Its price cells' texts (sizes are read in them), a price cell wrapped onto a detail line joined to the last. */
  priced: string[];
}

const PAIR = new RegExp(`(${AMOUNT.source})\\s+(${AMOUNT.source})`, 'gi');
const pricedCells = (l: PdfLine) => l.cells.filter((c) => HAS_AMOUNT.test(c.text)).map((c) => c.text);
const amounts = (t: string) => (t.match(AMOUNT) ?? []).map((a) => a.replace(/\s+/g, ''));

/** A product's prices: two are the price paid and the regular price; more, the first is paid. */
function pricePair(prices: string[]): { price: string | null; regularPrice: string | null } {
  if (prices.length === 0) return { price: null, regularPrice: null };
  if (prices.length === 2) {
    const [a, b] = prices.map((p) => parsePrice(p) ?? 0);
    if (a !== b) return a < b ? { price: prices[0], regularPrice: prices[1] } : { price: prices[1], regularPrice: prices[0] };
  }
  return { price: prices[0], regularPrice: null };
}

function toProducts(d: Draft, url: string | null): ScrapedProduct[] {
  const common = { brand: d.brand, category: d.hint ?? (canonicalCategory(d.section) ? d.section : null), thc: d.thc, url, text: d.text };
  // A tier grid's row: one product per weight priced, `<name> <size>`.
  if (d.tiers?.size)
    return [...d.tiers.entries()]
      .map(([size, prices]) => toScrapedProduct({ ...common, name: `${d.name} ${size}`, ...pricePair(prices), weight: size }))
      .filter((p): p is ScrapedProduct => p !== null);
  // Sizes are read in the cells holding prices (the name cell before them is no size's piece).
  // Two bare amounts for one size ("3.5g $40.00 $28.00", the first struck) are its regular and sale price.
  const priced = d.priced.join(' · ').replace(PAIR, (m, a: string, b: string) => ((parsePrice(a) ?? 0) > (parsePrice(b) ?? 0) ? `${b} was ${a}` : `${a} was ${b}`));
  const sizes = d.prices.length >= 2 ? textSizes(priced) : [];
  if (sizes.length >= 2)
    return sizes
      .map((s) => toScrapedProduct({ ...common, name: `${d.name} ${s.size}`, price: s.price, regularPrice: s.regularPrice, weight: s.size }))
      .filter((p): p is ScrapedProduct => p !== null);
  const p = toScrapedProduct({ ...common, name: d.name, ...pricePair(d.prices), weight: d.weight });
  return p ? [p] : [];
}

/**
 * The type size of a menu's products, which headings stand above: the size of its priced lines,
 * or — when prices are set larger than the names (a designer card's big price under its name) —
 * the size of the products' largest lines of words (each product's lines down to its price).
 */
function bodySize(lines: readonly PdfLine[], parsed: ReadonlyArray<{ prices: string[]; texts: string[] }>): number {
  const priced = median(lines.filter((_, i) => parsed[i].prices.length > 0).map((l) => l.size)) || 10;
  const worded: number[] = [];
  let top = 0;
  lines.forEach((l, i) => {
    if (parsed[i].texts.length) top = Math.max(top, l.size);
    if (!parsed[i].prices.length) return;
    if (top > 0) worded.push(top);
    top = 0;
  });
  // The lower middle: a heading over a section's first product raises that product's top.
  const named = [...worded].sort((a, b) => a - b)[Math.floor((worded.length - 1) / 2)] ?? 0;
  return named > 0 ? Math.min(priced, named) : priced;
}

/** One type size: equal in a PDF's text layer; within a quarter for words read by OCR, whose sizes are estimates (scanned.ts). */
const sameSize = (a: PdfLine, b: PdfLine) => (a.font === 'ocr' && b.font === 'ocr' ? Math.abs(a.size - b.size) <= 0.25 * Math.max(a.size, b.size) : a.size === b.size);

/**
 * Whether `l` continues `prev` in its cells: just under it, fewer cells (or as many, one under
 * each, when much closer than the menu's priced lines stand: `pitch`), each under one of prev's.
 */
function wrapped(prev: PdfLine, tail: PdfLine, l: PdfLine, pitch = 0): boolean {
  const gap = tail.y - l.y;
  const close = gap < 0.75 * pitch && l.cells.length === prev.cells.length && l.cells.every((c, k) => c.x < prev.cells[k].x1 && c.x1 > prev.cells[k].x);
  return (
    prev.page === l.page &&
    prev.column === l.column &&
    gap > 0 &&
    gap <= 1.35 * l.size &&
    (l.cells.length < prev.cells.length || close) &&
    l.cells.every((c) => prev.cells.some((q) => c.x < q.x1 && c.x1 > q.x))
  );
}

/**
 * Whether `l`, priced, is a detail line of the product line `prev` (last line `tail`): just under
 * it, in smaller type, its price cells under prev's price cells and its words under prev's name.
 */
function detailLine(prev: PdfLine, tail: PdfLine, l: PdfLine, priced: boolean): boolean {
  const gap = tail.y - l.y;
  const under = (c: { x: number; x1: number }, q: { x: number; x1: number }) => c.x < q.x1 && c.x1 > q.x;
  const prevPriced = prev.cells.filter((c) => HAS_AMOUNT.test(c.text));
  return (
    priced &&
    prev.page === l.page &&
    prev.column === l.column &&
    // Smaller: clearly so for words read by OCR, whose sizes are estimates (scanned.ts).
    l.size < (l.font === 'ocr' ? 0.75 : 0.95) * prev.size &&
    l.cells.length <= prev.cells.length &&
    gap > 0 &&
    gap <= 1.8 * tail.size &&
    prevPriced.length > 0 &&
    l.cells.every((c) => (HAS_AMOUNT.test(c.text) ? prevPriced.some((q) => under(c, q)) : under(c, prev.cells[0]) && !HAS_AMOUNT.test(prev.cells[0].text)))
  );
}

export function pdfProducts(input: PdfLine[], url: string | null = null): ScrapedProduct[] {
  const lines = thcColumns(input);
  const seps = menuSeparators(lines);
  const spaced = spacedHyphens(lines);
  const join = (a: string, b: string) => joinWrapped(a, b, spaced);
  const parsed = lines.map((l) => parseLine(l, seps));
  const body = bodySize(lines, parsed);
  const pitch = pricedPitch(lines);
  const heading = (i: number) => {
    const l = lines[i];
    const p = parsed[i];
    if (p.prices.length > 0 || l.text.length > 48 || !/[a-z]{2}/i.test(l.text) || l.text.split(/\s+/).length > 6) return false;
    if (l.font !== 'ocr') return l.size >= body * 1.15;
    // Read by OCR (scanned.ts), whose type sizes are estimates: a heading is set apart by space above
    // it (a name's wrapped last words, "500mg", "Salve", follow their line closely), and then is
    // larger than the body or a category's name alone on its line ("Edibles", "Vape Pens"), even
    // near the body's size. (A PDF's own text keeps the size rule: a product named "Vape Cart" on a
    // line of its own is a card's name.)
    const above = lines[i - 1];
    if (above && above.page === l.page && above.column === l.column && above.y - l.y < 1.5 * l.size) return false;
    const label = headingLabel(l.text);
    return l.size >= body * 1.15 || (l.cells.length === 1 && label.split(/\s+/).length <= 3 && canonicalCategory(label) !== null && l.size >= body * 0.9);
  };
  // Headings only in the first column of split pages, or centred over the page: they stand over the whole width.
  // (Centred on the menu's text block over all pages: a last page of few cards is narrower.)
  const xs = lines.flatMap((l) => l.cells.flatMap((c) => [c.x, c.x1]));
  const [left, right] = [Math.min(...xs), Math.max(...xs)];
  const centred = (l: PdfLine) => Math.abs((l.cells[0].x + l.cells[l.cells.length - 1].x1) / 2 - (left + right) / 2) <= 0.05 * (right - left);
  const split = lines.map((l, i) => (heading(i) && l.columns > 1 ? (centred(l) ? 0 : l.column) : -1)).filter((c) => c >= 0);
  const fullWidth = split.length > 0 && split.every((c) => c === 0);
  const sectionAt = new Array<string | null>(lines.length).fill(null);
  /** A sub-heading under a category heading (smaller than it, no category): the brand its products are grouped by. */
  const groupAt = new Array<string | null>(lines.length).fill(null);
  // The size category headings are set in (the most common one among headings naming a category,
  // the smaller on a tie: a title may name one too): smaller headings under them are sub-headings —
  // a brand's name over its products ("Herbal Edibles" under "Edibles") —, never a category.
  const sizes = new Map<number, number>();
  lines.forEach((l, i) => {
    if (heading(i) && canonicalCategory(headingLabel(l.text))) sizes.set(Math.round(l.size), (sizes.get(Math.round(l.size)) ?? 0) + 1);
  });
  const level = [...sizes.entries()].sort((x, y) => y[1] - x[1] || x[0] - y[0])[0]?.[0] ?? 0;
  let current: string | null = null;
  let group: string | null = null;
  lines.forEach((l, i) => {
    if (heading(i)) {
      const label = headingLabel(l.text);
      // A section carried on ("Flower (cont.)") keeps its brand header.
      if (Math.round(l.size) >= level) [current, group] = [canonicalCategory(label) ? label : null, label !== l.text.trim() && label === current ? group : null];
      else if (current) group = NOT_BRAND.test(label) || isSizeLabel(label) ? null : label;
    }
    sectionAt[i] = current;
    groupAt[i] = group;
  });
  if (fullWidth) {
    let carried: string | null = null;
    let page = -1;
    let pageHeads: Array<{ y: number; label: string | null }> = [];
    lines.forEach((l, i) => {
      if (l.page !== page) {
        if (pageHeads.length) carried = [...pageHeads].sort((a, b) => a.y - b.y)[0].label;
        page = l.page;
        pageHeads = lines
          .map((m, j) => ({ m, j }))
          .filter(({ m, j }) => m.page === page && heading(j))
          .map(({ m }) => ({ y: m.y, label: canonicalCategory(headingLabel(m.text)) ? headingLabel(m.text) : null }));
      }
      const above = pageHeads.filter((h) => h.y > l.y).sort((a, b) => a.y - b.y)[0];
      sectionAt[i] = above ? above.label : carried;
    });
  }

  const drafts: Draft[] = [];
  let pending: number[] = [];
  let last: Draft | null = null;
  /** Lines without a price that ended the previous column or page (a product broken across the break). */
  let orphans: number[] = [];
  let tier: TierHeader | null = null;
  let prev: PdfLine | null = null;
  /** Lines after a named product line complete it (its brand / THC line). */
  const completeLast = () => {
    if (last?.named) {
      for (const j of pending) {
        const p = parsed[j];
        if (!last.brand && p.texts[0]) last.brand = p.texts[0];
        last.thc ??= p.thc;
        last.weight ??= p.weight;
        last.text += ` ${lines[j].text}`;
      }
    }
    pending = [];
  };
  lines.forEach((l, i) => {
    const p = parsed[i];
    const moved = prev !== null && (prev.page !== l.page || prev.column !== l.column);
    prev = l;
    if (moved && pending.length && !last?.named) {
      orphans = pending;
      pending = [];
    }
    if (heading(i)) {
      completeLast();
      last = null;
      tier = null;
      return;
    }
    const head = tierHeader(l, p.prices.length > 0);
    if (head) {
      completeLast();
      last = null;
      tier = head;
      return;
    }
    if (last?.named && pending.length === 0 && detailLine(last.line, last.tail, l, p.prices.length > 0)) {
      // A smaller line under the product whose price cell goes on under the product's (sizes
      // wrapped in their cell) and whose words stand under its name: its brand / THC line.
      if (!last.brand && p.texts[0]) last.brand = p.texts[0];
      last.thc ??= p.thc;
      last.prices.push(...p.prices);
      last.priced[last.priced.length - 1] += ` ${pricedCells(l).join(' ')}`;
      last.text += ` ${l.text}`;
      last.tail = l;
      return;
    }
    if (
      last?.named &&
      pending.length === 0 &&
      /[a-z0-9]/i.test(l.text) &&
      wrapped(last.line, last.tail, l, pitch) &&
      // (OCR's size of a short word is unsure: a line of two or more cells under the row's is its rest.)
      (p.prices.length > 0 || (sameSize(l, last.line) && l.font === last.line.font) || (l.font === 'ocr' && l.cells.length >= 2))
    ) {
      // The rest of the line above, wrapped in its cells (a long name, the sale price under the struck one).
      const head = last.line.cells[0];
      const words = l.cells
        .filter((c) => c.x < head.x1 && c.x1 > head.x)
        .map((c) => c.text.replace(AMOUNT, ' ').replace(/\s+/g, ' ').trim())
        .join(' ');
      if (/[a-z0-9]/i.test(words)) last.name = join(last.name, words);
      const other = l.cells.filter((c) => !(c.x < head.x1 && c.x1 > head.x) && /[a-z0-9]/i.test(c.text) && !HAS_AMOUNT.test(c.text));
      if (last.brand && other.length) last.brand += ` ${other.map((c) => c.text).join(' ')}`;
      last.tail = l;
      last.prices.push(...p.prices);
      if (last.tiers && last.tierHead) addTierPrices(last.tierHead, l, amounts, last.tiers);
      last.text += ` ${l.text}`;
      return;
    }
    if (p.prices.length === 0) {
      pending.push(i);
      return;
    }
    if (p.texts.length > 0) {
      // A table row centred on its tallest cell: the wrapped name cell's first line stands less
      // than a line above the price line, left of all its cells (its next lines follow below); any
      // other wrapped cell's first line (a brand cell) stands so in a gap between its cells.
      const k = pending.at(-1);
      const up = k === undefined ? null : lines[k];
      const near = up && up.page === l.page && up.column === l.column && up.y > l.y && up.y - l.y < 0.8 * l.size && up.cells.length === 1 ? up : null;
      const lead = near && near.cells[0].x1 < l.cells[0].x ? near : null;
      const gapCell = near && !lead && !HAS_AMOUNT.test(near.text) && !l.cells.some((c) => c.x < near.cells[0].x1 && c.x1 > near.cells[0].x) ? near.cells[0] : null;
      if (lead || gapCell) pending.pop();
      const merged = gapCell ? { ...l, cells: [...l.cells, gapCell].sort((a, b) => a.x - b.x) } : l;
      const q = gapCell ? parseLine({ ...merged, text: merged.cells.map((c) => c.text).join(' ') }, seps) : p;
      completeLast();
      orphans = [];
      const tiers = new Map<string, string[]>();
      const inGrid = tier !== null && addTierPrices(tier, l, amounts, tiers);
      last = {
        name: lead ? lead.cells[0].text : q.texts[0],
        brand: (lead ? p.texts[0] : q.texts[1]) ?? null,
        prices: p.prices,
        thc: p.thc,
        weight: p.weight,
        hint: p.hint,
        section: sectionAt[i],
        text: lead || gapCell ? `${near!.text} ${l.text}` : l.text,
        named: true,
        line: lead ? { ...l, cells: [lead.cells[0], ...l.cells] } : merged,
        tail: l,
        tiers: inGrid ? tiers : null,
        tierHead: inGrid ? tier : null,
        priced: pricedCells(l),
      };
      drafts.push(last);
      return;
    }
    // A price line alone: its name and brand are the lines above it (a name wrapped over lines in
    // one font and size is one name).
    // (A closing bracket wrapped alone onto a line, "… 500mg ( medical" / ")", is the name's too.)
    const above = pending.filter((j) => /[a-z0-9]|^[)\]]+$/i.test(lines[j].text) && lines[j].page === l.page && lines[j].column === l.column);
    pending = [];
    // A price cell wrapped under its product's line ("$14.00" / "$8.57" below it): that product's.
    if (!above.length && last?.named && last.line.page === l.page && last.line.column === l.column && last.line.y - l.y <= 1.8 * l.size) {
      last.prices.push(...p.prices);
      if (last.tiers && last.tierHead) addTierPrices(last.tierHead, l, amounts, last.tiers);
      last.text += ` ${l.text}`;
      return;
    }
    // The column's first line is a price line: its name ended the previous column or page.
    if (!above.length) above.push(...orphans.filter((j) => /[a-z0-9]/i.test(lines[j].text)));
    orphans = [];
    if (!above.length) return;
    // Smaller lines over the name (a card's brand in small capitals above it, a badge beside) are
    // no name: the name starts at the first line in the largest type above the price.
    const top = Math.max(...above.map((j) => lines[j].size));
    const lead =
      lines[above[0]].size < 0.9 * top
        ? above.splice(
            0,
            above.findIndex((j) => lines[j].size === top),
          )
        : [];
    const first = lines[above[0]];
    // A name wrapped over lines in one font and size is one name (when its first line holds the name alone).
    let n = 1;
    while (parsed[above[0]].texts.length <= 1 && n < above.length && lines[above[n]].font === first.font && lines[above[n]].size === first.size) n++;
    // Wrapped lines as written ("(25mg/250mg) (MEDICAL)", "100mg"): no field is cut from them.
    const name = [parsed[above[0]].texts[0] ?? first.text, ...above.slice(1, n).map((j) => lines[j].text)].reduce(join);
    const rest = [...lead.flatMap((j) => parsed[j].texts), ...parsed[above[n - 1]].texts.slice(1), ...above.slice(n).flatMap((j) => parsed[j].texts)];
    const more = above.slice(n).map((j) => parsed[j]);
    last = {
      name,
      brand: rest[0] ?? null,
      prices: p.prices,
      thc: p.thc ?? parsed[above[0]].thc ?? more.find((r) => r.thc)?.thc ?? null,
      weight: p.weight ?? parsed[above[0]].weight ?? more.find((r) => r.weight)?.weight ?? null,
      hint: p.hint,
      section: sectionAt[i],
      text: [...lead, ...above]
        .map((j) => lines[j].text)
        .concat(l.text)
        .join(' '),
      named: false,
      line: l,
      tail: l,
      tiers: null,
      tierHead: null,
      priced: pricedCells(l),
    };
    drafts.push(last);
  });
  completeLast();
  // Products without a brand of their own take their group's sub-heading (a brand header over them).
  drafts.forEach((d) => (d.brand ??= groupAt[lines.indexOf(d.line)] ?? null));
  return dedupeProducts(drafts.flatMap((d) => toProducts(d, url)));
}
