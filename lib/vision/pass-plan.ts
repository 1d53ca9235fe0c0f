/**
 * Which pass a receipt reads next when its first reading found (almost) nothing: decisions taken
 * from cheap evidence already at hand (the first reading's coverage and what its preparation found),
 * before another whole OCR pass is paid for. Pure functions; local-engine.ts acts on them.
 */

/** A first reading that found less than this share of what the parser checks found (almost) nothing. */
export const EMPTY_BELOW = 0.25;

/**
 * Whether a receipt's faded-print rescue (its first preparation plus the ink stretched to black,
 * receipt-faded.ts) is read right after the first reading, before the second preparation: only
 * when that reading found (almost) nothing (`coverage` below EMPTY_BELOW) on a page whose first
 * preparation found faded or gapped print (`repairedPrint`). On such a page the second preparation
 * (denoise and sharpen) does not bring the missing dots back: on the faded dot-matrix photo of the
 * bench the first reading found nothing (coverage 0, confidence 0.22), the second preparation half
 * (0.50, 0.30) after 3–4 CPU s of OCR on the noise, and the rescue 0.83, the reading kept.
 * Any other reading keeps the old order (rescue last, only when every reading fell short).
 */
export function rescueFirst(first: { coverage: number }, repairedPrint: boolean | undefined): boolean {
  return Boolean(repairedPrint) && first.coverage < EMPTY_BELOW;
}

/**
 * Receipts: coverage at which a reading is no longer a failed one (local-engine.ts `RESCUE_BELOW`:
 * below it, a faded page is rescued).
 */
export const RESCUE_BELOW = 0.6;

/**
 * Whether a rescue read ahead of the second preparation (`rescueFirst`) settles the page: it read
 * at least RESCUE_BELOW (no longer a failed reading) and more than the first reading. Then the
 * second preparation is not read: a page whose first reading was empty and whose stretched ink
 * read this much gets nothing more from a denoised copy of the same faded print. Otherwise the
 * second preparation is read as before, and the rescue is not read again.
 */
export function rescueSettles(rescued: { coverage: number } | null, first: { coverage: number }): boolean {
  return rescued !== null && rescued.coverage >= RESCUE_BELOW && rescued.coverage > first.coverage;
}
