/**
 * Dense compliance blocks print their keys abbreviated to fit three cells a row: `TTL THC`,
 * `Tot THC`, `T-THC`, `THC Tot` (total THC), `TC` / `Tot Cann` (total cannabinoids), `NW` / `Wt`
 * (net weight), `Typ Hyb`, `Hvst` / `Harv`, `Tst` / `Tstd`, `Pkgd`, `B#`, a `Lab` key without its
 * colon. A row's abbreviated keys are written out in full, so the parser's keyed patterns read
 * them as they read a full key; a short key only where a value of its kind follows it.
 */

/** A figure in `units` after the key (a colon or a space between): "TC2612-04", a batch code, is no key. */
const FIG = (units: string) => String.raw`(?=(?:\s*:\s*|\s+)<?\s?\.?\d[\d.,/]*\s?(?:${units}))`;
const PCT = FIG('%|mg(?![a-z])');
// A weight's unit, or none (its `g` read as a 9: "NW 0.59"; parseWeightGrams decides).
const WEIGHT = FIG(String.raw`(?:g|oz)(?![a-z])|(?=\s|$)`);
const EXPANSIONS: [RegExp, string][] = [
  // Totals: the abbreviation before or after the cannabinoid ("TTL THC", "Tot. CBD", "T-THC", "TotTHC", "THC Tot").
  [/\b(?:TTL|Tot\.?|T-)\s?(THC|CBD)\b(?!-?a\b)/gi, 'Total $1'],
  [new RegExp(String.raw`\b(THC|CBD)\s+(?:Tot|TTL)\b\.?${PCT}`, 'gi'), 'Total $1'],
  // Total cannabinoids: "TC 27.90%", "Tot Cann 27.9%", "TTL Cann.".
  [new RegExp(String.raw`\b(?:TC|(?:Tot\.?|TTL)\s?Cann(?:abinoids)?\.?)${PCT}`, 'gi'), 'Total Cannabinoids'],
  // Net weight: "NW 7g", "Wt 3.5g" (not the "Wt" of "Net Wt").
  [new RegExp(String.raw`(?<!\bnet\s?)\b(?:NW|Wt)\.?${WEIGHT}`, 'gi'), 'Net Wt'],
  // The strain type: "Typ Hyb", "Type: Ind", "Typ. Sat".
  [/\bTyp(?:e)?\.?\s*:?\s*Hyb(?:rid)?\b\.?/gi, 'Type: Hybrid'],
  [/\bTyp(?:e)?\.?\s*:?\s*Ind(?:ica)?\b\.?/gi, 'Type: Indica'],
  [/\bTyp(?:e)?\.?\s*:?\s*Sat(?:iva)?\b\.?/gi, 'Type: Sativa'],
  // Date keys: "Hvst", "Harv", "Hrv Dt", "Hrvst"; "Tst", "Tstd"; "Pkgd", "Pkg Dt".
  [/\b(?:Hvst|Hrvst|Harv|Hrv)\.?(?:\s*Dt\.?)?(?=\s)/gi, 'Harvested'],
  [/\b(?:Tstd|Tst)\.?(?:\s*Dt\.?)?(?=\s)/gi, 'Tested'],
  // "Tstdby SC Labs": the space before `by` lost.
  [/\bTstd\s?by\b/gi, 'Tested by'],
  [/\b(?:Pkgd|Pkg\.?\s*Dt)\.?(?=\s)/gi, 'Packaged'],
  // "B# LX2638-10": the batch.
  [/\bB\s?#\s*(?=[A-Z0-9])/g, 'Batch # '],
  // A "Lab" key without its colon at the start of a cell (`LAB` in a capitals code block too), before a capitalised name.
  [/(^|\s{2,})(?:Lab|LAB)\s+(?!(?:Tested|Test|Date|Results?|Report|TESTED|TEST|DATE|RESULTS?)\b)(?=[A-Z][A-Za-z])/g, '$1Lab: '],
];

/** A row with its abbreviated compliance keys written out in full. */
export function expandAbbreviations(row: string): string {
  let out = row;
  for (const [re, to] of EXPANSIONS) out = out.replace(re, to);
  return out;
}
