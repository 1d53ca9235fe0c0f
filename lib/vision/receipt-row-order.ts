/**
 * Row orders the item rules do not read as printed, put into the order they read (issue 14,
 * twentieth receipt round). Same count of rows, so the rows stay beside their word boxes.
 * - FIGURES FIRST: each item's `2 x $17.50      $35.00` row printed ABOVE its name (`Blue Dream
 *   Flower 3.5g`, a row with no amount). When the last figures row has a bare name under it and
 *   the figures rows right before a bare name (their quantity times unit price their amount) are
 *   more than those right after one no figures row has claimed, each of them trades places with
 *   that name: `Blue Dream Flower 3.5g   $35.00`, then `2 x $17.50`
 *   under it (where detail lines are read). A `2 @ $17.50 = $35.00` row UNDER its name (a bare name
 *   above it) keeps its place.
 * - A RUNNING BALANCE column: item rows whose last amount is the sum so far (`Name  2  73.78
 *   73.78`, `Name  1  27.08  100.86`, `PROMO 10%  -8.44  92.42`): when every row with two amounts
 *   before the totals chains that way (the first balance its own amount, each next one the last
 *   plus its amount), the balance is taken off each row; it is no price.
 * - A lone column word on a row of its own (`DESCRIPTION` under a `QTY x PRICE   AMOUNT` head):
 *   no name, blanked.
 */

const AMOUNT = String.raw`-?\$?\s?\d{1,5}[.,]\d{2}(?!\d)`;
const FIGURES = new RegExp(String.raw`^\s*(\d{1,3})\s?(?:x|×|@)\s?((?:[58]?[§S$])?\s?\d{1,5}[.,]\d{2})\s*(?:=\s*)?(\$?\s?\d{1,5}[.,]\d{2})\s*$`, 'i');
const TWO_AMOUNTS = new RegExp(String.raw`(${AMOUNT})\s+(${AMOUNT})\s*$`);
const HAS_AMOUNT = new RegExp(AMOUNT);
/** An amount standing apart at the row's end (or alone). */
const AMOUNT_CELL = new RegExp(String.raw`(?:^|\s{2,})${AMOUNT}\s*$`);
const TOTALS = /\b(sub\s?-?\s?tota[l1]|tota[l1]|tax(es)?)\b/i;
const LONE_COLUMN_WORD = /^\s*(description|items?|products?)\s*:?\s*$/i;
/** A long column word misread by a letter or two (`DESCRIFTION`), maybe after a speck (`_.`). */
const LONE_MISREAD = /^\s*(?:[^A-Za-z\s]{1,3}\s+)?([A-Za-z]{9,13})\s*:?\s*$/;
const COLUMN_WORD = /^(qty|quantity|x|×|@|price|unit|each|amount|total|items?|products?|description)$/i;

const UNIT = /\d{1,5}[.,]\d{2}/;
/** The amount a cell prints (after a misread `$`: `8§7.39`). */
const num = (s: string) => (s.includes('-') ? -1 : 1) * Number((UNIT.exec(s.replace(/\s/g, ''))?.[0] ?? 'NaN').replace(',', '.'));
const letters = (s: string) => (s.match(/[A-Za-z]/g) ?? []).length;

/**
 * A row that only names something: three letters or more, no amount cell of its own (an amount
 * inside the name, `Vape Pen 0.59` for `0.5g`, is none), no `$` figure, rate or potency, no key,
 * not only column words (a table's head).
 */
function bareName(row: string): boolean {
  const words = row.trim().split(/\s+/);
  return letters(row) >= 3 && !AMOUNT_CELL.test(row) && !/\$\s?\d|%|\b(THC|CBD)\b|:|@/i.test(row) && !words.every((w) => COLUMN_WORD.test(w));
}

/** Edit distance of two short words. */
function distance(a: string, b: string): number {
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const cur = [i];
    for (let j = 1; j <= b.length; j++) cur[j] = Math.min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
    prev = cur;
  }
  return prev[b.length];
}

