import { describe, expect, it } from 'vitest';
import { parseReceiptText } from '@/lib/vision/receipt-parser';
import { withUmlauts } from '@/lib/vision/receipt-umlauts';
import { isSaleTag } from '@/lib/vision/receipt-sale-tags';

/**
 * Follow-up rules of the twenty-third receipt round (issue 14), each on a text written here (not
 * read from the round's images).
 */

describe('a German receipt whose ü OCR read as ii or i', () => {
  const bon = [
    'Kassenbon Nr. 12001                        02.03.2026 11:20',
    'Gelato Cannabisbliiten 10 g                           82,50 €',
    'THC 24,1 %',
    'Wedding Cake Bliten 5 g                               41,00 €',
    'THC 19,0 % | CBD 0,2 %',
    'Zwischensumme                                        123,50 €',
    'Gesamt                                               123,50 €',
    'EC-Karte                                             123,50 €',
  ].join('\n');

  it('reads the product names as printed (Blüten)', () => {
    const r = parseReceiptText(bon);
    expect(r.items.map((it) => it.productName)).toEqual(['Gelato Cannabisblüten 10 g', 'Wedding Cake Blüten 5 g']);
  });

  it('touches only the umlaut words, and not on an English receipt', () => {
    expect(withUmlauts('Bearbeitungsgebiihr  1,00 €')).toBe('Bearbeitungsgebühr  1,00 €');
    expect(withUmlauts('Hawaiian Stick 1g')).toBe('Hawaiian Stick 1g');
    const english = 'Maui Bliten Kush 3.5g            $35.00\nSubtotal  $35.00\nTotal  $35.00';
    expect(parseReceiptText(english).items[0].productName).toBe('Maui Bliten Kush 3.5g');
  });
});

describe('a sale marker with a speck far left of it (a degraded photo)', () => {
  const text = [
    'Super Skunk Cartridge 1g                         $46.58',
    'THC 80.0% - CBD 0.5%',
    'Stardawg Disposable Vape 1g                      $63.52',
    '8         Sale',
    '|       THC 89.3% - CBD 0.2%',
    'Subtotal                                        $110.10',
    'Total                                           $110.10',
  ].join('\n');

  it('is still no item: the potency under it stays the item’s', () => {
    const r = parseReceiptText(text);
    expect(r.items).toHaveLength(2);
    expect(r.items[1]).toMatchObject({ productName: 'Stardawg Disposable Vape 1g', thcPct: 89.3, cbdPct: 0.2 });
    expect(isSaleTag('8         Sale')).toBe(true);
    expect(isSaleTag('2 Sale Kush 1g')).toBe(false);
  });
});
