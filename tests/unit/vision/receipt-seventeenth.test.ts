import { describe, expect, it } from 'vitest';
import { parseReceiptText } from '@/lib/vision/receipt-parser';
import { isGroupSubtotal } from '@/lib/vision/receipt-group-subtotals';
import { withoutOtherDates } from '@/lib/vision/receipt-other-dates';
import { dateOf } from '@/lib/vision/receipt-dates';
import { isStatusBar } from '@/lib/vision/receipt-screen';
import { isNotStoreName } from '@/lib/vision/receipt-mail';
import { splitTenderPays } from '@/lib/vision/receipt-split-tender';
import { withMinusBack } from '@/lib/vision/receipt-minus-slips';

/** General rules from the seventeenth receipt round (issue 14); the texts are written here, not read from the round's images. */

describe("a group's own subtotal under category headings", () => {
  it('is a subtotal line that names only a category or a group, with or without a count', () => {
    for (const l of [
      'Flower subtotal (2)   $61.50',
      'Pre-Roll subtotal (1) $11.84',
      'Subtotal - Vapes  $80.00',
      'CONCENTRATES SUB-TOTAL 3 items 261.89',
      'Dept. subtotal $40.00',
      'Edibles Subtotal: $22.00',
    ])
      expect(isGroupSubtotal(l), l).toBe(true);
    for (const l of [
      'Subtotal   $273.73',
      'Subtotal (4 items)  $120.00',
      'Sub Total: $88.10',
      'Page subtotal $50.00',
      'Merchandise subtotal $12.00',
      'Blue Dream Flower 3.5g  $35.00',
    ])
      expect(isGroupSubtotal(l), l).toBe(false);
  });

  it('does not end the items: the groups below it are read, and the order subtotal is the last one', () => {
    const r = parseReceiptText(
      [
        'Green Harbor',
        '9 Sep 2026 13:03          Sale 46115',
        '— PRE-ROLLS —',
        'Sunset Haze Dogwalker 1g          $11.84',
        '1 @ $11.84 · THC 20.3%',
        'Pre-Roll subtotal (1)             $11.84',
        '— CONCENTRATES —',
        'Northern Lights Sugar 2g         $151.52',
        '2 @ $75.76 · THC 66.9%',
        'Tangie Crumble 1g                 $39.16',
        '1 @ $39.16 · THC 57.9%',
        'Concentrate subtotal (2)         $190.68',
        'Subtotal                         $202.52',
        'State excise 10%                  $20.25',
        'Total                            $222.77',
      ].join('\n'),
    );
    expect(r.items.map((i) => [i.productName, i.price, i.quantity, i.category])).toEqual([
      ['Sunset Haze Dogwalker 1g', 11.84, 1, 'Pre-Roll'],
      ['Northern Lights Sugar 2g', 151.52, 2, 'Concentrate'],
      ['Tangie Crumble 1g', 39.16, 1, 'Concentrate'],
    ]);
    expect(r.subtotal).toBe(202.52);
    expect(r.total).toBe(222.77);
  });
});

describe('dates that are not the order date', () => {
  it('takes a date of birth, an expiry or a renewal off the line, and leaves other dates', () => {
    expect(withoutOtherDates('DOB: 05/26/1990').trim()).toBe('');
    expect(withoutOtherDates('Rec expires: 03/16/2027').trim()).toBe('Rec');
    expect(withoutOtherDates('Card exp 12/31/2027  Valid thru Jan 5, 2027').replace(/\s+/g, ' ').trim()).toBe('Card');
    expect(withoutOtherDates('Date: 09/26/2026 Time: 16:03')).toBe('Date: 09/26/2026 Time: 16:03');
    expect(withoutOtherDates('Express pickup 11/24/2026')).toBe('Express pickup 11/24/2026');
    expect(dateOf('Rec expires: 03/16/2027', false)).toBeNull();
    expect(dateOf('Date 11/24/2026   DOB 04/12/1988', false)).toBe('2026-11-24');
  });

  it("reads the order date below a patient's expiry and birth dates", () => {
    const r = parseReceiptText(
      [
        'Harbor Wellness',
        'MEDICAL SALE',
        'Patient: M. Chen',
        'Registry ID: MMJ-9313-7992',
        'Rec expires: 03/16/2027',
        'DOB: 05/26/1990',
        'Date: 09/26/2026  Time: 16:03',
        'Jet Fuel Cart 0.5g                $31.34',
        '1 x $31.34  THC 89.0%',
        'Subtotal                          $31.34',
        'TOTAL                             $31.34',
      ].join('\n'),
    );
    expect(r.orderDate).toBe('2026-09-26');
  });
});

