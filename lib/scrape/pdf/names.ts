import type { PdfLine } from '@/lib/scrape/pdf/lines';

/** Names and headings of a PDF menu's lines (products.ts): wrapped names joined, headings' labels, sub-headings that are no brand. */
/**
 * A name's next line joined to it: after a typesetter's hyphen (U+2010, a soft hyphen; a word
 * broken at the line's end) the word goes on with the hyphen dropped ("Enh‐" / "anced"); after
 * the name's own hyphen ("Pupper Bud-" / "Ease") without a space — unless the menu writes that
 * hyphenated word before a space elsewhere (`spaced`: "Elevated RX- Ice Cream Cake", so
 * "Elevated RX-" / "GMO 1G CART" keeps its space); else with a space.
 */
export function joinWrapped(head: string, next: string, spaced: ReadonlySet<string> = new Set()): string {
  if (/\p{L}[\u2010\u00ad]$/u.test(head)) return head.slice(0, -1) + next;
  const word = /(\S+-)$/.exec(head)?.[1].toLowerCase();
  return /\w-$/.test(head) && !(word && spaced.has(word)) ? head + next : `${head} ${next}`;
}

/** Hyphenated words a menu writes before a space within a line ("RX- "): see `joinWrapped`. */
export const spacedHyphens = (lines: readonly PdfLine[]): Set<string> =>
  new Set(lines.flatMap((l) => l.cells.flatMap((c) => [...c.text.matchAll(/(\S*\w-) (?=\S)/g)].map((m) => m[1].toLowerCase()))));

/** A heading's label without its "(cont.)" / "– continued" (a section carried onto a new page or column). */
export const headingLabel = (t: string): string =>
  t
    .replace(/\s*\((?:cont(?:inued|'d|’d)?\.?)\)\s*$/i, '')
    .replace(/\s*[-–—:]\s*cont(?:inued|'d|’d|\.)?\s*$/i, '')
    .trim();

/** Sub-headings that group products by something other than their brand. */
export const NOT_BRAND =
  /^(?:indica|sativa|hybrid|cbd|thc|high cbd|sale|on sale|specials?|deals?|new(?: arrivals)?|top shelf|mid shelf|bottom shelf|value|budget|premium|indoor|outdoor|greenhouse|sun ?grown|staff picks?|popular|featured|best sellers?)\b/i;
