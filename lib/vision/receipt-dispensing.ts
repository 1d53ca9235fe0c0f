/**
 * Dispensing details a medical receipt prints under each item (issue 14, fifteenth receipt round):
 * the route of administration and the days' supply (`Route: Inhalation | Days supply: 14`), a
 * dosage or directions line, and the milligrams of THC or CBD dispensed (`Total THC: 1,166 mg`, no
 * percentage and no money). They are the item's details: neither the next item's name nor a total.
 */
const KEYED = /^\s*(?:route(?:\s+of\s+administration)?|days?'?\s*supply|dos(?:e|age)|directions|instructions|sig|administration|form|delivery\s+method)\s*:/i;
const MG_DISPENSED = /^\s*(?:total\s+)?(?:THC|CBD)\s*(?:dispensed)?\s*:?\s*[\d,.]+\s?m[gq9]\b(?!\s*\/)/i;

export function isDispensingDetail(line: string): boolean {
  return KEYED.test(line) || MG_DISPENSED.test(line) || /\|\s*days?'?\s*supply\s*:/i.test(line);
}
