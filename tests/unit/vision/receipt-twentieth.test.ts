import { describe, expect, it } from 'vitest';
import { parseReceiptText } from '@/lib/vision/receipt-parser';
import { figuresFirst, withoutBalanceColumn } from '@/lib/vision/receipt-row-order';
import { weightWordGrams } from '@/lib/vision/receipt-weight-words';

/** General rules from the twentieth receipt round (issue 14); the texts are written here, not read from the round's images. */

const items = (text: string) => parseReceiptText(text).items.map((i) => [i.productName, i.strainName, i.grams, i.quantity, i.unitPrice, i.price, i.discount, i.thcPct, i.cbdPct]);

describe('figures printed above the name', () => {
  const text = [
    'Green Leaf Wellness',
    '10-03-2026 1:15 PM                 Trans 204411',
    'QTY x PRICE                              AMOUNT',
    '   DESCRIPTION',
    '2 x $21.40                               $42.80',
    '   Gelato Cart 0.5g',
    '   THC 84.2%  CBD 0.6%',
    '1 x $33.15                               $33.15',
    '   Wedding Cake Flower 3.5g',
    '   THC 24.9%',
    '   Promo 10%                             -$3.32',
    'Subtotal                                 $72.63',
    'TOTAL                                    $72.63',
  ].join('\n');

  it('each figures row goes under the name below it; a lone column word is blanked', () => {
    expect(figuresFirst(['QTY x PRICE      AMOUNT', 'DESCRIPTION', '2 x $21.40      $42.80', '', '   Gelato Cart 0.5g', '   THC 84.2%'])).toEqual([
      'QTY x PRICE      AMOUNT',
      '',
      'Gelato Cart 0.5g   $42.80',
      '',
      '2 x $21.40',
      '   THC 84.2%',
    ]);
  });

  it('the items read with their own figures, potency and discount', () => {
    expect(items(text)).toEqual([
      ['Gelato Cart 0.5g', null, 0.5, 2, 21.4, 42.8, null, 84.2, 0.6],
      ['Wedding Cake Flower 3.5g', null, 3.5, 1, 33.15, 33.15, 3.32, 24.9, null],
    ]);
  });

  it('a figures row UNDER its name, or whose arithmetic fails, keeps its place', () => {
    const under = ['Gelato Cart 0.5g', '2 @ $21.40 = $42.80', 'Wedding Cake Flower 3.5g', '1 @ $33.15 = $33.15'];
    expect(figuresFirst(under)).toEqual(under);
    const wrong = ['2 x $21.40      $40.00', 'Gelato Cart 0.5g'];
    expect(figuresFirst(wrong)).toEqual(wrong);
  });
});

describe('a running balance column', () => {
  const rows = [
    'ITEM                     QTY    AMOUNT   BALANCE',
    'Gelato Pod 1g              2     88.20     88.20',
    '  @ 44.10 ea',
    'Sour Diesel Flower 7g      1     61.75    149.95',
    '  PROMO 20%                     -12.35    137.60',
    'SUBTOTAL                                  137.60',
  ];

  it('is taken off the item rows when every balance is the sum so far', () => {
    expect(withoutBalanceColumn(rows)).toEqual([
      rows[0],
      'Gelato Pod 1g              2     88.20',
      rows[2],
      'Sour Diesel Flower 7g      1     61.75',
      '  PROMO 20%                     -12.35',
      rows[5],
    ]);
  });

  it('a table whose right column is no running sum keeps it', () => {
    const table = ['Gelato Pod 1g     44.10    88.20', 'Sour Diesel Flower 7g   61.75   61.75', 'SUBTOTAL    149.95'];
    expect(withoutBalanceColumn(table)).toEqual(table);
  });

  it('the items read with their amounts, not the balance', () => {
    expect(
      items(['HIGH DESERT RELIEF', 'OCT 03 2026 13:15', ...rows, 'TAX 10.25%                                 14.10', 'TOTAL                                   $151.70'].join('\n')),
    ).toEqual([
      ['Gelato Pod 1g', null, 1, 2, 44.1, 88.2, null, null, null],
      ['Sour Diesel Flower 7g', null, 7, 1, 61.75, 61.75, 12.35, null, null],
    ]);
  });
});

