import { describe, expect, it } from 'vitest';
import { cardHtml, HELDOUT_STYLES, menuDataPresent, stateRecord, styleHead } from '@/tests/fixtures/menus-sites/generate';
import { psDiscount, psTruncate, psUrl } from '@/tests/fixtures/menus-sites/prestashop';
import { serveRoundSites } from '@/tests/helpers/menu-round-sites';
import { expectHeldOutStyle, SALE_CARD, styleSites } from '@/tests/helpers/held-out-style';

// The thirteenth markup style, `prestashop` (tests/fixtures/menus-sites/prestashop.ts), not the
// scraper: every prestashop site serves what its ground truth says, in PrestaShop Classic markup.

const { sites, site } = styleSites('prestashop');
/** The text a browser shows (tags gone, whitespace collapsed). */
const text = (h: string) =>
  h
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
const sale = SALE_CARD;
const unesc = (s: string) =>
  s
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');

describe.runIf(menuDataPresent())('thirteenth markup style (prestashop)', () => {
  it('is held out, built for the same techniques as the other held-out styles, with the same products as their grid sites', () => {
    expectHeldOutStyle('prestashop');
    expect(HELDOUT_STYLES).toEqual(['tailwind', 'wix', 'bigcommerce', 'magento', 'webflow', 'prestashop']);
  });

  it("Smarty's truncate:30:'...': at most 27 characters cut at a word's end, short names whole", () => {
    expect(psTruncate('Blue Dream 3.5g')).toBe('Blue Dream 3.5g');
    expect(psTruncate('Wana - Exotic Yuzu 2:1 - Gummies - [100mg]')).toBe('Wana - Exotic Yuzu 2:1 -...');
    expect(psTruncate('Baby Janes / Infused Pre-Rolls / 2.5g / Kandy Mintz')).toBe('Baby Janes / Infused...');
    for (const p of site('paginated').products) {
      const t = psTruncate(p.name);
      expect(t.length).toBeLessThanOrEqual(30);
      if (t !== p.name) expect(p.name.startsWith(t.slice(0, -3))).toBe(true);
    }
  });

  it('a card: a product-miniature, the name cut, the whole name only in the alt and the URL; the regular price first, the discount, then the price', () => {
    const html = cardHtml(sale, 'prestashop');
    expect(html).toContain('<article class="product-miniature js-product-miniature" data-id-product="9" data-id-product-attribute="0">');
    expect(html).toContain(`<h2 class="h3 product-title"><a href="${psUrl(sale)}"`);
    expect(psUrl(sale)).toBe('/flower/9-blue-dream-3-5g.html');
    expect(text(html)).toContain('Kure Blue Dream 3.5g Flower · THC 21.5% $35.00 -$10.00 $25.00');
    expect(html).toContain('<span class="regular-price" aria-label="Regular price">$35.00</span>');
    expect(html).toContain('<li class="product-flag discount">-$10.00</li>');
    expect(styleHead('prestashop')).toContain('.regular-price{color:#7a7a7a;font-size:.875rem;text-decoration:line-through');
    expect(styleHead('prestashop')).toContain('var prestashop = {');
    const pct = cardHtml({ ...sale, id: '10' }, 'prestashop');
    expect(text(pct)).toContain('$35.00 -29% $25.00');
    const plain = cardHtml({ ...sale, id: '10', regularPrice: null }, 'prestashop');
    expect(plain).not.toContain('regular-price');
    expect(text(plain)).toContain('$25.00');
    const long = site('paginated').products.filter((p) => p.name.length > 30);
    expect(long.length).toBeGreaterThan(100);
    for (const p of long.slice(0, 20)) {
      const h = cardHtml(p, 'prestashop');
      expect(unesc(/alt="([^"]*)"/.exec(h)![1])).toBe(p.name);
      expect(unesc(/class="h3 product-title"><a [^>]*>([^<]*)</.exec(h)![1])).toBe(psTruncate(p.name));
    }
  });

  it('the app-state record is a product presenter: formatted money beside _amount numbers, the tax-excluded price lower', () => {
    const r = stateRecord(sale, 'prestashop');
    expect(r).toMatchObject({
      name: sale.name,
      price: '$25.00',
      price_amount: 25,
      regular_price: '$35.00',
      regular_price_amount: 35,
      has_discount: true,
      discount_type: 'amount',
      manufacturer_name: 'Kure',
    });
    expect(r.price_tax_exc).toBeLessThan(25);
    expect(stateRecord({ ...sale, regularPrice: null }, 'prestashop')).toMatchObject({ regular_price: '$25.00', has_discount: false, discount_type: null });
    expect(psDiscount({ ...sale, regularPrice: null })).toBeNull();
  });
});

