/**
 * Item lines numbered at their start (a self-checkout kiosk's `01  Blue Dream 3.5g   $35.00 T`,
 * an invoice's `1.  Blue Dream …`): the number is the line's place in the list, not a quantity.
 * Numbers count as line numbers only when they run 1, 2, 3 … down the page in order and are
 * printed as no quantity is: zero-padded (`01`) or with a point or bracket (`1.`, `1)`); two such
 * lines at least. A quantity-first receipt (`2  Blue Dream …`) is left as it is.
 */
/** (The leading zero of a photographed `03` may come out as O, Q, © or @.) */
const NUMBERED = /^(\s*)([0OQ©@]\d|\d{1,2}[.)])(\s+)(?=[A-Za-z])/;

const valueOf = (mark: string) => Number(mark.replace(/^[OQ©@]/, '0').replace(/[.)]$/, ''));

export function withoutLineNumbers(lines: string[]): string[] {
  const hits: number[] = [];
  let want = 1;
  for (const [i, line] of lines.entries()) {
    const m = NUMBERED.exec(line);
    if (!m || valueOf(m[2]) !== want) continue;
    hits.push(i);
    want++;
  }
  if (hits.length < 2) return lines;
  const out = [...lines];
  for (const i of hits) out[i] = out[i].replace(NUMBERED, '$1');
  return out;
}
