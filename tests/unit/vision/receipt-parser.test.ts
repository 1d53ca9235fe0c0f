import { describe, expect, it } from 'vitest';
import { dateOf, inlineDiscount, parseReceiptText } from '@/lib/vision/receipt-parser';
import { joinWrappedParens } from '@/lib/vision/receipt-rows';
import { commaCurrencyStyle, fromCommaCurrency, stripLeaders } from '@/lib/vision/receipt-text-slips';
import { cleanLine, dropMarginJunk, parseDate, parseWeightGrams } from '@/lib/vision/parse-common';

describe('receipt parser on OCR-like text', () => {
  it('reads a clean single-line layout', () => {
    const r = parseReceiptText(`GREEN LEAF DISPENSARY
1234 Main St, Denver CO 80211
Date: 2026-11-02
Order #55123   Budtender: Sam
Blue Dream 3.5g      1 x $35.00    $35.00
Gelato 1/8 oz        2 x $40.00    $80.00
Sour Diesel Pre-Roll 1g   1 x $12.00   $12.00
Subtotal   $127.00
Tax        $19.05
TOTAL      $146.05
Cash       $160.00
Change     $13.95`);
    expect(r.dispensaryName).toBe('GREEN LEAF DISPENSARY');
    expect(r.orderDate).toBe('2026-11-02');
    expect(r.items.map((i) => [i.productName, i.grams, i.quantity, i.unitPrice, i.price])).toEqual([
      ['Blue Dream 3.5g', 3.5, 1, 35, 35],
      ['Gelato 1/8 oz', 3.5, 2, 40, 80],
      ['Sour Diesel Pre-Roll 1g', 1, 1, 12, 12],
    ]);
    expect(r.items[2].category).toBe('Pre-Roll');
    expect([r.subtotal, r.tax, r.total]).toEqual([127, 19.05, 146.05]);
    expect(r.coverage).toBe(1);
  });

  // Typical tesseract slips, one per row: the value must still come out right.
  const slips: [string, string, Partial<{ grams: number; price: number; unitPrice: number; quantity: number; name: string }>][] = [
    ['g read as 9', 'Blue Dream 3.59   1 x $35.00   $35.00', { grams: 3.5, price: 35, name: 'Blue Dream 3.5g' }],
    ['O for 0 in a price', 'Gelato 7g   1 x $6O.OO   $6O.0O', { grams: 7, price: 60 }],
    ['l for 1 in a fraction', 'Gelato l/8 oz   $40.00', { grams: 3.5, price: 40 }],
    ['stray space inside an amount', 'OG Kush 1g   $1 2.50', { grams: 1, price: 12.5 }],
    ['space after the dollar sign', 'OG Kush 14g   2 x $ 110.00   $ 220.00', { grams: 14, quantity: 2, unitPrice: 110, price: 220 }],
    ['comma decimal', 'Zkittlez 3.5 g   $35,00', { grams: 3.5, price: 35 }],
    ['X read for x', 'Sour Diesel 7g 2 Xx $60.00 $120.00', { grams: 7, price: 120 }],
    ['quantity first', '2  Wedding Cake 1g   $24.00', { grams: 1, quantity: 2, unitPrice: 12, price: 24, name: 'Wedding Cake 1g' }],
    ['g read as q', 'Mimosa 3.5q   $38.00', { grams: 3.5, price: 38 }],
    ['¢ between number and unit', 'Cherry Pie 3.5¢g   $35.00', { grams: 3.5, price: 35, name: 'Cherry Pie 3.5g' }],
    ['g read as ¢', 'Skywalker OG 3.5¢   $35.00', { grams: 3.5, name: 'Skywalker OG 3.5g' }],
    ['0 for O at the start of a word', 'Skywalker 0G 1/4 02   $65.00', { grams: 7, name: 'Skywalker OG 1/4 oz' }],
    ['stray mark before the quantity', '© 1 Super Lemon Haze 1g   $14.00', { grams: 1, quantity: 1, name: 'Super Lemon Haze 1g' }],
  ];
  it.each(slips)('%s', (_label, line, want) => {
    const r = parseReceiptText(`SWEET LEAF MARKET\n${line}\nTOTAL $99.00`);
    expect(r.items).toHaveLength(1);
    const it0 = r.items[0];
    if (want.grams !== undefined) expect(it0.grams).toBe(want.grams);
    if (want.price !== undefined) expect(it0.price).toBe(want.price);
    if (want.unitPrice !== undefined) expect(it0.unitPrice).toBe(want.unitPrice);
    if (want.quantity !== undefined) expect(it0.quantity).toBe(want.quantity);
    if (want.name !== undefined) expect(it0.productName).toBe(want.name);
  });

  it('joins a name line with its "2 @ $x" price line and keeps item vs order discounts apart', () => {
    const r = parseReceiptText(`Pacific Roots
Nov 2, 2026 4:12 PM
Cookies - Gelato 3.5g
   2 @ $40.00        $80.00
   Discount (10%)    -$8.00
Jack Herer 1g
   1 @ $14.00        $14.00
Subtotal   $86.00
Loyalty Discount   -$4.00
Excise Tax   $12.30
Sales Tax     $2.40
TOTAL   $96.70`);
    expect(r.orderDate).toBe('2026-11-02');
    expect(r.items.map((i) => [i.productName, i.grams, i.quantity, i.price, i.discount])).toEqual([
      ['Cookies - Gelato 3.5g', 3.5, 2, 80, 8],
      ['Jack Herer 1g', 1, 1, 14, null],
    ]);
    expect(r.items.map((i) => i.brand)).toEqual(['Cookies', null]);
    expect(r.discount).toBe(4);
    expect(r.tax).toBe(14.7);
    expect(r.total).toBe(96.7);
  });

  it('a name line whose "0.59" (0.5g) looks like money still waits for its price line', () => {
    const r = parseReceiptText('CANYON CANNABIS CO\nJack Herer Cart 0.59\n   1 @ $40.00   $40.00\nSubtotal $40.00\nTOTAL $46.00');
    expect(r.items.map((i) => [i.productName, i.grams, i.price])).toEqual([['Jack Herer Cart 0.5g', 0.5, 40]]);
  });

  it('reads detail lines under items (THC/CBD, category, quantity), packs, ".5g" and a THC column', () => {
    const r = parseReceiptText(`Desert Bloom Wellness
Date: 2026-03-24
Hippie Crippler Whole Flower 3.5 g        $51.99
  Flower · THC 15.83%
Royal Kush Disposable .5g                 $34.99
  Vape · THC 79.51% · CBD 0.20%
Jeeter Mimosa Infused Pre-Roll 1g x 2     $24.00
  Pre-Roll · Qty 2 @ $12.00 · THC 31.20%
Blue Dream Flower 1/8oz                   $40.00
  Flower · THC 22.10%
THC Bomb Whole Flower 1G                  $10.61
  Flower · THC 18.10%
Subtotal                                  $161.59
Tax                                        $22.65
TOTAL                                     $184.24`);
    expect(r.items.map((i) => [i.productName, i.category, i.grams, i.quantity, i.unitPrice, i.price, i.thcPct, i.cbdPct])).toEqual([
      ['Hippie Crippler Whole Flower 3.5 g', 'Flower', 3.5, 1, 51.99, 51.99, 15.83, null],
      ['Royal Kush Disposable .5g', 'Vape', 0.5, 1, 34.99, 34.99, 79.51, 0.2],
      ['Jeeter Mimosa Infused Pre-Roll 1g x 2', 'Pre-Roll', 2, 2, 12, 24, 31.2, null],
      ['Blue Dream Flower 1/8oz', 'Flower', 3.5, 1, 40, 40, 22.1, null],
      ['THC Bomb Whole Flower 1G', 'Flower', 1, 1, 10.61, 10.61, 18.1, null],
    ]);
    expect(r.subtotal).toBe(161.59);
    const table = parseReceiptText(`Canyon Cannabis Co
Product                          Category     THC      Qty     Unit      Amount
Gelato Live Resin Badder 1 g     Concentrate  71.2%    1       $45.00    $45.00
Sour Diesel Smalls 7g            Flower       19.4%    2       $60.00    $120.00
Amnesia Haze Pod .59 1           Vape         88.1%            $42.57    $42.57
Subtotal                                                                 $207.57
TOTAL                                                                    $232.57`);
    expect(table.items.map((i) => [i.productName, i.category, i.grams, i.quantity, i.unitPrice, i.price, i.thcPct])).toEqual([
      ['Gelato Live Resin Badder 1 g', 'Concentrate', 1, 1, 45, 45, 71.2],
      ['Sour Diesel Smalls 7g', 'Flower', 7, 2, 60, 120, 19.4],
      ['Amnesia Haze Pod .5g', 'Vape', 0.5, 1, 42.57, 42.57, 88.1],
    ]);
  });

  it('narrow thermal receipt: amounts without "$" on item lines, "$" only on the payment lines', () => {
    const r = parseReceiptText(`PACIFIC ROOTS
Date: 2026-03-24
Blue Dream Flower 3.5g
  1 x 35.00        35.00
Moonbow Cart .5g
  2 x 30.00        60.00
  DISC 10%         -6.00
SUBTOTAL           89.00
TAX                 8.90
TOTAL              97.90
Cash             $100.00
Change             $2.10`);
    expect(r.items.map((i) => [i.productName, i.grams, i.quantity, i.unitPrice, i.price, i.discount])).toEqual([
      ['Blue Dream Flower 3.5g', 3.5, 1, 35, 35, null],
      ['Moonbow Cart .5g', 0.5, 2, 30, 60, 6],
    ]);
    expect([r.subtotal, r.tax, r.total]).toEqual([89, 8.9, 97.9]);
  });

  it('photo margins and OCR slips around stacked e-mail items: Quy for Qty, a speck read as a digit, SalesTax, Apr2', () => {
    const r = parseReceiptText(`GREEN LEAF DISPENSARY                                      :
Placed on Apr2, 2026 at 4:18 PM
© MOONBOW SHATTER 1G                                              :
3      Quy: 1 x $37.41                                           $3741
E     Concentrate | THC 75.0% | CBD 1.2%
PERMANENT MARKER PREROLL 1G                                        3
:     Oty: 2 x $8.34                                             $1668
~ SalesTax                                                       $2022
    Order total                                                 $155.04 |`);
    expect(r.orderDate).toBe('2026-04-02');
    expect(r.items.map((i) => [i.productName, i.quantity, i.unitPrice, i.price, i.thcPct])).toEqual([
      ['MOONBOW SHATTER 1G', 1, 37.41, 37.41, 75],
      ['PERMANENT MARKER PREROLL 1G', 2, 8.34, 16.68, null],
    ]);
    expect([r.tax, r.total]).toEqual([20.22, 155.04]);
  });

  it("section headings give their category to the items under them, and are not the item above's detail line", () => {
    const r = parseReceiptText(`NORTHERN LIGHT APOTHECARY
Feb 8, 2026 4:10 PM
FLOWER
  Blue Dream 3.5g                    $35.00
VAPES
  STONED APE | HAWAIIAN 0.5 G        $34.82
  Bhang | Stardawg 1g                $42.12
Pre-Rolls
  Gelato 1g                 x2       $24.00
Sub-Total                            $135.94
TOTAL                                $135.94`);
    expect(r.items.map((i) => [i.productName, i.category])).toEqual([
      ['Blue Dream 3.5g', 'Flower'],
      ['STONED APE | HAWAIIAN 0.5 G', 'Vape'],
      ['Bhang | Stardawg 1g', 'Vape'],
      ['Gelato 1g', 'Pre-Roll'],
    ]);
    expect([r.items[3].quantity, r.items[3].unitPrice]).toEqual([2, 12]);
    // a singular "Flower" under an item is still its detail line
    const d = parseReceiptText('GREEN LEAF\nDate: 2026-11-02\nBlue Dream 3.5g   $35.00\n   Flower\nGelato Cart .5g   $40.00\nTOTAL $75.00');
    expect(d.items.map((i) => i.category)).toEqual(['Flower', 'Vape']);
  });

  it('dotted leaders read as dots and lowercase garbage become a column gap', () => {
    expect(stripLeaders('Blue Zushi 1/8 oz iii iit tities seit ieee   $44.86')).toBe('Blue Zushi 1/8 oz      $44.86');
    expect(stripLeaders('Tax . . . . . . . . $81.06')).toBe('Tax   $81.06');
    expect(stripLeaders('Blue Dream Sativa Tincture 1g   $20.00')).toBe('Blue Dream Sativa Tincture 1g   $20.00');
    const r = parseReceiptText(`HIGH STREET PROVISIONS
Jan 23, 2026 4:17 PM
GH Labs | Pink Runtz Infused Pre-Roll 1g .............ccvuvvvnn $9.58
   THC 29.6%
Blue Zushi 1/8 oz iii iit tities seit ieee   $44.86
Subtotal ........................... $54.44
TOTAL $54.44`);
    expect(r.items.map((i) => [i.productName, i.grams, i.price, i.thcPct])).toEqual([
      ['GH Labs | Pink Runtz Infused Pre-Roll 1g', 1, 9.58, 29.6],
      ['Blue Zushi 1/8 oz', 3.5, 44.86, null],
    ]);
    expect(r.subtotal).toBe(54.44);
  });

  it('a potency figure whose % sign OCR lost, in a detail line', () => {
    const r = parseReceiptText(
      'SWEET LEAF MARKET\nPuffco | Larry OG Smalls 14 g        $316.04\n2 x $158.02 - Flower : THC 21.6\nKush Cart .5g     $40.00\nVape | THC 81.25 | CBD 0.4\nTOTAL $356.04',
    );
    expect(r.items.map((i) => [i.thcPct, i.cbdPct, i.quantity])).toEqual([
      [21.6, null, 2],
      [81.25, 0.4, 1],
    ]);
    // a whole number without % is not a potency ("THC Bomb 2")
    expect(parseReceiptText('GREEN LEAF\nTHC Bomb 2   $20.00\nTOTAL $20.00').items[0].thcPct).toBeNull();
  });

  it('the store name without a margin speck read as a digit', () => {
    const r = parseReceiptText('Desert Bloom Wellness                               1\nBlue Dream 3.5g   $35.00\nTOTAL $35.00');
    expect(r.dispensaryName).toBe('Desert Bloom Wellness');
  });

  it('drops lone characters and symbol specks at either end of a line after a wide gap, keeps "%" columns', () => {
    expect(dropMarginJunk('OG Chem Premium Flower          4')).toBe('OG Chem Premium Flower');
    expect(dropMarginJunk('|      Mountain Top Extracts   ;')).toBe('Mountain Top Extracts');
    expect(dropMarginJunk('Terpene        mg/g       %')).toBe('Terpene        mg/g       %');
    expect(dropMarginJunk('2  Wedding Cake 1g   $24.00')).toBe('2  Wedding Cake 1g   $24.00');
  });

  it('the quantity key with a misread letter before a number becomes Qty, and only there', () => {
    expect(cleanLine('Quy: 2 x $8.34')).toBe('Qty: 2 x $8.34');
    expect(cleanLine('Oty 1')).toBe('Qty 1');
    expect(cleanLine('Quy Kush 1g')).toBe('Quy Kush 1g');
  });

  it('finds nothing in text that is not a receipt', () => {
    const r = parseReceiptText('The quick brown fox\njumps over the lazy dog');
    expect(r.items).toEqual([]);
    expect(r.total).toBeNull();
    expect(r.coverage).toBe(0);
  });
});

