import { describe, expect, it } from 'vitest';
import { parseReceiptText } from '@/lib/vision/receipt-parser';
import { isNotStoreName } from '@/lib/vision/receipt-mail';
import { withoutOtherDates } from '@/lib/vision/receipt-other-dates';
import { trailingDiscount } from '@/lib/vision/receipt-disc-column';
import { withoutVoidedRows } from '@/lib/vision/receipt-cancels';
import { restatedItemTaxes } from '@/lib/vision/receipt-item-taxes';
import { isBrandKindSize } from '@/lib/vision/receipt-strain-over';
import { moneyOn } from '@/lib/vision/parse-common';
import { strainFromProduct } from '@/lib/vision/label-parser';
import { weightThcCells } from '@/lib/vision/receipt-wt-cells';

/** General rules from the eighteenth receipt round (issue 14); the texts are written here, not read from the round's images. */

describe('a reprinted duplicate', () => {
  it('its REPRINT band is no store name', () => {
    for (const l of ['** REPRINT **', 'REPRINT', '*** REPRINTED ***', 'REPRINT COPY']) expect(isNotStoreName(l), l).toBe(true);
    for (const l of ['Green Reprint Cannabis Co', 'Harbor House']) expect(isNotStoreName(l), l).toBe(false);
  });

  it('the reprint date is not the order date; the sale date under it is', () => {
    expect(withoutOtherDates('Reprinted: 10/10/2026 09:27').trim()).toBe('09:27');
    expect(withoutOtherDates('Reprint date 2026-12-01').trim()).toBe('');
    const r = parseReceiptText(
      [
        '** REPRINT **',
        'Harbor House',
        'Reprinted: 12/03/2026 09:12',
        'Receipt #29236',
        'Sale date: 11/24/2026 15:42',
        'Blue Dream Flower 3.5g          $35.00',
        '  1 @ $35.00  THC 22.1%',
        'Subtotal                        $35.00',
        'Sales tax 10%                    $3.50',
        'TOTAL                           $38.50',
      ].join('\n'),
    );
    expect(r.dispensaryName).toBe('Harbor House');
    expect(r.orderDate).toBe('2026-11-24');
  });

  it('a row voided in place (VOID for its price, ** VOIDED ** under it) is no item', () => {
    expect(withoutVoidedRows(['Kush Mints Flower 3.5g        VOID', '  1 @ $29.96  ** VOIDED **', 'VOID   -$35.00', 'Line void  $35.00'])).toEqual([
      '',
      '',
      'VOID   -$35.00',
      'Line void  $35.00',
    ]);
    const r = parseReceiptText(
      [
        'Harbor House',
        'Sale date: 11/24/2026 15:42',
        'Blue Dream Flower 3.5g          $35.00',
        '  1 @ $35.00  THC 22.1%',
        'Kush Mints Flower 3.5g            VOID',
        '  1 @ $29.96  ** VOIDED **',
        'Sour OG Hash Rosin 1g           $32.17',
        '  1 @ $32.17  THC 80.5%',
        'Subtotal                        $67.17',
        'Sales tax 10%                    $6.72',
        'TOTAL                           $73.89',
      ].join('\n'),
    );
    expect(r.items.map((i) => [i.productName, i.price])).toEqual([
      ['Blue Dream Flower 3.5g', 35],
      ['Sour OG Hash Rosin 1g', 32.17],
    ]);
  });
});

describe('a discount column after the price', () => {
  it('the last amount, with a minus and below the price, is the line discount', () => {
    expect(trailingDiscount(moneyOn('1  Obama Runtz Live Resin  0.5g  63.9%  39.07   -3.91'), null)?.discount).toBe(3.91);
    // The minus lost on a photo: only under a header that ends in a discount column and has no unit column.
    expect(trailingDiscount(moneyOn('1  Obama Runtz  0.5g  63.9%  39.07   3.91'), ['qty', 'item', 'wt', 'thc', 'price', 'disc'])?.discount).toBe(3.91);
    expect(trailingDiscount(moneyOn('2  Blue Dream  $17.50   $35.00'), null)).toBeNull();
    expect(trailingDiscount(moneyOn('2  Blue Dream  17.50   35.00'), ['qty', 'item', 'unit', 'price', 'disc'])).toBeNull();
    expect(trailingDiscount(moneyOn('2  Blue Dream  35.00   17.50'), ['qty', 'item', 'unit', 'price'])).toBeNull();
  });

  it('gives the item its price and its discount', () => {
    const r = parseReceiptText(
      [
        'Love Cannabis',
        'Txn 577075  08-06-2026 15:28',
        'Qty  Item                      Wt     THC    Price   Disc',
        '1    Jack Frost Wax            0.5g   66.1%  29.28',
        '1    Obama Runtz Live Resin    0.5g   63.9%  39.07   -3.91',
        'Subtotal   $64.44',
        'Sales tax 6%  $3.87',
        'TOTAL  $68.31',
      ].join('\n'),
    );
    expect(r.items.map((i) => [i.productName, i.price, i.unitPrice, i.discount])).toEqual([
      ['Jack Frost Wax 0.5g', 29.28, 29.28, null],
      ['Obama Runtz Live Resin 0.5g', 39.07, 39.07, 3.91],
    ]);
  });
});

