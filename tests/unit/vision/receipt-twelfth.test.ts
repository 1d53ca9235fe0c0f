import { describe, expect, it } from 'vitest';
import { moneyOn } from '@/lib/vision/parse-common';
import { isPotencyDetail, isQtyUnitDetail } from '@/lib/vision/receipt-detail-lines';
import { GAPPED, gappedShare, stretchFadedInk } from '@/lib/vision/receipt-faded';
import { capsWeightSlips } from '@/lib/vision/receipt-photo';
import { parseReceiptText } from '@/lib/vision/receipt-parser';
import { receiptItem } from '@/tests/helpers/receipt-item';
import { strokePage } from '@/tests/helpers/stroke-page';

/** Fixes after the twelfth receipt round (dot-matrix, bilingual-pairs, usd-suffix). */

const item = (price: number | null) => receiptItem({ productName: 'Sour OG Badder 2g', category: 'Concentrate', grams: 2, unitPrice: price, price });

describe('money is no piece of a date written with dots', () => {
  it.each([
    ['12.12.2026 15:24   Invoice 756285', []],
    ['2026.11.28', []],
    ['28,11,2026', []],
    ['Hindu Kush Flower 14g   277.08 USD', [277.08]],
    ['Total $1,234.56', [1234.56]],
    ['Qty 2 ea x 138.54 USD', [138.54]],
  ])('%s', (line, want) => {
    expect(moneyOn(line).map((m) => m.value)).toEqual(want);
  });

  it('an invoice date line is no item', () => {
    const r = parseReceiptText(
      [
        'Oasis Cannabis Co',
        '12.12.2026 15:24      Invoice 756285',
        'Hindu Kush Flower 14g      277.08 USD',
        'Qty 2 ea x 138.54 USD',
        'Subtotal     277.08 USD',
        'Total      304.79 USD',
      ].join('\n'),
    );
    expect(r.items.map((i) => [i.productName, i.quantity, i.unitPrice, i.price])).toEqual([['Hindu Kush Flower 14g', 2, 138.54, 277.08]]);
    expect(r.orderDate).toBe('2026-12-12');
  });
});

describe('a detail line in another language with the quantity and unit price of the item above', () => {
  it.each([
    ['Concentrado · 2g · THC 84.3% · 2 x $75.42', 150.84, true],
    ['Concentrado - 2g - THC 84.3% - 2 x $75.42', 150.84, true],
    ['Flor · 3.5g · THC 22.1% · 3 @ $12.00', 36, true],
    // The product does not multiply out to the line above: an item of its own.
    ['Concentrado · 2g · THC 84.3% · 2 x $75.42', 86.56, false],
    // A name before the potency: an item line.
    ['Sour OG Badder 2g THC 84.3% 2 x $75.42', 150.84, false],
    // Another amount besides the unit price.
    ['Flor · THC 22.1% · 2 x $12.00 $24.00', 24, false],
  ])('%s under $%d → %s', (line, price, want) => {
    expect(isQtyUnitDetail(line, item(price))).toBe(want);
  });

  it('needs an item above', () => {
    expect(isQtyUnitDetail('Flor · THC 22.1% · 2 x $12.00', null)).toBe(false);
    expect(isQtyUnitDetail('Flor · THC 22.1% · 2 x $12.00', item(null))).toBe(false);
  });

  it('a weight is no word before the potency', () => {
    expect(isPotencyDetail('Concentrado · 2g · THC 84.3%')).toBe(true);
    expect(isPotencyDetail('Blue Dream 3.5g THC 22%')).toBe(false);
  });

  it('reads the receipt: quantity, unit price and potency go to the item above', () => {
    const r = parseReceiptText(
      [
        'Deming Cannabis Company',
        '10/04/2026 19:49                  #915604',
        'Sour OG Badder 2g                       $150.84',
        'Concentrado - 2g - THC 84.3% - 2 x $75.42',
        'Black Afghan Badder 2g                   $86.56',
        'Concentrado - 2g - THC 80.6%',
        'Subtotal / Subtotal                     $237.40',
        'Tax / Impuesto 8%                        $18.99',
        'Total                                   $256.39',
      ].join('\n'),
    );
    expect(r.items.map((i) => [i.productName, i.quantity, i.unitPrice, i.price, i.thcPct])).toEqual([
      ['Sour OG Badder 2g', 2, 75.42, 150.84, 84.3],
      ['Black Afghan Badder 2g', 1, 86.56, 86.56, 80.6],
    ]);
    expect(r.subtotal).toBe(237.4);
  });
});

