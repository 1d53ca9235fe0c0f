/**
 * A storefront's own words in Hebrew (Israeli pharmacy and shop menus, right to left; WooCommerce
 * he_IL, Shopify's Hebrew theme locale; twenty-second round), read as the English words the card
 * readers know (storefront-words.ts does the same for Spanish, French and German): "מחיר רגיל" =
 * Regular price, "מחיר מבצע" = Sale price, WooCommerce's "המחיר המקורי היה:" / "המחיר הנוכחי הוא:"
 * = "Original price was:" / "Current price is:", "במקום" / "לפני" ("instead of", "before") and
 * "עכשיו" / "כעת" ("now") only right before an amount, whole-text marks "אזל מהמלאי" (sold out),
 * "מבצע!" (sale), "ספק:" (vendor), "מחיר:" (price). Amounts in shekels (`₪25.00`, `25.00 ₪`) are
 * written `$25.00` by locale-money.ts before these run.
 */

/** No Hebrew (or other) letter on either side: JavaScript's `\b` sees no Hebrew letter as a word letter. */
const B = String.raw`(?<![\p{L}\p{N}])`;
const E = String.raw`(?![\p{L}\p{N}])`;
const w = (src: string) => new RegExp(`${B}(?:${src})${E}`, 'gu');
/** Right before an amount (`$30`, after locale-money.ts). */
const AMOUNT = String.raw`(?=\s*:?\s*\$\s*\d)`;

/** Phrases read anywhere in a text. */
export const HEBREW_PHRASES: Array<[RegExp, string]> = [
  [w('המחיר המקורי היה\\s*:?'), 'Original price was:'],
  [w('המחיר הנוכחי הוא\\s*:?'), 'Current price is:'],
  [w('מחיר (?:רגיל|מקורי|קודם|מחירון)'), 'Regular price'],
  [w('מחיר (?:מבצע|מיוחד|מוזל|לאחר הנחה)'), 'Sale price'],
  [w('מחיר (?:ליחידה|לגרם)'), 'Unit price'],
  [new RegExp(`${B}(?:במקום|לפני)${AMOUNT}`, 'gu'), 'Was'],
  [new RegExp(`${B}(?:עכשיו|כעת|רק)${AMOUNT}`, 'gu'), 'Now'],
  [new RegExp(`${B}החל מ-?${AMOUNT}`, 'gu'), 'From'],
];

/** Phrases that are a mark only as a whole text. */
export const HEBREW_WHOLE: Array<[RegExp, string]> = [
  [/^(?:אזל(?: מה?מלאי)?|אזל המלאי|לא במלאי|לא זמין|חסר במלאי)$/u, 'Sold out'],
  [/^(?:מבצע|במבצע|הנחה)\s*!?$/u, 'Sale'],
  [/^(?:ספק|יצרן|מותג)\s*:?$/u, 'Vendor:'],
  [/^מחיר\s*:?$/u, 'Price'],
];

/** A text that may hold one of them (the cheap check). */
export const HEBREW_HINT = /מחיר|במקום|לפני|עכשיו|כעת|החל מ|אזל|מלאי|זמין|מבצע|הנחה|ספק|יצרן|מותג/u;
