import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { dateOf, parseReceiptText } from '@/lib/vision/receipt-parser';
import { withoutLineNumbers } from '@/lib/vision/receipt-line-numbers';
import { isPageCarry } from '@/lib/vision/receipt-pages';
import { findPaper, paperOnTable } from '@/lib/vision/receipt-paper';
import { eraseTightRules } from '@/lib/vision/receipt-rules';
import { gluedQtyUnit, repairUnitSlip } from '@/lib/vision/receipt-photo';
import type { ImageInput, ParsedReceiptItem } from '@/lib/vision/types';

/** The tenth pass's receipt rules (after the tenth round's blind run). */

describe('a receipt printed on two pages', () => {
  it('knows the page lines: numbers, the carried and brought-forward sums, the continued heading', () => {
    for (const l of [
      'Page subtotal   $140.79',
      'Brought forward  $140.79',
      'Carried forward $88.00',
      '** Continued on next page **',
      'Buds N More (continued)',
      'Receipt #R1 Page 2 of 2',
      'Balance fwd $12.00',
    ])
      expect(isPageCarry(l), l).toBe(true);
    for (const l of ['Subtotal  $140.79', 'Discontinued strain Blue Dream 3.5g  $20.00', 'Blue Dream Flower 3.5g  $35.00', 'Total $20.00']) expect(isPageCarry(l), l).toBe(false);
  });

  it('reads the items of both pages, neither carried sum an item or the subtotal', () => {
    const text = [
      'Buds N More Dispensary',
      '10/14/2026 5:53 PM          Page 1 of 2',
      'Blue Dream Whole Flower 3.5g          $35.00',
      'THC 21.2%',
      'Gelato Live Rosin 1g                  $40.00',
      'Page subtotal                          $75.00',
      '** Continued on next page **',
      'Buds N More Dispensary (continued)',
      'Receipt #R964886                 Page 2 of 2',
      'Brought forward                        $75.00',
      'Sour Diesel Pre-Roll 1g               $12.00',
      'Subtotal                               $87.00',
      'Sales tax 7.5%                          $6.53',
      'Total                                  $93.53',
    ].join('\n');
    const r = parseReceiptText(text);
    expect(r.items.map((i) => i.productName)).toEqual(['Blue Dream Whole Flower 3.5g', 'Gelato Live Rosin 1g', 'Sour Diesel Pre-Roll 1g']);
    expect(r.subtotal).toBe(87);
    expect(r.total).toBe(93.53);
    expect(r.orderDate).toBe('2026-10-14');
    expect(r.dispensaryName).toBe('Buds N More Dispensary');
  });
});

