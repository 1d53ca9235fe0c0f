/** Wording helpers shared by the local analyst's section writers. */
import type { AnalyzedItem, OrderAnalysis } from '@/lib/notebooks/analysis';

export const grams = (g: number): string => `${Number.isInteger(g) ? g : Number(g.toFixed(2))} g`;
export const money = (n: number): string => `$${n.toFixed(2)}`;
export const pct = (n: number, digits = 1): string => `${Number(n.toFixed(digits))}%`;

/** "a", "a and b", "a, b and c". */
export function list(items: string[]): string {
  if (items.length <= 1) return items[0] ?? '';
  return `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}

export const cap = (s: string): string => (s ? s[0].toUpperCase() + s.slice(1) : s);

/** "Blue Dream (3.5 g)". */
export const named = (i: AnalyzedItem): string => `${i.strainName} (${grams(i.grams)})`;

export function byGrams(a: OrderAnalysis): AnalyzedItem[] {
  return [...a.items].sort((x, y) => y.grams - x.grams || x.strainName.localeCompare(y.strainName));
}

export function where(a: OrderAnalysis): string {
  return a.order.dispensaryName ? ` from ${a.order.dispensaryName}` : '';
}

export const EMPTY_ORDER = 'This order has no items yet, so there is nothing order-specific to analyse.';