describe('reading helpers', () => {
  it.each([
    ['3.5g', 3.5],
    ['1/8 oz', 3.5],
    ['1/4oz', 7],
    ['1 oz', 28],
    ['500mg', 0.5],
    ['14 grams', 14],
    ['0.5 g', 0.5],
  ])('weight %s → %s g', (s, g) => expect(parseWeightGrams(s)?.grams).toBe(g));

  it('does not read a price as a weight', () => expect(parseWeightGrams('$35.00')).toBeNull());

  it.each([
    ['Date: 2026-11-02', '2026-11-02'],
    ['11/02/2026 10:01 AM', '2026-11-02'],
    ['Nov 2, 2026', '2026-11-02'],
    ['2 November 2026', '2026-11-02'],
    ['02.11.2026', '2026-11-02'],
    ['13/45/2026', null],
    ['no date', null],
  ])('date %s → %s', (s, d) => expect(parseDate(s)).toBe(d));

  it('cleans OCR digit confusions only inside numbers', () => {
    expect(cleanLine('OG Kush  $1O.5O')).toBe('OG Kush $10.50');
    expect(cleanLine('Blue  Dream l/8 oz')).toBe('Blue Dream 1/8 oz');
  });
});

describe('fourth pass of issue 14 (receipt lines)', () => {
  const header = `GREEN LEAF
Order #55123
Date: 2026-11-02
`;
  const totals = `
Subtotal   $100.00
Tax   $10.00
TOTAL   $110.00`;
  it.each([
    [
      'a name wrapped onto a second line with its weight',
      'DIME INDUSTRIES | MIRACLE   $37.92\n  ALIEN COOKIES WHOLE FLOWER 1/8 OZ\n  THC 16.2%',
      { productName: 'DIME INDUSTRIES | MIRACLE ALIEN COOKIES WHOLE FLOWER 1/8 OZ', grams: 3.5, category: 'Flower', thcPct: 16.2, price: 37.92 },
    ],
    [
      'a wrapped pack whose second line starts with a category word, then a quantity line',
      'Fiore - Blue Magoo Pre-Roll   $43.92\n  Pack 1g x 2\n  2 @ $21.96   THC 27.3%',
      { productName: 'Fiore - Blue Magoo Pre-Roll Pack 1g x 2', grams: 2, category: 'Pre-Roll', quantity: 2, unitPrice: 21.96, thcPct: 27.3 },
    ],
    [
      'a quantity-first line whose weight "3.5g" was read "3.59" (not an amount)',
      '1 x Everest - Orange Cookies Whole Flower 3.59   $38.07',
      { productName: 'Everest - Orange Cookies Whole Flower 3.5g', grams: 3.5, quantity: 1, price: 38.07 },
    ],
    ['the category word printed last names the product ("Candy" is the strain)', 'Cotton Candy Premium Flower 1/4oz   $94.89', { category: 'Flower', grams: 7 }],
    ['a strain named like an edible, then the pre-roll word', 'Gummy Bears Pre-Roll Pack .5g x 5   $30.12', { category: 'Pre-Roll', grams: 2.5 }],
  ])('%s', (_label, lines, want) => {
    const r = parseReceiptText(`${header}${lines}${totals}`);
    expect(r.items).toHaveLength(1);
    expect(r.items[0]).toMatchObject(want);
  });

  it('a name line under an item that already has its weight is the next item, not a continuation', () => {
    const r = parseReceiptText(`${header}Blue Dream 3.5g   $35.00\nGelato 1/8 oz\n  2 @ $20.00   $40.00${totals}`);
    expect(r.items.map((i) => i.productName)).toEqual(['Blue Dream 3.5g', 'Gelato 1/8 oz']);
  });
});

