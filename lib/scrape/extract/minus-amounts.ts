/**
 * An amount written with a minus sign of its own ("-$10.00", "−$4.60") is a discount shown beside
 * the prices (docs/menus.md, thirteenth markup style: PrestaShop's `discount-amount` badge and its
 * product flag between the regular price and the price paid), never a price a buyer pays. The
 * sign sits right against the currency, after a space or at the start; a range's dash sits
 * between two amounts ("$25.00 - $80.00", "$25.00–$80.00") and is not one.
 */
const MINUS_BEFORE = /(?:^|[\s([{])[-−‒–]$/u;

/** Whether the text just before an amount (`before`, ending where the amount starts) makes it a discount. */
export const minusAmount = (before: string): boolean => MINUS_BEFORE.test(before);

/** A text that is only such a discount ("-$6.36", "− $4.60"): an element holding it holds no price. */
export const minusOnly = (t: string): boolean => /^\s*[-−‒–]\s?(?:US)?\$\s?\d[\d,]*(?:\.\d{1,2})?\s*$/u.test(t);
