import type { ScrapedProduct } from '@/lib/scrape/types';

/**
 * The same menu shown twice on one page (docs/menus.md, twenty-second round): themes render a
 * mobile copy of the product list beside the desktop one and hide one of them with a media query
 * (Bootstrap `d-md-none`, Elementor `elementor-hidden-desktop`, Flatsome `show-for-small`, Dawn
 * `medium-hide large-up-hide`, styled-components pairs). The scraper reads markup, not the
 * viewport, so it sees both. The mobile copy is the poorer one: names cut to fit (`Huckleberry
 * Hybri…`), only the price paid, no category. Two general rules:
 *
 * - a repeat of an item (same name, price and size) gives the kept record what it lacks (the struck
 *   regular price, brand, category, potency, strain type, size) — whichever copy came first;
 * - a name ending in an ellipsis whose stem begins a longer name on the same menu at the same price
 *   is that product's cut copy, not a product.
 */

/** The kept record with its missing fields filled from a repeat of the same item (the kept one itself when the repeat adds nothing). */
export function mergeRepeat(kept: ScrapedProduct, repeat: ScrapedProduct): ScrapedProduct {
  const add: Partial<ScrapedProduct> = {};
  if (!kept.regularPrice && repeat.regularPrice) add.regularPrice = repeat.regularPrice;
  if (!kept.brand && repeat.brand) add.brand = repeat.brand;
  if (kept.category === 'Other' && repeat.category !== 'Other') add.category = repeat.category;
  if (kept.thcPct === null && repeat.thcPct !== null) add.thcPct = repeat.thcPct;
  if (kept.cbdPct === null && repeat.cbdPct !== null) add.cbdPct = repeat.cbdPct;
  if (!kept.strainType && repeat.strainType) add.strainType = repeat.strainType;
  return Object.keys(add).length ? { ...kept, ...add } : kept;
}

const ELLIPSIS = /\s*(?:…|\.{3})\s*$/;

/** The products that are a cut copy (`Huckleberry Hybri…`) of a longer name on the same menu at the same price. */
export function cutCopies(products: ScrapedProduct[]): Set<ScrapedProduct> {
  const out = new Set<ScrapedProduct>();
  const cut = products.filter((p) => ELLIPSIS.test(p.rawName));
  if (!cut.length) return out;
  const full = products.filter((p) => !ELLIPSIS.test(p.rawName));
  for (const p of cut) {
    const stem = p.rawName.replace(ELLIPSIS, '').toLowerCase();
    if (stem.length < 4) continue;
    if (full.some((q) => q.priceValue === p.priceValue && q.rawName.length > stem.length && q.rawName.toLowerCase().startsWith(stem))) out.add(p);
  }
  return out;
}