describe('potency figures whose decimal point blur took', () => {
  it.each([
    ['  2@$40.70 THC673%', 67.3, null],
    ['  THC215% CBD00.3%', 21.5, 0.3],
    ['  Flower · THC 2583%', 25.83, null],
  ])('%s', (detail, thc, cbd) => {
    const r = parseReceiptText(`GREEN LEAF\nDate: 2026-11-02\nBlack Duck - Cali Kush Rosin .5g   $81.40\n${detail}\nSubtotal   $81.40\nTOTAL   $90.00`);
    expect(r.items[0]).toMatchObject({ thcPct: thc, cbdPct: cbd });
  });
});

describe('receipt OCR slips (fourth pass)', () => {
  it.each([
    [
      '"1 ea @" read "lea @"',
      'Cotton Candy Premium Flower 1/4oz   $94.89\nlea @ $94.89 | THC: 31.6%',
      { productName: 'Cotton Candy Premium Flower 1/4oz', quantity: 1, thcPct: 31.6 },
    ],
    ['"2 x" read "2 xX"', 'Lemon Haze Diamonds .5g   $89.96\n2 xX $44.98 - Concentrate - THC 63.3%', { quantity: 2, unitPrice: 44.98, thcPct: 63.3 }],
    [
      'a wrapped weight ".5g" read ".5¢9"',
      'Black Duck - Cali Kush Rosin   $81.40\n.5¢9\n2 @ $40.70 THC 67.3%',
      { productName: 'Black Duck - Cali Kush Rosin .5g', grams: 0.5, quantity: 2, thcPct: 67.3 },
    ],
    ['a pack ".5g x 5" read ".5g x §"', 'Do-Si-Dos Preroll .5g x §   $31.38', { productName: 'Do-Si-Dos Preroll .5g x 5', grams: 2.5, price: 31.38 }],
    ['".5g" read ".S5g"', 'Tropicana Cookies Rosin .S5g   $41.02', { productName: 'Tropicana Cookies Rosin .5g', grams: 0.5 }],
    [
      'a wrapped "Flower 3.5g" read "Flower 3.59"',
      'Dos Gringos - Kali Mist Whole   $35.60\nFlower 3.59\nTHC 21.5% CBD 0.3%',
      { grams: 3.5, category: 'Flower', thcPct: 21.5, cbdPct: 0.3 },
    ],
  ])('%s', (_label, lines, want) => {
    const r = parseReceiptText(`GREEN LEAF\nDate: 2026-11-02\n${lines}\nSubtotal   $100.00\nTOTAL   $110.00`);
    expect(r.items).toHaveLength(1);
    expect(r.items[0]).toMatchObject(want);
  });
});