describe('item taxes restated by an order tax line', () => {
  it('the leading item taxes that add up to the next tax amount are dropped when the sums then hold', () => {
    expect(restatedItemTaxes([25.59, 5.21, 30.8, 13.76], 196.64, null, 241.2)).toBe(2);
    expect(restatedItemTaxes([25.59, 25.59, 13.76], 170.59, null, 209.94)).toBe(1);
    // Item excises with no restating line are the tax; two equal taxes are two taxes.
    expect(restatedItemTaxes([5.25, 3.1, 6.2], 56, null, 70.55)).toBe(0);
    expect(restatedItemTaxes([2, 2], 40, null, 44)).toBe(0);
    expect(restatedItemTaxes([2, 2], null, null, null)).toBe(0);
  });

  it('the tax of a receipt with an excise line under each item and their sum after the subtotal', () => {
    const r = parseReceiptText(
      [
        'OSO Cannabis Company',
        'Ordered 02/14/26 at 4:43 PM',
        'Blue Dream Flower 28g            $170.59',
        ' Excise 15%                       $25.59',
        'Jack Herer Pod 0.5g               $26.05',
        ' Excise 20%                        $5.21',
        'Subtotal                         $196.64',
        'Excise tax                        $30.80',
        'Sales tax 7%                      $13.76',
        'Order total                      $241.20',
      ].join('\n'),
    );
    expect([r.subtotal, r.tax, r.total]).toEqual([196.64, 44.56, 241.2]);
  });
});

describe('the strain on its own line above `Brand – Kind – Size`', () => {
  it('a brand, a kind and a size between dashes name no strain', () => {
    for (const n of ['Cannatron – Popcorn Buds – 28g', 'Derived - Pod - 0.5g', 'Cheeba Chews - Cartridge - 1g']) expect(isBrandKindSize(n), n).toBe(true);
    for (const n of ['Blue Dream Flower 3.5g', 'Wana - Edibles - Pound Cake 1/8oz', 'Cannatron - Blue Dream - 3.5g', 'Stiiizy - Pod - Blue Dream'])
      expect(isBrandKindSize(n), n).toBe(false);
  });

  it('leads the printed name; a brand heading above plain names does not', () => {
    const r = parseReceiptText(
      [
        'OSO Cannabis Company',
        'Ordered 02/14/26 at 4:43 PM',
        'Mendo Breath',
        'Cannatron – Popcorn Buds – 28g     $170.59',
        ' Qty 1 · $170.59 each',
        'Super Silver Haze',
        'Derived – Pod – 0.5g                $26.05',
        ' Qty 1 · $26.05 each',
        'Subtotal  $196.64',
        'Total  $196.64',
      ].join('\n'),
    );
    expect(r.items.map((i) => i.productName)).toEqual(['Mendo Breath Cannatron - Popcorn Buds - 28g', 'Super Silver Haze Derived - Pod - 0.5g']);
    // The brand is the line's first part, so the strain guess is the line above alone.
    expect(r.items.map((i) => [i.brand, strainFromProduct(i.productName, i.brand)])).toEqual([
      ['Cannatron', 'Mendo Breath'],
      ['Derived', 'Super Silver Haze'],
    ]);
    const g = parseReceiptText(['Harbor House', 'Sold: 24 Nov 2026 15:42', 'Cannatron', 'Blue Dream Flower 3.5g   $35.00', 'Subtotal  $35.00', 'Total  $35.00'].join('\n'));
    expect(g.items.map((i) => i.productName)).toEqual(['Blue Dream Flower 3.5g']);
  });
});

describe('a Wt column beside a THC column', () => {
  it('splits a weight and the percent read as one cell, under a header whose Item and Disc cells are column words', () => {
    expect(weightThcCells([{ text: '0.59 80.9%', kind: 'text' }]).map((c) => [c.text, c.kind])).toEqual([
      ['0.59', 'text'],
      ['80.9%', 'pct'],
    ]);
    expect(weightThcCells([{ text: 'Blue Dream 22%', kind: 'text' }]).map((c) => c.text)).toEqual(['Blue Dream 22%']);
    const r = parseReceiptText(
      [
        'Love Cannabis Dispensary',
        'Txn 577075 08-06-2026 15:28                Cashier: Ari',
        'Qty ltem                                   wt       THC         Price         Disc',
        '1 Forbidden Fruit Live Resin               0.59 80.9%        29.57',
        '1 Obama Runtz Live Resin                   0.59 63.9%         39.07         -3.91',
        'Subtotal     $64.73',
        'TOTAL    $64.73',
      ].join('\n'),
    );
    expect(r.items.map((i) => [i.productName, i.grams, i.thcPct, i.price, i.discount])).toEqual([
      ['Forbidden Fruit Live Resin 0.5g', 0.5, 80.9, 29.57, null],
      ['Obama Runtz Live Resin 0.5g', 0.5, 63.9, 39.07, 3.91],
    ]);
  });
});