describe('gapped print (dot rows of an impact printer)', () => {
  const page = strokePage;

  it('measures the share of thin gaps inside strokes', () => {
    const gapped = page(60, 3);
    const solid = page(60, null);
    expect(gappedShare(gapped.data, gapped.w, gapped.h, 20)).toBeGreaterThan(GAPPED);
    expect(gappedShare(solid.data, solid.w, solid.h, 20)).toBe(0);
  });

  // Closing them: receipt-ninth.test.ts (repairFadedPrint).

  it('leaves gaps taller than a dot row alone (the counters of letters)', () => {
    // Strokes broken every 8 rows by a 4-row gap: no dot row, a letter's shape.
    const w = 200;
    const h = 100;
    const data = new Uint8Array(w * h).fill(255);
    for (let y = 20; y < 60; y++) for (let x = 20; x < 180; x++) if (x % 9 < 3 && y % 8 < 4) data[y * w + x] = 60;
    expect(gappedShare(data, w, h, 20)).toBeLessThan(GAPPED);
  });
});

describe('the G of a weight read as 6 (or its 2 as Z) at the end of a name', () => {
  it.each([
    ['TRIANGLE KUSH DISPOSABLE 16             27.96', 'TRIANGLE KUSH DISPOSABLE 1g             27.96'],
    ['PURPLE HAZE DISPOSABLE 0.56              27.20', 'PURPLE HAZE DISPOSABLE 0.5g              27.20'],
    ['BANANA OG ROSIN ZG                         81.35', 'BANANA OG ROSIN 2G                         81.35'],
    ['ZKITTLEZ 3.56', 'ZKITTLEZ 3.5g'],
    ['MASTER KUSH PREMIUM FLOWER 3.56   $83.30', 'MASTER KUSH PREMIUM FLOWER 3.5g   $83.30'],
    ['LA CONFIDENTIAL SMALLS 3.56   3.56', 'LA CONFIDENTIAL SMALLS 3.5g   3.56'],
    // A weight already on the line, lowercase letters, a number no one weighs by, no name: as printed.
    ['GELATO 41 3.5G   35.00', 'GELATO 41 3.5G   35.00'],
    ['Blue Dream 16   35.00', 'Blue Dream 16   35.00'],
    ['Blue Dream Flower 16   $35.00', 'Blue Dream Flower 1g   $35.00'],
    ['PACK 46   10.00', 'PACK 46   10.00'],
    ['2 @ 30.46', '2 @ 30.46'],
    ['SUBTOTAL   55.16', 'SUBTOTAL   55.16'],
  ])('%s', (line, want) => {
    expect(capsWeightSlips(line)).toBe(want);
  });

  it('reads the item with its weight and price', () => {
    const r = parseReceiptText(['EARL AND TOMS', '12/21/2026 19:08', 'PURPLE HAZE DISPOSABLE 0.56              27.20', 'SUBTOTAL       27.20'].join('\n'));
    expect(r.items.map((i) => [i.productName, i.grams, i.unitPrice, i.price])).toEqual([['PURPLE HAZE DISPOSABLE 0.5g', 0.5, 27.2, 27.2]]);
  });
});

describe('faded ink stretched to black (the rescue try of a faded receipt that read nothing)', () => {
  function page(ink: number): Uint8Array {
    const data = new Uint8Array(400 * 100).fill(255);
    for (let y = 20; y < 40; y++) for (let x = 20; x < 380; x++) if (x % 9 < 3) data[y * 400 + x] = ink;
    return data;
  }

  it('turns faded ink black and leaves the paper white', () => {
    const data = page(175);
    expect(stretchFadedInk(data)).toBe(true);
    expect(data[25 * 400 + 20]).toBe(0);
    expect(data[25 * 400 + 24]).toBe(255);
  });

  it('leaves black print alone', () => {
    const data = page(40);
    const before = Uint8Array.from(data);
    expect(stretchFadedInk(data)).toBe(false);
    expect(data).toEqual(before);
  });
});