describe('a table whose header names every column (fourth pass)', () => {
  it('a misread category cell ("Flowet") under the Category header is that column, not more name; "Qy" is the Qty header', () => {
    const r = parseReceiptText(`SWEET LEAF MARKET
Invoice date: 2026-02-26
Product   Category   THC   Qy   Unit   Amount
Y Griega Premium Flower 28g   Flowet   24.3%   1   $384.82   $384.82
Kush Mints Diamonds .5g   Concentrale   68.9%   2   $20.00   $40.00
Subtotal:   $424.82
TOTAL   $460.00`);
    expect(r.items.map((i) => [i.productName, i.category, i.thcPct, i.quantity])).toEqual([
      ['Y Griega Premium Flower 28g', 'Flower', 24.3, 1],
      ['Kush Mints Diamonds .5g', 'Concentrate', 68.9, 2],
    ]);
  });
});

describe('order-level discounts in the plural (fourth pass)', () => {
  it.each([
    ['Rewards redeemed (280 pts)   -$14.00', 14],
    ['Coupons   -$5.00', 5],
    ['Deals applied   -$3.00', 3],
  ])('%s after the subtotal is the order discount', (line, want) => {
    const r = parseReceiptText(
      `HERBAN OASIS\nNov 8, 2026 4:18 PM\n1 x Gelato 1g   $12.00\n      BOGO 20% off   -$2.40\nSubtotal   $9.60\n${line}\nTax   $1.00\nTOTAL   $5.60\nRewards #: ***-***-9313`,
    );
    expect(r.discount).toBe(want);
    expect(r.items[0].discount).toBe(2.4);
  });
});

describe('a "$" read as a digit before a total (fourth pass)', () => {
  it.each([
    ['Taxes & fees   826.41', 'TOTAL   $290.55', 'Subtotal   $264.14', { tax: 26.41, total: 290.55, subtotal: 264.14 }],
    ['Tax   $26.41', 'TOTAL   5290.55', 'Subtotal   $264.14', { tax: 26.41, total: 290.55, subtotal: 264.14 }],
    ['Tax   $126.41', 'TOTAL   $390.55', 'Subtotal   $264.14', { tax: 126.41, total: 390.55, subtotal: 264.14 }],
  ])('%s / %s', (tax, total, sub, want) => {
    const r = parseReceiptText(`NORTHERN LIGHT\nDate: 2026-02-05\nHarle-Tsu 28g   $264.14\n${sub}\n${tax}\n${total}`);
    expect({ tax: r.tax, total: r.total, subtotal: r.subtotal }).toEqual(want);
  });
});

describe('one misread digit of an item amount, found by the totals (fourth pass)', () => {
  const receipt = (items: string, sub: string) => parseReceiptText(`GREEN LEAF\nDate: 2026-03-07\n${items}\n${sub}\nTaxes   $29.21\nTOTAL   $175.25`);
  it('"$36.01" for $30.01 when subtotal, tax and total agree and only that change fits', () => {
    const r = receipt('Durban Poison Pod 0.5 g   $33.80\nTangie Vape Cart 1g   $36.01\nZushi Shatter 2g   $82.23', 'Subtotal:   $146.04');
    expect(r.items.map((i) => [i.price, i.unitPrice])).toEqual([
      [33.8, 33.8],
      [30.01, 30.01],
      [82.23, 82.23],
    ]);
  });
  it('nothing changes when the totals do not agree with each other', () => {
    const r = receipt('Durban Poison Pod 0.5 g   $33.80\nTangie Vape Cart 1g   $36.01\nZushi Shatter 2g   $82.23', 'Subtotal:   $146.50');
    expect(r.items[1].price).toBe(36.01);
  });
  it('nothing changes when two different slips would fit', () => {
    const r = receipt('Durban Poison Pod 0.5 g   $36.80\nTangie Vape Cart 1g   $36.01\nZushi Shatter 2g   $76.23', 'Subtotal:   $146.04');
    expect(r.items.map((i) => i.price)).toEqual([36.8, 36.01, 76.23]);
  });
});

describe('a misread subtotal, found by the items and the total (fourth pass)', () => {
  it('"SUBTOTAL 1560.00" for 150.00 when the items minus the discount plus tax make the total', () => {
    const r = parseReceiptText(
      `DESERT BLOOM\nDate: 8/19/2026\nGrape Ape Cart 1g\n1 x 29.91   29.91\nGary Payton Vape Cart 0.5 g\n1 x 30.06   30.06\nBig Bud 1/4oz\n1 x 90.03   90.03\nSUBTOTAL   1560.00\nLoyalty Discount   -$8.00\nTAX   33.73\nTOTAL   175.73`,
    );
    expect(r.subtotal).toBe(150);
    expect(r.items).toHaveLength(3);
  });
  it('a subtotal that differs from the items is kept when the items do not make the total either', () => {
    const r = parseReceiptText(`DESERT BLOOM\nDate: 8/19/2026\nGrape Ape Cart 1g   $29.91\nBig Bud 1/4oz   $90.03\nSubtotal   $130.00\nTax   $10.00\nTOTAL   $140.00`);
    expect(r.subtotal).toBe(130);
  });
});

