import { levenshtein } from '@/lib/strains/edit-distance';

/**
 * A strain type after its key read a slip off on a degraded photo (issue 14, weak degraded
 * splits; `Strain Type   Satva`, `Sava`, `Hybnd` on a striped table): the type's key followed by
 * one word at one edit (two from five letters, the first letter kept) from indica / sativa /
 * hybrid, or that word with letters lost (four kept), is that type. Not `Salad`, `Sauce`, nor an
 * unkeyed word.
 */

/** `w` is `t` with letters lost, none changed (`Sava` for sativa), four kept at least. */
function lettersOf(w: string, t: string): boolean {
  let j = 0;
  for (const c of t) if (c === w[j]) j++;
  return w.length >= 4 && j === w.length;
}

const TYPES = ['indica', 'sativa', 'hybrid'] as const;
const TYPE_KEY = /\b(?:strain\s+)?type\s*[:|]?\s+([A-Za-z]{4,8})\s*$/i;

/** The strain type a keyed row names a slip off (`Strain Type   Satva` → sativa); null when none. */
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
