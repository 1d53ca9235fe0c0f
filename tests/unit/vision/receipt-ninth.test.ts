import { describe, expect, it } from 'vitest';
import { categorizeLast } from '@/lib/vision/parse-common';
import { isReturnLine, isSavingsSummary, isVoidLine, voidedIndex } from '@/lib/vision/receipt-cancels';
import { isFaded, repairFadedPrint } from '@/lib/vision/receipt-faded';
import { dateOf, parseReceiptText } from '@/lib/vision/receipt-parser';
import { photoSlips } from '@/lib/vision/receipt-photo';
import { receiptItem } from '@/tests/helpers/receipt-item';
import { strokePage } from '@/tests/helpers/stroke-page';

/** The ninth pass (receipts): voided lines, returns, savings summaries, included duty, faded print. */

const names = (text: string) => parseReceiptText(text).items.map((it) => it.productName);

describe('a line voided at the register', () => {
  const receipt = (voidLine: string) => `Hidden Leaf
HST Reg # 81234 5678 RT0001
Cannatron - Blue Zushi Whole Flower 28 g                 $332.93
   1 x $332.93
   THC 24.3%
WYLD - Cotton Candy 510 Vape Cartridge 0.5 g              $41.52
   1 x $41.52
   THC 77.6% | CBD 0.7%
${voidLine}
WYLD - Lemon Cake Shatter 1 g                             $36.34
   1 x $36.34
Subtotal                                                 $369.27
HST 13%                                                   $48.01
TOTAL CAD                                                $417.28`;

  it.each([
    ['   VOID                                                 -$41.52'],
    ['   ** VOIDED **                                         -$41.52'],
    ['   Line void                                            -$41.52'],
    // On a photo: the V read as \J, the minus lost and the $ read as a 5.
    ['**\\JOIDED **                                           541.52'],
  ])('cancels the item it voids: %s', (voidLine) => {
    const r = parseReceiptText(receipt(voidLine));
    expect(r.items.map((it) => it.productName)).toEqual(['Cannatron - Blue Zushi Whole Flower 28 g', 'WYLD - Lemon Cake Shatter 1 g']);
    expect(r.items.every((it) => it.discount === null)).toBe(true);
    expect(r.subtotal).toBe(369.27);
  });

  it('is told by its words alone (a name with "void" in it is no void line)', () => {
    expect(isVoidLine('** VOIDED **')).toBe(true);
    expect(isVoidLine('Void item')).toBe(true);
    expect(isVoidLine('Void Runner Flower 3.5g')).toBe(false);
    expect(isVoidLine('Avoid')).toBe(false);
  });

  it('cancels the item priced at its amount, else the one just above', () => {
    const it = (price: number) => receiptItem({ productName: String(price), category: 'Flower', grams: 1, unitPrice: price, price });
    const items = [it(10), it(20), it(30)];
    expect(voidedIndex(items, 20, items[2])).toBe(1);
    expect(voidedIndex(items, 520, items[2])).toBe(1);
    expect(voidedIndex(items, 77.77, items[2])).toBe(2);
  });
});

describe('an exchange receipt with promotions and a return', () => {
  const r = parseReceiptText(`NM Green Door
04/14/2026 @ 5:57 AM
Sale/Exchange #54723                          Cashier Nico
Motorbreath Preroll 1g                                  $9.67
Acapulco Gold Flower 7g                                $59.62
   Mix & Match promo                                  -$14.91
Y Griega Flower 7g                                      $0.00
   Promo: Buy 2 Get 1 Free
RETURN Sublime - Blueberry Whole Flower 3.5g          -$32.69
   Orig. receipt #66126  Unopened
Subtotal                                               $21.69
Sales Tax 10%                                           $2.17
Total                                                  $23.86
Visa ****7659                                          $23.86
Your savings today: $14.91
Thank you!`);

  it('reads the sale, not the returned item, and no order discount from the savings summary', () => {
    expect(r.items.map((it) => [it.productName, it.price, it.discount])).toEqual([
      ['Motorbreath Preroll 1g', 9.67, null],
      ['Acapulco Gold Flower 7g', 59.62, 14.91],
      ['Y Griega Flower 7g', 0, null],
    ]);
    expect(r.discount).toBeNull();
    expect([r.subtotal, r.tax, r.total]).toEqual([21.69, 2.17, 23.86]);
  });

  it('the return is lost its minus on a photo: still no item, still no discount', () => {
    expect(names(`Store\nAcapulco Gold Flower 7g   $59.62\nRETURN Sublime - Blueberry Whole Flower 3.5g   $32.69\nSubtotal   $26.93`)).toEqual(['Acapulco Gold Flower 7g']);
    expect(isReturnLine('Refund: Blue Dream 3.5g  -$30.00')).toBe(true);
    expect(isReturnLine('Returning customer')).toBe(false);
  });

  it('savings summaries are no discount', () => {
    expect(isSavingsSummary('Your savings today: $14.91')).toBe(true);
    expect(isSavingsSummary("You've saved $3.00")).toBe(true);
    expect(isSavingsSummary('Rewards discount  -$5.00')).toBe(false);
  });
});