describe('after the fourth round blind run (not blind any more)', () => {
  it.each([
    [
      '"TOTAL THC 19.9%" under an item is its potency (not the total, not a table header)',
      'GHOST OG SMALLS 3.5 G [H]   39.73\n  TOTAL THC 19.9%\nWHITE TRUFFLE ROSIN 1G   47.74\n  TOTAL THC 69.9%   TOTAL CBD 1.2%',
      [
        { productName: 'GHOST OG SMALLS 3.5 G', thcPct: 19.9, type: 'hybrid' },
        { productName: 'WHITE TRUFFLE ROSIN 1G', thcPct: 69.9, cbdPct: 1.2 },
      ],
    ],
    [
      'a strain-type tag after the name is the type, not the name',
      'Sour Tsunami Rosin (Sativa) .5g   $69.62\nBLUE DREAM 3.5 G [S]   $39.98',
      [
        { productName: 'Sour Tsunami Rosin .5g', type: 'sativa', grams: 0.5 },
        { productName: 'BLUE DREAM 3.5 G', type: 'sativa' },
      ],
    ],
    [
      'a weight in its own column joins the name; "lgx2" is 1g x 2; "29" under a Wt header is 2g',
      'Qty   Item   Wt   Price\n1   Gary Payton   1/2oz   $137.63\n1   Master Kush Pre-Roll (Indica)   lgx2   $24.23\n2   SFV OG Rosin   29   $97.97',
      [
        { productName: 'Gary Payton 1/2oz', grams: 14, quantity: 1 },
        { productName: 'Master Kush Pre-Roll 1g x 2', grams: 2, type: 'indica' },
        { productName: 'SFV OG Rosin 2g', grams: 2, quantity: 2, unitPrice: 48.99 },
      ],
    ],
    [
      '"2 units @ $21.69" is the quantity line of the item above; "CBD: ND" is no figure',
      'California Orange Infused Pre-Roll 1g x 2   $43.38\n  Pkg: 1A4638023000075858\n  2 units @ $21.69\n  THC: 20.2% | CBD: ND',
      [{ productName: 'California Orange Infused Pre-Roll 1g x 2', quantity: 2, unitPrice: 21.69, thcPct: 20.2, cbdPct: null }],
    ],
    [
      'only a negative amount under an item ("Bundle -10%   -$4.38") is its discount',
      'Purple Kush Whole Flower 1/8oz   $43.77\n  THC: 22.3% | CBD: 0.8%\n  Bundle -10%   -$4.38',
      [{ productName: 'Purple Kush Whole Flower 1/8oz', discount: 4.38, cbdPct: 0.8 }],
    ],
  ])('%s', (_label, lines, want) => {
    const r = parseReceiptText(`ZENLEAF CANNABIS\nTransaction Date: 06-Feb-2026 05:46 PM\n${lines}\nSubtotal:   $300.00\nTOTAL   $300.00`);
    expect(r.orderDate).toBe('2026-02-06');
    expect(r.items).toHaveLength(want.length);
    want.forEach((w, i) => expect(r.items[i]).toMatchObject(w));
  });
});

describe('weights and totals misread on photos (after the fourth round blind run)', () => {
  it('under a Wt header "1202" is 1/2oz and "19x2" is 1g x 2; "Pre-Rol" is a pre-roll', () => {
    const r = parseReceiptText(
      `KANNABIS KLUB\nDate: 2026-06-18\nQty   Item   Wt   Price\n1   Cure Injoy - Chernobyl (Hybrid)   1202   $192.39\n1   Master Kush Pre-Rol (Indica)   19x2   $24.23\nSubtotal:   $216.62\nTOTAL   $230.00`,
    );
    expect(r.items.map((i) => [i.productName, i.grams, i.category])).toEqual([
      ['Cure Injoy - Chernobyl 1/2oz', 14, 'Flower'],
      ['Master Kush Pre-Rol 1g x 2', 2, 'Pre-Roll'],
    ]);
  });
  it('one digit of the total misread ("178.01" for 175.01) when the items agree with the subtotal', () => {
    const r = parseReceiptText(
      `MESA FLOWERS\n10/21/26 1:18 AM\nBLUEBERRY POD .5G   41.10\nCRITICAL MASS 7 G [I]   112.74\nSUBTOTAL   153.84\nREWARDS DISC   -8.00\nEXCISE TAX   17.50\nSALES TAX   11.67\nTOTAL   178.01\nCASH   180.00`,
    );
    expect(r.total).toBe(175.01);
  });
  it('an amount in parentheses after a name is not a discount of the item above', () => {
    const r = parseReceiptText(
      `THE HEALING TREE\nDate: 12/6/2026\nACAPULCO GOLD PRE-ROLL .5G X 5\n1 x 21.28   21.28\nDISC 10%   -2.13\nLA CONFIDENTIAL SMALLS (3.56)\n1 x 47.52   47.52\nSUBTOTAL   66.67\nTOTAL   80.00`,
    );
    expect(r.items[0].discount).toBe(2.13);
  });
});

describe('weights misread at the end of a name (fourth pass)', () => {
  it.each([
    ['a G read as 6 on a "$" receipt', 'MASTER KUSH PREMIUM FLOWER 3.56   $83.30', { productName: 'MASTER KUSH PREMIUM FLOWER 3.5g', grams: 3.5, price: 83.3 }],
    ['the oz of an eighth read as 07', 'HARLE-TSU FLOWER 1/807   $47.08', { productName: 'HARLE-TSU FLOWER 1/8oz', grams: 3.5 }],
  ])('%s', (_label, line, want) => {
    const r = parseReceiptText(`EMERALD COAST\nDate: 2026-10-15\n${line}\nSubtotal   $100.00\nTOTAL   $110.00`);
    expect(r.items[0]).toMatchObject(want);
  });
  it('a bare "3.56" on a receipt without "$" stays an amount', () => {
    const r = parseReceiptText(`THE HEALING TREE\nDate: 12/6/2026\nLA CONFIDENTIAL SMALLS   3.56\nSUBTOTAL   3.56\nTOTAL   4.00`);
    expect(r.items[0]).toMatchObject({ productName: 'LA CONFIDENTIAL SMALLS', price: 3.56 });
  });
});

