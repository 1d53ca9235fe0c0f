import { describe, expect, it } from 'vitest';
import { dateOf, parseReceiptText } from '@/lib/vision/receipt-parser';
import { gluedQtyUnit, isGarbledSubtotal, lostDigit, photoSlips, priceFromUnit, repairUnitSlip, subtotalFromLastItem } from '@/lib/vision/receipt-photo';
import { receiptItem } from '@/tests/helpers/receipt-item';

/** Slips of degraded (hand-held phone) receipt photos: tuning and older rounds, not blind. */
describe('weight slips of a photo', () => {
  it.each([
    ['Pink Runtz Vape Cart 05g   $40.86', 'Pink Runtz Vape Cart 0.5g   $40.86'],
    ['Black Diamond Diamonds 5g   $46.93', 'Black Diamond Diamonds .5g   $46.93'],
    ['BLOOM Jealousy Live Rosin 5 g', 'BLOOM Jealousy Live Rosin .5 g'],
    ['PENNYWISE PRE-ROLL PACK 5G X5   $48.20', 'PENNYWISE PRE-ROLL PACK .5G X5   $48.20'],
    ['Super Silver Haze Pre-Roll 5g x 5', 'Super Silver Haze Pre-Roll .5g x 5'],
    ['BLUE CHEESE 18 OZ   $40.00', 'BLUE CHEESE 1/8 OZ   $40.00'],
    ['Kali Mist Flower 14oz', 'Kali Mist Flower 1/4oz'],
    ['Lemonkush3.5g   $46.45', 'Lemonkush 3.5g   $46.45'],
    ['SKYWALKER OG ROSIN   59   $41.68   $8.32', 'SKYWALKER OG ROSIN   .5g   $41.68   $8.32'],
    ['Kush Mints Diamonds 59   Concentrate   68.9%', 'Kush Mints Diamonds .5g   Concentrate   68.9%'],
    ['Cotton Candy Premium Flower 1/doz   $94.89', 'Cotton Candy Premium Flower 1/4oz   $94.89'],
    ['Blue Dream 1/Boz', 'Blue Dream 1/8oz'],
    ['LARRY OG VAPE CART .56G   35.26', 'LARRY OG VAPE CART .5G   35.26'],
    ['ACAPULCO GOLD PRE-ROLL 5G X §   Pre-Roll', 'ACAPULCO GOLD PRE-ROLL .5G X §   Pre-Roll'],
    ['2 PENNYWISE PRE-ROLLPACK 5G X5   $24.10', '2 PENNYWISE PRE-ROLL PACK .5G X5   $24.10'],
    ['SKYWALKER OG ROSIN   .5@   $41.60   $8.32', 'SKYWALKER OG ROSIN   .5g   $41.60   $8.32'],
    ['Thin Mint GSC Whole Flower 1/4ce   1   $70.15', 'Thin Mint GSC Whole Flower 1/4oz   1   $70.15'],
    ['lLemonKush 3.5g   $46.45', 'LemonKush 3.5g   $46.45'],
  ])('%s → %s', (raw, fixed) => expect(photoSlips(raw)).toBe(fixed));

  it('keeps weights a dispensary does sell', () => {
    for (const ok of [
      'OG Kush Flower 28g   $180.00',
      'Gelato Shake 5g   $25.00',
      'Pre-Roll 5 pack $25.00',
      'Vape Cart .5g   $35.00',
      'Rosin 1g x 2',
      'Cart 0.5g',
      'Ginger Soda 12 oz',
    ])
      expect(photoSlips(ok)).toBe(ok);
    expect(photoSlips('Vape Cart   $5.00')).toBe('Vape Cart   $5.00');
    expect(photoSlips('2 @ $35.00   $70.00')).toBe('2 @ $35.00   $70.00');
    expect(photoSlips('Kush Cake Flower 3.56g')).toBe('Kush Cake Flower 3.56g');
    expect(photoSlips('OG Kush Flower   59   $41.00')).toBe('OG Kush Flower   59   $41.00');
  });

  it('reads the repaired weight into the item', () => {
    const r = parseReceiptText('Green Leaf\nPink Runtz Vape Cart 05g   $40.86\nSubtotal   $40.86\nTotal   $40.86');
    expect(r.items[0].grams).toBe(0.5);
  });
});

describe('a garbled Subtotal line', () => {
  it.each(['suTom   $122.89', 'Subtoul   $188.75', 'SubTowl $117.21', 'Sublotal: 50.00'])('%s is a subtotal', (l) => expect(isGarbledSubtotal(l)).toBe(true));
  it.each(['Sunset Sherbet 3.5g   $40.00', 'Sativa   $30.00', 'Sultan   $12.00', 'Subtotal Kush Flower 1g $10.00'])('%s is not', (l) => expect(isGarbledSubtotal(l)).toBe(false));

  it('is the subtotal of the receipt, not an item', () => {
    const r = parseReceiptText('Green Leaf\nBlue Dream 3.5g   $40.00\nOG Kush 1g   $12.00\nsuTom   $52.00\nTax   $5.20\nTotal   $57.20');
    expect(r.items.map((i) => i.productName)).toEqual(['Blue Dream 3.5g', 'OG Kush 1g']);
    expect(r.subtotal).toBe(52);
  });
});

const item = receiptItem;

describe('a subtotal read as the last item', () => {
  it('is taken back when its amount is the sum of the items above', () => {
    const items = [item({ price: 48.2, grams: 2.5 }), item({ price: 74.69, grams: 7 }), item({ price: 122.89 })];
    expect(subtotalFromLastItem(items)).toBe(122.89);
    expect(items).toHaveLength(2);
  });
  it('is left when it does not add up, or names a weight', () => {
    const odd = [item({ price: 10, grams: 1 }), item({ price: 20, grams: 1 }), item({ price: 31 })];
    expect(subtotalFromLastItem(odd)).toBeNull();
    expect(odd).toHaveLength(3);
    const weighed = [item({ price: 10 }), item({ price: 20 }), item({ price: 30, grams: 3.5 })];
    expect(subtotalFromLastItem(weighed)).toBeNull();
  });
});

