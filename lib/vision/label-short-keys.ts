/**
 * Short keys OCR garbled (issue 14, eighteenth label round): a key printed in widely letter-spaced
 * small capitals (`T H C`, `C B D`, `L O T`) is read as a near-word of three letters, each letter
 * one of its usual misreadings (`THC` → `Tue`, `CBD` → `cep`, `cop`, `ceo`), or with the key
 * column's rule glued to it (`LOT |` → `LoT1 |`). label-fuzzy-keys.ts never matches three-letter
 * keys loosely (by edit distance every three-letter word is near one), so the value beside such a
 * key, read well, had no key. Here a word is read as the key only when:
 * - every letter is one of the key letter's OCR confusions (below), not just any letter;
 * - it opens a cell (a row's start or after a gap of two spaces or more), and the cell is the word,
 *   a bar or colon at most, and one value of the key's kind and nothing else: a share with its `%`
 *   for THC and CBD, a code with a figure for the lot;
 * - the page reads that key nowhere else (a label that prints `THC` has its THC row read).
 */

/** Each key letter's misreadings in small letter-spaced capitals (lower case; the letter itself included). */
const LOOKS: Record<string, string> = {
  t: 't7f',
  h: 'hunmbk',
  c: 'ce(og',
  b: 'b8eo3p',
  d: 'd0op',
};

const SHARE = /^<?\s?\d{1,2}(?:[.,]\d{1,3})?\s?%$/;
const CODE = /^(?=[A-Z0-9-]*\d)[A-Z0-9][A-Z0-9-]{3,19}$/i;

const KEYS: readonly { key: string; value: RegExp; exact: RegExp }[] = [
  { key: 'THC', value: SHARE, exact: /\bthc\b/i },
  { key: 'CBD', value: SHARE, exact: /\bcbd\b/i },
];

/** Whether the word (three characters) is the key misread letter by letter (not the key itself). */
function looksLike(word: string, key: string): boolean {
  const w = word.toLowerCase();
  if (w.length !== key.length || w === key.toLowerCase()) return false;
  return [...key.toLowerCase()].every((ch, i) => (LOOKS[ch] ?? ch).includes(w[i]));
}

/** A cell that is a word of two to five characters, a bar or colon at most, and a value. */
const CELL = /^(\s*)([^\s|:]{2,5})\s*[|:]?\s+(\S+(?:\s?%)?)\s*$/;

/** OCR rows with their garbled short keys read as the keys (same number of rows). */
export function shortKeys(rows: string[]): string[] {
  const page = rows.join('\n');
  const keys = KEYS.filter((k) => !k.exact.test(page));
  return rows.map((row) => {
    const cells = row.split(/(\s{2,})/);
    // A table of one fact per row, its value right-aligned far from its key (`C80          05%`): the row is the cell.
    const parts = cells.length === 3 && /^\s*[^\s|:]{2,5}$/.test(cells[0]) ? [`${cells[0]} ${cells[2]}`] : cells;
    let changed = false;
    for (let j = 0; j < parts.length; j += 2) {
      const m = CELL.exec(parts[j]);
      if (!m) continue;
      const [, lead, word, value] = m;
      // `LOT |` with the column's rule glued to the key: `LoT1 | MB2611-10`.
      if (/^l[o0]t[1il!]$/i.test(word) && CODE.test(value)) {
        parts[j] = `${lead}Lot: ${value}`;
        changed = true;
        continue;
      }
      const k = keys.find((x) => looksLike(word, x.key) && x.value.test(value));
      if (!k) continue;
      parts[j] = `${lead}${k.key}: ${value}`;
      changed = true;
    }
    return changed ? parts.join('') : row;
  });
}
