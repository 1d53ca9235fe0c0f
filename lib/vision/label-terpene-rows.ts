import { num } from '@/lib/vision/label-potency';
import { round2 } from '@/lib/vision/parse-common';
import { terpeneAbbreviation, terpeneName } from '@/lib/vision/terpenes';

// "Myrcene 0.85%", "Myrcene: 8.5 mg/g", "Myrcene  8.50  0.85%", and in parentheses "Myrcene (0.85%)";
// names with accents too (a French column's `Pinène 1,34 %`, `Limonéne 0,99 %`).
const TERP =
  /([A-Za-zÀ-ÖØ-öø-ſαβγΔδ][A-Za-zÀ-ÖØ-öø-ſαβγδ\- ]{2,30}?)\s*[:.\-]*\s*\(?\s*(\d{1,2}(?:[.,]\d{1,3})?)\s*(%|mg\/g)?\)?(?:\s+\(?(\d{1,2}(?:[.,]\d{1,3})?)\s*(%|mg\/g)?\)?)?(?!\d|[.,]\d)/g;

const CANNABINOID = /\b(thc|cbd|cannabinoids?|cbg|cbn)\b/i;
const CANNABINOID_FIGURE = /(?:\btotal\s+)?(?:\b(?:Δ9?-?)?(?:thc|cbd|cbg|cbn)a?|\bcannabinoids?)\b\s*[:=]?\s*\d{1,3}(?:[.,]\d{1,2})?\s*(?:%|mg\/g)?/gi;

/** A row naming cannabinoids with their figures and a terpene after them: the terpene part (else the row). */
export function besideCannabinoids(line: string): string {
  if (!CANNABINOID.test(line) || /terp/i.test(line)) return line;
  const rest = line.replace(CANNABINOID_FIGURE, ' ');
  return !CANNABINOID.test(rest) && /[A-Za-z]{4,}[^%]*\d[.,]\d{1,3}\s?%/.test(rest) ? rest.replace(/\s+/g, ' ').trim() : line;
}

/**
 * The terpene rows of a label's lines: `Name 0.85%`, `Name: 8.5 mg/g`, a table's `Name  8.50  0.85%`
 * (its header naming the columns' units), a list or sentence of them on one line.
 */
export function readTerpenes(lines: string[]): { name: string; percentage: number }[] {
  const terpenes: { name: string; percentage: number }[] = [];
  // Unit context: a "(mg/g)" key or a table header naming the columns ("Terpene  mg/g  %").
  let columns: ('mg' | 'pct')[] = [];
  let sawPct = false;
  let afterKey = false;
  for (const printed of lines) {
    // A cannabinoid panel beside a terpene panel on one row (`31.9%  CBD 1.1%   Pinene 1.08%`: two
    // charts' legends side by side): the cannabinoids' figures are left out, the terpene stays.
    const line = besideCannabinoids(printed);
    const head = /\bterpenes?\b/i.test(line) && !/\d[.,]\d/.test(line);
    if (head || /^\s*(mg\/g|%)(\s+(mg\/g|%))*\s*$/i.test(line.replace(/^\S*terp\S*\s*/i, ''))) {
      columns = [...line.matchAll(/mg\/g|%/gi)].map((m) => (m[0] === '%' ? 'pct' : 'mg'));
      if (head) continue;
    }
    if (/\b(thc|cbd|cannabinoids?|cbg|cbn)\b/i.test(line) && !/terp/i.test(line)) continue;
    const mgLine = /\(mg\/g\)|mg\/g\s*\)?\s*:/i.test(line);
    // A key naming the row's unit in parentheses (`Terpenes (% by wt): D-Limonene 1.24, beta-Myrcene 1.10`): bare shares are percentages.
    const pctLine = /^\s*(?:[A-Za-z]+\s+)?terp(?:ene)?s?\s*\([^)]*%[^)]*\)\s*:/i.test(line) && !/mg/i.test(line);
    // A row keyed as terpenes (`Terps: β-Myr 0.82%  Lim 0.41%`) may abbreviate their names, and
    // so may the rest of that row split off as cells of its own (only `Name 0.63%` pairs).
    const keyed = /^\s*terp(?:ene)?s?\s*:/i.test(line);
    const keyedRow: boolean = keyed || (afterKey && /^\s*(?:[A-Za-zαβ][A-Za-z-]{1,14}\s+\d{1,2}[.,]\d{1,3}\s?%\s*)+$/.test(line));
    afterKey = keyedRow;
    const row = line
      .replace(/^\s*(?:(?:top|dominant|main|primary|major|key)\s+)?terp(?:ene)?s?\b\s*(\([^)]*\))?\s*:?/i, '')
      // A share printed without its leading zero (`LINALOOL .71`, `BISABOLOL.70`, `.88%`) after a name.
      .replace(/(?<=[A-Za-z])\s?\.(\d{2,3})(?![\d.,])/g, ' 0.$1')
      // A bar between a terpene and its percentage (a bar chart) reads as symbols or a lone digit: "alpha-Pinene 7] 1.08%".
      .replace(/(?<=[A-Za-z])((?:\s+(?:[A-Za-z]{0,2}[-~_=|\]]+[A-Za-z]{0,2}|\d?[\]|~]+[~\]|]*|\d|[A-Z][a-z]?))+)(?=\s+\d{1,2}[.,]\d{1,3}\s?%)/g, '');
    for (const m of row.matchAll(TERP)) {
      // The name may follow other text on the row ("Lab: Steep Hill   trans-Caryophyllene 0.15%"): its last words.
      const words = m[1].trim().split(/\s+/);
      const name =
        terpeneName(m[1]) ??
        (words.length > 1 ? (terpeneName(words.slice(-2).join(' ')) ?? terpeneName(words[words.length - 1])) : null) ??
        (keyedRow ? terpeneAbbreviation(words[words.length - 1]) : null);
      if (!name || terpenes.some((t) => t.name === name)) continue;
      const vals: { v: number; unit: string | undefined }[] = [{ v: num(m[2]), unit: m[3] }];
      if (m[4]) vals.push({ v: num(m[4]), unit: m[5] });
      const pick = vals.find((x) => x.unit === '%');
      let pctv: number | null = pick ? pick.v : null;
      if (pctv === null) {
        const mg = vals.find((x) => x.unit && /mg/i.test(x.unit));
        if (mg) pctv = round2(mg.v / 10);
        else if (vals.length === 2 && columns.length >= 2) pctv = columns[1] === 'pct' ? vals[1].v : columns[0] === 'pct' ? vals[0].v : round2(vals[0].v / 10);
        else if (mgLine || (columns.length === 1 && columns[0] === 'mg')) pctv = round2(vals[0].v / 10);
        else if (pctLine) pctv = vals[0].v;
        // The percent sign lost on one row ("a-Bisabolol 0.23") of a label whose other terpenes read as percentages.
        else if (columns.length === 0 && !m[3]) pctv = sawPct && /[.,]\d{2}$/.test(m[2]) ? vals[0].v : null;
        else pctv = vals[0].v;
      }
      // One terpene above 6 % of the flower is not plausible (a misread digit, "0.33" → "9.33").
      if (pctv === null || pctv > 6) continue;
      if (pick) sawPct = true;
      terpenes.push({ name, percentage: pctv });
    }
  }

  return terpenes;
}

/** A row of two or more terpene names with their shares (`LINALOOL .71  BISABOLOL .70`): never a name line. */
export function isTerpeneRow(line: string): boolean {
  return readTerpenes(['Terpenes (%)', line]).length >= 2;
}
