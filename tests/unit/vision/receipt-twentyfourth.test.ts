import { describe, expect, it } from 'vitest';
import { parseReceiptText } from '@/lib/vision/receipt-parser';
import { dateOf } from '@/lib/vision/receipt-dates';
import { parseDate } from '@/lib/vision/parse-common';
import { wholeDollars } from '@/lib/vision/receipt-whole-dollars';
import { includedTaxLines, isTaxBase, signAsDigitTotal } from '@/lib/vision/receipt-included-taxes';
import { qtyLedGap, unitEachRows, unitTimesQty } from '@/lib/vision/receipt-unit-times';
import { gregorianYear } from '@/lib/vision/buddhist-era';

/**
 * Rules from the twenty-fourth receipt round (issue 14), each on a text written here (not read
 * from the round's images): whole-dollar prices, taxes included in the prices, a unit price
 * before its quantity, a currency sign read as a digit, Buddhist-era and two-digit-year dates, a
 * quantity-led row with its amount one space after the name.
 */

describe('an out-the-door ticket priced in whole dollars, taxes included', () => {
  const ticket = [
    'GREEN CORNER',
    '*** TAX INCLUDED IN ALL PRICES ***',
    'Date: 04-18-26  Time: 2:07p',
    '1   Wedding Cake Flower 7g                     $60',
    '    THC 24.5%',
    '2   Jack Herer Preroll 1g                      $20',
    '    @ $10 ea',
    '    Happy Hour 10% off                         -$2',
    'Subtotal                                       $78',
    'Total                                          $78',
    'Debit                                          $78',
    'Taxes included:',
    '  Excise 10%                               $6.72',
    '  Sales 6%                                 $4.03',
    '  Pre-tax amount                          $67.25',
  ].join('\n');

  it('reads the whole-dollar figures as amounts, the included taxes as the tax, and adds nothing to the total', () => {
    const r = parseReceiptText(ticket);
    expect(r.items.map((it) => [it.productName, it.quantity, it.unitPrice, it.price, it.discount])).toEqual([
      ['Wedding Cake Flower 7g', 1, 60, 60, null],
      ['Jack Herer Preroll 1g', 2, 10, 20, 2],
    ]);
    expect([r.subtotal, r.tax, r.total]).toEqual([78, 10.75, 78]);
    expect(r.orderDate).toBe('2026-04-18');
  });

  it('writes whole dollars with cents only when the rows add up to the sum below them', () => {
    expect(wholeDollars(['A  $60', 'B  $20', '  x  -$2', 'Subtotal  $78', '  @ $10 ea'])).toEqual(['A  $60.00', 'B  $20.00', '  x  -$2.00', 'Subtotal  $78.00', '  @ $10.00 ea']);
    // A point lost on one figure of a receipt with cents: too few rows end that way.
    const lost = ['A  $35.00', 'B  $2000', 'Subtotal  $55.00'];
    expect(wholeDollars(lost)).toEqual(lost);
    // Rows whose figures do not add up to the subtotal: left as they are.
    const off = ['A  $60', 'B  $20', 'Subtotal  $90'];
    expect(wholeDollars(off)).toEqual(off);
  });

  it('reads rate rows under a taxes-included heading as taxes, and a pre-tax amount as none', () => {
    expect(includedTaxLines(['Taxes included:', '  Sales 6%   $4.03', '  Excise 10%  $6.72', 'Thank you'])).toEqual([
      'Taxes included:',
      '  Sales 6% tax   $4.03',
      '  Excise 10%  $6.72',
      'Thank you',
    ]);
    expect(includedTaxLines(['Sales 6%   $4.03'])).toEqual(['Sales 6%   $4.03']);
    expect(isTaxBase('Pre-tax amount   $67.25')).toBe(true);
    expect(isTaxBase('Vatable  5,127.10')).toBe(true);
    expect(isTaxBase('Sales tax 6%  $4.03')).toBe(false);
  });
});

