import { canonicalCategory } from '@/lib/scrape/normalize';
import { headingLabel } from '@/lib/scrape/pdf/names';
import type { PdfTextItem } from '@/lib/scrape/pdf/text';

/**
 * PDF text items (positioned runs of text) into reading-order lines of cells (docs/shopping.md,
 * "PDF menus"). Per page: columns first — a vertical gutter (an x band almost no text crosses)
 * splits the page when both sides hold prices and names, so a two-column menu or a grid of cards
 * is read column by column, while the gaps between a table's or a list's own cells (one side
 * holding only names or only prices) are not columns; then lines by baseline, top to bottom; then
 * cells by horizontal gaps. Page furniture repeated at the top or bottom of pages ("Page 2 of 12",
 * a running header) is dropped.
 */
export interface PdfCell {
  text: string;
  x: number;
  x1: number;
}

export interface PdfLine {
  page: number;
  /** Column on its page, 0 = leftmost (see `columns`). */
  column: number;
  /** Columns its page was split into. */
  columns: number;
  y: number;
  x: number;
  size: number;
  font: string;
  cells: PdfCell[];
  text: string;
}

const PRICE = /\$\s?\d/;
/** A run drawn glyph by glyph with tracking ("E D I B L E S", "P R E - R O L L S"): single glyphs, single spaces. */
const LETTER_SPACED = /^(?:[\p{L}\p{N}&'.-] ){2,}[\p{L}\p{N}&'.-]$/u;
/** A currency sign alone. */
const CURRENCY = /^(?:US)?\$$|^USD$/;
const LETTERS = /[a-z]{2}/i;
const BIN = 2;
/** A gutter is at least this wide (PDF units). */
const MIN_GUTTER = 10;

const AMOUNTS = /\$\s?\d[\d,]*(?:\.\d+)?/g;
const PRICE_WORDS = /\b(?:now|was|reg(?:ular)?|sale|special|only|each|ea|from)\b/gi;
/** A price standing alone ("$35.00", "Now $30 Was $40"); a name holding a price ("3.5G Headband $20") is a name. */
const isPrice = (s: string) => PRICE.test(s) && !LETTERS.test(s.replace(AMOUNTS, ' ').replace(PRICE_WORDS, ' '));
const isName = (s: string) => LETTERS.test(s) && !isPrice(s);

/** Whether splitting `items` at `x` gives two sides that each hold a menu (prices and names). */
function menuSides(items: PdfTextItem[], x: number): boolean {
  const left = items.filter((i) => i.x < x);
  const right = items.filter((i) => i.x >= x);
  // Each side a menu of its own: names, and prices for a good share of them (not a name column
  // where a few names hold a price, "3.5G Blue Headband $20"); a page's last card alone in its column counts.
  const ok = (xs: PdfTextItem[]) => {
    const prices = xs.filter((i) => isPrice(i.str)).length;
    const names = xs.filter((i) => isName(i.str)).length;
    return prices >= 1 && names >= 2 && prices >= 0.12 * names;
  };
  return ok(left) && ok(right);
}

/** The x of the page's column split, or null: the widest gutter whose sides are menus. */
function gutter(items: PdfTextItem[]): number | null {
  if (items.length < 8) return null;
  const x0 = Math.min(...items.map((i) => i.x));
  const x1 = Math.max(...items.map((i) => i.x + Math.max(0, i.width)));
  const bins = Math.ceil((x1 - x0) / BIN) + 1;
  if (bins > 5000) return null;
  const coverOf = (its: PdfTextItem[]) => {
    const cover = new Array<number>(bins).fill(0);
    for (const i of its) {
      const a = Math.floor((i.x - x0) / BIN);
      const b = Math.min(bins - 1, Math.floor((i.x + Math.max(0, i.width) - x0) / BIN));
      for (let k = a; k <= b; k++) cover[k]++;
    }
    return cover;
  };
  // A clear gutter first — no run crosses it but lines of their own (a heading centred over the
  // page): a card's badge beside its long name stays in its card —; else one a few runs cross (a title, a note).
  const lone = (i: PdfTextItem) => !items.some((o) => o !== i && Math.abs(o.y - i.y) <= 0.45 * Math.min(o.size, i.size));
  for (const [cover, allowed] of [
    [coverOf(items.filter((i) => !lone(i))), 0],
    [coverOf(items), Math.max(2, Math.floor(items.length * 0.03))],
  ] as const) {
    const candidates: Array<{ x: number; width: number }> = [];
    for (let k = 1; k < bins - 1;) {
      if (cover[k] > allowed) {
        k++;
        continue;
      }
      let e = k;
      while (e < bins - 1 && cover[e] <= allowed) e++;
      const a = x0 + k * BIN;
      const b = x0 + e * BIN;
      // Text standing inside the band beside other text of its line (a sparse column of struck
      // prices) makes it no gutter: only runs crossing it (a title, a note) and lines of their own
      // (a page number centred in the gutter) are allowed.
      const within = (i: PdfTextItem) => i.x >= a - BIN && i.x + Math.max(0, i.width) <= b + BIN;
      const inside = items.some((i) => within(i) && items.some((o) => o !== i && !within(o) && Math.abs(o.y - i.y) <= 0.45 * Math.min(o.size, i.size)));
      if ((e - k) * BIN >= MIN_GUTTER && e < bins - 1 && !inside) candidates.push({ x: x0 + ((k + e) / 2) * BIN, width: (e - k) * BIN });
      k = e;
    }
    candidates.sort((a, b) => b.width - a.width);
    const found = candidates.find((c) => menuSides(items, c.x));
    if (found) return found.x;
  }
  return null;
}

/** A page's items split into columns, left to right (recursively: a grid of three cards across gives three). */
export function columns(items: PdfTextItem[], depth = 0): PdfTextItem[][] {
  const g = depth < 4 ? gutter(items) : null;
  if (g === null) return [items];
  return [
    ...columns(
      items.filter((i) => i.x < g),
      depth + 1,
    ),
    ...columns(
      items.filter((i) => i.x >= g),
      depth + 1,
    ),
  ];
}

/** Items of one column into lines (same baseline), top to bottom, each cut into cells at wide gaps. */
export function rows(items: PdfTextItem[]): Array<Omit<PdfLine, 'page' | 'column' | 'columns'>> {
  const sorted = [...items].sort((a, b) => b.y - a.y || a.x - b.x);
  const groups: PdfTextItem[][] = [];
  for (const it of sorted) {
    const g = groups[groups.length - 1];
    if (g && Math.abs(g[0].y - it.y) <= 0.45 * Math.min(g[0].size, it.size)) g.push(it);
    else groups.push([it]);
  }
  return groups.map((g) => {
    const xs = [...g].sort((a, b) => a.x - b.x);
    const cells: Array<PdfCell & { spaced: boolean }> = [];
    for (const it of xs) {
      const c = cells[cells.length - 1];
      const gap = c ? it.x - c.x1 : Infinity;
      // Letter-spaced words ("K U L L U  K U S H", "E L E V A T E D  R X") stand a tracked word space apart: one cell.
      const after = c?.spaced === true && gap <= 1.5 * it.size;
      const spaced = LETTER_SPACED.test(it.str.trim()) || (after && /^[\p{L}\p{N}] [\p{L}\p{N}]$/u.test(it.str.trim()));
      const str = spaced ? it.str.trim().replace(/ /g, '') : it.str;
      if (c && (gap <= 0.55 * it.size || (spaced && after))) {
        const space = gap > 0.12 * it.size && !c.text.endsWith(' ') && !str.startsWith(' ');
        c.text += (space ? ' ' : '') + str;
        c.x1 = Math.max(c.x1, it.x + it.width);
      } else if (c && CURRENCY.test(c.text.trim()) && /^\s*\d/.test(str)) {
        // A currency sign in a cell of its own, the amount right-aligned in the next (a spreadsheet's "$ | 35.00").
        c.text = c.text.trim() + str.trim();
        c.x1 = Math.max(c.x1, it.x + it.width);
      } else cells.push({ text: str, x: it.x, x1: it.x + it.width, spaced });
    }
    for (const c of cells) c.text = c.text.replace(/\s+/g, ' ').trim();
    const live = cells.filter((c) => c.text).map(({ text, x, x1 }) => ({ text, x, x1 }));
    const size = Math.max(...g.map((i) => i.size));
    const first = xs.find((i) => i.size === size) ?? xs[0];
    return { y: g[0].y, x: xs[0].x, size, font: first.font, cells: live, text: live.map((c) => c.text).join(' ') };
  });
}

/**
 * The usual distance between a menu's priced lines, one column to the next line (the lower middle of
 * those gaps), 0 for none: a line much closer under a product is the rest of its row, wrapped.
 */
export function pricedPitch(lines: readonly PdfLine[]): number {
  const gaps: number[] = [];
  lines.forEach((l, i) => {
    const up = lines[i - 1];
    if (up && up.page === l.page && up.column === l.column && up.y > l.y && PRICE.test(l.text) && PRICE.test(up.text)) gaps.push(up.y - l.y);
  });
  return [...gaps].sort((a, b) => a - b)[Math.floor((gaps.length - 1) / 2)] ?? 0;
}

const ROW_NUMBER = /^\d{1,5}$/;
const rowNumbered = (l: PdfLine) => l.cells.length >= 3 && ROW_NUMBER.test(l.cells[0].text) && /[a-z]{2}/i.test(l.cells[1].text);

/**
 * A spreadsheet printed with its row headings (or a list with an item number before each row): a
 * bare whole number as the first of three or more cells, before a cell of words, on most of the
 * priced lines, is no part of the name. Dropped from those lines.
 */
function dropRowNumbers(lines: PdfLine[]): void {
  const priced = lines.filter((l) => l.cells.length >= 3 && PRICE.test(l.text));
  if (priced.length < 3 || priced.filter(rowNumbered).length < 0.6 * priced.length) return;
  for (const l of lines) {
    if (!rowNumbered(l)) continue;
    l.cells = l.cells.slice(1);
    l.x = l.cells[0].x;
    l.text = l.cells.map((c) => c.text).join(' ');
  }
}

/** A category's name alone ("EDIBLES", "Vape Pens (cont.)"): a section heading opening each page of its section, no running header. */
const sectionName = (t: string) => {
  const label = headingLabel(t);
  return label.split(/\s+/).length <= 3 && canonicalCategory(label) !== null;
};

const furnitureKey = (t: string) => t.toLowerCase().replace(/\d+/g, '#').replace(/\s+/g, ' ').trim();
const PAGE_NUMBER = /^(?:page\s*)?#(?:\s*(?:of|\/)\s*#)?$/;

/** Reading-order lines of a PDF's items: page by page, column by column, top to bottom. */
export function pdfLines(items: PdfTextItem[]): PdfLine[] {
  const pages = new Map<number, PdfTextItem[]>();
  for (const it of items) pages.set(it.page, [...(pages.get(it.page) ?? []), it]);
  const out: PdfLine[] = [];
  const edges = new Map<string, Set<number>>();
  for (const [page, its] of [...pages.entries()].sort((a, b) => a[0] - b[0])) {
    const cols = columns(its);
    const pageLines: PdfLine[] = [];
    cols.forEach((col, column) => {
      for (const r of rows(col)) pageLines.push({ ...r, page, column, columns: cols.length });
    });
    // The page's top two and bottom two lines (by height on the page) are where running headers and footers sit.
    const byY = [...pageLines].sort((a, b) => b.y - a.y);
    for (const l of [...byY.slice(0, 2), ...byY.slice(-2)]) {
      const k = furnitureKey(l.text);
      edges.set(k, (edges.get(k) ?? new Set()).add(page));
    }
    out.push(...pageLines);
  }
  const byY = new Map<number, PdfLine[]>();
  for (const l of out) byY.set(l.page, [...(byY.get(l.page) ?? []), l]);
  // Running headers and footers stand apart: an edge line more than two lines' height from the text.
  const edge = new Set<PdfLine>();
  for (const ls of byY.values()) {
    const s = [...ls].sort((a, b) => b.y - a.y);
    for (let k = 0; k < Math.min(2, s.length - 1); k++) if (s[k].y - s[k + 1].y > 2 * s[k].size) edge.add(s[k]);
    for (let k = s.length - 1; k > Math.max(0, s.length - 3); k--) if (s[k - 1].y - s[k].y > 2 * s[k].size) edge.add(s[k]);
  }
  dropRowNumbers(out);
  return out.filter((l) => {
    const k = furnitureKey(l.text);
    if (PAGE_NUMBER.test(k)) return false;
    return !(edge.has(l) && !PRICE.test(l.text) && !sectionName(l.text) && (edges.get(k)?.size ?? 0) >= 2);
  });
}
