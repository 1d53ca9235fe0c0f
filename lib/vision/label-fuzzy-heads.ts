import { levenshtein } from '@/lib/strains/edit-distance';
import { isCannabinoidName } from '@/lib/vision/label-turned-table';

/**
 * A cannabinoid head row and its figures as blur reads them on a small, wide table (issue 14, a
 * strip label photographed at ~1,000 px): a head glued or garbled (`TOTALTHC`, `c80`, `cso`, `can`,
 * `c8G`, `09-THC`) and the bars between the figures read as specks (`89.0 | 16 { 876 i 09`). On a
 * row where at least three cells are cannabinoid names already, every other cell of at most eight
 * letters and figures that, with blur's look-alikes read as letters (8 → B, 0 / O / P / Q → D,
 * 5 → S) and its spaces and hyphens dropped, is one edit from exactly one name not on the row
 * yet, is that name. The row under such a head that opens with a `%` loses the specks between its
 * figures. Other rows are left as they are (label-turned-table.ts then pairs the two).
 */

const NAMES = ['THCa', 'D9-THC', 'THC', 'Total THC', 'CBDa', 'CBD', 'CBG', 'CBN', 'CBC', 'THCV', 'TAC'];
const canon = (s: string) =>
  s
    .toUpperCase()
    .replace(/[\s-]/g, '')
    .replace(/Δ/g, 'D')
    .replace(/8/g, 'B')
    .replace(/[0OPQ]/g, 'D')
    .replace(/5/g, 'S');

function nearName(cell: string, taken: Set<string>): string | null {
  const c = canon(cell);
  if (!/^[A-Z0-9]{3,8}$/.test(c)) return null;
  const near = NAMES.filter((n) => !taken.has(canon(n)) && levenshtein(c, canon(n)) <= 1);
  // (An exact reading once the look-alikes are read is taken before one an edit away.)
  const exact = near.filter((n) => canon(n) === c);
  const pick = exact.length ? exact : near;
  return pick.length === 1 ? pick[0] : null;
}

const SPECK = /^[{}[\]()iIl!|:;]$/;

export function fuzzyHeads(rows: readonly string[]): string[] {
  const out = [...rows];
  for (let i = 0; i < out.length; i++) {
    const cells = out[i]
      .split(/\s{2,}|\s*\|\s*/)
      .map((c) => c.trim())
      .filter(Boolean);
    const known = cells.filter(isCannabinoidName);
    if (known.length < 3 || known.length === cells.length) continue;
    const taken = new Set(known.map(canon));
    const fixed = cells.map((c) => {
      if (isCannabinoidName(c)) return c;
      const n = nearName(c, taken);
      if (n) taken.add(canon(n));
      return n ?? c;
    });
    if (!fixed.every(isCannabinoidName)) continue;
    out[i] = fixed.join('   ');
    const below = i + 1 < out.length ? out[i + 1].split(/[\s|]+/).filter(Boolean) : [];
    if (below[0] === '%') out[i + 1] = below.filter((t) => !SPECK.test(t)).join('   ');
  }
  return out;
}
