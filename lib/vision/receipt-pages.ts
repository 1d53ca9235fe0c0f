/**
 * A receipt the register printed on more than one page (a long order, a narrow roll with a page
 * limit, an invoice printer): each page numbered (`Page 1 of 2`), the first page ending with the
 * sum of its items carried to the next (`Page subtotal`, `Carried forward`, `Continued on next
 * page`) and the next starting with the store's name `(continued)` and that sum `Brought forward`.
 * None of those lines is an item, and the carried sum is not the order's subtotal: the items go on
 * below it.
 */
const PAGE_CARRY =
  /\bpage\s+sub-?\s?tota[l1]\b|\b(carried|brought|balance)\s+(forward|fwd|over)\b|\bcontinued\b|\bcont(?:'d|\.)?\s+on\s+(the\s+)?next\b|\bpage\s+\d+\s*(of|\/)\s*\d+\b|\(cont(?:'d|\.)?\)/i;

export function isPageCarry(line: string): boolean {
  return PAGE_CARRY.test(line);
}

/** A group's own subtotal under category headings (receipt-group-subtotals.ts): carried past like a page's. */
export { isGroupSubtotal } from '@/lib/vision/receipt-group-subtotals';