describe('numbered item lines (a self-checkout kiosk)', () => {
  it('takes zero-padded or pointed numbers that count 1, 2, 3 off the lines', () => {
    expect(withoutLineNumbers(['Store', '01 Blue Dream 3.5g   $35.00 T', 'Qty 2 x $17.50', '02 Gelato 1g   $12.00 T'])).toEqual([
      'Store',
      'Blue Dream 3.5g   $35.00 T',
      'Qty 2 x $17.50',
      'Gelato 1g   $12.00 T',
    ]);
    expect(withoutLineNumbers(['01 Blue Dream 3.5g  $35.00 T', '02 Gelato 1g  $12.00 T', '©3 Mimosa 1g  $9.00 7'])).toEqual([
      'Blue Dream 3.5g  $35.00 T',
      'Gelato 1g  $12.00 T',
      'Mimosa 1g  $9.00 7',
    ]);
    expect(withoutLineNumbers(['1. Blue Dream 3.5g  $35.00', '2. Gelato 1g  $12.00'])).toEqual(['Blue Dream 3.5g  $35.00', 'Gelato 1g  $12.00']);
  });

  it('leaves quantities alone: bare numbers, a single numbered line, numbers out of order', () => {
    const qtyFirst = ['2  Blue Dream 3.5g   $70.00', '1  Gelato 1g   $12.00'];
    expect(withoutLineNumbers(qtyFirst)).toEqual(qtyFirst);
    const plain = ['1  Blue Dream 3.5g   $35.00', '2  Gelato 1g   $24.00'];
    expect(withoutLineNumbers(plain)).toEqual(plain);
    expect(withoutLineNumbers(['01 Blue Dream 3.5g $35.00', 'Gelato 1g $12.00'])).toEqual(['01 Blue Dream 3.5g $35.00', 'Gelato 1g $12.00']);
    expect(withoutLineNumbers(['02 Blue Dream 3.5g $35.00', '01 Gelato 1g $12.00'])).toEqual(['02 Blue Dream 3.5g $35.00', '01 Gelato 1g $12.00']);
  });

  it('reads a kiosk slip: quantity from its Qty line, not from the line number', () => {
    const r = parseReceiptText(
      [
        'Leaf & Flower',
        '2026-11-11T18:04:19',
        '01 Purlife Lemon Kush Flower 3.5g     $42.02 T',
        '02 Blueberry Crumble 0.5g             $37.73 T',
        '03 Afghan Kush Preroll 0.5g           $23.64 T',
        'Qty 2 x $11.82',
        'Subtotal                              $103.39',
        'Tax (T) 12%                            $12.41',
        'TOTAL                                 $115.80',
      ].join('\n'),
    );
    expect(r.items.map((i) => [i.productName, i.quantity])).toEqual([
      ['Purlife Lemon Kush Flower 3.5g', 1],
      ['Blueberry Crumble 0.5g', 1],
      ['Afghan Kush Preroll 0.5g', 2],
    ]);
    expect(r.orderDate).toBe('2026-11-11');
  });
});

describe('dates', () => {
  it('reads an ISO date joined to its time by a T, also with the time misread', () => {
    expect(dateOf('2026-11-24T15:42:07', false)).toBe('2026-11-24');
    expect(dateOf('2026-12-21T715:48:18', false)).toBe('2026-12-21');
    expect(dateOf('2026-11-24 15:42', false)).toBe('2026-11-24');
    expect(dateOf('2026-12-09713:43:27', false)).toBe('2026-12-09');
    expect(dateOf('2026-11-117T18:04:19', false)).toBe('2026-11-11');
  });

  it('reads a month-name date whose comma was read as a point and whose gap was lost', () => {
    expect(dateOf('Feb 7.2026 12:41 AM', false)).toBe('2026-02-07');
    expect(dateOf('Nov 24,2026 3:42 PM', false)).toBe('2026-11-24');
    expect(dateOf('Nov 24, 2026 3:42 PM', false)).toBe('2026-11-24');
  });
});

describe('a unit price whose $ was read as a digit', () => {
  const item = (unitPrice: number, price: number, quantity = 2): ParsedReceiptItem =>
    ({
      productName: 'x',
      strainName: null,
      category: 'Flower',
      grams: null,
      quantity,
      unitPrice,
      price,
      discount: null,
      thcPct: null,
      cbdPct: null,
    }) as unknown as ParsedReceiptItem;
  it('drops the leading digit when the rest times the quantity is the line price', () => {
    const it1 = item(478.28, 156.56);
    repairUnitSlip(it1);
    expect(it1.unitPrice).toBe(78.28);
  });
  it('leaves a unit price that does not fit either way', () => {
    const it2 = item(478.28, 150);
    repairUnitSlip(it2);
    expect(it2.unitPrice).toBe(478.28);
  });
});

describe('a quantity line whose @ was read as ® or ©', () => {
  it('is the count and unit price when they make the line price', () => {
    expect(gluedQtyUnit(':         2® $36.25', 72.5)).toEqual({ quantity: 2, unitPrice: 36.25 });
    expect(gluedQtyUnit('3 © $10.00', 30)).toEqual({ quantity: 3, unitPrice: 10 });
  });
  it('is nothing when they do not', () => expect(gluedQtyUnit('2® $36.25', 70)).toBeNull());
});