const nearDescription = (row: string) => {
  const m = LONE_MISREAD.exec(row);
  return m !== null && distance(m[1].toLowerCase(), 'description') <= 2;
};

const nextFilled = (rows: readonly string[], i: number, step: 1 | -1) => {
  let j = i + step;
  while (j >= 0 && j < rows.length && !rows[j].trim()) j += step;
  return j >= 0 && j < rows.length ? j : -1;
};

/** Lone column words blanked, then figures rows put under their names (see above). */
export function figuresFirst(rows0: readonly string[]): string[] {
  const rows = rows0.map((r) => (LONE_COLUMN_WORD.test(r) || nearDescription(r) ? '' : r));
  const figures = rows.flatMap((r, i) => (FIGURES.test(r) ? [i] : []));
  if (!figures.length) return rows;
  const pairs: { at: number; below: number; above: number }[] = [];
  /** Names that are a figures row's own (the row under it). */
  const claimed = new Set<number>();
  /** Figures rows right under a bare name no figures row has claimed (names first). */
  let under = 0;
  let lastValid = false;
  for (const i of figures) {
    const [, q, u, p] = FIGURES.exec(rows[i]) as RegExpExecArray;
    const above = nextFilled(rows, i, -1);
    const below = nextFilled(rows, i, 1);
    const nameAbove = above >= 0 && bareName(rows[above]) && !claimed.has(above);
    if (nameAbove) under++;
    // (A row whose arithmetic fails, or with no bare name under it, keeps its place: a blurred figure.)
    lastValid = Math.abs(Number(q) * num(u) - num(p)) < 0.015 && below >= 0 && bareName(rows[below]);
    if (!lastValid) continue;
    claimed.add(below);
    pairs.push({ at: i, below, above: nameAbove ? above : -1 });
  }
  // (Decided by the rows' majority and the last figures row, which has its name under it: a
  // misread head or a speck row above one figures row does not turn the receipt.)
  if (!lastValid || pairs.length <= under) return rows;
  for (const { at, below, above } of pairs) {
    const [, q, u, p] = FIGURES.exec(rows[at]) as RegExpExecArray;
    const name = rows[below].trim();
    // (The figures as printed: a receipt without `$` stays without it; a misread `$` put back.)
    rows[at] = `${name}   ${p.replace(/\s/g, '')}`;
    const unit = (UNIT.exec(u) as RegExpExecArray)[0];
    rows[below] = `${q} x ${u.slice(0, u.indexOf(unit)).trim() ? '$' : ''}${unit}`;
    // (A bare row above a figures row of such a receipt, not right under a name: a misread head or specks, no name.)
    const before = above >= 0 ? nextFilled(rows, above, -1) : -1;
    if (above >= 0 && !claimed.has(before)) rows[above] = '';
  }
  return rows;
}

/** The running balance taken off the item rows (see above). */
export function withoutBalanceColumn(rows: readonly string[]): string[] {
  const end = rows.findIndex((r) => TOTALS.test(r) && HAS_AMOUNT.test(r));
  const candidates: { i: number; at: number; amount: number; balance: number }[] = [];
  for (let i = 0; i < (end < 0 ? rows.length : end); i++) {
    const m = TWO_AMOUNTS.exec(rows[i]);
    if (!m || FIGURES.test(rows[i])) continue;
    candidates.push({ i, at: m.index + m[0].indexOf(m[2], m[1].length), amount: num(m[1]), balance: num(m[2]) });
  }
  if (candidates.length < 2) return [...rows];
  let sum = 0;
  for (const c of candidates) {
    sum += c.amount;
    if (Math.abs(sum - c.balance) >= 0.015) return [...rows];
  }
  const out = [...rows];
  for (const c of candidates) out[c.i] = out[c.i].slice(0, c.at).trimEnd();
  return out;
}
