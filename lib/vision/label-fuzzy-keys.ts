import { levenshtein } from '@/lib/strains/edit-distance';
import { shortKeys } from '@/lib/vision/label-short-keys';

/**
 * Field keys that OCR garbled slightly (issue 14, seventeenth label round): a form's small grey
 * capital keys are read as near-words (`WEIGHT` → `weicht`, `PACKED` → `rackeo`, `TESTED` →
 * `Testen`), so the values beside them, read well, had no key. A word that opens a cell of a
 * row (or stands alone over a value on the row below: a key over its value) and lies within a
 * small edit distance of a key of the parser's vocabulary (label-columns.ts `KEY_CELL`, with the
 * keys label-keys.ts reads) is read as that key, when its value is of the key's kind: a date for
 * a date key, a share for a potency key, a weight for the weight key, a code for the batch.
 * Strict against false keys: words of four letters or more, at most one edit up to five letters
 * and two from six; a product name's word near a key (`Patch Kids`, `Tasted Good`) has no value
 * of that kind and stays. Name keys (strain, product, brand), whose value is any words, only on
 * a label with at least three keyed rows (a form), never alone. Handwriting puts each word in a
 * cell of its own: a key alone in its cell takes its value from the cells after it.
 */

type Kind = 'date' | 'share' | 'weight' | 'code' | 'words';

const KEYS: readonly { word: string; key: string; kind: Kind }[] = [
  { word: 'weight', key: 'Weight', kind: 'weight' },
  { word: 'batch', key: 'Batch', kind: 'code' },
  { word: 'packed', key: 'Packed', kind: 'date' },
  { word: 'packaged', key: 'Packaged', kind: 'date' },
  { word: 'tested', key: 'Tested', kind: 'date' },
  { word: 'harvest', key: 'Harvest', kind: 'date' },
  { word: 'harvested', key: 'Harvested', kind: 'date' },
  { word: 'thca', key: 'THCA', kind: 'share' },
  { word: 'cannabinoids', key: 'Cannabinoids', kind: 'share' },
  { word: 'strain', key: 'Strain', kind: 'words' },
  { word: 'product', key: 'Product', kind: 'words' },
  { word: 'brand', key: 'Brand', kind: 'words' },
  { word: 'producer', key: 'Producer', kind: 'words' },
  { word: 'laboratory', key: 'Laboratory', kind: 'words' },
];

const VALUE: Record<Kind, RegExp> = {
  date: /^(?:\d{1,2}[/.-]\d{1,2}[/.-](?:\d{2}|\d{4})|\d{4}-\d{2}-\d{2}|[A-Za-z]{3,9}\.?\s+\d{1,2},?\s+\d{4})$/,
  // A share with or without its sign (a form prints `THC %` in the key).
  share: /^<?\s?(?:\d{1,2}(?:[.,]\d{1,3})?|100)\s?%?$/,
  weight: /^\d{1,3}(?:[.,]\d{1,2})?\s?(?:g|grams?|oz|mg)?\.?$/i,
  // A batch or lot code: letters and figures, at least one figure.
  code: /^(?=[A-Z0-9-]*\d)[A-Z0-9][A-Z0-9-]{3,19}$/i,
  words: /^[\p{L}'&.-]{2,}(?:\s[\p{L}'&.-]+){0,4}$/u,
};

/** The key a garbled word stands for (none for an exact key: the parser reads those). */
function nearKey(word: string, names: boolean): { key: string; kind: Kind } | null {
  const w = word.toLowerCase();
  // An exact key is never another one it is near (`Producer` is no garbled `Product`).
  if (w.length < 4 || !/^[a-z]+$/.test(w) || KEYS.some((k) => k.word === w)) return null;
  for (const k of KEYS) {
    if (k.kind === 'words' && !names) continue;
    const d = levenshtein(w, k.word);
    if (d <= (k.word.length <= 5 || w.length <= 5 ? 1 : 2)) return k;
  }
  return null;
}

const cellsOf = (row: string) => row.split(/(\s{2,})/);

/** The first word of a cell and the rest (its value), the key's colon or point dropped. */
function split(cell: string): { word: string; rest: string } {
  const m = /^(\s*)([A-Za-z]+)[:.]?(?:\s+(.*))?$/.exec(cell);
  return m ? { word: m[2], rest: (m[3] ?? '').trim() } : { word: '', rest: '' };
}

/** The value in the cells after a key alone in its cell (handwriting: each word a cell of its own). */
function valueAfter(cells: string[], c: number, kind: Kind): number {
  const most = kind === 'words' ? cells.length - c - 1 : Math.min(3, cells.length - c - 1);
  for (let j = most; j >= 1; j--) {
    if (VALUE[kind].test(cells.slice(c + 1, c + 1 + j).join(' '))) return j;
    if (kind === 'words') break;
  }
  return 0;
}

function pass(rows: string[], names: boolean): { rows: string[]; hits: number } {
  let hits = 0;
  const out = rows.map((row, i) => {
    const parts = cellsOf(row);
    const cells = parts.filter((_, j) => j % 2 === 0);
    const gaps = parts.filter((_, j) => j % 2 === 1);
    const below = i + 1 < rows.length ? cellsOf(rows[i + 1]).filter((_, j) => j % 2 === 0) : [];
    let changed = false;
    let line = '';
    for (let c = 0; c < cells.length; c++) {
      const cell = cells[c];
      const { word, rest } = split(cell);
      const k = word ? nearKey(word, names) : null;
      let text = cell;
      let used = 0;
      if (k && rest && VALUE[k.kind].test(rest)) text = `${k.key}: ${rest}`;
      else if (k && !rest && (used = valueAfter(cells, c, k.kind)) > 0) text = `${k.key}: ${cells.slice(c + 1, c + 1 + used).join(' ')}`;
      // A key alone in its cell, over its value: the row below has as many cells.
      else if (k && !rest && below.length === cells.length && VALUE[k.kind].test(below[c].trim())) text = k.key;
      if (text !== cell) {
        changed = true;
        hits++;
      }
      line += text;
      c += used;
      if (c + 1 < cells.length) line += gaps[c] ?? '   ';
    }
    return changed ? line : row;
  });
  return { rows: out, hits };
}

const EXACT_KEYED = /(?:^|\s{2,})(?:net\s*wt|weight|batch|lot|thc|cbd|tested|test\s+date|packaged|packed|harvest(?:ed)?|lab)\b[:.#]?\s*\S/i;

/** OCR rows with their slightly garbled keys read as the keys (same number of rows); short keys first (label-short-keys.ts). */
export function fuzzyKeys(rows: string[]): string[] {
  const typed = pass(shortKeys(rows), false);
  const keyed = typed.rows.filter((r) => EXACT_KEYED.test(r)).length;
  return keyed >= 3 ? pass(typed.rows, true).rows : typed.rows;
}