describe('weights as words and a keyed strain line', () => {
  it('reads the shops size words at the end of a name', () => {
    expect(
      [
        'Cookies Flower Eighth',
        'Popcorn Buds Quarter',
        'Indoor Flower Half Oz',
        'Shake Ounce',
        'Vape Cart Half Gram',
        'Disposable Full Gram',
        'Badder Gram',
        'Live Resin 2 Gram',
      ].map(weightWordGrams),
    ).toEqual([3.5, 7, 14, 28, 0.5, 1, 1, 2]);
    // (Only at the end: `Grammy Kush Cart`, `Eighth Wonder Flower` name no weight.)
    expect(['Grammy Kush Cart', 'Eighth Wonder Flower', 'Quarterback OG Pre-Roll'].map(weightWordGrams)).toEqual([null, null, null]);
  });

  it("the strain line names the strain; potency, quantity and a member price under it are the item's", () => {
    const text = [
      'Mesa Verde Cannabis',
      'Friday 9 October 2026, 2:05 PM',
      'Kind Farms Indoor Flower Quarter               $58.40',
      '   Strain: Wedding Cake (Indica)',
      '   Potency: THC 25.1% / CBD 0.2%',
      'Lowell Vape Cart Half Gram                     $66.20',
      '   Strain: Durban Poison',
      '   Potency: THC 88.0%',
      '   Qty 2 @ $33.10',
      '   Member price                                -$6.62',
      'Subtotal                                      $117.98',
      'Total                                         $117.98',
    ].join('\n');
    const parsed = parseReceiptText(text);
    expect(items(text)).toEqual([
      ['Kind Farms Indoor Flower Quarter', 'Wedding Cake', 7, 1, 58.4, 58.4, null, 25.1, 0.2],
      ['Lowell Vape Cart Half Gram', 'Durban Poison', 0.5, 2, 33.1, 66.2, 6.62, 88, null],
    ]);
    // (The strain's words name no category: `Wedding Cake` keeps the item a flower.)
    expect(parsed.items.map((i) => [i.category, i.type])).toEqual([
      ['Flower', 'indica'],
      ['Vape', null],
    ]);
  });
});

describe('figures first, decided by the majority of rows', () => {
  it('a speck row or a misread head above the first figures row does not stop the rule', () => {
    const rows = [
      'Fecal i+ Ty es el oT',
      '1 x $11.60   $11.60',
      'Zkittlez Pre-Roll 1g',
      'THC 19.2%',
      '2 x $30.05   $60.10',
      'Mimosa Cart 0.5g',
      'THC 83.3%',
      '1 x $48.00   $48.00',
      'Jack Herer Flower 7g',
    ];
    expect(figuresFirst(rows)).toEqual([
      '',
      'Zkittlez Pre-Roll 1g   $11.60',
      '1 x $11.60',
      'THC 19.2%',
      'Mimosa Cart 0.5g   $60.10',
      '2 x $30.05',
      'THC 83.3%',
      'Jack Herer Flower 7g   $48.00',
      '1 x $48.00',
    ]);
    expect(figuresFirst(['_. DESCRIFTION', '1 x $11.60   $11.60', 'Zkittlez Pre-Roll 1g'])).toEqual(['', 'Zkittlez Pre-Roll 1g   $11.60', '1 x $11.60']);
  });

  it('names first with their figures under them stay as printed', () => {
    const rows = ['Zkittlez Pre-Roll 1g', '1 x $11.60   $11.60', 'Mimosa Cart 0.5g', '2 x $30.05   $60.10', 'Jack Herer Flower 7g', '1 x $48.00   $48.00'];
    expect(figuresFirst(rows)).toEqual(rows);
  });
});

describe('a line discount read with its $ as a figure', () => {
  it('is more than the line: the leading figure is dropped', () => {
    const text = ['Sunrise Dispensary', '11/02/2026', 'Jack Herer Flower 1g      $7.40', 'Promo 10%      -80.74', 'Gelato Cart 1g      $41.00', 'Subtotal      $47.66'].join('\n');
    expect(parseReceiptText(text).items.map((i) => i.discount)).toEqual([0.74, null]);
  });
});

describe('figures first: the last figures row and specks', () => {
  it('names first with no detail lines between items (each name above the next figures row) stay as printed', () => {
    const rows = [
      'Zkittlez Pre-Roll 1g',
      '1 x $11.60   $11.60',
      'Mimosa Cart 0.5g',
      '2 x $30.05   $60.10',
      'Jack Herer Flower 7g',
      '1 x $48.00   $48.00',
      'Gelato Badder 1g',
      '1 x $52.00   $52.00',
      'Subtotal   $171.70',
    ];
    expect(figuresFirst(rows)).toEqual(rows);
  });

  it('a speck row above the first figures row is blanked; a `$` read as `8§` is put back', () => {
    expect(figuresFirst(['Ba ie 2 1 SR Ss SOE', '1x$11.60   $11.60', 'Zkittlez Pre-Roll 1g', 'THC 19.2%', '1x8§7.40   $7.40', 'Jack Herer Flower 1g', 'THC 22.0%'])).toEqual([
      '',
      'Zkittlez Pre-Roll 1g   $11.60',
      '1 x $11.60',
      'THC 19.2%',
      'Jack Herer Flower 1g   $7.40',
      '1 x $7.40',
      'THC 22.0%',
    ]);
  });
});

describe('figures first: what is no bare name', () => {
  it('a discount row whose point was lost is no name; a weight read as a figure inside a name is no amount', () => {
    const rows = [
      'QTY x PRICE   AMOUNT',
      '1x $36.40   $36.40',
      'Sour Diesel Vape Pen 0.59',
      'THC 84.0%',
      '1x $25.10   $25.10',
      'Gelato Sugar 1g',
      'Promo 10%   $251',
      '1x$98.00   $98.00',
      'Zkittlez Flower 14g',
    ];
    expect(figuresFirst(rows)).toEqual([
      'QTY x PRICE   AMOUNT',
      'Sour Diesel Vape Pen 0.59   $36.40',
      '1 x $36.40',
      'THC 84.0%',
      'Gelato Sugar 1g   $25.10',
      '1 x $25.10',
      'Promo 10%   $251',
      'Zkittlez Flower 14g   $98.00',
      '1 x $98.00',
    ]);
  });
});
