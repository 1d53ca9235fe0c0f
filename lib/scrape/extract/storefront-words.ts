import type { CheerioAPI } from 'cheerio';
import type { AnyNode } from 'domhandler';
import { HEBREW_HINT, HEBREW_PHRASES, HEBREW_WHOLE } from '@/lib/scrape/extract/hebrew-words';

/**
 * A storefront's own words in Spanish and French (menus in New Mexico and elsewhere are often Spanish or
 * bilingual; WooCommerce es_ES, Shopify's Spanish theme locale) read as the English words the card
 * readers know (docs/menus.md, nineteenth round): the price labels ("Precio habitual" = Regular
 * price, "Precio de oferta" = Sale price, WooCommerce's "El precio original era:" = "Original
 * price was:"), "Antes $40 · Ahora $30" (= Was / Now, only right before an amount), a sold-out mark
 * ("Agotado") and a vendor label. Only whole phrases in text and in `aria-label` / `title` are
 * rewritten, so a product named in Spanish keeps its name ("Agotado" alone is a mark, "Mango
 * Agotado Gummies" a name). Controls (next page, load more, open the menu) are matched in Spanish
 * where they are read (pagination.ts, pager.ts, browser-gates.ts).
 *
 * French (Canadian menus, WooCommerce fr_CA, Shopify's French theme locale; twentieth round): "Prix
 * régulier / habituel" = Regular price, "Prix réduit / promotionnel" = Sale price, WooCommerce's
 * "Le prix initial était :" / "Le prix actuel est :" (the colon after a space, as French writes
 * it), "Rég. 30,00 $ · Promo 25,00 $" and "Était / Maintenant" (only right before an amount, which
 * French writes with the sign after), "Épuisé" / "Rupture de stock", "Promo !", "Fournisseur :".
 *
 * German (EU pharmacy and shop menus, WooCommerce de_DE with Germanized, Shopify's German theme
 * locale; twenty-first round): "Normaler / Regulärer Preis" = Regular price, "Sonderpreis" /
 * "Angebotspreis" = Sale price, WooCommerce's "Ursprünglicher Preis war:" / "Aktueller Preis ist:",
 * "Grundpreis" = Unit price (a price per gram or 100 g, never the price paid), "UVP" / "statt" /
 * "vorher" and "jetzt" only right before an amount, whole-text marks "Ausverkauft", "Nicht
 * verfügbar", "Angebot!", "Anbieter:".
 */

/** Letters on either side (accents count): JavaScript's `\b` does not see `á` as a word letter. */
const B = String.raw`(?<![\p{L}\p{N}])`;
const E = String.raw`(?![\p{L}\p{N}])`;
const w = (src: string, flags = 'giu') => new RegExp(`${B}(?:${src})${E}`, flags);
/** Right before an amount: `$30`, `30,00 $`, `30.00$`. */
const AMOUNT = String.raw`(?=\s*:?\s*(?:\$\s*\d|\d+(?:[.,]\d{2})?\s*\$))`;

