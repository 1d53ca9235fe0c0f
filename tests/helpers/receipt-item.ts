import type { ParsedReceiptItem } from '@/lib/vision/types';

/** A parsed receipt item for parser tests: every field empty but what `over` sets. */
export const receiptItem = (over: Partial<ParsedReceiptItem> = {}): ParsedReceiptItem => ({
  productName: 'x',
  strainName: null,
  category: 'Other',
  grams: null,
  quantity: 1,
  unitPrice: null,
  price: null,
  discount: null,
  thcPct: null,
  cbdPct: null,
  type: null,
  brand: null,
  ...over,
});
