import { categorize, parseWeightGrams } from '@/lib/vision/parse-common';
import type { ParsedReceiptItem } from '@/lib/vision/types';

/**
 * A strain printed in parentheses after the product it names (`Cart 1g (Blackberry Kush)`,
 * `Cannatron Live Resin 1g (Gelato)`): the item's strain, when the words before the parentheses
 * name the product (a category word or a weight) and the parentheses hold only words, none of them
 * a type tag (`(Sativa)`, `(H)`), a potency key or a category word (`(Live Resin)`).
 */
const TRAILING_WORDS = /\(\s*([A-Za-z][A-Za-z'’ .-]{2,40}?)\s*\)\s*$/;
const NOT_A_STRAIN = /^(?:indica|sativa|hybrid|[ish]|thc|cbd|cbn|each|ea|pack|pk|promo|sale|deal|bogo|free|tax(?:ed)?|med(?:ical)?|rec)$/i;

export function parenStrain(productName: string): string | null {
  const m = TRAILING_WORDS.exec(productName);
  if (!m) return null;
  const inside = m[1].trim();
  const before = productName.slice(0, m.index);
  if (inside.replace(/[^A-Za-z]/g, '').length < 4 || NOT_A_STRAIN.test(inside) || categorize(inside, 'Other') !== 'Other') return null;
  return categorize(before, 'Other') !== 'Other' || parseWeightGrams(before) ? inside : null;
}

/** The items, each with its parenthesised strain as its strain name (when it has none). */
export function withParenStrains(items: ParsedReceiptItem[]): ParsedReceiptItem[] {
  for (const it of items) if (it.strainName === null) it.strainName = parenStrain(it.productName);
  return items;
}
