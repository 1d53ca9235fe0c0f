import { levenshtein } from '@/lib/strains/edit-distance';

/**
 * Rows of a pre-printed form label filled in by hand (issue 14, tenth label round): printed keys
 * over rule lines, the values written on the lines, the strain type and the category given by
 * marking one of a row of printed boxes. Each row is rewritten into the keyed form the label
 * parser reads; rows of other labels pass unchanged.
 */

const GROUPS: { key: string; words: RegExp }[] = [
  { key: 'Type', words: /^(indica|sativa|hybrid)$/i },
  { key: 'Category', words: /^(flower|pre-?roll|preroll|concentrate|vape|cartridge|edibles?|topical)$/i },
];

/**
 * What an empty printed box reads as (`[`, `[J`, `[1`, `[]`, `LJ`, `O`, `D`): brackets and the
 * letters a square looks like. Not a bar, dash or point: those separate words (`Flower | Pre-Roll`).
 */
const EMPTY_BOX = /^[[\](){}IlJj1!LUuOo0Dd_~'"°☐□]+$/;

type Box = 'none' | 'empty' | 'marked';

const boxOf = (s: string): Box => (s === '' ? 'none' : EMPTY_BOX.test(s) ? 'empty' : 'marked');

/**
 * A row of options with a printed box before each (`TYPE [Indica  A Sativa  [1 Hybrid`): the
 * option whose box reads as a mark (a tick read as `A`, `V`, `/`; a cross as `X`, `K`; `☑`) and
 * not as an empty box is the one chosen: the row becomes `Type: Sativa`. Only on a row with at
 * least two options of one group and at least one box read as empty (the evidence of printed
 * boxes: `Sativa-dominant Hybrid` is no form row). With no single mark, the row keeps its key
 * and loses its options (`Type:`), so an unmarked word is never read as the answer.
 */
export function markedOption(row: string): string {
  const tokens = row.trim().split(/\s+/);
  for (const g of GROUPS) {
    const opts: { at: number; word: string; box: string }[] = [];
    let boxText = '';
    let firstBox = -1;
    for (let i = 0; i < tokens.length; i++) {
      // The box may be read glued to its word (`[JFlower`): up to three characters before it.
      const cut = [0, 1, 2, 3].find((k) => g.words.test(tokens[i].slice(k)));
      const m = cut === undefined ? null : [tokens[i], tokens[i].slice(0, cut), tokens[i].slice(cut)];
      if (m) {
        opts.push({ at: i, word: m[2], box: boxText + m[1] });
        if (firstBox < 0) firstBox = m[1] ? i : boxText ? i - 1 : i;
        boxText = '';
      } else if (tokens[i].length <= 3) boxText += tokens[i];
      else boxText = '';
    }
    const words = new Set(opts.map((o) => o.word.toLowerCase().replace('-', '')));
    if (words.size < 2) continue;
    const kinds = opts.map((o) => boxOf(o.box));
    if (!kinds.includes('empty')) continue;
    const marked = opts.filter((_, i) => kinds[i] === 'marked');
    const none = opts.filter((_, i) => kinds[i] === 'none');
    // The box under a heavy tick may not be read at all: the one option without a box then, the others read empty.
    const chosen = marked.length === 1 ? marked[0] : marked.length === 0 && none.length === 1 ? none[0] : null;
    const key = tokens
      .slice(0, Math.max(0, Math.min(firstBox, opts[0].at)))
      .filter((t) => t.length > 3)
      .join(' ');
    const value = chosen ? chosen.word.charAt(0).toUpperCase() + chosen.word.slice(1).toLowerCase() : '';
    return `${key || g.key}: ${value}`.trim();
  }
  return row;
}

/** The form's title (`PRODUCT INFORMATION`, `BATCH LABEL`): no name and no value. */
const FORM_TITLE = /^\W*(?:product|package|packaging|batch|lot)\s+(?:information|info|details|label)\W*$/i;

/** Words a misread `PRODUCT` key is not (`PROTECT FROM LIGHT`). */
const NOT_PRODUCT = /^(?:protect|project|predict|prefect|perfect|product?s)$/;

/**
 * A form's `PRODUCT` key printed without a colon before the written name (`PRODUCT White Gold
 * Smalls`; small bold capitals read as `prRobUCT`, `proouct`): the key is dropped, so the name
 * reads as the label's name line. Not `Product Type …` / `Product Information` (other keys), not
 * a keyed `Product: …` (read as such).
 */
export function withoutProductKey(row: string): string {
  const m = /^(\W*)([A-Za-z]{6,8})\s+(?!type\b|info|details\b|label\b|name\s*:)([A-Za-z].*)$/i.exec(row.trim());
  const key = m?.[2].toLowerCase() ?? '';
  if (!m || /:/.test(row) || !key.endsWith('ct') || NOT_PRODUCT.test(key) || levenshtein(key, 'product') > 2) return row;
  return m[3].replace(/^name\s+/i, '');
}

/**
 * A form or table key that carries its unit before the value (`THC % 25.5`, `CBD (%) 0.5`,
 * `TOTAL CANNABINOIDS % 30.0`): the unit goes after the figure (`THC 25.5%`) as labels print it
 * elsewhere. Rule lines written over read as underscores at a value's ends (`BATCH # _WG2632-77`):
 * dropped. A net-weight key run into its figure (`NetWt3.5g`) gets its space back, and a
 * handwritten or blurred `g` read as `¢` after the figure is a `g` again.
 */
export function formValues(row: string): string {
  let out = row
    // A small-capitals CBD key read as `cep` / `C8D` before its unit (`cep% 1.1`).
    .replace(/\b[cC][bBeE8][dDpP](?=\s*%\s*\d)/g, 'CBD')
    // `TOTAL CANN. % 25.0`: the total cannabinoids' key cut short before its unit.
    .replace(/\btotal\s+cann\.?(?=\s*(?:%|\(\s*%\s*\))\s*\d)/gi, 'Total Cannabinoids')
    .replace(/(^|\s)_+(?=[A-Za-z0-9.])/g, '$1')
    .replace(/(?<=[A-Za-z0-9%])_+(?=\s|$)/g, '')
    .replace(/\b(THC|CBD|CBG|CBN|TAC|total\s+(?:THC|CBD|cannabinoids?)|cannabinoids?)\s*(?:%|\(\s*%\s*\))\s*[:=]?\s*(\d{1,3}(?:[.,]\d{1,2})?)(?![\d%]|[.,]\d|\s*%)/gi, '$1 $2%');
  if (/\bnet\s*wt/i.test(out)) out = out.replace(/\b(net\s*wt)(?=\d|\.\d)/gi, '$1 ').replace(/(\d)\s?¢\s?g?(?![A-Za-z])/g, '$1g');
  return out;
}

/** A form's name keys printed in capitals without a colon, and the keys the parser reads them as. */
const CAPS_KEYS: Record<string, string> = {
  STRAIN: 'Strain',
  CULTIVAR: 'Strain',
  PRODUCT: 'Product',
  BRAND: 'Brand',
  GROWER: 'Brand',
  FARM: 'Brand',
  PRODUCER: 'Brand',
  TYPE: 'Type',
  LAB: 'Lab',
  TERPS: 'Terpenes',
  TERPENES: 'Terpenes',
};
const CAPS_KEY = new RegExp(String.raw`^(\s*)(${Object.keys(CAPS_KEYS).join('|')})\s+(?=\S)`);

/**
 * A form's key printed in capitals without a colon, one space before its value in ordinary case
 * (`STRAIN Jet Fuel`, `BRAND Cannatron   TYPE Sativa`, `LAB Digipath Labs`, `TERPS Myrcene
 * .88%`): the key gets its colon, so the keyed readers take the value. Per cell (cells are set
 * apart by two spaces or more; the cells after it up to the next key, words written by hand far
 * apart, are its value too). Not before a value all in capitals (`PRODUCT INFORMATION`,
 * `STRAIN TYPE`: a title or a row of keys; `GH Labs` is a value) nor before another key; a key in ordinary case
 * (`Brand new`, `Type 2`) is left as it is.
 */
export function capsKeyed(row: string): string {
  const parts = row.split(/(\s{2,})/);
  for (let i = 0; i < parts.length; i += 2) {
    const m = CAPS_KEY.exec(parts[i]);
    if (!m) continue;
    const rest = parts[i].slice(m[0].length);
    if (CAPS_KEY.test(rest) || !/[\p{Ll}\d]/u.test(rest)) continue;
    // Words written by hand are set apart by wide gaps: the cells after it up to the next key are its value too.
    let j = i + 2;
    while (j < parts.length && !CAPS_KEY.test(parts[j]) && !/:/.test(parts[j]) && /[\p{Ll}\d]/u.test(parts[j])) j += 2;
    const value = [rest, ...parts.slice(i + 2, j).filter((_, k) => k % 2 === 0)].join(' ');
    parts.splice(i, j - 1 - i, `${m[1]}${CAPS_KEYS[m[2]]}: ${value}`);
  }
  return parts.join('');
}

/** A label row with the form's conventions read: title dropped, product key dropped, marked option, values. */
export function formRow(row: string): string {
  if (FORM_TITLE.test(row)) return '';
  return markedOption(withoutProductKey(formValues(row)));
}
