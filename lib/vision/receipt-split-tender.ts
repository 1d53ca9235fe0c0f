import { round2 } from '@/lib/vision/parse-common';

/**
 * A total paid in more than one tender (a gift card, then cash; two cards) with change given back:
 * `Gift card ****5521  $50.00`, `Cash tendered  $60.00`, `Change due  $19.47`. When the total's own
 * line is lost, the tenders witness it: all the amounts on payment lines add up to it (no change),
 * or all but one do and that one is the change (50.00 + 60.00 − 19.47 = 90.53). `want` is what the
 * subtotal, discount and tax make; two or more payment amounts are needed.
 */
export function splitTenderPays(paid: readonly number[], want: number): boolean {
  if (paid.length < 2 || paid.length > 5 || want <= 0) return false;
  const sum = paid.reduce((a, b) => a + b, 0);
  if (Math.abs(round2(sum) - want) < 0.015) return true;
  return paid.some((change) => change < want && Math.abs(round2(sum - 2 * change) - want) < 0.015);
}
