import { describe, expect, it } from 'vitest';
import { cleanLine } from '@/lib/vision/parse-common';
import { gluedQtyLines } from '@/lib/vision/receipt-glued-qty';
import { parseReceiptText } from '@/lib/vision/receipt-parser';
import { weighedLine } from '@/lib/vision/receipt-weighed';
import { photoSlips } from '@/lib/vision/receipt-photo';
import { isBareCode } from '@/lib/vision/receipt-detail-lines';

/** Slips of faces no layout is drawn in (condensed and thin monospaced faces; issue 14, `--fonts unseen-tune`). */

describe('gluedQtyLines', () => {
  it('puts back a quantity line whose @ and $ were read as figures, when the arithmetic agrees', () => {
    expect(gluedQtyLines(['$66.56 Willie Nelson 1/8 oz', '2053328', 'THC 23.7%'])).toEqual(['$66.56 Willie Nelson 1/8 oz', '2 @ $33.28', 'THC 23.7%']);
    // One mark lost altogether, the price at the right of the line above.
    expect(gluedQtyLines(['Willie Nelson 1/8 oz    $66.56', '203328'])[1]).toBe('2 @ $33.28');
  });

  it('leaves figures alone that no price above bears out (a ticket or phone number)', () => {
    expect(gluedQtyLines(['$66.56 Willie Nelson 1/8 oz', '2053329'])[1]).toBe('2053329');
    expect(gluedQtyLines(['Order', '4155550123'])[1]).toBe('4155550123');
    expect(gluedQtyLines(['2053328'])[0]).toBe('2053328');
  });
});

describe('"§" for "$" at the start of a line', () => {
  it('is read as a dollar sign, not dropped as a stray mark', () => {
    expect(cleanLine('§71.43 Billy Kimber 1/4 oz')).toBe('$71.43 Billy Kimber 1/4 oz');
    expect(cleanLine('© 1 Super Lemon Haze')).toBe('1 Super Lemon Haze');
  });
});

describe('parseReceiptText with a glued quantity line', () => {
  it('reads the quantity and unit price under the item', () => {
    const text = [
      'Dark Matter',
      '07-24-2026 5:21 PM',
      'Willie Nelson 1/8 oz          $66.56',
      '2053328',
      'THC 23.7%',
      'Billy Kimber 1/4 oz           $71.43',
      'Subtotal                     $137.99',
      'TOTAL                        $137.99',
    ].join('\n');
    const r = parseReceiptText(text);
    expect(r.items.map((i) => [i.productName, i.price, i.quantity, i.unitPrice])).toEqual([
      ['Willie Nelson 1/8 oz', 66.56, 2, 33.28],
      ['Billy Kimber 1/4 oz', 71.43, 1, 71.43],
    ]);
  });
});

describe('a weighed line whose g was read as 9', () => {
  it('takes the weight when weight times rate is the amount', () => {
    expect(weighedLine('14.009 @ $11.31/g      $158.34')?.grams).toBe(14);
    expect(weighedLine('7.089 @ $12.41/g      $87.86')?.grams).toBe(7.08);
  });

  it('leaves the line alone when the arithmetic does not hold', () => {
    expect(weighedLine('7.089 @ $12.41/g      $88.00')).toBeNull();
  });
});

describe('a package tag misread and split by a blurred photo', () => {
  it('is still a bare code, so the potency under it stays with the item', () => {
    expect(isBareCode('1AG060300EDAGA LPF ICOLSY')).toBe(true);
    expect(isBareCode('LA4DEOICOSARICEAF TIER 47')).toBe(true);
    expect(isBareCode('1A4060300005F1B000012345')).toBe(true);
    const text = [
      '2 Maui Wowie Flower 1g            $25.78',
      '  2 x $12.89 ea',
      '  1AG060300EDAGA LPF ICOLSY',
      '  Net: 1.024 g   THC 22.0%',
      'Subtotal                         $25.78',
    ].join('\n');
    expect(parseReceiptText(text).items.map((i) => [i.productName, i.thcPct])).toEqual([['Maui Wowie Flower 1g', 22]]);
  });

  it('is not a product name in capitals', () => {
    expect(isBareCode('BLUE DREAM PREROLL 2PK')).toBe(false);
    expect(isBareCode('GELATO 33 LIVE RESIN CART')).toBe(false);
    expect(isBareCode('WEDDING CAKE 1G')).toBe(false);
  });
});

describe('a forwarded receipt read in a face no layout uses', () => {
  const text = [
    '> Leaf & Flower Gibson',
    '> Lemon Kush Premium Flower 14g                           $345.56',
    '>      Qty 281 $172.78 each - THC 25.0% CBD 0.7%',
    '>      Deal 10% off                                      $34.56',
    '> Bubba Kush Live Resin 1g                                $37.38',
    '>      Qty 1 THC 75.4% CBD 0.7%',
    '>      Promo 20% off                                      57.48',
    '> Subtotal                                              $340.80',
    '> Total                                                 $340.80',
  ].join('\n');
  const items = () => parseReceiptText(text).items.map((i) => [i.productName, i.quantity, i.unitPrice, i.price, i.discount]);

  it('reads a quantity whose "at" was glued to it as figures, when quantity times unit price is the price', () => {
    expect(items()[0]).toEqual(['Lemon Kush Premium Flower 14g', 2, 172.78, 345.56, 34.56]);
  });

  it('reads a rate discount whose $ was read as a figure at the amount its rate makes', () => {
    expect(items()[1]).toEqual(['Bubba Kush Live Resin 1g', 1, 37.38, 37.38, 7.48]);
  });
});

describe('a pre-roll pack whose g was lost at the end of its name', () => {
  it('is read in grams', () => {
    expect(photoSlips('Granddaddy Purple Joint 2 x 0.5                     $32.04')).toBe('Granddaddy Purple Joint 2 x 0.5g                     $32.04');
    expect(photoSlips('Granddaddy Purple Joint 2 x 0.5')).toBe('Granddaddy Purple Joint 2 x 0.5g');
    // Not on other goods, nor on a pack that prints its unit.
    expect(photoSlips('Gummies 2 x 0.5      $12.00')).toBe('Gummies 2 x 0.5      $12.00');
    expect(photoSlips('Joint 2 x 0.5g   $12.00')).toBe('Joint 2 x 0.5g   $12.00');
  });
});
