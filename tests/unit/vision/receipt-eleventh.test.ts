import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { parseReceiptText } from '@/lib/vision/receipt-parser';
import { figureSlips } from '@/lib/vision/receipt-figure-slips';
import { withQtyColumn } from '@/lib/vision/receipt-qty-column';
import { liftStampInk, paperLevel, stampInkShare, withoutStampInk } from '@/lib/vision/receipt-stamp';
import { isLaterPromotion, isTipTotal } from '@/lib/vision/receipt-tail';
import type { BoxLine, WordBox } from '@/lib/vision/parse-common';
import type { ImageInput } from '@/lib/vision/types';

/** The eleventh pass's receipt rules (after the eleventh round's blind run). */

const receipt = (...lines: string[]) => parseReceiptText(lines.join('\n'));

describe('a quantity line with "each"', () => {
  it('reads "2 each @ $17.50" under an item as its quantity and unit price, with the potency after it', () => {
    const r = receipt(
      'Green Leaf',
      'November 24, 2026  3:42 PM',
      'Jack Frost Whole Flower 1 oz              $213.64',
      '  2 each @ $106.82 · THC 26.8% · CBD 0.6%',
      'Sensi Star Cart 2g                         $57.07',
      '  1 each @ $57.07 · THC 77.4%',
      'Subtotal                                  $270.71',
      'Tax 12%                                    $32.49',
      'Total                                     $303.20',
    );
    expect(r.items.map((i) => [i.productName, i.quantity, i.unitPrice, i.thcPct, i.cbdPct])).toEqual([
      ['Jack Frost Whole Flower 1 oz', 2, 106.82, 26.8, 0.6],
      ['Sensi Star Cart 2g', 1, 57.07, 77.4, null],
    ]);
  });
});

describe('slips around the figures of a photographed line', () => {
  it('reads a potency whose point was read as a colon, an ounce fraction whose 4 was read as <, and drops specks after a weight', () => {
    expect(figureSlips('1 each @ $132.72 - THC 30:3% - CBD 0;1%')).toBe('1 each @ $132.72 - THC 30.3% - CBD 0.1%');
    expect(figureSlips('leach @ $126.85 - THC-15:9%')).toBe('leach @ $126.85 - THC 15.9%');
    expect(figureSlips('White Runtz Flower 1/< oz      $54.62')).toBe('White Runtz Flower 1/4 oz      $54.62');
    expect(figureSlips('Black Duck Strawberry Banana 14g =~      $115.82')).toBe('Black Duck Strawberry Banana 14g      $115.82');
    expect(figureSlips('Super Silver Haze Pod 1g" ~~      $33.25')).toBe('Super Silver Haze Pod 1g      $33.25');
    // Left alone: times, a column's bar after a weight, a weight followed by words.
    for (const l of ['Time: 15:42:07', 'Blue Dream 3.5g | $35.00', 'THC 22.1% | CBD 0.4%', 'OG Kush 1g x 2   $20.00']) expect(figureSlips(l), l).toBe(l);
  });

  it('reads "leach @" as one each and a potency read with a colon under an item', () => {
    const r = receipt('Store', '11/07/2026', 'Cat Piss Shake 1 oz   $126.85', '  leach @ $126.85 - THC-15:9% - CBD 0;4%', 'Subtotal  $126.85', 'Total  $126.85');
    expect(r.items.map((i) => [i.productName, i.quantity, i.thcPct, i.cbdPct])).toEqual([['Cat Piss Shake 1 oz', 1, 15.9, 0.4]]);
  });
});

