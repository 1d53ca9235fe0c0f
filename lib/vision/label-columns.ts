import { letters, type BoxLine } from '@/lib/vision/parse-common';

/**
 * The label's column geometry: OCR rows split into cells, a row of keys paired with the row of
 * values beneath it (by text, or by position when the reading has word boxes). label-parser.ts
 * reads the facts from the lines this gives back.
 */

const KEY_CELL =
  /^(net\s*(wt|weight|contents)\.?|weight|batch(\s*(no\.?|#|number))?|lot(\s*(#|no\.?|number))?|batch\/lot\s*#?|(total\s+)?(thc|cbd|thca)|total\s+cannabinoids|harvest(ed|\s+date)?|tested|test\s+date|date\s+tested|packaged(\s+on)?|pkg|lab|testing\s+lab|strain|type|category|brand|producer)\s*:?$/i;

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
  const out: string[] = [];
  for (let i = 0; i < raw.length; i++) {
    const cells = cellsOf(raw[i]);
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
    if (cells.length >= 3 && cells.every((c) => letters(c) >= 2)) {
      out.push(...cells);
      continue;
    }
    out.push(raw[i]);
  }
  return out;
}

/**
 * A row of key cells over a row of value cells, paired by position on the page: each value goes
 * to the key whose cell it overlaps most, else the key starting nearest to it (cells are left-
 * aligned or centred under their keys); a key with no value beneath it is left out, and two
 * values under one key are one value. Null when the rows do not look like that (a key cell
 * holding more than a key, no value lined up under any key).
 */
export function pairByPosition(keys: BoxLine, values: BoxLine): string[] | null {
  if (keys.cells.length < 2 || !keys.cells.every((c) => KEY_CELL.test(c.text))) return null;
  const got = new Map<number, string[]>();
  for (const v of values.cells) {
    let best = -1;
    let bestScore = -Infinity;
    keys.cells.forEach((k, j) => {
      const overlap = Math.min(k.x1, v.x1) - Math.max(k.x0, v.x0);
      const score = overlap > 0 ? overlap : -Math.abs(k.x0 - v.x0);
      if (score > bestScore) {
        bestScore = score;
        best = j;
      }
    });
    const width = keys.cells[best].x1 - keys.cells[best].x0;
    if (bestScore < -Math.max(40, 2 * width)) return null;
    got.set(best, [...(got.get(best) ?? []), v.text]);
  }
  if (!got.size) return null;
  return keys.cells.flatMap((k, j) => (got.has(j) ? [`${k.text.replace(/:$/, '')}: ${(got.get(j) ?? []).join(' ')}`] : []));
}
