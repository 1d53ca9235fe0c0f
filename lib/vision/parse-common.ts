import { gregorianYear } from '@/lib/vision/buddhist-era';
import type { Category, StrainTypeName } from '@/lib/vision/types';

/**
 * Shared reading helpers for OCR text: OCR confusions inside numbers, money, weights (g, mg, oz,
 * fractions of an ounce), dates in the usual printed forms, category and strain-type words.
 */

export const GRAMS_PER_OZ = 28;
/** The pack sizes shops sell most, in grams. */
export const COMMON_WEIGHTS = [0.5, 1, 2, 2.5, 3.5, 7, 14, 28];

/** Replace letters tesseract puts for digits inside a token that is otherwise numeric. */
export function fixDigits(token: string): string {
  if (!/\d/.test(token)) return token;
  return token
    .replace(/(?<=[\d.,$])[Oo](?![zZ])|[Oo](?=[\d.,])/g, '0')
    .replace(/(?<=[\d.,$])[lI|]|[lI|](?=[\d.,/])/g, '1')
    .replace(/(?<=\d)S(?=\d)/g, '5')
    .replace(/(?<=\d)B(?=\d)/g, '8');
}

/** Normalise a whole OCR line: unify dashes and quotes, fix digits, glue split decimals. */
export function cleanLine(line: string): string {
  let s = line
    .replace(/[\u2012-\u2015\u2212]/g, '-')
    .replace(/[\u2018\u2019`]/g, "'")
    .replace(/[\u201c\u201d]/g, '"')
    .replace(/\s+/g, ' ')
    .trim()
    // "§" for a "$" before figures first (a price-first line's "§71.43 Billy Kimber": not a stray mark)
    .replace(/§(?=\s?\d)/g, '$')
    // stray marks before the first word ("© 1 Super Lemon Haze"), not the point of ".5g"
    .replace(/^(?![.,]\d)[^\w$(\-]+\s*/, '');
  // OCR junk between a number and its unit ("3.5¢g"), "§" for "$", a zero that starts a word ("0G Kush")
  s = s
    .replace(/(\d)[¢©®°«»~]+(?=[a-z])/gi, '$1')
    .replace(/(\d)¢(?=\s|$)/g, '$1g')
    .replace(/§/g, '$');
  // "©.5g" / "O.5g": a zero read as a symbol or letter before a decimal point
  s = s.replace(/(?<=^|\s)[©®°Oo](?=[.,]\d)/g, '0');
  s = s
    .split(' ')
    .map((t) => fixDigits(t))
    .join(' ')
    .replace(/(?<=^|\s)0(?=[A-Z][A-Za-z]*\b)/g, 'O');
  // "$3 5.00" / "35 .00" / "35. 00": stray spaces inside an amount
  s = s
    .replace(/(\$\s?\d+)\s+(\d*[.,]\d{2})\b/g, '$1$2')
    .replace(/(\d)\s+([.,]\d{2})\b/g, '$1$2')
    .replace(/(\d[.,])\s+(\d{2})\b/g, '$1$2');
  s = s.replace(/\$\s+(?=\d)/g, '$');
  // "s12.24" / "S12.24": a dollar sign read as a letter before an amount
  s = s.replace(/(?<=^|[\s@(])[sS](?=\d{1,4}[.,]\d{2}\b)/g, '$');
  // "$9194": the decimal point of an amount lost to blur (amounts on receipts carry cents)
  s = s.replace(/\$(\d{1,3})(\d{2})(?![\d.,%])/g, '$$$1.$2');
  // "1 / 8 oz" → "1/8 oz"
  s = s.replace(/(\d)\s*\/\s*(\d)/g, '$1/$2');
  // "Quy: 1" / "Oty 2" / "Qly:": the quantity key with its t or y misread, before a number
  s = s.replace(/\b[QO0](?:t[vy]|[ul1il][yv]|ty)\b(?=\s?:?\s?\d)/g, 'Qty');
  // "1/4 02" → "1/4 oz" (the o and z of an ounce read as digits)
  s = s.replace(/(\b\d\/\d{1,2}\s?)(?:02|0z|o2)\b/gi, '$1oz');
  return s;
}

/**
 * An OCR line without the specks at the paper's edges: a photo's margin (shadow, the table
 * beyond the paper) reads as a lone character or a few symbols separated from the text by a wide
 * gap ("OG Chem Premium Flower          4", "Grape Ape Preroll     :"). Only at either end of a
 * line, only after / before a gap of three or more spaces; "%" (a column header) is kept.
 */
export function dropMarginJunk(raw: string): string {
  const parts = raw.split(/(\s{3,})/);
  const junk = (c: string) => {
    const t = c.trim();
    return t.length > 0 && t !== '%' && (t.length === 1 || /^[^\p{L}\p{N}$%]{1,3}$/u.test(t));
  };
  while (parts.length >= 3 && junk(parts[parts.length - 1])) parts.splice(-2, 2);
  while (parts.length >= 3 && junk(parts[0])) parts.splice(0, 2);
  return parts.join('');
}

/**
 * A money amount: two decimals, optional sign. Not a piece of a date written with dots or commas
 * (`28.11.2026`, `2026.11.28`: no amount is followed by `.digit` nor starts right after a digit,
 * a point or a comma): an invoice's `12.12.2026 15:24` line was read as an item at $12.12.
 */
const MONEY_RE = /(-)?\s?\$?\s?(-)?(?<![\d.,])(\d{1,5}(?:,\d{3})*[.,]\d{2})(?!\d)(?![.,]\d)(?!\s?(?:g|mg|oz|%))/g;

export interface MoneyHit {
  value: number;
  index: number;
  end: number;
  negative: boolean;
  hasSign: boolean;
}

/** Every money amount on a line (two decimals, optional $ and minus, also "(5.00)"). */
export function moneyOn(line: string): MoneyHit[] {
  const out: MoneyHit[] = [];
  for (const m of line.matchAll(MONEY_RE)) {
    const raw = m[3].replace(/,(?=\d{3})/g, '').replace(',', '.');
    const before = line.slice(Math.max(0, (m.index ?? 0) - 1), m.index ?? 0);
    const negative = Boolean(m[1] || m[2]) || before === '(';
    out.push({ value: Number(raw), index: m.index ?? 0, end: (m.index ?? 0) + m[0].length, negative, hasSign: m[0].includes('$') });
  }
  return out;
}

export function round2(n: number): number {
  return Math.round(n * 100) / 100;
}

const FRACTION_OZ = /\b([1-9])\/(2|4|8|16)\s?(?:oz|0z|o2|02|ounce)s?\b/i;
const WEIGHT_RE = /(?<![\w.])(\d{0,4}[.,]\d{1,3}|\d{1,4})\s?(mg|g|gr|grams?|q|oz|0z|ounces?)(?![a-z])/i;
/** "1g x 2", ".5g x 5": a pack of n units of the printed weight. */
const PACK_RE = /^\s?[x×]\s?(\d{1,2})\b(?!\s?[.,]\d)(?!\s?@)/i;

/** Weight in grams printed in a text: "3.5g", "1g", "1/8 oz", "1 oz", "500mg", "3.59" (g read as 9). */
export function parseWeightGrams(text: string, opts: { allowTrailingNine?: boolean } = {}): { grams: number; index: number; end: number } | null {
  const frac = FRACTION_OZ.exec(text);
  if (frac) return { grams: round2((Number(frac[1]) / Number(frac[2])) * GRAMS_PER_OZ), index: frac.index, end: frac.index + frac[0].length };
  const m = WEIGHT_RE.exec(text);
  if (m) {
    const n = Number(m[1].replace(',', '.'));
    const unit = m[2].toLowerCase();
    let grams = unit === 'mg' ? n / 1000 : unit.startsWith('o') || unit === '0z' ? n * GRAMS_PER_OZ : n;
    let end = m.index + m[0].length;
    const pack = unit === 'mg' ? null : PACK_RE.exec(text.slice(end));
    if (pack && Number(pack[1]) >= 2) {
      grams *= Number(pack[1]);
      end += pack[0].length;
    }
    if (grams > 0 && grams <= 1000) return { grams: round2(grams), index: m.index, end };
  }
  if (opts.allowTrailingNine) {
    // "3.59" where the "g" of "3.5g" was read as a 9: only for common sizes, outside prices.
    const nine = /(?<![\w.$])(\d{1,2}(?:\.\d)?|\.\d)9(?![\w.%])/.exec(text);
    if (nine && COMMON_WEIGHTS.includes(Number(nine[1]))) return { grams: Number(nine[1]), index: nine.index, end: nine.index + nine[0].length };
  }
  return null;
}

const MONTHS: Record<string, number> = { jan: 1, feb: 2, mar: 3, apr: 4, may: 5, jun: 6, jul: 7, aug: 8, sep: 9, sept: 9, oct: 10, nov: 11, dec: 12 };

function iso(y: number, m: number, d: number): string | null {
  y = gregorianYear(y < 100 ? y + 2000 : y);
  if (m < 1 || m > 12 || d < 1 || d > 31 || y < 1990 || y > 2100) return null;
  const dt = new Date(Date.UTC(y, m - 1, d));
  if (dt.getUTCDate() !== d) return null;
  return `${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
}

/** First date in a text as YYYY-MM-DD: ISO, US M/D/Y and M-D-Y, D.M.Y, "Nov 2, 2026", "2 Nov 2026". */
export function parseDate(text: string): string | null {
  let m = /\b(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})\b/.exec(text);
  if (m) return iso(+m[1], +m[2], +m[3]);
  m = /\b(\d{1,2})\/(\d{1,2})\/(\d{4}|\d{2})\b/.exec(text);
  if (m) return iso(+m[3], +m[1], +m[2]);
  // D.M.Y with points (European), M-D-Y with dashes (US tickets: `07-24-2026`); the other order
  // when that one is no date (a day over 12).
  m = /\b(\d{1,2})([.-])(\d{1,2})\2(\d{4})\b/.exec(text);
  if (m) return m[2] === '-' ? (iso(+m[4], +m[1], +m[3]) ?? iso(+m[4], +m[3], +m[1])) : (iso(+m[4], +m[3], +m[1]) ?? iso(+m[4], +m[1], +m[3]));
  // "Apr 2, 2026", also with the space lost to OCR ("Apr2, 2026")
  m = /\b([A-Za-z]{3,9})\.?\s*(\d{1,2}),?\s+(\d{4})\b/.exec(text);
  if (m && MONTHS[m[1].slice(0, 4).toLowerCase()] !== undefined) return iso(+m[3], MONTHS[m[1].slice(0, 4).toLowerCase()], +m[2]);
  if (m && MONTHS[m[1].slice(0, 3).toLowerCase()]) return iso(+m[3], MONTHS[m[1].slice(0, 3).toLowerCase()], +m[2]);
  // "2 Nov 2026", "24-Nov-2026"
  m = /\b(\d{1,2})(?:\s+|-)([A-Za-z]{3,9})\.?,?(?:\s+|-)(\d{4})\b/.exec(text);
  if (m && MONTHS[m[2].slice(0, 3).toLowerCase()]) return iso(+m[3], MONTHS[m[2].slice(0, 3).toLowerCase()], +m[1]);
  return null;
}

const CATEGORY_WORDS: [Category, RegExp][] = [
  ['Pre-Roll', /\b(pre[- ]?rolls?|prerolls?|pre[- ]?rol|joints?|blunts?|dogwalkers?)\b/i],
  ['Vape', /\b(vapes?|cart(ridge)?s?|pods?|disposable|510)\b/i],
  // German: an extract (`Extrakt`, `Vollspektrum-Extrakt`), dried flowers (`Blüten`, `Cannabisblüten`; the umlaut as OCR reads it).
  ['Concentrate', /\b((?:vollspektrum-?)?extrakte?|concentrates?|wax|shatter|live resin|rosin|badder|budder|crumble|diamonds|sauce|hash|dab|kief|rso|sugar(?=\s*\.?\d))\b/i],
  ['Edible', /\b(edibles?|gumm(y|ies)|chocolates?|cookies? bar|brownies?|chews?|mints?|beverages?|drinks?|soda|candy|candies|lozenges?)\b/i],
  ['Tincture', /\b(tinctures?|drops|sublingual)\b/i],
  ['Topical', /\b(topicals?|balms?|lotions?|salves?|creams?|patch(es)?)\b/i],
  ['Flower', /(?:\b|(?<=cannabis))(bl(?:ü|ue|u|i|ii)ten(?![a-z])|flower|buds?|smalls|shake|popcorn|eighth|quarter|ounce)\b/i],
];

/** Category named by product words; `fallback` when nothing is printed. */
export function categorize(text: string, fallback: Category = 'Other'): Category {
  for (const [cat, re] of CATEGORY_WORDS) if (re.test(text)) return cat;
  return fallback;
}

/**
 * The category a product name ends up naming: of several category words, the one printed last
 * ("Cotton Candy Premium Flower", "Gummy Bears Pre-Roll Pack", "Live Resin Cartridge": a strain
 * or a process named first, the kind of product last). Receipt item names.
 */
export function categorizeLast(text: string, fallback: Category = 'Other'): Category {
  // A category word in parentheses (a strain's name, `Smalls 7g (Chocolate Thai)`) yields to one outside them.
  const outside = text.replace(/\([^()]*\)/g, (m) => ' '.repeat(m.length));
  const head = outside !== text ? categorizeLast(outside) : 'Other';
  if (head !== 'Other') return head;
  let best: { cat: Category; at: number } | null = null;
  for (const [cat, re] of CATEGORY_WORDS) for (const m of text.matchAll(new RegExp(re.source, 'gi'))) if (!best || (m.index ?? 0) > best.at) best = { cat, at: m.index ?? 0 };
  // An ounce fraction is flower's unit: an edible word before it is a strain's (`Kush Mints 1/4 oz`).
  if (best?.cat === 'Edible' && FRACTION_OZ.test(text)) return 'Flower';
  return best?.cat ?? fallback;
}

/** Text with category words removed (for strain-name extraction). */
/** Where the last category word of `text` starts (-1 when none): the word that names the product's kind. */
export function lastCategoryAt(text: string): number {
  let at = -1;
  for (const [, re] of CATEGORY_WORDS) for (const m of text.matchAll(new RegExp(re.source, 'gi'))) at = Math.max(at, m.index ?? -1);
  return at;
}

export function stripCategoryWords(text: string): string {
  let s = text;
  for (const [, re] of CATEGORY_WORDS) s = s.replace(new RegExp(re.source, 'gi'), ' ');
  return s;
}

export function strainTypeIn(text: string): StrainTypeName | null {
  const m = /\b(indica|sativa|hybrid)\b/i.exec(text);
  return m ? (m[1].toLowerCase() as StrainTypeName) : null;
}

/** Collapse spacing and stray punctuation at the ends of a name. */
export function tidyName(s: string): string {
  return s
    .replace(/\s+/g, ' ')
    .replace(/^[\s\-–|:*•.,#]+|[\s\-–|:*•.,#]+$/g, '')
    .trim();
}

export function letters(s: string): number {
  return (s.match(/[A-Za-z]/g) ?? []).length;
}

/** A printed name: tidy, and a zero that starts a capitalised word is the letter O ("0G Kush"). */
export function nameFix(s: string): string {
  return tidyName(s.replace(/(?<=^|\s)0(?=[A-Z][A-Za-z]*\b)/g, 'O'));
}

/**
 * "Brand - Strain" (as menus and receipts print it) → the brand, so the matcher does not take a
 * brand that is also a strain alias ("Cookies") for the product; null when the right-hand side
 * is only descriptors ("Blue Dream - Flower") or there is no separator.
 */
export function brandPrefix(name: string): string | null {
  const m = /^(.{2,30}?)\s+[-|:]\s+(.+)$/.exec(name);
  if (!m) return null;
  const rest = stripCategoryWords(m[2]).replace(/\b(indica|sativa|hybrid)\b/gi, '');
  if (letters(rest) < 3 || m[1].split(/\s+/).length > 3) return null;
  return tidyName(m[1]);
}

/** A word tesseract read and its box (the OCR pool's `OcrWord`; kept structural so parsers stay pure). */
export interface WordBox {
  text: string;
  line: number;
  x0: number;
  y0: number;
  x1: number;
  y1: number;
  /** 0..100 tesseract's confidence in the word. */
  conf?: number;
}

/** A column cell of an OCR row: its words and its horizontal extent. */
export interface BoxCell {
  text: string;
  x0: number;
  x1: number;
  /** Mean word confidence of the cell (0..100), when the words carry one. */
  conf?: number;
}

export interface BoxLine {
  /** Cells joined by a column gap of three spaces (what the text parsers split on). */
  text: string;
  cells: BoxCell[];
  y0: number;
  y1: number;
  /** Mean word confidence of the row (0..100). */
  conf: number;
}

/**
 * Below this mean word confidence a row is not taken as a name (store, brand, product): what
 * tesseract makes of the shadow, the table or the paper's edge in a photo ("n WEST Ronis SN WE
 * Sle", "A REST", "m = SE —— h") scores 0–45, printed names 55–97 on the degraded tuning photos.
 */
export const NAME_MIN_CONF = 45;

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.floor(s.length / 2)] : 0;
};

/**
 * OCR rows rebuilt from word boxes: a row's words split into column cells wherever the blank
 * between two boxes is wider than GAP_CHARS characters of that row (an ordinary word space is
 * about one), so a column gap is measured on the page, not guessed from the number of spaces
 * tesseract wrote. Specks at either end of a row (a lone symbol or letter far from the
 * text: shadow or the table beyond the paper) are dropped.
 */
const GAP_CHARS = 1.7;

export function linesFromWords(words: readonly WordBox[]): BoxLine[] {
  const byLine = new Map<number, WordBox[]>();
  for (const w of words) {
    if (!w.text.trim()) continue;
    const list = byLine.get(w.line) ?? [];
    list.push(w);
    byLine.set(w.line, list);
  }
  const out: BoxLine[] = [];
  for (const ws of [...byLine.entries()].sort((a, b) => a[0] - b[0]).map(([, v]) => v.sort((a, b) => a.x0 - b.x0))) {
    // The width of one character on this row (from its longer words): a word space is about one
    // (more in monospaced print), a column gap two or more.
    const sized = ws.filter((w) => w.text.length >= 3);
    const charW = median((sized.length ? sized : ws).map((w) => (w.x1 - w.x0) / Math.max(1, w.text.length)));
    const cells: (BoxCell & { n: number })[] = [];
    for (const w of ws) {
      const last = cells.at(-1);
      if (last && w.x0 - last.x1 <= GAP_CHARS * charW) {
        last.text += ` ${w.text}`;
        last.x1 = Math.max(last.x1, w.x1);
        last.conf = ((last.conf ?? 100) * last.n + (w.conf ?? 100)) / (last.n + 1);
        last.n++;
      } else cells.push({ text: w.text, x0: w.x0, x1: w.x1, conf: w.conf ?? 100, n: 1 });
    }
    const junk = (c: BoxCell) => c.text.length > 0 && c.text !== '%' && (c.text.length === 1 || /^[^\p{L}\p{N}$%]{1,3}$/u.test(c.text));
    while (cells.length >= 2 && junk(cells[cells.length - 1])) cells.pop();
    while (cells.length >= 2 && junk(cells[0])) cells.shift();
    out.push({
      text: cells.map((c) => c.text).join('   '),
      cells: cells.map(({ n: _n, ...c }) => c),
      y0: Math.min(...ws.map((w) => w.y0)),
      y1: Math.max(...ws.map((w) => w.y1)),
      conf: ws.reduce((a, w) => a + (w.conf ?? 100), 0) / ws.length,
    });
  }
  return out;
}
