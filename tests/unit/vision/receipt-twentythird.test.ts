import { describe, expect, it } from 'vitest';
import { parseReceiptText } from '@/lib/vision/receipt-parser';
import { germanSummary, vatOfRow } from '@/lib/vision/receipt-german';
import { isSaleTag } from '@/lib/vision/receipt-sale-tags';

/**
 * Rules of the twenty-third receipt round (issue 14), each on a text written here (not read from
 * the round's images): a German till receipt's summary words and VAT table; a sale marker alone on
 * its row under an item.
 */

describe('a German till receipt (Kassenbon)', () => {
  const bon = [
    'Apotheke am Dom',
    'Kassenbon Nr. 40211                        14.02.2026 10:05',
    'Artikel                                                   EUR',
    'Gelato Blüten 10 g                                    82,50 €',
    'THC 24,1 %',
    'Sour Diesel Extrakt 1 g                               31,20 €',
    'THC 71,0 % | CBD 0,6 %',
    'Zwischensumme                                        113,70 €',
    'Treuerabatt                                           -5,00 €',
    'Gesamt                                               108,70 €',
    'EC-Karte                                             108,70 €',
    'MwSt          Netto        Steuer                      Brutto',
    'A 19 %        91,34         17,36                      108,70',
    'Preise inkl. MwSt. Vielen Dank!',
  ].join('\n');

  it('reads its subtotal, discount and total, and the VAT the prices include as the tax', () => {
    const r = parseReceiptText(bon);
    expect(r.items.map((it) => it.productName)).toEqual(['Gelato Blüten 10 g', 'Sour Diesel Extrakt 1 g']);
    expect(r.subtotal).toBe(113.7);
    expect(r.discount).toBe(5);
    expect(r.total).toBe(108.7);
    expect(r.tax).toBe(17.36);
  });

  it('takes the smaller addend of net + VAT = gross, and leaves an English receipt alone', () => {
    expect(vatOfRow('Al19%   110,45   20,98   131,43')).toBe('20,98');
    expect(vatOfRow('B 7 %  1,87  26,73  28,60')).toBe('1,87');
    expect(vatOfRow('A 19 %  110,45  131,43')).toBeNull();
    const english = ['Subtotal  $40.00', 'Gesamt Farms Kush 3.5g  $35.00', 'Total  $42.00'];
    expect(germanSummary(english)).toEqual(english);
    // (Same count of rows: they stay beside their word boxes.)
    expect(germanSummary(bon.split('\n'))).toHaveLength(bon.split('\n').length);
  });
});

describe('a sale marker under an item', () => {
  const text = [
    'Island Sweet Skunk Pre-Roll 1g          —_—      $31.66',
    'Sale',
    '2 x $15.83',
    'THC 16.6%',
    'Mango Kush Flower 3.5g                  $35.00   $31.10',
    'On sale!',
    'THC 28.7% · CBD 1.4%',
    'Subtotal                                         $62.76',
    'Sales tax (6%)                                    $3.77',
    'Total                                            $66.53',
  ].join('\n');

  it('is no item: the quantity and potency under it stay the item’s', () => {
    const r = parseReceiptText(text);
    expect(r.items).toHaveLength(2);
    expect(r.items[0]).toMatchObject({ quantity: 2, unitPrice: 15.83, price: 31.66, thcPct: 16.6 });
    expect(r.items[1]).toMatchObject({ price: 31.1, thcPct: 28.7, cbdPct: 1.4 });
    expect(isSaleTag('Sale Price')).toBe(true);
    expect(isSaleTag('Sale Blue Dream 3.5g')).toBe(false);
  });
});
