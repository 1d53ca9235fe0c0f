import { describe, expect, it } from 'vitest';
import { parseReceiptText } from '@/lib/vision/receipt-parser';
import { isAppChrome, isDocumentTitle, isMailHeader, isNotStoreName, unquoteMail } from '@/lib/vision/receipt-mail';
import { lostSignRateDiscount } from '@/lib/vision/receipt-rate-discount';
import { withSlashesBack } from '@/lib/vision/receipt-date-slips';
import { taxLostDigit, totalFromPaid } from '@/lib/vision/receipt-paid-witness';
import { dateOf } from '@/lib/vision/receipt-dates';
import { moneyOn } from '@/lib/vision/parse-common';
import type { ParsedReceiptItem } from '@/lib/vision/types';

/** General rules from the sixteenth receipt round (issue 14); the texts are written here, not read from the round's images. */

describe('furniture above a receipt that is no store name', () => {
  it('knows app and mail-client buttons, and not a name made of other words', () => {
    for (const l of ['Inbox   Archive   Reply   Forward', 'Reply  Forward', '< Back   Share', 'Reply all   Forward', 'inbox Archwe Reply Forward'])
      expect(isAppChrome(l), l).toBe(true);
    for (const l of ['Forward Cannabis Co', 'Archive', 'Green Reply Dispensary', 'Back Porch Botanicals']) expect(isAppChrome(l), l).toBe(false);
  });

  it('knows the header lines of a forwarded or replied mail', () => {
    for (const l of [
      'Fwd: Your receipt from High Grade Farms',
      'FW: Order confirmation',
      'Re: your order',
      'From: Kind Leaf <orders@kindleaf.com>',
      'To: <pat@example.org>',
      'Subject: Your receipt',
      '---------- Forwarded message ---------',
      'Begin forwarded message:',
      'On Tue, Nov 24, 2026 at 3:42 PM Kind Leaf wrote:',
      'pat.r <pat.r@gmail.com=>   Wed, Nov 25, 9:12 AM',
      'to me',
      'to expenses',
      '10 expenses',
      '—--—— Forwarded message —-——',
      'taylorB8 <taylor88@gmail com>     Thu, Mar 19, 1:29 AM',
    ])
      expect(isMailHeader(l), l).toBe(true);
    for (const l of ['Kind Leaf Dispensary', 'Frontier Cannabis', 'Torrey Holistics', 'Blue Dream Flower 3.5g']) expect(isMailHeader(l), l).toBe(false);
  });

  it('knows a document title and not a store whose name has other words', () => {
    for (const l of ['DELIVERY MANIFEST', 'Packing Slip', 'ORDER CONFIRMATION', 'Customer Copy', 'Sales Receipt']) expect(isDocumentTitle(l), l).toBe(true);
    for (const l of ['Delivery Dispensary', 'The Manifest Cannabis Co', 'Online Order', 'Order Up']) expect(isDocumentTitle(l), l).toBe(false);
    expect(isNotStoreName('Green Thumb Delivery')).toBe(false);
  });

  it('reads the store under a mail client, a forwarded header and a document title', () => {
    const mail = parseReceiptText(
      [
        'Inbox   Archive   Reply   Forward',
        'Fwd: Your receipt from Kind Leaf',
        'pat.r <pat.r@gmail.com>      Wed, Nov 25, 9:12 AM',
        'to expenses',
        '---------- Forwarded message ---------',
        'From: Kind Leaf <orders@kindleaf.com>',
        'Date: Tue, Nov 24, 2026 at 3:42 PM',
        'Subject: Your receipt from Kind Leaf',
        '> Kind Leaf',
        '> Order #123456 · Pickup',
        '> Blue Dream Flower 3.5g       $35.00',
        '>   Qty 1 · THC 22.1%',
        '> Subtotal       $35.00',
        '> Tax (10%)       $3.50',
        '> Total       $38.50',
      ].join('\n'),
    );
    expect(mail.dispensaryName).toBe('Kind Leaf');
    expect(mail.orderDate).toBe('2026-11-24');
    expect(mail.items.map((i) => i.productName)).toEqual(['Blue Dream Flower 3.5g']);
    expect(mail.total).toBe(38.5);
    const manifest = parseReceiptText(
      ['DELIVERY MANIFEST', 'Green Cross Collective', 'Manifest #: 6274082166', 'Order placed: 03/21/26 2:30 PM', '1  Blue Dream Flower 3.5g   $35.00', 'TOTAL DUE   $35.00'].join(
        '\n',
      ),
    );
    expect(manifest.dispensaryName).toBe('Green Cross Collective');
  });
});

