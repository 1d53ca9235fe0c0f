import { brandPrefix, categorizeLast, letters, nameFix, parseWeightGrams, strainTypeIn } from '@/lib/vision/parse-common';
import { amountsIn } from '@/lib/vision/receipt-lines';
import { CBD, THC } from '@/lib/vision/receipt-figures';
import type { ParsedReceiptItem } from '@/lib/vision/types';

/** A product name printed over two lines on a receipt: when the next line continues it, and the join. */

/**
 * The second line of a name wrapped on a narrow ticket ("DIME INDUSTRIES | MIRACLE   $37.92" /
 * "ALIEN COOKIES WHOLE FLOWER 1/8 OZ"): right under an item line whose name has no weight, a
 * line without an amount, potency, quantity or code that ends the name with its weight. Printed
 * names end with their weight, so a name without one that is followed by a weight is unfinished.
 */
export function continuesName(item: ParsedReceiptItem, line: string): boolean {
  // ("1% Lucky Charms Flower 1/4oz": a next item's "1 x", its x misread, starts no continuation.)
  if (startsWithQuantity(line)) return false;
  if (item.grams !== null || amountsIn(line).length || THC.test(line) || CBD.test(line) || /@|\b(qty|sku|lot|pkg|batch|ea)\b|:/i.test(line)) return false;
  const w = parseWeightGrams(line, { allowTrailingNine: true });
  return w !== null && letters(line.slice(w.end)) <= 2;
}

/** A line that starts with a quantity mark ("2 x Name", "1× Name", "1% Name": the x read as %). */
export function startsWithQuantity(line: string): boolean {
  return /^\s*\d{1,2}\s?[x×%*]\s/i.test(line);
}

/** An item's name with its wrapped second line joined, and what the name tells re-read. */
export function joinName(item: ParsedReceiptItem, more: string): void {
  // A continuation that is only a weight with its g read as 9 ("0.59" under a Square item, its
  // "+ 0.5g" size modifier): the weight as printed.
  const w = parseWeightGrams(more, { allowTrailingNine: true });
  const weightOnly = w !== null && w.index === 0 && w.end >= more.trim().length && /^\d*\.?\d+9$/.test(more.trim());
  const name = nameFix(`${item.productName} ${weightOnly ? `${more.trim().slice(0, -1)}g` : more}`);
  item.productName = name;
  item.grams = parseWeightGrams(name, { allowTrailingNine: true })?.grams ?? null;
  const cat = categorizeLast(name, 'Other');
  if (cat !== 'Other' || item.category === 'Other') item.category = cat === 'Other' && item.grams !== null && item.grams >= 0.5 ? 'Flower' : cat;
  item.type ??= strainTypeIn(name);
  item.brand = brandPrefix(name);
}

/** A greeting printed over or before the store's name (`Welcome to`, `Thanks for shopping at`). */
const GREETING = /^\s*(?:welcome\s+to|thank\s+you\s+for\s+(?:visiting|shopping\s+(?:at|with))|thanks\s+for\s+(?:visiting|shopping\s+(?:at|with)))\b[\s:,!-]*/i;

/**
 * A header line that starts with a greeting: what follows it (the store's name on the same line,
 * or '' when the name is on the next line); null for any other line.
 */
export function afterGreeting(line: string): string | null {
  const m = GREETING.exec(line);
  return m
    ? line
        .slice(m[0].length)
        .replace(/[!.]+\s*$/, '')
        .trim()
    : null;
}
