import { terpeneName } from '@/lib/vision/terpenes';

/**
 * Row-level clean-ups the label parser applies before it reads keys (moved out of
 * label-parser.ts): value pills, glued date keys, a bar chart's bars between a terpene and its
 * figure, rows under an mg/g heading.
 */

/**
 * A terpene row of a bar chart (`B-Ocimene   .]   1.12%`, `D-Limonene   . 0000000000]   0.72%`,
 * `B-Ocimene   ER TT RE Ea SE   1.12%`): the cells between the terpene's name and its percentage
 * are the bar read as marks or letters, left out when none of them is a figure with decimals (a
 * table's mg/g column is one and stays).
 */
/** Keys a value pill stands beside (`Batch (CJ2623-39)`, `Lab | CannaSafe`). */
const PILL_KEY = String.raw`batch|lot|packed|packaged|tested|lab|harvested|type|net\s+w(?:eigh)?t|thc|cbd|tac`;

/**
 * A value printed in a pill (white type on a rounded coloured rectangle) has its rounded ends read
 * as brackets or bars: `THC (26.4% ) CBD (0.8%`, `Batch | LX2680-27`, `Lab | CannaSafe`. Brackets
 * that pair with none on the row are dropped (`(1/8 oz)` stays), after a bracket, bar, `=` or quote
 * between a key and its value became the key's colon (`Lab (CannaSafe )` → `Lab: CannaSafe`).
 */
export function withoutPillEdges(row: string): string {
  const keyed = row.replace(new RegExp(String.raw`\b(${PILL_KEY})[ \t]*[(\[|=‘'"“][ \t]*(?=[\p{L}\p{N}<])`, 'giu'), '$1: ');
  const drop = new Set<number>();
  const open: number[] = [];
  const pairs: Record<string, string> = { ')': '(', ']': '[', '}': '{' };
  for (let i = 0; i < keyed.length; i++) {
    const c = keyed[i];
    if (c === '(' || c === '[' || c === '{') open.push(i);
    else if (c in pairs) {
      const at = open.length && keyed[open[open.length - 1]] === pairs[c] ? open.pop() : undefined;
      if (at === undefined) drop.add(i);
    }
  }
  // An unpaired `(` before a letter stays: it may be a misread C (`Batch/Lot #: (X2628-66`).
  for (const i of open) if (!/\p{L}/u.test(keyed[i + 1] ?? '')) drop.add(i);
  return drop.size
    ? keyed
        .split('')
        .filter((_, i) => !drop.has(i))
        .join('')
    : keyed;
}

/**
 * A cannabinoid key glued to its figure (`Δ9-THC908.0 | CBD 1.6`, `THC22.4%`, `CBD0.3%`: a
 * blurred, narrow face's gap lost): only a figure of at most four digits (and decimals) ending
 * there, at a `%` or `mg`, so a code (`CBD2611-10`) stays as it is.
 */
const GLUED_CANNABINOID = /\b(THCa?|CBDa?|CBG|CBN|TAC|cannabinoids?)(?=\d{1,4}(?:[.,]\d{1,3})?(?:\s*(?:%|mg\b)|(?![\w\-/.,])))/gi;

/**
 * A date key and its date run together when OCR loses the space between them (small or curved
 * print: `Packed10/20/2026`, `Tested09/22/2026by EVIO Labs`): the space is put back, and before
 * a `by` glued to the date; a cannabinoid key glued to its figure too (`GLUED_CANNABINOID`).
 */
export function unglued(row: string): string {
  return row
    .replace(/\b(packed|packaged|pkg|tested|harvested|harvest|test\s+date|mfg)(?=\d)/gi, '$1 ')
    .replace(/(\d)(by)\b/g, '$1 $2')
    .replace(GLUED_CANNABINOID, '$1 ');
}

export function withoutBar(row: string): string {
  const cells = row.trim().split(/\s{3,}/);
  if (cells.length < 3 || !terpeneName(cells[0]) || !/^\d{1,2}[.,]\d{1,3}\s?%$/.test(cells[cells.length - 1])) return row;
  if (cells.slice(1, -1).some((c) => /\d[.,]\d/.test(c))) return row;
  return `${cells[0]}   ${cells[cells.length - 1]}`;
}

/**
 * Cannabinoid rows under a heading that gives their unit in mg/g (`Cannabinoids (mg/g)`, also
 * OCR'd `(MGIG)`, `Potency (mg/g)`): their bare figures (`Δ9-THC 842.1 | CBD 1.2`, `TOTAL
 * CANNABINOIDS 871.5`) get the unit written out, so they read as a tenth of the percentage like
 * `Total THC: 213.0 mg/g`. The heading holds while the rows below name a cannabinoid and print no `%`.
 */
export function mgPerGramRows(lines: string[]): string[] {
  const out: string[] = [];
  let on = false;
  for (const line of lines) {
    if (/\b(?:cannabinoids?|potency|cannabinoid\s+profile)\b[^\d\n]*\(\s*mg\s*[/iIl1|]\s*[gc]\s*\)/i.test(line) && !/\d[.,]\d/.test(line)) {
      on = true;
      out.push(line);
      continue;
    }
    if (on && /\b(?:THC|CBD|CBG|CBN|THCa|CBDa|cannabinoids?)\b/i.test(line) && !/%|terp/i.test(line)) {
      // A decimal point read with a space after it ("924, 7") first.
      const joined = line.replace(/(?<=\s)(\d{2,4})[.,]\s(\d)(?!\d)/g, '$1.$2');
      out.push(joined.replace(/(?<=\s)(\d{1,4}[.,]\d{1,2}|\d{2,4})(?![\d.,]|\s*(?:%|mg))/g, '$1 mg/g'));
      continue;
    }
    on = false;
    out.push(line);
  }
  return out;
}
