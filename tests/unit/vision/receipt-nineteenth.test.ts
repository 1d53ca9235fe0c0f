import { describe, expect, it } from 'vitest';
import { parseReceiptText } from '@/lib/vision/receipt-parser';
import { beforeAmounts } from '@/lib/vision/receipt-lines';
import { withoutOtherDates } from '@/lib/vision/receipt-other-dates';
import { namePotency, rowForms } from '@/lib/vision/receipt-row-forms';
import { orderDiscountSlip } from '@/lib/vision/receipt-photo';
import { categorizeLast } from '@/lib/vision/parse-common';
import { dateOf } from '@/lib/vision/receipt-dates';
import { repairFormWords } from '@/lib/vision/receipt-form-words';
import { parenStrain } from '@/lib/vision/receipt-paren-strain';

/** General rules from the nineteenth receipt round (issue 14); the texts are written here, not read from the round's images. */

const items = (text: string) => parseReceiptText(text).items.map((i) => [i.productName, i.grams, i.quantity, i.unitPrice, i.price, i.thcPct, i.cbdPct]);

describe('rows led by their quantity and unit (a counter ticket)', () => {
  it('a count of pieces is the quantity; a weight goes after the name', () => {
    expect(rowForms(['2 each    Gelato Cart 1g      $70.00', '0.125 oz  Blue Dream Flower   $35.00', '1/4 oz    Zoap Flower   $78.30', '28g  Gelato Flower   $134.48'])).toEqual([
      '2 x Gelato Cart 1g      $70.00',
      'Blue Dream Flower 0.125 oz   $35.00',
      'Zoap Flower 1/4 oz   $78.30',
      'Gelato Flower 28g   $134.48',
    ]);
    // (No amount on the row, a weight of the name's own, a weight before a per-gram price: left as they are.)
    for (const row of ['2 each', '1g  Blue Dream Flower 3.5g   $35.00', '3.52 g @ $10.29/g   $36.22', '1 Gelato Flower 3.5g   $35.00']) expect(rowForms([row])).toEqual([row]);
  });

  it('the items read with their weights and quantities', () => {
    const text = [
      'Northstar Cannabis',
      '12/05/26 15:11                     REG 02',
      "1 each    GH Labs Charlotte's Web Pod 1g     $27.65",
      '0.125 oz  Strawberry Cough Flower            $27.01',
      '2 each    Key Lime Pie Shatter 0.5g          $65.54',
      '          @ $32.77 ea',
      '1/4 oz    Mimosa Flower                      $34.48',
      'Subtotal                                  $154.68',
    ].join('\n');
    expect(items(text)).toEqual([
      ["GH Labs Charlotte's Web Pod 1g", 1, 1, 27.65, 27.65, null, null],
      ['Strawberry Cough Flower 0.125 oz', 3.5, 1, 27.01, 27.01, null, null],
      ['Key Lime Pie Shatter 0.5g', 0.5, 2, 32.77, 65.54, null, null],
      ['Mimosa Flower 1/4 oz', 7, 1, 34.48, 34.48, null, null],
    ]);
  });

  it('a weight with three decimals is no amount (the name is not cut before it)', () => {
    expect(beforeAmounts('Blue Dream Flower 0.125 oz   $35.00').trim()).toBe('Blue Dream Flower 0.125 oz');
    expect(beforeAmounts('Blue Dream Flower   35.00').trim()).toBe('Blue Dream Flower');
  });
});

