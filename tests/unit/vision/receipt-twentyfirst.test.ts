import { describe, expect, it } from 'vitest';
import { parseReceiptText } from '@/lib/vision/receipt-parser';
import { summaryLast } from '@/lib/vision/receipt-summary-first';
import { withoutPointsColumn } from '@/lib/vision/receipt-points-column';
import { longNameStart } from '@/lib/vision/receipt-wrapped-row';
import { dateOf } from '@/lib/vision/receipt-dates';

/** General rules from the twenty-first receipt round (issue 14); the texts are written here, not read from the round's images. */

const items = (text: string) => parseReceiptText(text).items.map((i) => [i.productName, i.grams, i.quantity, i.unitPrice, i.price, i.discount, i.thcPct]);
const rows = (texts: string[]) => texts.map((text) => ({ text, conf: 90 }));

describe('an order summary printed above the items', () => {
  const text = [
    'Canyon Road Cannabis',
    'Placed Fri Mar 6 2026 2:10 PM             #W-551207',
    'ORDER SUMMARY',
    'Subtotal                                   $91.40',
    'Loyalty discount                          -$10.00',
    'Excise tax 15%                             $12.21',
    'Sales tax 8.25%                             $6.72',
    'TOTAL                                     $100.33',
    'Paid by Debit                             $100.33',
    'ITEMS (2)',
    'Gelato Live Rosin 1g                       $58.20',
    '   2 x $29.10',
    '   THC 71.4%',
    'Sour Diesel Flower 3.5g                    $36.00',
    '   THC 21.0%',
    '   Bundle deal                             -$2.80',
    'Item count: 3',
  ].join('\n');

  it('reads the items, and the summary as the totals', () => {
    const r = parseReceiptText(text);
    expect(items(text)).toEqual([
      ['Gelato Live Rosin 1g', 1, 2, 29.1, 58.2, null, 71.4],
      ['Sour Diesel Flower 3.5g', 3.5, 1, 36, 36, 2.8, 21],
    ]);
    expect([r.subtotal, r.discount, r.tax, r.total]).toEqual([91.4, 10, 18.93, 100.33]);
  });

  it('moves the block from the subtotal to the first item after the total, and only then', () => {
    const moved = summaryLast(rows(['Store', 'Subtotal   $10.00', 'TOTAL   $10.80', 'Paid by Cash  $10.80', 'Blue Dream 1g   $10.00', 'Thanks']));
    expect(moved.map((r) => r.text)).toEqual(['Store', 'Blue Dream 1g   $10.00', 'Thanks', 'Subtotal   $10.00', 'TOTAL   $10.80', 'Paid by Cash  $10.80']);
    // Items above the subtotal (the usual order), and a total alone at the head (Square): unchanged.
    const usual = rows(['Store', 'Blue Dream 1g   $10.00', 'Subtotal   $10.00', 'TOTAL   $10.80']);
    expect(summaryLast(usual)).toEqual(usual);
    const head = rows(['Store', 'TOTAL   $10.80', 'Blue Dream 1g   $10.00', 'Subtotal   $10.00', 'Tax   $0.80']);
    expect(summaryLast(head)).toEqual(head);
  });
});

describe('a loyalty points column', () => {
  const text = [
    'EMPIRE CANNABIS',
    '03/14/26 2:05PM                                REG 2',
    'ITEM                          QTY   PTS        PRICE',
    'Gelato Wax 1g                        31        31.40',
    '   THC 80.2%',
    'Blue Dream Flower 7g            2   118       118.60',
    '   @ 59.30',
    'SUBTOTAL                                      150.00',
    'TAX 9.5%                                       14.25',
    'TOTAL                                        $164.25',
  ].join('\n');

  it('is no quantity (also where the quantity beside it was lost)', () => {
    expect(items(text)).toEqual([
      ['Gelato Wax 1g', 1, 1, 31.4, 31.4, null, 80.2],
      ['Blue Dream Flower 7g', 7, 2, 59.3, 118.6, null, null],
    ]);
  });

  it('is taken off in the head order, a lone figure only when it is no quantity', () => {
    expect(
      withoutPointsColumn(['ITEM   QTY   PTS   PRICE', 'Gelato Wax 1g   1   31   31.40', 'Kush 1g   34   34.43', 'Haze 1g   2   24.00', 'TOTAL   $89.83', 'Kush 1g   34   34.43']),
    ).toEqual(['ITEM   QTY   PTS   PRICE', 'Gelato Wax 1g   1   31.40', 'Kush 1g   34.43', 'Haze 1g   2   24.00', 'TOTAL   $89.83', 'Kush 1g   34   34.43']);
    expect(withoutPointsColumn(['ITEM   POINTS   QTY   PRICE', 'Gelato Wax 1g   31   1   31.40'])).toEqual(['ITEM   POINTS   QTY   PRICE', 'Gelato Wax 1g   1   31.40']);
    // No points head: a quantity column stays.
    expect(withoutPointsColumn(['ITEM   QTY   PRICE', 'Kush 1g   34   34.43'])).toEqual(['ITEM   QTY   PRICE', 'Kush 1g   34   34.43']);
  });
});

describe('a name wrapped onto the row of its amount, no table head', () => {
  const text = [
    'Minerva Canna Group',
    'Date : 2026-08-12 16:32',
    'Article / Item                       Montant / Amount',
    'Pharmers Quality',
    'Slurricane Whole Flower 28g      ........    $270.80',
    '   THC 21.2%',
    'Blue Dream Flower 1g   ...................    $12.00',
    'Sous-total / Subtotal                        $282.80',
    'Total                                        $316.74',
  ].join('\n');

  it('joins a long start above to the name', () => {
    expect(items(text).map((i) => [i[0], i[1], i[4]])).toEqual([
      ['Pharmers Quality Slurricane Whole Flower 28g', 28, 270.8],
      ['Blue Dream Flower 1g', 1, 12],
    ]);
  });

  it('only a long start: no brand heading, no address, no code', () => {
    expect(longNameStart('Phresh Picks Blue')).toBe(true);
    expect(longNameStart('Cookies')).toBe(false);
    expect(longNameStart('2516 Kingsway, BC')).toBe(false);
    expect(longNameStart('Pharmers')).toBe(false);
  });
});

describe('a day-first date reading that is no date', () => {
  it('is read month first', () => {
    expect(dateOf('11/23/26 4:29PM        REG 1', true)).toBe('2026-11-23');
    // A day-first reading that is a date stays day first.
    expect(dateOf('10/09/2026 14:05', true)).toBe('2026-09-10');
  });

  it('on a tape read as decimal-comma for one amount whose point was read as a comma', () => {
    const text = [
      'EMPIRE CANNABIS',
      '11/23/26 4:29PM                                REG 1',
      'Gelato Wax 1g                   1        31,40',
      'Blue Dream Flower 7g            2       118.60',
      'DISC 10%                                -11.86',
      'SUBTOTAL                                138.14',
      'TAX 9.5%                                 13.12',
      'TOTAL                                  $151.26',
    ].join('\n');
    expect(parseReceiptText(text).orderDate).toBe('2026-11-23');
  });
});