describe('after the fifth round blind run (receipts; not blind any more)', () => {
  it.each([
    [
      'a code line ("SKU …   Batch …") between a name and its "1 @ x   y T" line; a trailing T tax flag and a trailing-minus discount',
      'Thin Mint GSC Smalls 1/4oz\n   SKU 12763880   Batch ABC-136\n   1 @ 94.74      94.74 T\n   DEAL 10%      9.47-',
      [{ productName: 'Thin Mint GSC Smalls 1/4oz', grams: 7, quantity: 1, unitPrice: 94.74, price: 94.74, discount: 9.47 }],
    ],
    [
      'two such items, the second of two',
      'God Bud Whole Flower 3.5 g\n   SKU 78423546   Batch BDR-245\n   2 @ 35.60      71.20 T\nChocolope Live Rosin 1g\n   SKU 08607994   Batch GLT-874\n   1 @ 33.35      33.35 T',
      [
        { productName: 'God Bud Whole Flower 3.5 g', grams: 3.5, quantity: 2, unitPrice: 35.6, price: 71.2 },
        { productName: 'Chocolope Live Rosin 1g', grams: 1, quantity: 1, price: 33.35 },
      ],
    ],
    [
      'a Rec (adult-use) price column before the Med price charged is no unit price; "THC 21.4 %  …  Dispensed 7.0 g" is the item\'s detail line',
      'Item   Qty   Rec   Med\nForbidden Fruit Smalls 1/8oz   2   $79.25   $67.16\n   THC 15.5 %  CBD 0.9 %   Dispensed 7.0 g',
      [{ productName: 'Forbidden Fruit Smalls 1/8oz', grams: 3.5, quantity: 2, unitPrice: 33.58, price: 67.16, thcPct: 15.5, cbdPct: 0.9 }],
    ],
    [
      'a unit-price column that makes the line price with the quantity is kept',
      'Item   Qty   Price   Total\nFire OG Flower 1/2oz   2   $150.98   $301.96',
      [{ productName: 'Fire OG Flower 1/2oz', grams: 14, quantity: 2, unitPrice: 150.98, price: 301.96 }],
    ],
  ])('%s', (_label, lines, want) => {
    const r = parseReceiptText(`SHANTI CAFE\n11/24/2026 15:42:07\n${lines}\nSUBTOTAL   300.00\nTOTAL   300.00`);
    expect(r.orderDate).toBe('2026-11-24');
    expect(r.items).toHaveLength(want.length);
    want.forEach((w, i) => expect(r.items[i]).toMatchObject(w));
  });

  it.each([
    ['the o of an oz fraction read as 0', 'Thin Mint GSC Whole Flower 1/40z   $70.15', { productName: 'Thin Mint GSC Whole Flower 1/4oz', grams: 7 }],
    ["a pack's x read twice after a g", 'Chocolate Thai Infused Pre-Roll .5g Xx 5   $26.11', { productName: 'Chocolate Thai Infused Pre-Roll .5g x 5', grams: 2.5 }],
  ])('%s', (_label, line, want) => {
    const r = parseReceiptText(`KUSHIE\nNovember 10, 2026 at 7:47 AM\n${line}\nSubtotal   $100.00\nTOTAL   $110.00`);
    expect(r.orderDate).toBe('2026-11-10');
    expect(r.items[0]).toMatchObject(want);
  });

  it('the g of a name\'s last "3.5 g" read as "@" (no amount after it) is the weight', () => {
    const r = parseReceiptText(`SHANTI CAFE\n11/24/2026 15:42:07\nGod Bud Whole Flower 3.5 @\n   2 @ 35.60      71.20 T\nSUBTOTAL   71.20\nTOTAL   80.00`);
    expect(r.items[0]).toMatchObject({ productName: 'God Bud Whole Flower 3.5 g', grams: 3.5, quantity: 2 });
  });

  it("a trailing-minus order discount after the subtotal is the order's", () => {
    const r = parseReceiptText(
      `SHANTI CAFE\n11/24/2026 15:42:07\nChocolope Live Rosin 1g\n   1 @ 33.35      33.35 T\nSUBTOTAL   33.35\nLOYALTY      2.00-\nTAX @ 20.000%   6.27\nTOTAL   37.62`,
    );
    expect(r.discount).toBe(2);
    expect(r.tax).toBe(6.27);
    expect(r.total).toBe(37.62);
  });
});

describe('a quantity digit that the unit and line amounts contradict (after the fifth round blind run)', () => {
  it('"3   $33.50   $33.50" under Qty / Price / Total is one at $33.50', () => {
    const r = parseReceiptText(
      `DESERT BLOOM WELLNESS\nOct 11, 2026 4:11 PM\nItem   Qty   Price   Total\nHindu Kush Flower 3.5 g   3   $33.50   $33.50\nSub-Total   $33.50\nTOTAL   $36.00`,
    );
    expect(r.items[0]).toMatchObject({ productName: 'Hindu Kush Flower 3.5 g', quantity: 1, unitPrice: 33.5, price: 33.5 });
  });
});

describe('a unit amount above the line price (after the fifth round blind run)', () => {
  it.each([
    [
      'a Rec price column dearer than the Med price charged is no unit price',
      'Dos Gringos | Huckleberry 1/8oz   1   $56.68   $48.03',
      { quantity: 1, unitPrice: 48.03, price: 48.03 },
    ],
    [
      'one digit apart ("$39.52   $33.52"): the price was misread, the unit stays',
      'Sunset Sherbet Premium Flower 1/8 oz   1   $39.52   $33.52',
      { quantity: 1, unitPrice: 39.52, price: 33.52 },
    ],
  ])('%s', (_label, line, want) => {
    const r = parseReceiptText(`DREAMZ DISPENSARY\nDate dispensed: 10/02/2026  10:37 PM\n${line}\nSub-Total   $48.03\nTotal Due   $49.95`);
    expect(r.orderDate).toBe('2026-10-02');
    expect(r.items[0]).toMatchObject(want);
  });
});

