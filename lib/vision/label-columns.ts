import { captionPairs } from '@/lib/vision/label-captions';
import { captionOver } from '@/lib/vision/label-caption-over';
import { namesOverShares } from '@/lib/vision/label-terpene-spokes';
import { letters, type BoxCell, type BoxLine } from '@/lib/vision/parse-common';
import { isCannabinoidName } from '@/lib/vision/label-turned-table';

/**
 * The label's column geometry: OCR rows split into cells, a row of keys paired with the row of
 * values beneath it (by text, or by position when the reading has word boxes). label-parser.ts
 * reads the facts from the lines this gives back.
 */

export const KEY_CELL =
  /^(net\s*(wt|weight|contents)\.?|weight|batch(\s*(no\.?|#|number))?|lot(\s*(#|no\.?|number))?|batch\/lot\s*#?|(total\s+)?(thc|cbd|thca)|total\s+cannabinoids|tac|harvest(ed|\s+date)?|tested|test\s+date|date\s+tested|packaged(\s+on)?|pkg|lab|testing\s+lab|strain|type|category|brand|producer|price(\s*\/\s*g|\s+per\s+g(ram)?)?|unit\s+price|\$\s*\/\s*g|total(\s+price)?|tare)\s*:?$/i;

// `TAC` (total active cannabinoids) heads a column as `Total Cannabinoids` does.
// The price keys of a weigh-scale sticker (`NET WT   PRICE/G   TOTAL` over `14.17 g   $10.00   $141.70`) are keys of such a row too.

/**
 * Column geometry of OCR rows (cells are separated by the wide gaps tesseract keeps):
 * - a row of keys over a row of values ("NET WT   BATCH" / "3.5 g   HT2606-37", boxed cells)
 *   becomes one "key: value" line per column;
 * - a row of three or more cells that all carry words (a wide sticker whose columns share OCR
 *   rows: "Green Hornet   THC 18.8%   Batch: OC2649-10") becomes one line per cell, so the
 *   unkeyed brand and product names are lines of their own again.
 * Rows of a terpene or cannabinoid table (one word cell, number cells) and "key   value" rows
 * are left as they are.
 */
export function columnLines(raw: string[], boxes: readonly BoxLine[] | null = null): string[] {
  const cellsOf = (l: string) =>
    l
      .split(/\s{2,}|\s*[|[\]]\s*/)
      .map((c) => c.trim())
      .filter((c) => c.length > 0);
  const withBoxes = boxes && boxes.length === raw.length ? boxes : null;
  const out: string[] = [];
  let table: TableHead | null = null;
  let decimals: number | undefined;
  for (let i = 0; i < raw.length; i++) {
    const cells = cellsOf(raw[i]);
    const head = tableHead(withBoxes ? withBoxes[i].cells : cells.map((text) => ({ text, x0: 0, x1: 0 })), Boolean(withBoxes));
    if (head) {
      // The decimals the table's own rows print, when no table above taught them (its first row's point may be the lost one).
      table = { ...head, decimals: decimals ?? rowsDecimals(head, raw.slice(i + 1, i + 13), withBoxes?.slice(i + 1, i + 13), cellsOf) };
      out.push(raw[i]);
      continue;
    }
    if (table) {
      const row = tableRow(table, withBoxes ? withBoxes[i].cells : cells.map((text) => ({ text, x0: 0, x1: 0 })));
      decimals = table.decimals;
      if (row) {
        out.push(row);
        continue;
      }
      table = null;
    }
    // Values over their captions (label-captions.ts: tiles whose figure stands above its key).
    const captioned = withBoxes && i + 1 < raw.length ? captionPairs(withBoxes[i], withBoxes[i + 1], withBoxes[i + 2], pageWidth(withBoxes)) : null;
    if (captioned) {
      out.push(...captioned);
      i++;
      continue;
    }
    // A lone caption over its lone figure (label-caption-over.ts: a block of a ring or a tile).
    const over = withBoxes && i + 1 < raw.length ? captionOver(withBoxes[i], withBoxes[i + 1], withBoxes[i - 1], pageWidth(withBoxes)) : null;
    if (over) {
      out.push(...over);
      i++;
      continue;
    }
    // Terpene names over their shares (label-terpene-spokes.ts: a radar chart's spoke labels).
    const spokes = withBoxes && i + 1 < raw.length ? namesOverShares(withBoxes[i], withBoxes[i + 1]) : null;
    if (spokes) {
      out.push(...spokes);
      i++;
      continue;
    }
    const next = i + 1 < raw.length ? cellsOf(raw[i + 1]) : [];
    if (cells.length >= 2 && cells.every((c) => KEY_CELL.test(c)) && next.length && !next.some((c) => KEY_CELL.test(c))) {
      const paired = boxes && boxes.length === raw.length ? pairByPosition(boxes[i], boxes[i + 1]) : null;
      if (paired) {
        out.push(...paired);
        i++;
        continue;
      }
      if (next.length === cells.length) {
        cells.forEach((k, j) => out.push(`${k.replace(/:$/, '')}: ${next[j]}`));
        i++;
        continue;
      }
    }
    // Not a key's row whose last cell is its bare figure (`CBD total | Total CBD   3mglg`: a bilingual key, its slash read as a rule).
    if (cells.length >= 3 && cells.every((c) => letters(c) >= 2) && !/^\d[\d.,]*\s*(?:%|mg\S{0,3})$/i.test(cells[cells.length - 1])) {
      out.push(...cells);
      continue;
    }
    out.push(raw[i]);
  }
  return out;
}

/** The page's width as its rows show it (the rightmost cell's right edge). */
const pageWidth = (rows: readonly BoxLine[]) => Math.max(1, ...rows.map((r) => r.cells.at(-1)?.x1 ?? 0));

/** The value columns of a table header row and the unit each one names. */
interface TableHead {
  /** `pack`: a milligram column per package (`mg / package`, `mg per pkg`), not per serving. */
  columns: { unit: 'pct' | 'mgg' | 'mg' | 'skip' | null; result: boolean; pack: boolean; x0: number; x1: number }[];
  placed: boolean;
  /** The decimals the page's table percentages print (`80.40%`: 2), once a row has shown them. */
  decimals?: number;
}

const TABLE_NAME = /^(cannabinoids?|analytes?|compounds?|terpenes?|name)\b/i;
const TABLE_VALUE = /^(?:<\s?LOQ|<\s?LOD|ND|NR|N\/D|[<>]?\d{1,4}(?:[.,]\d{1,3})?\s*(?:%|mg\s?\/\s?g|mg)?)$/i;

function columnUnit(cell: string): TableHead['columns'][number]['unit'] {
  // LOQ / LOD (also OCR'd "Log", "L0Q"): the limit of a test, not its result.
  if (/\bL[O0][QDG]\b|\blimit\b/i.test(cell)) return 'skip';
  if (/mg\s?\/\s?g/i.test(cell)) return 'mgg';
  if (/%/.test(cell)) return 'pct';
  if (/\bmg\b/i.test(cell)) return 'mg';
  return null;
}

/**
 * A table's header row: a first cell naming what the rows are (`Cannabinoid`, `Analyte`,
 * `Terpene`) and value columns, at least one of them naming a percentage or mg/g (`%`, `Result
 * (%)`, `mg/g`; an `LOQ (%)` / `LOD` column is a limit, not a result). No digits.
 */
export function tableHead(cells: readonly BoxCell[], placed: boolean): TableHead | null {
  if (cells.length < 2 || !TABLE_NAME.test(cells[0].text) || cells.some((c) => /\d/.test(c.text))) return null;
  const columns = cells.slice(1).map((c) => ({
    unit: columnUnit(c.text),
    result: /\b(result|amount|conc|value)/i.test(c.text),
    pack: /\b(?:package|pkg|pack|container)\b/i.test(c.text),
    x0: c.x0,
    x1: c.x1,
  }));
  return columns.some((c) => c.unit === 'pct' || c.unit === 'mgg') ? { columns, placed } : null;
}

/**
 * The span `v` stands under: the one it overlaps most, else the one whose `edge` is nearest
 * (score = the overlap in pixels, or minus that distance). The first span wins a tie.
 */
function nearestSpan(spans: readonly { x0: number; x1: number }[], v: { x0: number; x1: number }, edge: 'x0' | 'x1'): { index: number; score: number } {
  let index = -1;
  let score = -Infinity;
  spans.forEach((c, j) => {
    const overlap = Math.min(c.x1, v.x1) - Math.max(c.x0, v.x0);
    const sc = overlap > 0 ? overlap : -Math.abs(c[edge] - v[edge]);
    if (sc > score) {
      score = sc;
      index = j;
    }
  });
  return { index, score };
}

/**
 * A row under a table header (`Total THC   0.05   27.50` under `Cannabinoid   LOQ (%)   Result
 * (%)`): its values are given the unit of the column they stand in (by position on the page with
 * word boxes, else counted from the right), and the row becomes `Total THC: 27.50%` (the
 * percentage column first, else mg/g; `ND` stays `ND`). Null when the row is not a name followed
 * by values only (the table has ended).
 */
export function tableRow(head: TableHead, all: readonly BoxCell[]): string | null {
  // A speck at the row's start (the photo's margin read as "Li") before the name.
  const cells = all.length > 2 && all[0].text.length <= 2 && letters(all[1].text) >= 2 ? all.slice(1) : all;
  if (cells.length < 2 || letters(cells[0].text) < 2 || /\d[.,]\d/.test(cells[0].text)) return null;
  const values = cells.slice(1);
  if (!values.every((v) => TABLE_VALUE.test(v.text.replace(/\s+(?=[%m])/g, '')))) return null;
  const at = new Map<number, string>();
  values.forEach((v, i) => {
    let col = head.columns.length - values.length + i;
    // Figures are right-aligned in their column: with no overlap, the nearest right edge.
    if (head.placed) col = nearestSpan(head.columns, v, 'x1').index;
    if (col >= 0 && col < head.columns.length && !at.has(col)) at.set(col, v.text);
  });
  for (const unit of ['pct', 'mgg'] as const) {
    // A column headed "Result" first, else the rightmost one of the unit (limits come before results).
    const ok = head.columns.map((c, k) => (c.unit === unit && at.has(k) ? k : -1)).filter((k) => k >= 0);
    const j = ok.find((k) => head.columns[k].result) ?? ok.at(-1);
    if (j === undefined) continue;
    const v = (at.get(j) as string).replace(/\s+/g, '');
    if (!/\d/.test(v) || /^</.test(v)) return `${cells[0].text}: ND`;
    const n = lostPoint(v.replace(/%|mg\/g|mg$/i, ''), unit, head);
    return `${cells[0].text}: ${n}${unit === 'pct' ? '%' : ' mg/g'}${packMg(head, at)}`;
  }
  // A row of the table whose result column is missing (a limit only): left as printed.
  return cells.map((c) => c.text).join('   ');
}

/**
 * A table percentage whose decimal point OCR lost (`117` for `1.17`): no share is over 100 %, so
 * a whole figure over 100 gets its point back where the page's other table percentages print it
 * (`head.decimals`, learnt from the rows read before). A figure with its point teaches the table;
 * so does a figure of a leading zero (`02`), read as its share (`0.2`).
 */
function lostPoint(n: string, unit: 'pct' | 'mgg', head: TableHead): string {
  if (unit !== 'pct') return n;
  const m = /^\d+[.,](\d{1,2})$/.exec(n);
  if (m) head.decimals = m[1].length;
  // A leading zero before more digits (`02` for `0.2`): no share is printed so, its point was lost.
  const z = /^0(\d{1,2})$/.exec(n);
  if (z) {
    head.decimals ??= z[1].length;
    return `0.${z[1]}`;
  }
  const d = head.decimals;
  return d && /^\d{3,4}$/.test(n) && Number(n) > 100 ? `${n.slice(0, -d)}.${n.slice(-d)}` : n;
}

/**
 * The decimals a table's percentage column prints, read ahead on its rows (a dry run of
 * `tableRow` on a copy of the head until the table ends): a first row whose point OCR lost
 * (`THC   388   775` over `CBD   4   0.7`) gets it back from the rows below it.
 */
function rowsDecimals(head: TableHead, raw: readonly string[], boxes: readonly BoxLine[] | undefined, cellsOf: (l: string) => string[]): number | undefined {
  const probe: TableHead = { ...head };
  for (let j = 0; j < raw.length && probe.decimals === undefined; j++) {
    if (tableRow(probe, boxes ? boxes[j].cells : cellsOf(raw[j]).map((text) => ({ text, x0: 0, x1: 0 }))) === null) break;
  }
  return probe.decimals;
}

/**
 * The row's milligrams per package, when the head has such a column (`Cannabinoid | mg / package
 * | % by weight`, Colorado / Michigan labels): ` | 388 mg` after the row's percentage, read as
 * the package's milligrams (label-potency.ts: milligrams right after a percentage). Per serving is
 * no package figure.
 */
function packMg(head: TableHead, at: ReadonlyMap<number, string>): string {
  const k = head.columns.findIndex((c, j) => c.unit === 'mg' && c.pack && /^\d{1,5}(?:[.,]\d{1,2})?\s*(?:mg)?$/i.test((at.get(j) ?? '').trim()));
  return k < 0 ? '' : ` | ${(at.get(k) as string).replace(/\s*mg$/i, '').trim()} mg`;
}

/**
 * A row of key cells over a row of value cells, paired by position on the page: each value goes
 * to the key whose cell it overlaps most, else the key starting nearest to it (cells are left-
 * aligned or centred under their keys); a key with no value beneath it is left out, and two
 * values under one key are one value, and a value under no key (its key lost by OCR) is left out.
 * Null when the rows do not look like that (a key cell holding more than a key, as many values
 * under no key as under keys).
 */
export function pairByPosition(keys: BoxLine, values: BoxLine, isKey: (cell: string) => boolean = (c) => KEY_CELL.test(c)): string[] | null {
  if (keys.cells.length < 2 || !keys.cells.every((c) => isKey(c.text))) return null;
  const got = new Map<number, string[]>();
  let stray = 0;
  for (const v of values.cells) {
    const { index: best, score: bestScore } = nearestSpan(keys.cells, v, 'x0');
    const width = keys.cells[best].x1 - keys.cells[best].x0;
    // A value under no key: its key lost by OCR (`NET WT   PRICE/G` over `14.03 g   $6.00   $84.18`, TOTAL not read).
    if (bestScore < -Math.max(40, 2 * width)) {
      stray++;
      continue;
    }
    got.set(best, [...(got.get(best) ?? []), v.text]);
  }
  if (!got.size || stray >= got.size) return null;
  return keys.cells.flatMap((k, j) => (got.has(j) ? [`${k.text.replace(/:$/, '')}: ${(got.get(j) ?? []).join(' ')}`] : []));
}

/**
 * A row without the cells at its ends that tesseract read with little confidence. At the right
 * end, after a column gap: cells of at most eight characters below confidence 60 while the rest of
 * the row is read at 60 or more (a blurred first word, "Blue" at 9, pulls a clean name row down
 * to 67): a QR code, a barcode or a logo beside the text read as letters ("Blue Cookies Smalls
 * raha", "PHARMERS   O20"). Figures (a percentage, a decimal, a date, a weight) and keys (`CBD`
 * beside `THC` in a row of keys, a cannabinoid's name before its share) are never dropped: a blurred
 * value keeps its place.
 */
export function withoutUnsureTail(line: BoxLine): BoxLine {
  // (A weight of 1 g whose 1 was read as l or I, "lg", is one too; so is ".59", a half gram without its 0, its g read as 9.)
  // A cannabinoid's name as a table row's key (`CBG   1.5%`, blurred to 64) is a key too.
  const figure = (c: BoxCell) => KEY_CELL.test(c.text) || isCannabinoidName(c.text) || /\d[.,]\d|^[.,]\d|%|\d[/-]\d|\d\s?(?:g|oz|mg)\b|^[lI|]\s?g$/i.test(c.text);
  const unsure = (c: BoxCell) => (c.conf ?? 100) < 60 && c.text.length <= 8 && !figure(c);
  let keep = line.cells.length;
  while (keep > 1 && unsure(line.cells[keep - 1])) keep--;
  let cells = line.cells.slice(0, keep);
  if (cells.reduce((a, c) => a + (c.conf ?? 100), 0) / cells.length < 60) cells = line.cells;
  // The same at the row's left end: a speck of at most three characters read with little
  // confidence (below 75) before a column gap: print running down the label's edge (a vertical
  // brand, a symbol) beside each row ("Jr   Cereal Milk Cartridge", "oc   Ocimene   0.49%").
  while (cells.length >= 2 && cells[0].text.length <= 3 && (cells[0].conf ?? 100) < 75 && !figure(cells[0])) cells = cells.slice(1);
  if (cells.length === line.cells.length) return line;
  return { ...line, cells, text: cells.map((c) => c.text).join('   ') };
}