describe.runIf(menuDataPresent())('thirteenth markup style (prestashop) sites', () => {
  const { get } = serveRoundSites(() => sites().map((s) => s.key));

  it('paginated: every page holds its 24 cards and the Classic pager (?page=N, page 1 the bare URL, "Showing a-b of n item(s)")', async () => {
    const s = site('paginated');
    const pages = Math.ceil(s.products.length / s.perPage);
    expect(s.products).toHaveLength(370);
    expect(pages).toBe(16);
    for (const n of [1, 2, pages]) {
      const html = await get(s.key, `/menu?page=${n}`);
      for (const p of s.products.slice((n - 1) * s.perPage, n * s.perPage)) expect(html).toContain(cardHtml(p, 'prestashop'));
      if (n < pages) expect(html).toContain(`<a rel="next" href="/menu?page=${n + 1}" class="next js-search-link">Next`);
      else expect(html).not.toContain('rel="next"');
      expect(html).toContain(`Showing ${(n - 1) * 24 + 1}-${Math.min(370, n * 24)} of 370 item(s)`);
      if (n === 2) expect(html).toContain('<a rel="prev" href="/menu" class="previous js-search-link">');
    }
  });

  it("load-more: the first 24 cards in the page, the rest from the API; the hidden pager's pages are served too", async () => {
    const s = site('load-more');
    const html = await get(s.key);
    for (const p of s.products.slice(0, 24)) expect(html).toContain(cardHtml(p, 'prestashop'));
    expect(html).toContain('<nav class="pagination" style="display:none">');
    expect(html).toContain('<button type="button" id="more" class="btn btn-primary ps-infinitescroll-button">Load more products</button>');
    const rest = JSON.parse(await get(s.key, `/api/cards?offset=24&limit=1000`)) as { html: string };
    for (const p of s.products.slice(24)) expect(rest.html).toContain(cardHtml(p, 'prestashop'));
    const two = await get(s.key, '/menu?page=2');
    for (const p of s.products.slice(24, 48)) expect(two).toContain(cardHtml(p, 'prestashop'));
  });

  it('page-buttons: the faceted-search pager goes nowhere (javascript:void(0);), the page in data-go, the counts of its own page size', async () => {
    const s = site('page-buttons');
    const html = await get(s.key);
    expect(html).toContain('<a rel="next" href="javascript:void(0);" data-go="2" class="next js-search-link">Next');
    expect(html).toContain(`Showing 1-${s.perPage} of ${s.products.length} item(s)`);
  });

  it('age-gate: no card in the page, a Bootstrap modal', async () => {
    const html = await get(site('age-gate').key);
    expect(html).not.toContain(site('age-gate').products[0].name);
    expect(html).toContain('class="modal fade show" id="ageVerificationModal"');
  });

  it('app-state: nothing rendered; prestashop.listing holds every product as the presenter serializes it', async () => {
    const s = site('app-state');
    const html = await get(s.key);
    const json = /prestashop\.listing = (\{[\s\S]*?\});<\/script>/.exec(html)![1];
    const data = JSON.parse(json) as { products: unknown[] };
    expect(data.products).toEqual(s.products.map((p) => stateRecord(p, 'prestashop')));
    expect(html).not.toContain('<article class="product-miniature');
  });
});
