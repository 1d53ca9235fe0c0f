import { describe, expect, it } from 'vitest';
import { ready } from '@/lib/bootstrap';
import { assembleReceipt } from '@/lib/vision/assemble';
import type { ParsedReceipt, ParsedReceiptItem } from '@/lib/vision/types';

function item(productName: string): ParsedReceiptItem {
  return {
    productName,
    strainName: null,
    category: 'Flower',
    grams: 3.5,
    quantity: 1,
    unitPrice: 30,
    price: 30,
    discount: null,
    thcPct: null,
    cbdPct: null,
    type: null,
    brand: null,
  };
}

function receipt(names: string[]): ParsedReceipt {
  return { dispensaryName: 'Test Store', orderDate: null, items: names.map(item), discount: null, subtotal: null, tax: null, total: null, coverage: 1 };
}

describe('assembleReceipt: which matches name the strain', () => {
  // Each row: the printed product, the match's confidence against the seed catalog, the strain
  // name answered, whether the matched type is used.
  it.each([
    ['Blue Dream 3.5g', 'high', 'Blue Dream'],
    ['Blue Dreamz 3.5g', 'medium', 'Blue Dream'],
    // A low (trigram) match is kept in `strain` for the client to judge, but the name printed on
    // the paper stays the strain name and the catalog's type is not copied onto it.
    ['Sour Deisel 3.5g', 'low', 'Sour Deisel'],
  ] as const)('%s → %s match, strainName %s', async (printed, confidence, strainName) => {
    const data = await assembleReceipt(await ready(), receipt([printed]), { engine: 'text', engineConfidence: null, attemptId: null });
    const [it0] = data.items;
    expect(it0.strain?.matchConfidence).toBe(confidence);
    expect(it0.strainName).toBe(strainName);
    if (confidence === 'low') expect(it0.type).toBeNull();
    else expect(it0.type).not.toBeNull();
  });
});