describe("a phone screenshot's furniture above the store", () => {
  it("knows the status bar (a clock, then glyphs and the battery) and the screen's title", () => {
    for (const l of ['9:41', '1:27   87%', '1:27                |__Eas', '12:05 PM  LTE  64%']) expect(isStatusBar(l), l).toBe(true);
    for (const l of ['10:30 Dispensary', '9:41 Cannabis Co', '3:42 PM  11/24/2026', 'Mr Goodbud', '11/24/26 3:42 PM']) expect(isStatusBar(l), l).toBe(false);
    for (const l of ['Order details', '[4   Order details', 'Order history']) expect(isNotStoreName(l), l).toBe(true);
    expect(isNotStoreName('Details Dispensary')).toBe(false);
  });

  it('reads the store below them', () => {
    const r = parseReceiptText(
      [
        '1:27                |__Eas',
        '[4         Order details',
        'Mr Goodbud',
        'Picked up',
        'Placed Jun 7, 2026, 10:02 AM',
        'Sour Grapes Flower 7g',
        '1 x $79.06                 $79.06',
        'THC 23.0%',
        'Subtotal                   $79.06',
        'Total                      $79.06',
      ].join('\n'),
    );
    expect(r.dispensaryName).toBe('Mr Goodbud');
    expect(r.orderDate).toBe('2026-06-07');
  });
});

describe('a total paid in several tenders', () => {
  it('is witnessed by the tenders less the change, or by the tenders alone', () => {
    expect(splitTenderPays([50, 60, 19.47], 90.53)).toBe(true);
    expect(splitTenderPays([25, 65.53], 90.53)).toBe(true);
    expect(splitTenderPays([50, 60, 19.47], 90.5)).toBe(false);
    expect(splitTenderPays([90.53], 90.53)).toBe(false);
  });

  it('gives the total when its own line was lost', () => {
    const r = parseReceiptText(
      [
        'Harbor Wellness',
        'Date: 07/21/2026  Time: 20:06',
        'Clementine RSO 2g                 $56.22',
        'Blueberry Flower 3.5g             $40.50',
        'Subtotal                          $96.72',
        'Patient discount 10%              -$9.67',
        'Medical excise 4%                  $3.48',
        'A SEE SR TANS LEAN. sub J]',
        'Gift card ****5954                $50.00',
        'Cash tendered                     $60.00',
        'Change due                        $19.47',
      ].join('\n'),
    );
    expect([r.subtotal, r.discount, r.tax, r.total]).toEqual([96.72, 9.67, 3.48, 90.53]);
  });
});

describe('a minus read as a tilde or a guillemet', () => {
  it('is put back before a dollar amount, and nowhere else', () => {
    expect(withMinusBack('Sale                ~$3.47')).toBe('Sale                -$3.47');
    expect(withMinusBack('Promo WELCOME10   « $10.00')).toBe('Promo WELCOME10   -$10.00');
    expect(withMinusBack('~$3.47')).toBe('-$3.47');
    for (const l of ['Blue Dream~$35.00', 'THC ~22%', 'Paid with Debit «4821', 'Sale  $3.47']) expect(withMinusBack(l), l).toBe(l);
  });

  it('makes the sale line under an item its discount, not an item', () => {
    const r = parseReceiptText(
      [
        'Green Paradise',
        'Placed Mar 2, 2026, 7:31 PM',
        'Cheese Shatter 1g',
        '1 x $34.70                    $34.70',
        'THC 57.9%   CBD 1.5%',
        'Sale                          ~$3.47',
        'Harlequin Pod 1g',
        '1 x $26.91                    $26.91',
        'THC 78.7%',
        'Subtotal                      $58.14',
        'Total                         $58.14',
      ].join('\n'),
    );
    expect(r.items.map((i) => [i.productName, i.price, i.discount])).toEqual([
      ['Cheese Shatter 1g', 34.7, 3.47],
      ['Harlequin Pod 1g', 26.91, null],
    ]);
  });
});