describe("a forwarded receipt's quote marks", () => {
  it('are taken off when three or more lines carry them (OCR may read > as => or »)', () => {
    expect(unquoteMail(['Subject: x', '> Kind Leaf', '>> Blue Dream 3.5g   $35.00', '=> Total  $35.00', '» Visa'])).toEqual([
      'Subject: x',
      'Kind Leaf',
      'Blue Dream 3.5g   $35.00',
      'Total  $35.00',
      'Visa',
    ]);
  });
  it('go with a speck of the margin before them', () => {
    expect(unquoteMail(['~~ Kind Leaf', '| > Order #173364', '§ > Bundle 10% off   $3.17', '> Subtotal   $31.67'])).toEqual([
      'Kind Leaf',
      'Order #173364',
      'Bundle 10% off   $3.17',
      'Subtotal   $31.67',
    ]);
  });
  it('stay where only a line or two start with one', () => {
    expect(unquoteMail(['> see below', 'Blue Dream 3.5g  $35.00'])).toEqual(['> see below', 'Blue Dream 3.5g  $35.00']);
  });
});

const item = (price: number): ParsedReceiptItem => ({
  productName: 'Granddaddy Purple Joint 2 x 0.5g',
  strainName: null,
  category: 'Pre-Roll',
  grams: 1,
  quantity: 2,
  unitPrice: price / 2,
  price,
  discount: null,
  thcPct: null,
  cbdPct: null,
  type: null,
  brand: null,
});

describe('a line discount whose minus sign was lost', () => {
  const read = (line: string, price: number) => lostSignRateDiscount(line, moneyOn(line), item(price));
  it('is the rate of the item above', () => {
    expect(read('Happy Hour 20%          $6.41', 32.04)).toBe(6.41);
    expect(read('Member 15 %   $4.50', 30)).toBe(4.5);
  });
  it('is not an amount that is no such rate, nor a line with a weight or potency', () => {
    expect(read('Happy Hour 20%   $7.00', 32.04)).toBeNull();
    expect(read('Infused 20% Pre-Roll 1g   $6.41', 32.04)).toBeNull();
    expect(read('THC 20%   $6.41', 32.04)).toBeNull();
    expect(read('Happy Hour   $6.41', 32.04)).toBeNull();
  });
  it('is read as the item discount, not as an item', () => {
    const p = parseReceiptText(
      ['Kind Leaf', 'Granddaddy Purple Joint 2 x 0.5g     $32.04', '  2 x $16.02  THC 16.4%', '  Happy Hour 20%      $6.41', 'Subtotal   $25.63', 'Total   $25.63'].join('\n'),
    );
    expect(p.items).toHaveLength(1);
    expect(p.items[0].discount).toBe(6.41);
  });
});

describe('a date whose slashes were read as digits', () => {
  it('gets its slashes back before a time', () => {
    expect(withSlashesBack('0272172026 13:47')).toBe('02/21/2026 13:47');
    expect(withSlashesBack('11l24l2026  15:42')).toBe('11/24/2026  15:42');
    expect(dateOf('oo 0272172026 13:47        Ticket 9772', false)).toBe('2026-02-21');
  });
  it('leaves a number that is no date, or has no time after it', () => {
    expect(withSlashesBack('Order 0272172026')).toBe('Order 0272172026');
    expect(withSlashesBack('1372172026 13:47')).toBe('1372172026 13:47');
    expect(withSlashesBack('Tel 5035551212 ext 12:30')).toBe('Tel 5035551212 ext 12:30');
  });
});

describe('a total and a tax misread together, the payment witnessing the total', () => {
  const it2 = (price: number, discount: number | null = null): ParsedReceiptItem => ({ ...item(price), discount });
  it('takes the paid amount for a total read with its $ as a leading digit', () => {
    expect(totalFromPaid(5207.09, [207.09])).toBe(207.09);
    expect(totalFromPaid(207.09, [207.09])).toBe(207.09);
    expect(totalFromPaid(5207.09, [300])).toBe(5207.09);
    expect(totalFromPaid(507.09, [7.09])).toBe(507.09);
  });
  it('then the tax that lost a digit, when the items make the subtotal', () => {
    const items = [it2(145.95, 29.19), it2(73.23)];
    expect(taxLostDigit(items, 189.99, null, 7.1, 207.09)).toBe(17.1);
    expect(taxLostDigit(items, 189.99, null, 7.5, 207.09)).toBe(7.5);
    expect(taxLostDigit([it2(100)], 189.99, null, 7.1, 207.09)).toBe(7.1);
  });
  it('reads such a receipt whole', () => {
    const p = parseReceiptText(
      [
        'FireFlower',
        'Purple Punch Whole Flower 14g      $145.95',
        'Loyalty 20%     -$29.19',
        'Blue Zushi Whole Flower 7g     $73.23',
        'Subtotal     $189.99',
        'Tax 9%     7.10',
        'TOTAL     5207.09',
        'Visa     $207.09',
      ].join('\n'),
    );
    expect([p.subtotal, p.tax, p.total]).toEqual([189.99, 17.1, 207.09]);
  });
});