describe('after the sixth round blind run (receipts; not blind any more)', () => {
  it.each([
    ['a decimal comma and the currency after the amount', 'Sous-total   125,55 $', 'Sous-total   $125.55'],
    ['a negative one', 'Rabais fidélité   -6,00 $', 'Rabais fidélité   -$6.00'],
    ['one inside a line', '   2 x 17,50 $', '   2 x $17.50'],
    ['thousands split by a space', 'Total   1 234,50 $', 'Total   $1234.50'],
    ['the comma lost and the "$" read as 8', 'Gary Payton Whole Flower 7 g      45948', 'Gary Payton Whole Flower 7 g     $45.94'],
    ['the "$" read as 8 after the comma', 'TVQ 9,975 %     11,928', 'TVQ 9,975 %    $11.92'],
    ['the "$" read as %', 'BLUE MAGOO LIVE RESIN BADDER 2G      82,09 %', 'BLUE MAGOO LIVE RESIN BADDER 2G     $82.09'],
    ['a quote read for the minus', 'Rabais fidélité     “6,008', 'Rabais fidélité     -$6.00'],
    ['a quantity line read without spaces or comma', '2x868%', '2x$8.68'],
    ['its "$" read as 8 and %', '2x28,468%', '2x$28.46'],
    ['a potency line is left alone', 'THC 22,15 % · CBD 0,4 %', 'THC 22,15 % · CBD 0,4 %'],
    ['a rate glued to its label is no amount', 'TVQ9975%', 'TVQ9975%'],
    ['a code without separator or suffix is no amount', 'Carte ****2005 Autorisation 342040', 'Carte ****2005 Autorisation 342040'],
  ])('decimal-comma amount: %s', (_label, line, want) => {
    expect(fromCommaCurrency(line)).toBe(want);
  });

  it('tells a decimal-comma receipt from one that prints "$" before its amounts', () => {
    expect(commaCurrencyStyle(['Blue Dream 3,5 g   35,00 $', 'Sous-total   35,00 $', 'TPS 5 %   1,75 $', 'Total   40,24 $'])).toBe(true);
    expect(commaCurrencyStyle(['Blue Dream 3.5g   $35.00', 'Subtotal   $35.00', 'Tax   $1.75', 'Total   $36.75'])).toBe(false);
    // A thermal ticket without "$" and with decimal points is not one.
    expect(commaCurrencyStyle(['BLUE DREAM 3.5G   35.00', 'SUBTOTAL   35.00', 'TAX   1.75', 'TOTAL   36.75'])).toBe(false);
  });

  it('reads a French decimal-comma receipt: items, potency with commas, TPS + TVQ, day-first date', () => {
    const r = parseReceiptText(`Shanti Cafe
3288 Main St, Montréal QC H2X 1Y4
Date : 10/09/2026  13:55
Facture 381021   Caisse 5
Death Bubba Smalls 1g      14,55 $
   THC 29,1 % · CBD 0,8 %
   Rabais 10 %      -1,46 $
Blue Magoo Live Resin Badder 2g      164,18 $
   2 x 82,09 $
   THC 84,9 %
Sous-total      177,27 $
Rabais fidélité      -9,00 $
TPS 5 %      8,41 $
TVQ 9,975 %      16,79 $
Total      193,47 $
Débit Interac      193,47 $`);
    expect(r.orderDate).toBe('2026-09-10');
    expect(r).toMatchObject({ subtotal: 177.27, discount: 9, tax: 25.2, total: 193.47 });
    expect(r.items).toHaveLength(2);
    expect(r.items[0]).toMatchObject({ productName: 'Death Bubba Smalls 1g', grams: 1, price: 14.55, discount: 1.46, thcPct: 29.1, cbdPct: 0.8 });
    expect(r.items[1]).toMatchObject({ productName: 'Blue Magoo Live Resin Badder 2g', grams: 2, quantity: 2, unitPrice: 82.09, price: 164.18, thcPct: 84.9 });
  });

  it.each([
    ['a day over 12 is read day first on any receipt', 'Date: 24/10/2026', false, '2026-10-24'],
    ['an ambiguous date month first on a "$" receipt', 'Date: 10/09/2026', false, '2026-10-09'],
    ['day first on a decimal-comma receipt', 'Date : 10/09/2026 14:58', true, '2026-09-10'],
    ['a year-first date is left as is', 'Date: 2026/05/16  Time: 18:10', true, '2026-05-16'],
  ])('dates: %s', (_label, line, dayFirst, want) => {
    expect(dateOf(line, dayFirst)).toBe(want);
  });

  it.each([
    ['"(save $3.50)"', 'Blue Dream 3.5g (save $3.50)', 3.5, 'Blue Dream 3.5g'],
    ['"(-$3.50 promo)"', 'Blue Dream 3.5g (-$3.50 promo)', 3.5, 'Blue Dream 3.5g'],
    ['"(Deal -$6.32)"', '(Deal -$6.32)', 6.32, ''],
    ['a weight in parentheses is none', 'Blue Dream (3.5g)', null, null],
    ['a potency in parentheses is none', 'Blue Dream 3.5g (THC 21.5%)', null, null],
    ['an amount without a discount word or minus is none', 'Blue Dream 3.5g ($35.00)', null, null],
    ['"(Sale $30.00)" or "(Deal $25.00)" without a minus may be a price: none', 'Blue Dream 3.5g (Sale $30.00) (Deal $25.00)', null, null],
  ])('inline discount: %s', (_label, line, value, rest) => {
    const d = inlineDiscount(line);
    if (value === null) expect(d).toBeNull();
    else expect(d).toEqual({ value, rest });
  });

  it('joins a parenthesis wrapped onto the next row, and nothing else', () => {
    const rows = ['1 x Runtz Live Resin Badder 2g (Deal', '-$8.26)', '$82.64', 'Blue Dream (3.5g)', '$35.00'].map((text) => ({ text, conf: 90 }));
    expect(joinWrappedParens(rows).map((r) => r.text)).toEqual(['1 x Runtz Live Resin Badder 2g (Deal -$8.26)', '$82.64', 'Blue Dream (3.5g)', '$35.00']);
  });

  it('reads a phone order: quantity before the name, wrapped names, inline discounts, the price alone below', () => {
    const r = parseReceiptText(`Just Jane
7976 Pine Rd, Denver CO 80203
Pickup order - 10/04/2026, 9:38 PM
Order #W1848
2 x Sour Space Candy Live Resin
Cartridge .5g
$60.28
2 x Gnomad - Jack Frost Pod
.5g (save $6.80)
$67.98
1 x Seed Junky - Green Crack
Diamonds 2g (-$13.14 promo)
$65.68
1 x Purlife | Ghost OG Smalls 1/8oz
(Deal -$6.32)
$31.61
1 x Runtz Live Resin Badder 2g (Deal
-$8.26)
$82.64
Sub-Total   $273.67
Points redeemed   -$9.00
Sales Tax   $31.87
TOTAL   $296.54`);
    expect(r.items).toHaveLength(5);
    expect(r.items[0]).toMatchObject({ productName: 'Sour Space Candy Live Resin Cartridge .5g', quantity: 2, unitPrice: 30.14, price: 60.28, discount: null, grams: 0.5 });
    expect(r.items.splice(1, 1)[0]).toMatchObject({ productName: 'Gnomad - Jack Frost Pod .5g', quantity: 2, unitPrice: 33.99, price: 67.98, discount: 6.8, grams: 0.5 });
    expect(r.items[1]).toMatchObject({ productName: 'Seed Junky - Green Crack Diamonds 2g', quantity: 1, price: 65.68, discount: 13.14 });
    expect(r.items[2]).toMatchObject({ productName: 'Purlife | Ghost OG Smalls 1/8oz', price: 31.61, discount: 6.32, grams: 3.5 });
    expect(r.items[3]).toMatchObject({ productName: 'Runtz Live Resin Badder 2g', price: 82.64, discount: 8.26 });
    expect(r.discount).toBe(9);
  });

  it('joins a wrapped name whose weight has a speck before its unit ("3.5 ¢g")', () => {
    const r = parseReceiptText(`Just Jane\nPickup order - 08/14/2026, 10:57 AM\n1 x Vana | Super Skunk Premium\nFlower 3.5 ¢g\n$47.80\nSubtotal   $47.80\nTOTAL   $51.60`);
    expect(r.items.map((i) => [i.productName, i.grams, i.price])).toEqual([['Vana | Super Skunk Premium Flower 3.5 g', 3.5, 47.8]]);
  });

  it('a photo\'s speck row inside a wrapped name, and a margin speck before its "1 x"', () => {
    const r = parseReceiptText(
      `FireFlower\nPickup order - 06/17/2026, 4:17 PM\n[5   1 x Pharmers | Mandarin Cookies\nWhole Flower 1/80z\n$46.00\n1 x Seed Junky - Blue Cheese Whole\nioy\nFlower 1/402\nBr   $94.08\nSubtotal:   $140.08\nTOTAL   $150.00`,
    );
    expect(r.items.map((i) => [i.productName, i.grams, i.quantity, i.price])).toEqual([
      ['Pharmers | Mandarin Cookies Whole Flower 1/8oz', 3.5, 1, 46],
      ['Seed Junky - Blue Cheese Whole Flower 1/4oz', 7, 1, 94.08],
    ]);
  });

  it('does not join the next item\'s line ("1% Name": its x read as %) to a name whose weight was misread', () => {
    const r = parseReceiptText(
      `Enchantment Growth Co\nPickup order   05/28/2026, 1:38 PM\n1 x Stardawg Whole Flower 3.5 9 (save $7.33)\n$48.90\n1% Lucky Charms Flower 1/402\n$82.84\nSubtotal   $124.41\nTOTAL   $134.67`,
    );
    expect(r.items.map((i) => [i.productName, i.grams, i.price, i.discount])).toEqual([
      ['Stardawg Whole Flower 3.5 g', 3.5, 48.9, 7.33],
      ['Lucky Charms Flower 1/4oz', 7, 82.84, null],
    ]);
  });

  it('does not join a store name to the first item name below the header', () => {
    const r = parseReceiptText(`fee
The Healing Tree
4496 Pine Rd, Portland OR 97214
Date: 3/27/2026
Girl Scout Cookies 3.5 g
1@ $34.27      $34.27
Subtotal   $34.27
TOTAL   $37.70`);
    expect(r.items.map((i) => i.productName)).toEqual(['Girl Scout Cookies 3.5 g']);
  });

  it.each([
    [
      'a Disc column: the Amount is after the discount, the price before it',
      'Kush Mints Vape Cart 1g   1   $28.35   -$2.84   $25.51',
      { quantity: 1, unitPrice: 28.35, price: 28.35, discount: 2.84 },
    ],
    ['the same with the minus lost to OCR', 'Kush Mints Vape Cart 1g   1   $28.35   $2.84   $25.51', { quantity: 1, unitPrice: 28.35, price: 28.35, discount: 2.84 }],
    [
      'a unit misread by one digit: the price is the amount and the discount',
      'Cherry Wine Whole Flower 1g   1   $11.86   -$2.21   $8.85',
      { quantity: 1, unitPrice: 11.06, price: 11.06, discount: 2.21 },
    ],
    ['two units, no discount', 'Permanent Marker Preroll 1g   2   $10.40   $20.80', { quantity: 2, unitPrice: 10.4, price: 20.8, discount: null }],
    [
      'three amounts that do not make unit − discount = amount are no discount column',
      'Bubba Kush Flower 1/8oz   2   $38.70   $5.00   $77.40',
      { quantity: 2, price: 77.4, discount: null },
    ],
  ])('%s', (_label, row, want) => {
    const r = parseReceiptText(`Kannabis Klub\nDate: 2026/10/07  Time: 19:45\nItem   Qty   Price   Disc   Amount\n${row}\nSubtotal   $25.51\nTOTAL   $28.57`);
    expect(r.items).toHaveLength(1);
    expect(r.items[0]).toMatchObject(want);
  });

  it('reads Canadian taxes (GST + PST), and a rate line whose label OCR lost when the totals need it', () => {
    const base = 'Kannabis Klub\nDate: 2026/10/07\nBlue Dream 3.5g   $123.71\nSubtotal   $123.71\n';
    expect(parseReceiptText(`${base}GST 5%   $6.19\nPST 7%   $8.66\nTOTAL   $138.56`).tax).toBe(14.85);
    expect(parseReceiptText(`${base}. GSTS5%   $6.19\nPST 7%   $8.66\nTOTAL   $138.56`).tax).toBe(14.85);
    expect(parseReceiptText(`${base}. GSTS%   $6.19\nPST 7%   $8.66\nTOTAL   $138.56`).tax).toBe(14.85);
    // A rate line whose amount does not fill the gap is not taken.
    expect(parseReceiptText(`${base}. GSTS5%   $6.00\nPST 7%   $8.66\nTOTAL   $138.56`).tax).toBe(8.66);
  });

  it('reads "04%" on a potency line as 0.4 % (its decimal comma lost)', () => {
    const r = parseReceiptText(`Shanti Cafe\nDate: 2026-10-24\nGary Payton Whole Flower 7 g   $79.61\n   THC 31,2% CBD 04%\nSubtotal   $79.61\nTotal   $91.53`);
    expect(r.items[0]).toMatchObject({ thcPct: 31.2, cbdPct: 0.4 });
  });
});