describe('promotions after the total', () => {
  it('knows a promotion for a later visit by its words', () => {
    for (const l of [
      '$5 OFF your next visit',
      'SAVE $10 on $50+',
      'Next-visit coupon   $5.00 OFF',
      'Spend $25.00 more for a FREE 1g Pre-Roll',
      'Valid thru 12/31/2026 · Code NEXT5',
      'Refer a friend, you both get $10',
      'Min. purchase  $50.00',
    ])
      expect(isLaterPromotion(l), l).toBe(true);
    for (const l of ['Member discount   -$10.00', 'Coupon   -$5.00', 'Blue Dream 3.5g   $35.00', 'Total  $80.00', 'Loyalty discount  -$4.00'])
      expect(isLaterPromotion(l), l).toBe(false);
  });

  it('takes no discount, item or total from the coupons printed after the total', () => {
    const r = receipt(
      'Ganjika Gardens',
      '04/01/2026 7:02 AM',
      'Maui Wowie 14 g                      $235.62',
      '  2 ea @ $117.81',
      'Subtotal                             $235.62',
      'Member discount                      -$10.00',
      'Tax 10.25%                            $23.13',
      'TOTAL                                $248.75',
      'Cash                                 $260.00',
      'Change                                $11.25',
      '*** COUPONS FOR YOUR NEXT VISIT ***',
      'SAVE $10 on $50+',
      'Next-visit coupon                  $5.00 OFF',
      'Coupon value                          $10.00',
      '$5 OFF your next visit',
    );
    expect(r.items).toHaveLength(1);
    expect([r.subtotal, r.discount, r.tax, r.total]).toEqual([235.62, 10, 23.13, 248.75]);
  });

  it('still reads an order discount printed before the total', () => {
    const r = receipt('Store', '04/01/2026', 'Blue Dream 3.5g   $40.00', 'Subtotal   $40.00', 'Coupon   -$5.00', 'Tax 10%   $3.50', 'Total   $38.50');
    expect(r.discount).toBe(5);
  });

  it('takes a minus amount between the subtotal and the total under unknown words as the order discount', () => {
    const r = receipt('Vana Society', '10/05/2026', 'Tangie Badder 2 g   $152.50', 'Subtotal   $152.50', 'Happy hour 10%   -$15.25', 'Tax 10.25%   $14.07', 'TOTAL   $151.32');
    expect([r.discount, r.tax, r.total]).toEqual([15.25, 14.07, 151.32]);
  });
});

describe('a card slip with a tip', () => {
  it('knows a total that includes the tip', () => {
    for (const l of ['Total with tip  $339.49', 'Total + tip  $339.49', 'TIP TOTAL $12.00']) expect(isTipTotal(l, false), l).toBe(true);
    expect(isTipTotal('Grand total  $339.49', true)).toBe(true);
    expect(isTipTotal('Grand total  $339.49', false)).toBe(false);
  });

  it('keeps the receipt total, not the total with the tip', () => {
    for (const last of ['Total with tip', 'Grand total', 'Total + tip']) {
      const r = receipt(
        'Daft Republic',
        'Date: 09/07/26  Time: 20:08:38',
        'Billy Kimber Live Rosin 1g        $62.50',
        'Subtotal                          $62.50',
        'Excise tax 15%                     $9.38',
        'Sales tax 8%                       $5.00',
        'Total                             $76.88',
        'VISA ************1234',
        'Amount                            $76.88',
        'Gratuity                           $5.00',
        `${last}                           $81.88`,
      );
      expect(r.total, last).toBe(76.88);
    }
  });

  it('keeps a delivery total printed after the tip when it is the only total', () => {
    const r = receipt('Store', '11/24/2026', 'Blue Dream 3.5g   $40.00', 'Subtotal   $40.00', 'Taxes   $4.00', 'Driver tip   $5.00', 'Total charged   $49.00');
    expect(r.total).toBe(49);
  });
});