/** A grey page: light paper (`paper` box) with a few dark print rows on it, on a ground of `ground`. */
function photo(w: number, h: number, ground: number, paper: [number, number, number, number]): Uint8Array {
  const d = new Uint8Array(w * h).fill(ground);
  const [x0, y0, x1, y1] = paper;
  for (let y = y0; y <= y1; y++) for (let x = x0; x <= x1; x++) d[y * w + x] = 240;
  for (let y = y0 + 10; y < y1 - 10; y += 12) for (let x = x0 + 10; x < x1 - 30; x++) if (x % 5 !== 0) d[y * w + x] = 30;
  return d;
}

describe('a receipt photographed on a dark table', () => {
  it('finds the light paper in the middle of a dark frame, and the table around it', () => {
    const cut = findPaper(photo(160, 160, 40, [30, 20, 130, 140]), 160, 160);
    expect(cut).not.toBeNull();
    expect(cut?.x0).toBe(30);
    expect(cut?.y1).toBe(140);
    expect(cut?.table[0]).toBe(1);
    expect(cut?.table[80 * 160 + 80]).toBe(0);
  });

  it('is no such photo when the ground is light paper too, or the middle is dark (an app screenshot)', () => {
    expect(findPaper(photo(160, 160, 225, [30, 20, 130, 140]), 160, 160)).toBeNull();
    expect(findPaper(new Uint8Array(160 * 160).fill(25), 160, 160)).toBeNull();
    // Paper to the frame's edges: no table.
    expect(findPaper(photo(160, 160, 40, [0, 0, 159, 159]), 160, 160)).toBeNull();
  });

  it('cuts the photo to its paper with the table painted white, and hands any other page on as it was', async () => {
    const w = 400;
    const h = 400;
    const grey = Buffer.from(photo(w, h, 35, [80, 60, 320, 350]));
    const bytes = await sharp(grey, { raw: { width: w, height: h, channels: 1 } })
      .png()
      .toBuffer();
    const image: ImageInput = { bytes, mediaType: 'image/png', sha256: 'x', width: w, height: h };
    const out = await paperOnTable(image);
    expect(out.width).toBeLessThan(w * 0.7);
    expect(out.height).toBeLessThan(h * 0.85);
    const { data, info } = await sharp(out.bytes).raw().toBuffer({ resolveWithObject: true });
    // No table left: the corners are white.
    expect(data[0]).toBe(255);
    expect(data[(info.height - 1) * info.width * info.channels]).toBe(255);
    const light = photo(w, h, 230, [80, 60, 320, 350]);
    const plain: ImageInput = {
      ...image,
      bytes: await sharp(Buffer.from(light), { raw: { width: w, height: h, channels: 1 } })
        .png()
        .toBuffer(),
    };
    expect(await paperOnTable(plain)).toBe(plain);
  });
});

describe('a rule right against a text row', () => {
  const W = 200;
  const H = 120;
  /** A white page with a rule on rows `rule` and print (short strokes) on rows `text`. */
  const page = (rule: [number, number], text: [number, number]) => {
    const d = Buffer.alloc(W * H, 255);
    for (let y = rule[0]; y <= rule[1]; y++) d.fill(20, y * W + 10, y * W + 190);
    for (let y = text[0]; y <= text[1]; y++) for (let x = 12; x < 120; x += 4) d[y * W + x] = 30;
    return d;
  };
  it('is erased with its edge when print lies within half a row of it', () => {
    const d = page([60, 61], [44, 52]);
    expect(eraseTightRules(d, W, H, 24)).toBe(1);
    for (let y = 58; y <= 63; y++) expect(d.subarray(y * W, (y + 1) * W).every((v) => v === 255)).toBe(true);
    // The print above stays.
    expect(d[50 * W + 12]).toBe(30);
  });
  it('stays when there is space around it, and a thick band is no rule', () => {
    const spaced = page([90, 91], [30, 40]);
    expect(eraseTightRules(spaced, W, H, 24)).toBe(0);
    expect(spaced[90 * W + 100]).toBe(20);
    const band = page([60, 80], [44, 52]);
    expect(eraseTightRules(band, W, H, 24)).toBe(0);
  });
});
