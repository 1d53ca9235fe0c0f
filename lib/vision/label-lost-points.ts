import { levenshtein } from '@/lib/strains/edit-distance';

/**
 * Two slips of degraded photos on keyed label rows (issue 14, weak degraded splits):
 *
 * - **A cannabinoid share whose decimal point OCR lost** (`THC   201%` for 20.1 %, a striped
 *   table photographed: the point is a dot of light print on a dark band): no share is over
 *   100 %, so the figure was null. Where the label's other cannabinoid rows print their point
 *   (`CBD   0.5%`), the figure gets it back with as many decimals as they print (a table under a
 *   head does this in label-columns.ts; this is the keyed row without a head). Terpene shares
 *   (two decimals where cannabinoids print one) never teach it, and a figure still over 100 with
 *   its point back is left. Only on a row of one fact (its one share): with the rule on rows of
 *   several (`THC (261% ) CBD(0.9% )`, a pill row) a degraded seventh-round photo kept the pass that
 *   read THC so and lost a terpene the other pass read.
 * - **A strain type after its key read one letter off** (`Strain Type   Satva`, `Sava`, `Hybnd`):
 *   the type's key followed by one word at one edit (two from five letters, the first letter kept)
 *   from indica / sativa / hybrid, or that word with letters lost (four kept), is that type.
 */

const CANNABINOID = String.raw`\b(?:(?:total\s+)?(?:Δ9-?|d9-?|delta[- ]?9[- ]?)?(?:THC|CBD|CBG|CBN|CBC)a?|total\s+(?:active\s+)?cannabinoids?|TAC)\b`;
const LOST = new RegExp(String.raw`(${CANNABINOID}[^0-9\n%<]{0,12}?)(?<![\d.,])(\d{3,4})(\s*%)`, 'gi');
const WITH_POINT = new RegExp(String.raw`${CANNABINOID}[^0-9\n%<]{0,12}?(?<![\d.,])\d{1,2}[.,](\d{1,2})\s*%`, 'gi');

/** The decimals the label's cannabinoid rows print (the commonest count among figures with a point); undefined when none has one. */
function cannabinoidDecimals(lines: readonly string[]): number | undefined {
  const counts = new Map<number, number>();
  for (const l of lines) for (const m of l.matchAll(WITH_POINT)) counts.set(m[1].length, (counts.get(m[1].length) ?? 0) + 1);
  return [...counts.entries()].sort((a, b) => b[1] - a[1] || a[0] - b[0])[0]?.[0];
}

/** The label's lines with a keyed cannabinoid share over 100 % given its point back (same lines, same count). */
export function cannabinoidPointsBack(lines: string[]): string[] {
  const d = cannabinoidDecimals(lines);
  if (d === undefined) return lines;
  // A row of one fact only (`THC   201%`): on a row of several (`THC (261% ) CBD(0.9% )`) a pill
  // row's other reading of the page is kept as it was (the engine picks readings by what they found).
  return lines.map((l) =>
    (l.match(/\d+(?:[.,]\d+)?\s*%/g) ?? []).length !== 1
      ? l
      : l.replace(LOST, (all, key: string, n: string, sign: string) => {
          const v = Number(n) / 10 ** d;
          return Number(n) > 100 && v <= 100 ? `${key}${n.slice(0, -d)}.${n.slice(-d)}${sign}` : all;
        }),
  );
}

/** `w` is `t` with letters lost, none changed (`Sava` for sativa), four kept at least. */
function lettersOf(w: string, t: string): boolean {
  let j = 0;
  for (const c of t) if (c === w[j]) j++;
  return w.length >= 4 && j === w.length;
}

const TYPES = ['indica', 'sativa', 'hybrid'] as const;
const TYPE_KEY = /\b(?:strain\s+)?type\s*[:|]?\s+([A-Za-z]{4,8})\s*$/i;

/** The strain type a keyed row names one slip off (`Strain Type   Satva` → sativa); null when none. */
export function garbledStrainType(lines: readonly string[]): (typeof TYPES)[number] | null {
  for (const l of lines) {
    const m = TYPE_KEY.exec(l);
    if (!m) continue;
    const w = m[1].toLowerCase();
    const hit = TYPES.find((t) => t[0] === w[0] && (levenshtein(w, t) <= (w.length >= 5 ? 2 : 1) || lettersOf(w, t)));
    if (hit) return hit;
  }
  return null;
}