describe('a Potency column beside an item of two rows', () => {
  it('figure-first potency cells: a row of them reads key first; one right of a quantity row moves up to the name', () => {
    expect(rowForms(['21.2% THC   0.7% CBD'])).toEqual(['THC 21.2%   CBD 0.7%']);
    // (THC and CBD key first stay as they are.)
    expect(rowForms(['THC 21.5% CBD 0.3%', 'THC 31,2% CBD 04%'])).toEqual(['THC 21.5% CBD 0.3%', 'THC 31,2% CBD 04%']);
    // (A key-first cell right of a quantity row is that row's own detail: it stays.)
    expect(rowForms(['Pack 1g x 2', '2 @ $21.96   THC 27.3%'])).toEqual(['Pack 1g x 2', '2 @ $21.96   THC 27.3%']);
    expect(rowForms(['Flower 7g (Hawaiian)        21.5% THC', '1@ $56.12 = $56.12          1.1% CBD'])).toEqual([
      'Flower 7g (Hawaiian)        21.5% THC | 1.1% CBD',
      '1@ $56.12 = $56.12',
    ]);
    // (A potency cell right of a row that names its item stays.)
    expect(rowForms(['Gelato Cart 1g   $35.00   88.1% THC'])).toEqual(['Gelato Cart 1g   $35.00   88.1% THC']);
    expect(namePotency('Flower 7g (Hawaiian) 21.5% THC | 1.1% CBD')).toEqual({ name: 'Flower 7g (Hawaiian)', details: ['THC 21.5% | CBD 1.1%'] });
    expect(namePotency('Blue Dream Flower 3.5g')).toEqual({ name: 'Blue Dream Flower 3.5g' });
  });

  it('the items keep their names, take their THC and CBD, and the Potency header is a header', () => {
    const text = [
      'Dulce Cannabis',
      'Item                                 Potency',
      'Flower 7g (Hawaiian)                 21.5% THC',
      '  1 @ $56.12 = $56.12                1.1% CBD',
      'Fiore Smalls 7g (Wedding Crasher)    21.2% THC',
      '  2 @ $60.11 = $120.22',
      'Subtotal                             $176.34',
    ].join('\n');
    expect(items(text)).toEqual([
      ['Flower 7g (Hawaiian)', 7, 1, 56.12, 56.12, 21.5, 1.1],
      ['Fiore Smalls 7g (Wedding Crasher)', 7, 2, 60.11, 120.22, 21.2, null],
    ]);
    // (`Product   Potency` is a header: not the start of the first item's name.)
    expect(items(['Green Leaf', 'Product               Potency', 'Blue Dream Flower 3.5g', '1 @ $35.00 = $35.00', 'Subtotal   $35.00'].join('\n'))).toEqual([
      ['Blue Dream Flower 3.5g', 3.5, 1, 35, 35, null, null],
    ]);
  });

  it('a category word in parentheses (a strain) yields to one outside them; Dogwalker is a pre-roll', () => {
    expect(categorizeLast('Pharmers Smalls 7g (Chocolate Thai)')).toBe('Flower');
    expect(categorizeLast('Pharmers Smalls 7g (Chocolate Thai) 1 @ $70.63 = $70.63')).toBe('Flower');
    expect(categorizeLast('Dogwalker 1g (Pennywise)')).toBe('Pre-Roll');
    expect(categorizeLast('Gummies 10pk (Chocolate)')).toBe('Edible');
    expect(categorizeLast('House Pack (Live Resin)')).toBe('Concentrate');
  });
});

describe('a quantity row whose decimal points blur took', () => {
  it('`2@$1216=%2432` is 2 @ $12.16 = $24.32 when the arithmetic holds', () => {
    expect(rowForms(['  2@$1216=%2432', '1@ $5795 = S5795', '2@$1216=$2433'])).toEqual(['  2 @ $12.16 = $24.32', '1 @ $57.95 = $57.95', '2@$1216=$2433']);
  });
});

