import { describe, expect, it } from 'vitest';
import { flattenCreases } from '@/lib/vision/receipt-creases';
import { isBareCode, isPotencyDetail } from '@/lib/vision/receipt-detail-lines';
import { dateOf, parseReceiptText } from '@/lib/vision/receipt-parser';
import { withoutStretchedBoxes } from '@/lib/vision/receipt-rows';
import { packGrams } from '@/lib/vision/receipt-lines';
import { receiptSlips } from '@/lib/vision/receipt-text-slips';
import type { WordBox } from '@/lib/vision/parse-common';

/** Rules added after the eighth receipt round's blind run (not blind any more). */

describe('a POS ticket with a bare package tag and "CBD: <0.1%" under each item', () => {
  const r = parseReceiptText(`DARK MATTER
11/19/2026 04:30:50 PM
QTY   ITEM   UNIT   TOTAL
2   Pennywise Pre-Roll 1g   $24.10   $48.20
1A470669230009B4F9634340
THC: 16.1% | CBD: <0.1%
1   White Runtz Flower 1/4oz   $74.69   $74.69
1A448166580003A2C9511047
THC: 17.8% | CBD: 0.4%
Sub-Total   $122.89
Excise Tax   $7.01
Sales Tax   $4.68
TOTAL   $134.58`);

  it('reads the potency under the tag as the item\'s, and "<0.1%" as no CBD figure', () => {
    expect(r.items.map((i) => [i.productName, i.quantity, i.unitPrice, i.price, i.thcPct, i.cbdPct])).toEqual([
      ['Pennywise Pre-Roll 1g', 2, 24.1, 48.2, 16.1, null],
      ['White Runtz Flower 1/4oz', 1, 74.69, 74.69, 17.8, 0.4],
    ]);
    expect(r.tax).toBe(11.69);
  });

  it('takes a long run of capitals and digits for a tag, not a name', () => {
    expect(isBareCode('1A470669230009B4F9634340')).toBe(true);
    expect(isBareCode('1A4 0669230009 B4F9634340')).toBe(true);
    expect(isBareCode('BLUE DREAM FLOWER')).toBe(false);
    expect(isBareCode('OG KUSH 1234')).toBe(false);
  });
});

describe('a Spanish receipt', () => {
  const r = parseReceiptText(`Daft Republic
Dispensario medicinal
Fecha: 05/03/2026  3:00 p. m.
Recibo #25006   Cajero: Jorge
Paciente: ****1367
Papaya Shatter 1g   $73.16
   2 x $36.58
   Concentrado · THC 68.2%
   Descuento 10%   -$7.32
Lemon Kush 3.5 g   $46.45
   Flor · THC 21.3% · CBD 0.4%
Subtotal   $112.29
Descuento paciente   -$5.00
IVU estatal 10.5%   $11.27
IVU municipal 1%   $1.07
TOTAL   $119.63
Efectivo   $120.00
Cambio   $0.37`);

  it('reads the potency under a category word in Spanish, the Descuento lines and the IVU taxes', () => {
    expect(r.items.map((i) => [i.productName, i.quantity, i.price, i.discount, i.thcPct, i.cbdPct])).toEqual([
      ['Papaya Shatter 1g', 2, 73.16, 7.32, 68.2, null],
      ['Lemon Kush 3.5 g', 1, 46.45, null, 21.3, 0.4],
    ]);
    expect([r.subtotal, r.discount, r.tax, r.total]).toEqual([112.29, 5, 12.34, 119.63]);
  });

  it('reads a "Fecha:" date day first', () => {
    expect(r.orderDate).toBe('2026-03-05');
    expect(dateOf('Fecha: 05/03/2026', false)).toBe('2026-03-05');
    expect(dateOf('Date: 05/03/2026', false)).toBe('2026-05-03');
  });

  it('takes a potency line for a detail only when one word at most stands before the figure', () => {
    expect(isPotencyDetail('Vaporizador - THC 85.2%')).toBe(true);
    expect(isPotencyDetail('Pre-enrollado · THC 28.6%')).toBe(true);
    expect(isPotencyDetail('Blue Dream Flower THC 22%')).toBe(false);
  });
});