describe('an Ontario receipt', () => {
  const r = parseReceiptText(`High Tides Dispensary
HST Reg # 92184 7797 RT0001
06-Dec-26 19:09                                      Receipt A871011
Tropical Runtz Kief 1 g                                  $104.96
   1 x $104.96
   THC 67.7%
   ON excise stamp · duty incl. $10.50
Black Duck - Bubble Gum 1 g                               $12.45
   1 x $12.45
   ON excise stamp · duty incl. $1.25
Subtotal                                                 $117.41
HST 13%                                                   $15.26
TOTAL CAD                                                $132.67`);

  it('the duty included in a price is no tax of the order; a day-month-two-digit-year date', () => {
    expect(r.tax).toBe(15.26);
    expect(r.orderDate).toBe('2026-12-06');
    expect(r.items.map((it) => [it.productName, it.price, it.thcPct])).toEqual([
      ['Tropical Runtz Kief 1 g', 104.96, 67.7],
      ['Black Duck - Bubble Gum 1 g', 12.45, null],
    ]);
  });

  it('dates: 24-Nov-26 and 02-Jun-26 18:30, the four-digit form unchanged', () => {
    expect(dateOf('24-Nov-26 15:42', false)).toBe('2026-11-24');
    expect(dateOf('02-Jun-26 18:30', false)).toBe('2026-06-02');
    expect(dateOf('24-Nov-2026 03:42 PM', false)).toBe('2026-11-24');
  });

  it('an excise line under an item that is not included is still a tax (California excise lines)', () => {
    const ca = parseReceiptText(`Store\nBlue Dream 1/8 oz   $40.00\n  Excise 15%   $6.00\nSubtotal   $40.00\nSales Tax 7.25%   $2.90\nTOTAL   $48.90`);
    expect(ca.tax).toBe(8.9);
  });
});

describe('Sugar before a weight is a concentrate', () => {
  it.each([
    ['Banana OG Sugar .5g', 'Concentrate'],
    ['Live Sugar 1g', 'Concentrate'],
    ['Sugar Punch Flower 3.5g', 'Flower'],
    ['Sugar Free Gummies 100mg', 'Edible'],
  ])('%s → %s', (name, cat) => expect(categorizeLast(name)).toBe(cat));
});

describe('repairFadedPrint', () => {
  /** Every 6th pixel row missing: a worn print head. */
  const page = (ink: number, gaps: boolean) => strokePage(ink, gaps ? 6 : null);

  // Light grey print missing every 6th row (faded), and dark print missing every 3rd (gapped: an
  // impact printer's dot rows; twelfth receipt round).
  it.each([
    [170, 6, 'light grey print (faded)'],
    [60, 3, 'dark print (gapped)'],
  ])('closes the missing dot rows inside the strokes of ink %i, gap every %i rows: %s', (ink, every) => {
    const { data, w, h } = strokePage(ink, every);
    expect(data[24 * w + 29]).toBe(255);
    expect(repairFadedPrint(data, w, h, 20)).toBe(true);
    expect(data[24 * w + 29]).toBe(ink);
    // Between the strokes and between the rows the paper stays white.
    expect(data[24 * w + 32]).toBe(255);
    expect(data[50 * w + 29]).toBe(255);
  });

  it('faded print is told by its light ink', () => {
    expect(isFaded(page(170, true).data)).toBe(true);
    expect(isFaded(strokePage(60, 3).data)).toBe(false);
  });

  it('leaves solid black print alone', () => {
    const { data, w, h } = page(40, false);
    const before = Uint8Array.from(data);
    expect(isFaded(data)).toBe(false);
    expect(repairFadedPrint(data, w, h, 20)).toBe(false);
    expect(data).toEqual(before);
  });
});

describe('a $ of faint print read as a pound sign', () => {
  it('is a dollar amount (no dispensary receipt prints pounds)', () => {
    expect(photoSlips('EVEREST | KALI MIST FLOWER 14G   £118.80')).toBe('EVEREST | KALI MIST FLOWER 14G   $118.80');
    const r = parseReceiptText(`Store\nDATE 04/07/2026\nPURLIFE | LEMON DIESEL 7G   $136.78\nEVEREST | KALI MIST FLOWER 14G   £118.80\nSUBTOTAL   $255.58`);
    expect(r.items.map((it) => it.price)).toEqual([136.78, 118.8]);
  });
});
