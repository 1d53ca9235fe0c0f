import { terpeneName } from '@/lib/vision/terpenes';

/**
 * Small print run together in one paragraph (a compliance sticker's `… | Harvested` / `04/08/2026
 * | Packaged …`, a terpene sentence's `… and Limonene` / `0.08%.`) wraps wherever the line is
 * full, so a key can end one line and its value begin the next. The value is moved up to its key
 * before the fields are read line by line.
 */

/** Keys that take a date ("Harvested", "Packaged on", "Tested", "Test Date:"). */
const DATE_KEY_END = /\b(?:harvest(?:ed)?|pack(?:aged|ed)|pkg|mfg|test(?:ed)?|(?:harvest|test|package|pack)\s+date)(?:\s+on)?\s*:?$/i;
/** A date at the start of a line, in the forms labels print. */
const DATE_START = /^(?:\d{4}[-/.]\d{1,2}[-/.]\d{1,2}|\d{1,2}\/\d{1,2}\/(?:\d{4}|\d{2})|\d{1,2}[.-]\d{1,2}[.-]\d{4}|[A-Za-z]{3,9}\.?\s+\d{1,2},?\s+\d{4})\b/;
/** Keys that take a code or a weight ("Lot #", "Batch:", "Net Wt."). */
const CODE_KEY_END = /\b(?:lot|batch)\s*(?:#|no\.?|id)?\s*:?$|\bnet\s*(?:wt|weight)\.?\s*:?$/i;
const CODE_START = /^(?=[A-Z-]*\d)[A-Z0-9][A-Z0-9-]{2,24}\b|^\d*\.?\d+\s?(?:g|oz)\b/i;
/** A percentage at the start of a line (a terpene's, its name ending the line above). */
const PCT_START = /^\d{1,2}[.,]\d{1,3}\s?%/;

/**
 * The value that starts `next`, when `line` ends with a key waiting for it. Only in a paragraph
 * that carries values (a figure before the key) or after a key alone on its line (a paragraph's
 * fields split into lines at their separators): a row of several bare keys over a row of values
 * (a header grid) is paired by column elsewhere.
 */
function valueFor(line: string, next: string): RegExpExecArray | null {
  if (!/\d/.test(line) && line.split(/\s+/).length > 3) return null;
  if (DATE_KEY_END.test(line)) return DATE_START.exec(next);
  if (CODE_KEY_END.test(line)) return CODE_START.exec(next);
  const words = line.split(/\s+/);
  const last = words.slice(-2).join(' ');
  if (terpeneName(last) || terpeneName(words[words.length - 1] ?? '')) return PCT_START.exec(next);
  return null;
}

/** Lines with each value that wrapped onto the next line moved back beside its key. */
export function joinWrappedValues(lines: string[]): string[] {
  const out = [...lines];
  for (let i = 0; i + 1 < out.length; i++) {
    const line = out[i].trimEnd();
    const next = out[i + 1].trimStart();
    const v = valueFor(line, next);
    if (!v) continue;
    out[i] = `${line} ${v[0]}`;
    out[i + 1] = next
      .slice(v[0].length)
      .replace(/^[\s.,;]+/, '')
      .trim();
  }
  return out.filter((l) => l.length > 0);
}