/** Phrases read anywhere in a text (price labels). */
const PHRASES: Array<[RegExp, string]> = [
  [w(String.raw`el precio original era`), 'Original price was'],
  [w(String.raw`el precio actual es`), 'Current price is'],
  [w(String.raw`precio (?:habitual|regular|original|anterior|normal|de lista)`), 'Regular price'],
  [w(String.raw`precio (?:de oferta|rebajado|especial|promocional|de venta)`), 'Sale price'],
  [w(String.raw`precio unitario`), 'Unit price'],
  // "Antes $40.00 · Ahora $30.00": only right before an amount.
  [new RegExp(String.raw`${B}antes(?=\s*:?\s*\$)`, 'giu'), 'Was'],
  [new RegExp(String.raw`${B}ahora(?=\s*:?\s*\$)`, 'giu'), 'Now'],
  [new RegExp(String.raw`${B}desde(?=\s*:?\s*\$)`, 'giu'), 'From'],
  // French.
  [w(String.raw`le prix initial était\s*:?`), 'Original price was:'],
  [w(String.raw`le prix actuel est\s*:?`), 'Current price is:'],
  [w(String.raw`prix (?:régulier|regulier|habituel|courant|original|initial|de détail)`), 'Regular price'],
  [w(String.raw`prix (?:réduit|reduit|promotionnel|promo|de vente|spécial|special|soldé|solde)`), 'Sale price'],
  [w(String.raw`prix unitaire`), 'Unit price'],
  // "Rég. 30,00 $ · Promo 25,00 $", "Était 30,00 $ Maintenant 25,00 $": only right before an amount.
  [new RegExp(String.raw`${B}(?:rég\.|reg\.|régulier|était|etait|avant)${AMOUNT}`, 'giu'), 'Was'],
  [new RegExp(String.raw`${B}(?:promo|maintenant|en solde)${AMOUNT}`, 'giu'), 'Now'],
  [new RegExp(String.raw`${B}(?:à partir de|a partir de|dès)${AMOUNT}`, 'giu'), 'From'],
  // German.
  [w(String.raw`ursprünglicher preis war\s*:?`), 'Original price was:'],
  [w(String.raw`aktueller preis ist\s*:?`), 'Current price is:'],
  [w(String.raw`(?:normaler|regulärer|ursprünglicher|alter|bisheriger) preis`), 'Regular price'],
  [w(String.raw`(?:sonderpreis|angebotspreis|aktionspreis|verkaufspreis|neuer preis)`), 'Sale price'],
  [w(String.raw`grundpreis`), 'Unit price'],
  // "UVP 30,00 €", "statt 30,00 €", "jetzt 25,00 €": only right before an amount.
  [new RegExp(String.raw`${B}(?:uvp|statt|vorher|früher|bisher)${AMOUNT}`, 'giu'), 'Was'],
  [new RegExp(String.raw`${B}(?:jetzt|nur)${AMOUNT}`, 'giu'), 'Now'],
  [new RegExp(String.raw`${B}ab${AMOUNT}`, 'giu'), 'From'],
];
/** Phrases that are a mark only as a whole text ("Agotado", "¡Oferta!", "Proveedor:"). */
const WHOLE: Array<[RegExp, string]> = [
  [/^(?:agotad[oa]s?|sin existencias|fuera de stock|no disponible|épuisée?s?|epuisée?s?|rupture de stock|en rupture(?: de stock)?|indisponible|non disponible)$/iu, 'Sold out'],
  [/^¡?(?:oferta|rebaja|en oferta)!?$/iu, 'Sale'],
  [/^(?:promo|promotion|en solde|solde|rabais|aubaine)\s*!?$/iu, 'Sale'],
  [/^(?:proveedor|marca|vendedor):?$/iu, 'Vendor:'],
  [/^(?:fournisseur|marque|vendeur)\s*:?$/iu, 'Vendor:'],
  [/^(?:ausverkauft|nicht (?:verfügbar|vorrätig|lieferbar|auf lager)|vergriffen)$/iu, 'Sold out'],
  [/^(?:angebot|im angebot|aktion|reduziert)\s*!?$/iu, 'Sale'],
  [/^(?:anbieter|hersteller|marke)\s*:?$/iu, 'Vendor:'],
  [/^(?:precio|prix|preis)\s*:?$/iu, 'Price'],
  // Dawn de's unit price "7,14 € / pro g": the word between amount and unit.
  [/^(?:pro|je)$/iu, 'per'],
];

/** A text with its storefront phrases in English (unchanged when it has none). */
export function englishStorefrontText(text: string): string {
  const t = text.trim();
  for (const [re, to] of [...WHOLE, ...HEBREW_WHOLE]) if (re.test(t)) return text.replace(t, to);
  let out = text;
  for (const [re, to] of [...PHRASES, ...HEBREW_PHRASES]) out = out.replace(re, to);
  return out;
}

const HINT =
  /precio|antes|ahora|desde|agotad|existencias|fuera de stock|disponible|oferta|rebaja|proveedor|marca|vendedor|prix|rég\.|reg\.|était|etait|avant|promo|maintenant|solde|partir de|dès|épuis|epuis|rupture|rabais|aubaine|fournisseur|marque|vendeur|preis|uvp|statt|vorher|früher|bisher|\b(?:jetzt|nur|ab)\s*:?\s*[$\d]|ausverkauft|verfügbar|vorrätig|lieferbar|lager|vergriffen|angebot|aktion|reduziert|anbieter|hersteller|marke/i;

const hinted = (t: string) => HINT.test(t) || HEBREW_HINT.test(t);

/** Rewrites the page's Spanish storefront phrases in place (text nodes, aria-label, title); whether any changed. */
export function englishStorefrontWords($: CheerioAPI): boolean {
  const root = $.root().get(0);
  if (!root || !hinted($.text())) return false;
  let changed = false;
  const walk = (n: AnyNode) => {
    if (n.type === 'text') {
      const to = englishStorefrontText(n.data);
      if (to !== n.data) {
        n.data = to;
        changed = true;
      }
      return;
    }
    if (n.type === 'script' || n.type === 'style') return;
    if (n.type === 'tag')
      for (const a of ['aria-label', 'title'])
        if (n.attribs[a] && hinted(n.attribs[a])) {
          const to = englishStorefrontText(n.attribs[a]);
          if (to !== n.attribs[a]) {
            n.attribs[a] = to;
            changed = true;
          }
        }
    if ('children' in n) for (const c of n.children) walk(c);
  };
  walk(root);
  return changed;
}
