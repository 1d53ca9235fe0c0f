import { terpeneName } from '@/lib/vision/terpenes';

/**
 * A certificate's `Analyte | Result (%) | LOQ (%)` table whose head row OCR lost (issue 14,
 * degraded labels): the head is printed on a shaded band, which a blurred photo leaves unread,
 * and its rows (`THCa   31.66   0.10`, `Total THC   28.20   0.10`) then had no unit and no
 * column meaning, so no potency was read though every figure was. When the page names its limit
 * of quantitation (`LOQ`, the footnote `LOQ = limit of quantitation`) and at least three rows are
 * an analyte (a cannabinoid or a terpene) and two bare figures (or `ND` and a figure), the column
 * of limits is the one whose figures are nearly all small (≤ `LIMIT_MAX`) while the other's are not: the
 * rows become `THCa: 31.66%` (the other figure the result; `ND` stays `ND`). Pages without such
 * rows, or where both columns are small (no telling them apart), or whose head was read (the table
 * reader's, label-columns.ts) are left as they are.
 */
const LIMIT_MAX = 0.5;
/** The limits' column: at least this share of its figures small, the results' under half. */
const LIMITS_SMALL = 0.8;
const LOQ = /\bL[O0]Q\b|limit\s+of\s+quant/i;
const CANNABINOID = /^(?:total\s+)?(?:Δ|A|D|d)?(?:8|9)?-?(?:thc|cbd|cbg|cbn|cbc|thcv|cbdv|thca|cbda|cbga)(?:-?a)?$|^total\s+(?:thc|cbd|cannabinoids?)$/i;
const FIGURE = /^(?:ND|\d{1,4}(?:[.,]\d{1,3})?)$/i;

const isAnalyte = (name: string) => CANNABINOID.test(name.replace(/\s+/g, ' ').trim()) || terpeneName(name) !== null;

/** The rows with a lost head's unheaded analyte rows read as results in %. */
export function unheadedLoqRows(rows: readonly string[]): string[] {
  // A head that was read: the table reader's (label-columns.ts).
  if (!rows.some((r) => LOQ.test(r)) || rows.some((r) => /\bresult\b|\(\s*%\s*\)/i.test(r))) return [...rows];
  const parsed = rows.map((r) => {
    const cells = r
      .split(/\s{2,}/)
      .map((c) => c.replace(/^[^\p{L}\p{N}Δ]+/u, '').trim())
      .filter(Boolean);
    return cells.length === 3 && isAnalyte(cells[0]) && FIGURE.test(cells[1]) && FIGURE.test(cells[2]) ? cells : null;
  });
  const table = parsed.filter((c): c is string[] => c !== null);
  if (table.length < 3) return [...rows];
  // The share of a column's figures that are small. A limit whose point OCR lost after its
  // leading zero (`010`, `001` for 0.10, 0.01: no printed figure starts with a 0 before another
  // digit) is small too: two such on a blurred certificate left 6 of 8 limits small and the whole
  // table unread.
  const small = (k: number) => table.filter((c) => /^ND$/i.test(c[k]) || /^0\d{1,3}$/.test(c[k]) || Number(c[k].replace(',', '.')) <= LIMIT_MAX).length / table.length;
  const limit = small(2) >= LIMITS_SMALL && small(1) < 0.5 ? 2 : small(1) >= LIMITS_SMALL && small(2) < 0.5 ? 1 : 0;
  if (!limit) return [...rows];
  const result = 3 - limit;
  // A result whose point OCR lost (`3250` for 32.50): no share is over 100, its point goes back
  // where the table's other results print it.
  const decimals = table.map((c) => /[.,](\d+)$/.exec(c[result])?.[1].length).find((d) => d !== undefined);
  const share = (v: string) => (decimals && /^\d{3,4}$/.test(v) && Number(v) > 100 ? `${v.slice(0, -decimals)}.${v.slice(-decimals)}` : v);
  return rows.map((r, i) => {
    const c = parsed[i];
    if (!c) return r;
    return /^ND$/i.test(c[result]) ? `${c[0]}: ND` : `${c[0]}: ${share(c[result])}%`;
  });
}