describe('a Thai tax invoice in baht', () => {
  const abb = [
    'Kannabis Klub',
    'RECEIPT / TAX INVOICE (ABB)',
    'No. R2569-85522                          29/11/2569 16:00',
    'Item                                         Amount (THB)',
    'Hawaiian Joint 1g                                  724.00',
    '@ 362.00 x 2',
    'THC 21.4%',
    'King Tut Premium Bud 3.5g                        2,334.00',
    '@ 1,167.00 x 2',
    'THC 15.1%  CBD 0.9%',
    'Subtotal                                         3,058.00',
    'TOTAL                                           83,058.00',
    'Cash                                             3,500.00',
    'Change                                             442.00',
    'Vatable                                          2,857.94',
    'VAT 7%                                             200.06',
  ].join('\n');

  it('reads the unit price before its quantity, the Buddhist-era date, and the total whose ฿ was read as 8', () => {
    const r = parseReceiptText(abb);
    expect(r.items.map((it) => [it.productName, it.quantity, it.unitPrice, it.price, it.thcPct])).toEqual([
      ['Hawaiian Joint 1g', 2, 362, 724, 21.4],
      ['King Tut Premium Bud 3.5g', 2, 1167, 2334, 15.1],
    ]);
    expect(r.orderDate).toBe('2026-11-29');
    expect([r.subtotal, r.tax, r.total]).toEqual([3058, 200.06, 3058]);
  });

  it('takes a unit-first line only when it multiplies out to the price above', () => {
    expect(unitTimesQty('@ 1,167.00 x 2', 2334)).toEqual({ quantity: 2, unitPrice: 1167 });
    expect(unitTimesQty('@ 1,167.00 x 2', 1167)).toBeNull();
    expect(signAsDigitTotal(83058, 3058, null)).toBe(3058);
    expect(signAsDigitTotal(3058, 3058, null)).toBe(3058);
    expect(signAsDigitTotal(83058, 3000, null)).toBe(83058);
  });

  it('reads Buddhist-era years as Gregorian ones, and only those', () => {
    expect(gregorianYear(2569)).toBe(2026);
    expect(gregorianYear(2026)).toBe(2026);
    expect(parseDate('09/09/2569')).toBe('2026-09-09');
    expect(dateOf('29/11/2569 16:00', false)).toBe('2026-11-29');
  });
});

describe('a unit price alone under an item whose quantity was not read', () => {
  it('gives the quantity the unit goes into the price', () => {
    const r = parseReceiptText(
      ['Store Nine', 'Sour Tsunami 28g                  $490', '@ $245 ea', 'THC 26.3%', 'Triangle Kush Flower 7g           $50', 'Subtotal                          $540'].join(
        '\n',
      ),
    );
    expect(r.items.map((it) => [it.productName, it.quantity, it.unitPrice, it.price, it.thcPct])).toEqual([
      ['Sour Tsunami 28g', 2, 245, 490, 26.3],
      ['Triangle Kush Flower 7g', 1, 50, 50, null],
    ]);
    expect(unitEachRows(['Sour Tsunami 28g   $490.00', '@ $245.00 ea'])[1]).toBe('2 @ $245.00 ea');
    expect(unitEachRows(['Sour Tsunami 28g   $500.00', '@ $245.00 ea'])[1]).toBe('@ $245.00 ea');
  });
});

describe('a garbled line over a quantity-led row', () => {
  it('is not the start of the row name', () => {
    const r = parseReceiptText(
      [
        'TAFOYA FARMS',
        'Date: 03-22-26 Time: 12:54p',
        'Vickat spouse oo oo co BeGenER JY',
        '1 Y Griega Flower 14g                       $105',
        'THC 28.9%',
        '1 PurLife Headband Flower 14g               $100',
        'Subtotal                                  $205',
      ].join('\n'),
    );
    expect(r.items.map((it) => [it.productName, it.quantity, it.price])).toEqual([
      ['Y Griega Flower 14g', 1, 105],
      ['PurLife Headband Flower 14g', 1, 100],
    ]);
  });
});

describe('a two-digit year after dashes', () => {
  it('is this century on a line that says date or carries a time, and not otherwise', () => {
    expect(dateOf('Date: 02-27-26  Time: 9:34a', false)).toBe('2026-02-27');
    expect(dateOf('02-27-26 9:34a', false)).toBe('2026-02-27');
    expect(dateOf('Lot 02-27-26', false)).toBeNull();
  });
});

describe('an order sent as text messages', () => {
  it('reads a quantity-led row whose amount is one space after the name', () => {
    const sms = ['Roadrunner Greens', '1x Vanilla Frosting 7g     $74.78', 'THC 20.6% CBD 1.1%', '1x Northern Lights Shatter 1g $33.42', 'THC 72.3%', 'Subtotal     $108.20'].join(
      '\n',
    );
    const r = parseReceiptText(sms);
    expect(r.items.map((it) => [it.productName, it.quantity, it.price])).toEqual([
      ['Vanilla Frosting 7g', 1, 74.78],
      ['Northern Lights Shatter 1g', 1, 33.42],
    ]);
    expect(qtyLedGap('1x Northern Lights Shatter 1g $33.42')).toBe('1x Northern Lights Shatter 1g   $33.42');
    expect(qtyLedGap('Northern Lights Shatter 1g $33.42')).toBe('Northern Lights Shatter 1g $33.42');
  });
});