describe('after the seventh round blind run (receipts; not blind any more)', () => {
  const excise = (qtyLine: string) =>
    parseReceiptText(`Ultra Health
2026-08-20 10:28:12
Critical Mass Diamonds 2g      $80.79
  Excise 15%      $12.12
Slurricane Pod 1g      $63.52
${qtyLine}
  Discount 15%      -$9.53
  Excise 15%      $8.10
Subtotal      $134.78
Sales Tax 7.25%      $9.77
Cash rounding      -$0.02
TOTAL      $164.75`);

  it('reads "2 $31.76" under an item as its quantity line when 2 × 31.76 is the item price (the @ lost), so the discount below stays the item\'s', () => {
    const r = excise('  2 $31.76');
    expect(r.items).toHaveLength(2);
    expect(r.items[1]).toMatchObject({ productName: 'Slurricane Pod 1g', quantity: 2, unitPrice: 31.76, price: 63.52, discount: 9.53 });
    expect(r.discount).toBeNull();
  });

  it('reads "$31.76" alone under a $63.52 item as its unit price (the quantity and @ lost): two of them', () => {
    const r = excise('  $31.76');
    expect(r.items[1]).toMatchObject({ quantity: 2, unitPrice: 31.76, price: 63.52, discount: 9.53 });
    expect(r.discount).toBeNull();
  });

  it('leaves a number pair the item price does not prove alone', () => {
    const r = excise('  3 $31.76');
    expect(r.items[1]).toMatchObject({ quantity: 1, unitPrice: 63.52 });
  });
});