describe('a strain in parentheses after its product', () => {
  it('is the strain when the words before name the product and the parentheses hold only a name', () => {
    expect(parenStrain('Cart 1g (Blackberry Kush)')).toBe('Blackberry Kush');
    expect(parenStrain('Cannatron Live Resin 1g (Gelato)')).toBe('Gelato');
    expect(parenStrain('Flower 3.5g (Girl Scout Cookies)')).toBe('Girl Scout Cookies');
    for (const name of [
      'Blue Dream Whole Flower (Sativa)',
      'Gelato 3.5g (H)',
      'House Pack 1g (Live Resin)',
      'Gelato Cart (2 pack)',
      'Dr. Greenthumb (Blue Dream)',
      'Gelato Cart 1g (promo)',
    ])
      expect(parenStrain(name), name).toBeNull();
    const r = parseReceiptText(['Green Leaf', 'Cart 1g (Blackberry Kush)     $38.29', 'Subtotal   $38.29'].join('\n'));
    expect(r.items[0].strainName).toBe('Blackberry Kush');
  });
});

describe('a date with a 0 misread', () => {
  it('`12/85/26` is 12/05/26 (no day or month starts with 6, 8 or 9 in two figures)', () => {
    expect(dateOf('12/85/26 15:11                REG 02', false)).toBe('2026-12-05');
    expect(dateOf('Date: 81/11/2026', true)).toBe('2026-11-01');
    expect(dateOf('11/24/26 3:42 PM', false)).toBe('2026-11-24');
  });
});

describe('an I read as l between capitals', () => {
  it('`AlO Vape` is `AIO Vape`; ordinary words keep their l', () => {
    expect(repairFormWords('Super Lemon Haze AlO Vape 1g   $29.86')).toBe('Super Lemon Haze AIO Vape 1g   $29.86');
    expect(repairFormWords('GELATO AlO VAPE 1G   $29.86')).toBe('GELATO AIO VAPE 1G   $29.86');
    expect(repairFormWords('Lemon Cake Live Rosin 1g   $40.00')).toBe('Lemon Cake Live Rosin 1g   $40.00');
    expect(repairFormWords('Al Capone OG')).toBe('Al Capone OG');
  });
});

describe('a compliance receipt', () => {
  it('harvest, test, packaging and best-by dates are no order dates; the sale date at the foot is', () => {
    expect(withoutOtherDates('Harvested 08/14/2026 · Tested 09/02/2026').replace(/[\s·]/g, '')).toBe('');
    expect(withoutOtherDates('Packaged on 2026-09-01').trim()).toBe('');
    const r = parseReceiptText(
      [
        'Toker King',
        'Ticket #A-8194                 Adult-use 21+',
        'Gelato Crumble 0.5g                 $28.39',
        '  Pkg 1A4356334001387913329',
        '  Harvested 10/01/2026 · Tested 10/20/2026',
        '  Net 0.59 + THC 80.6% · CBD 0.4%',
        'Subtotal                            $28.39',
        'Excise 15%                           $4.26',
        'Total                               $32.65',
        'Sold 12/20/2026 09:05 by Ari',
      ].join('\n'),
    );
    expect(r.orderDate).toBe('2026-12-20');
    // (A bare `0.59` on a receipt whose prices carry `$` is no price: the line is the item's potency detail.)
    expect([r.items[0].thcPct, r.items[0].cbdPct]).toEqual([80.6, 0.4]);
  });

  it('a coupon worded `$10 off` is the order discount, its minus lost', () => {
    const r = parseReceiptText(
      ['Ultra Health', '0.125 oz  Death Star Flower   $28.90', 'Subtotal   $28.90', 'COUPONS', 'TEXT10 $10 off $50+   $10.00', 'Sales tax 10%   $1.89', 'TOTAL   $20.79'].join(
        '\n',
      ),
    );
    expect([r.discount, r.tax, r.total]).toEqual([10, 1.89, 20.79]);
  });

  it('an order discount read with its $ as a figure in front (`-85.68` for `-$5.68`) is put back when the sums say so', () => {
    const items = [{ productName: 'x', price: 56.79, discount: null }] as unknown as Parameters<typeof orderDiscountSlip>[0];
    expect(orderDiscountSlip(items, 85.68, 56.79, 11.76, 62.87)).toBe(5.68);
    expect(orderDiscountSlip(items, 85.68, 56.79, 11.76, 70)).toBe(85.68);
  });
});
