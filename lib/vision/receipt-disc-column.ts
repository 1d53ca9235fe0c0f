import type { MoneyHit } from '@/lib/vision/parse-common';

/**
 * A discount printed in a column of its own AFTER the line's price (`Qty | Item | Wt | THC | Price
 * | Disc`: `1  Obama Runtz Live Resin  0.5g  63.9%  39.07  -3.91`): the last amount of the item line
 * is then its discount and the amount before it the price (before the discount, as the table
 * prints it). It is that column when the last amount carries a minus and is below the one before,
 * or (the minus lost on a photo) when the table's header ends in a discount column and names no
 * unit-price column (whose rows would end `unit  price` with no discount). Returns the amounts
 * without the discount, and the discount; null for any other line.
 */
const DISC_HEAD = /^(disc\.?|discount|disc\s?amt|savings?|promo|off)$/;
const UNIT_HEAD = /^(unit|each|ea|rate|list|unit\s?price|@)$/;

export function trailingDiscount(money: readonly MoneyHit[], header: readonly string[] | null): { money: MoneyHit[]; discount: number } | null {
  if (money.length < 2) return null;
  const last = money[money.length - 1];
  const prev = money[money.length - 2];
  if (prev.negative || last.value >= prev.value || last.value <= 0) return null;
  const discColumn = !!header && DISC_HEAD.test(header[header.length - 1]) && !header.some((h) => UNIT_HEAD.test(h));
  if (!last.negative && !discColumn) return null;
  return { money: money.slice(0, -1), discount: last.value };
}
