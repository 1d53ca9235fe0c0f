import { labelCoverage } from '@/lib/vision/label-parser';
import type { ParsedLabel } from '@/lib/vision/types';

const empty = (v: unknown) => v === null || v === undefined || (Array.isArray(v) && v.length === 0);

/**
 * A label reading with the fields it left empty taken from the page's other readings (`others`,
 * best first): each field from the first reading that has it; a category `Other` counts as empty.
 * A field the kept reading has is never replaced, and the strain stays with the product name it
 * was read from (a kept name whose parse gave no strain keeps none), and no text is taken that the
 * reading already holds in another field. On a degraded photo the
 * engine's two preparations (local-engine.ts PASSES) often lose different rows (a blurred key, a
 * pill): the better reading was kept whole and the other's rows thrown away. Costs no OCR: the
 * readings were read already.
 */
export function fillGaps(kept: ParsedLabel, others: readonly ParsedLabel[]): ParsedLabel {
  if (!others.length) return kept;
  const { coverage: _c, ...out } = kept;
  const hadName = !empty(kept.productName);
  for (const other of others)
    for (const k of Object.keys(other) as (keyof typeof out)[]) {
      if (k === ('coverage' as never) || (k === 'strainName' && hadName)) continue;
      const mine = out[k];
      const theirs = other[k];
      if (!(empty(mine) || (k === 'category' && mine === 'Other')) || empty(theirs) || (k === 'category' && theirs === 'Other')) continue;
      // Never a text the reading already holds in another field (the other pass took the
      // product's name line for the brand: `brand: Bubblegum Flower`).
      if (typeof theirs === 'string' && k !== 'category' && k !== 'type' && Object.values(out).some((v) => typeof v === 'string' && v.toLowerCase() === theirs.toLowerCase()))
        continue;
      (out as Record<string, unknown>)[k] = theirs;
    }
  return { ...out, coverage: labelCoverage(out) };
}