describe('a unit price one digit off its line', () => {
  it('is repaired when one usual slip makes unit × quantity the price', () => {
    const it1 = item({ unitPrice: 33.58, price: 33.5 });
    repairUnitSlip(it1);
    expect(it1.unitPrice).toBe(33.5);
  });
  it('is left when no single slip fits', () => {
    const it2 = item({ unitPrice: 31.2, price: 33.5 });
    repairUnitSlip(it2);
    expect(it2.unitPrice).toBe(31.2);
  });
});

describe('a photographed date', () => {
  it('reads "24/1012026" (the second slash read as 1) as 24 October', () => expect(dateOf('Date:24/1012026 13:55', true)).toBe('2026-10-24'));
  it('keeps a date that is whole', () => expect(dateOf('11/24/2026 3:42 PM', false)).toBe('2026-11-24'));
});

describe('totals a photo misread', () => {
  it('knows a figure with one digit lost', () => {
    expect(lostDigit(21.82, 211.82)).toBe(true);
    expect(lostDigit(21.82, 218.2)).toBe(true);
    expect(lostDigit(21.82, 219.82)).toBe(true);
    expect(lostDigit(21.82, 235.82)).toBe(false);
    expect(lostDigit(211.82, 211.82)).toBe(false);
  });

  it('takes the total the items, subtotal and tax make when the read one lost a digit', () => {
    const r = parseReceiptText('Green Leaf\nBlue Dream 3.5g   $100.00\nOG Kush 1g   $94.19\nSubtotal   $194.19\nLoyalty Discount   $10.00\nTax   $27.63\nTOTAL   $2182');
    expect(r.total).toBe(211.82);
  });

  it('takes the amount paid as the total when the total line was lost and it is what the totals make', () => {
    const r = parseReceiptText(
      'Green Leaf\nBlue Dream 3.5g   $95.21\nOG Kush 1g   $22.00\nSubtotal   $117.21\nLoyalty Points Redeemed   $6.00\nTax   $22.24\nVISA *4821   $133.45',
    );
    expect(r.total).toBe(133.45);
    const cash = parseReceiptText('Green Leaf\nBlue Dream 3.5g   $95.21\nOG Kush 1g   $22.00\nSubtotal   $117.21\nTax   $22.24\nCash Tendered   $140.00');
    expect(cash.total).toBeNull();
  });

  it('takes unit × quantity as the line amount when that makes the items add up to the subtotal', () => {
    const items = [item({ unitPrice: 384.82, price: 384.82 }), item({ unitPrice: 40.97, price: 40.97 }), item({ unitPrice: 39.52, price: 33.52 })];
    expect(priceFromUnit(items, (s) => Math.abs(s - 465.31) < 0.015)).toBe(true);
    expect(items[2].price).toBe(39.52);
    const other = [item({ unitPrice: 10, price: 10 }), item({ unitPrice: 12, price: 11 })];
    expect(priceFromUnit(other, (s) => Math.abs(s - 25) < 0.015)).toBe(false);
    expect(other[1].price).toBe(11);
  });
});

describe('a tax one digit slip off', () => {
  it('is repaired when the items, the subtotal and the total agree on another', () => {
    const r = parseReceiptText('Green Leaf\nBlue Dream 3.5g   $400.00\nOG Kush 1g   $65.31\nSubtotal   $465.31\nDiscount   $23.00\nSales Tax   $38.49\nTOTAL   $478.80');
    expect(r.tax).toBe(36.49);
  });
  it('is left when the items do not confirm the subtotal', () => {
    const r = parseReceiptText('Green Leaf\nBlue Dream 3.5g   $400.00\nOG Kush 1g   $60.00\nSubtotal   $465.31\nDiscount   $23.00\nSales Tax   $38.49\nTOTAL   $478.80');
    expect(r.tax).toBe(38.49);
  });
});

describe('an order discount one digit off', () => {
  const text = (d: string) => `Green Leaf\nBlue Dream 3.5g   $100.00\nOG Kush 1g   $79.70\nSubtotal   $179.70\nLoyalty Discount   -$${d}\nTax   $17.07\nTOTAL   $187.77`;
  it('is repaired when the items, subtotal, tax and total agree on it', () => expect(parseReceiptText(text('8.00')).discount).toBe(9));
  it('is left when it is further off than one digit', () => expect(parseReceiptText(text('5.50')).discount).toBe(5.5));
});

describe('a count and unit price line glued by blur', () => {
  it('reads "2011.86" under a $23.72 line as 2 @ 11.86', () => expect(gluedQtyUnit('PI   2011.86', 23.72)).toEqual({ quantity: 2, unitPrice: 11.86 }));
  it('leaves a figure no count and unit make', () => {
    expect(gluedQtyUnit('2011.86', 30)).toBeNull();
    expect(gluedQtyUnit('Blue Dream 3.5g   2011.86', 23.72)).toBeNull();
  });
  it('keeps the potency line below for the item', () => {
    const r = parseReceiptText('HEMP HEAVEN\nCHERNOBYL 1G [H]   23.72\nPI   2011.86\nTOTAL THC 19.2%\nSUBTOTAL   23.72\nTOTAL   23.72');
    expect(r.items[0]).toMatchObject({ quantity: 2, unitPrice: 11.86, price: 23.72, thcPct: 19.2 });
  });
});