describe('the Qty column under a header whose Qty word shares a cell', () => {
  it('keeps the quantity digit under the Qty word of "Qty Item   Amount"', () => {
    const words: WordBox[] = [
      { text: 'Qty', line: 0, x0: 26, y0: 10, x1: 56, y1: 24 },
      { text: 'Item', line: 0, x0: 64, y0: 10, x1: 100, y1: 24 },
      { text: 'Amount', line: 0, x0: 450, y0: 10, x1: 520, y1: 24 },
      { text: '2', line: 1, x0: 28, y0: 40, x1: 38, y1: 54 },
    ];
    const boxes: BoxLine[] = [
      {
        text: 'Qty Item   Amount',
        cells: [
          { text: 'Qty Item', x0: 26, x1: 100 },
          { text: 'Amount', x0: 450, x1: 520 },
        ],
        y0: 10,
        y1: 24,
        conf: 90,
      },
      {
        text: 'Billy Kimber Live Rosin 1g   $62.50',
        cells: [
          { text: 'Billy Kimber Live Rosin 1g', x0: 64, x1: 300 },
          { text: '$62.50', x0: 460, x1: 520 },
        ],
        y0: 40,
        y1: 54,
        conf: 90,
      },
    ];
    expect(withQtyColumn(boxes, words)).toEqual(['Qty Item   Amount', '2   Billy Kimber Live Rosin 1g   $62.50']);
  });
});

describe('a red rubber stamp over the print', () => {
  const px = (...rgb: number[][]) => Buffer.from(rgb.flat());

  it('counts red ink, not cream paper, shaded paper, dark print or a blue or green band', () => {
    expect(stampInkShare(px([200, 60, 70], [215, 97, 104], [250, 250, 250]), 3)).toBeCloseTo(2 / 3, 5);
    expect(stampInkShare(px([216, 205, 180], [140, 140, 129], [30, 30, 30], [58, 12, 163], [45, 106, 79], [255, 248, 232]), 3)).toBe(0);
  });

  it('turns the stamp on paper to paper and print under it to grey, leaving print elsewhere', () => {
    // paper, the stamp on paper (its level: red 215), print under the stamp, the stamp's faded edge beside it, print
    const data = px([250, 250, 250], [215, 97, 104], [215, 97, 104], [140, 22, 29], [215, 97, 104], [200, 190, 190], [30, 30, 30]);
    const paper = paperLevel(px([250, 250, 250], [250, 250, 250], [250, 250, 250]), 3);
    expect(paper).toBe(250);
    liftStampInk(data, 7, 3, paper);
    // print under the stamp: 75 below the stamp's level, drawn 2.5 × 75 below the paper
    expect([...data]).toEqual([250, 250, 250, 250, 250, 250, 250, 250, 250, 63, 63, 63, 250, 250, 250, 250, 250, 250, 30, 30, 30]);
  });

  it('hands a page without red ink on untouched', async () => {
    const bytes = await sharp({ create: { width: 300, height: 200, channels: 3, background: '#fbfaf4' } })
      .composite([
        {
          input: Buffer.from(
            '<svg xmlns="http://www.w3.org/2000/svg" width="300" height="200"><rect x="0" y="0" width="300" height="40" fill="#3a0ca3"/><text x="20" y="100" font-size="20">Total $20.00</text></svg>',
          ),
        },
      ])
      .png()
      .toBuffer();
    const image: ImageInput = { bytes, mediaType: 'image/png', sha256: 'x', width: 300, height: 200 };
    expect(await withoutStampInk(image)).toBe(image);
    const stamped = await sharp(bytes)
      .composite([
        {
          input: Buffer.from(
            '<svg xmlns="http://www.w3.org/2000/svg" width="300" height="200"><text x="60" y="150" font-size="48" font-weight="bold" fill="#c8202a" fill-opacity="0.7">PAID</text></svg>',
          ),
        },
      ])
      .png()
      .toBuffer();
    const out = await withoutStampInk({ ...image, bytes: stamped });
    expect(out.bytes).not.toBe(stamped);
    const { data, info } = await sharp(out.bytes).raw().toBuffer({ resolveWithObject: true });
    expect(stampInkShare(data, info.channels)).toBe(0);
  });
});