describe('a table with a Size column and a per-line Tax column', () => {
  const table = (head: string) =>
    parseReceiptText(`DEEP SKY CANNABIS
Apr 17 2026  1:56 AM
${head}
1   SKYWALKER OG ROSIN   .5g   $41.60   $8.32
2   AFGHAN KUSH   3.5g   $80.98   $16.20
1   COLOMBIAN GOLD PREROLL   2 x 1g   $23.14   $4.63
Subtotal   $145.72
Cannabis Tax 20%   $29.15
TOTAL   $174.87`);

  it('takes the Price column for the price and the Size cell into the name', () => {
    const r = table('Qty   Item   Size   Price   Tax');
    expect(r.items.map((i) => [i.productName, i.grams, i.quantity, i.unitPrice, i.price])).toEqual([
      ['SKYWALKER OG ROSIN .5g', 0.5, 1, 41.6, 41.6],
      ['AFGHAN KUSH 3.5g', 3.5, 2, 40.49, 80.98],
      ['COLOMBIAN GOLD PREROLL 2 x 1g', 2, 1, 23.14, 23.14],
    ]);
    expect(r.tax).toBe(29.15);
  });

  it('does the same when the header row was not read (a second amount under half the first is its tax)', () => {
    expect(table('').items.map((i) => i.price)).toEqual([41.6, 80.98, 23.14]);
  });

  it('keeps "1 @ 94.74" with its @ read as 0 ("1094.74   94.74") a price, not a price and its tax', () => {
    const r = parseReceiptText(`STORE\nThin Mint GSC Smalls 1/4oz\n   1094.74      94.74 T\nSUBTOTAL   94.74\nTOTAL   113.69`);
    expect(r.items[0].price).toBe(94.74);
  });

  it('reads a pack printed count first as the count times the weight', () => {
    expect(packGrams('Colombian Gold Preroll 2 x 1g')).toBe(2);
    expect(packGrams('Jack Herer Pre-Roll 5 x .5g')).toBe(2.5);
    expect(packGrams('Blue Dream 3.5g')).toBeNull();
  });
});

describe('OCR slips of the eighth round', () => {
  it.each([
    ['3.5¢g', '3.5g'],
    ['Gushers Premium Flower 1/8o0z', 'Gushers Premium Flower 1/8oz'],
    ['WHITE RUNTZ FLOWER 1/40Z', 'WHITE RUNTZ FLOWER 1/4oz'],
    ['BISCOTTI FLOWER 1202', 'BISCOTTI FLOWER 1/2oz'],
    ['2 PENNYWISE PRE-ROLL $2410 $4820', '2 PENNYWISE PRE-ROLL $24.10 $48.20'],
    ['Lemon Cake Pre-Roll .5G   $987', 'Lemon Cake Pre-Roll .5G   $9.87'],
    ['CANDYLAND   35g   $38.72', 'CANDYLAND   3.5g   $38.72'],
  ])('%s → %s', (raw, fixed) => expect(receiptSlips(raw)).toBe(fixed));

  it('keeps whole amounts and ordinary weights', () => {
    expect(receiptSlips('Spend $100 get 10% off')).toBe('Spend $100 get 10% off');
    expect(receiptSlips('OG Kush 28g   $180.00')).toBe('OG Kush 28g   $180.00');
  });

  it('reads "Jun 92026" (the gap before the year lost) as 9 June', () => expect(dateOf('Jun 92026 3:37 PM', false)).toBe('2026-06-09'));

  it('finds the order date on a line whose month, day and year OCR glued together ("Sep242026")', () => {
    const r = parseReceiptText(`LUCENT ABQ\nSep242026 12:27PM\nBlue Dream 3.5g   $35.00\nTOTAL   $35.00`);
    expect(r.orderDate).toBe('2026-09-24');
  });
});

describe('word boxes stretched across the row', () => {
  const w = (text: string, x0: number, x1: number): WordBox => ({ text, line: 1, x0, x1, y0: 10, y1: 30, conf: 90 });
  it('are left out, the other words kept', () => {
    const words = [w('1', 50, 60), w('Apple', 100, 180), w('Fritter', 190, 300), w('Smalls', 310, 400), w('$134.07', 50, 1700), w('$134.07', 1500, 1700)];
    expect(withoutStretchedBoxes(words).map((x) => x.x0)).toEqual([50, 100, 190, 310, 1500]);
  });
});

describe('flattenCreases', () => {
  /** A grey page: paper 230, a text-like speck pattern, a crease band 20 % darker on rows 100–107. */
  function page(band: (y: number) => number): { data: Uint8Array; w: number; h: number } {
    const w = 600;
    const h = 200;
    const data = new Uint8Array(w * h).fill(230);
    for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) if ((x * 7 + y * 3) % 41 === 0) data[y * w + x] = 40;
    for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) data[y * w + x] = Math.round(data[y * w + x] * band(y));
    return { data, w, h };
  }

  it('brightens a narrow shadow band across the page back to the paper around it', () => {
    const { data, w, h } = page((y) => (y >= 100 && y < 108 ? 0.8 : 1));
    expect(flattenCreases(data, w, h, 20)).toBe(8);
    expect(data[104 * w + 1]).toBeGreaterThanOrEqual(228);
    expect(data[50 * w + 1]).toBe(230);
  });

  it('leaves a page without a band, and a dark block (no shadow) alone', () => {
    const plain = page(() => 1);
    expect(flattenCreases(plain.data, plain.w, plain.h, 20)).toBe(0);
    const black = page((y) => (y >= 100 && y < 130 ? 0.2 : 1));
    expect(flattenCreases(black.data, black.w, black.h, 20)).toBe(0);
  });
});
