import { describe, expect, it } from 'vitest';
import { cardHtml, HELDOUT_STYLES, menuDataPresent, stateRecord, styleHead } from '@/tests/fixtures/menus-sites/generate';
import { bcRanged, bcRangeMax } from '@/tests/fixtures/menus-sites/bigcommerce';
import { serveRoundSites } from '@/tests/helpers/menu-round-sites';
import { expectHeldOutStyle, money, SALE_CARD, styleSites } from '@/tests/helpers/held-out-style';

// The tenth markup style, `bigcommerce` (tests/fixtures/menus-sites/bigcommerce.ts), not the
// scraper: every bigcommerce site serves what its ground truth says, in Cornerstone markup.

const { sites, site } = styleSites('bigcommerce');
/** The text a browser shows (tags gone, whitespace collapsed). */
const text = (h: string) =>
  h
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
const sale = SALE_CARD;

describe.runIf(menuDataPresent())('tenth markup style (bigcommerce)', () => {
  it('is held out, built for the same techniques as tailwind and wix, with the same products as their grid sites', () => {
    expectHeldOutStyle('bigcommerce');
    expect(HELDOUT_STYLES).toEqual(['tailwind', 'wix', 'bigcommerce', 'magento', 'webflow', 'prestashop']);
  });

  it('a card: brand above the name, aria-labels speaking the prices, "Was:" struck by the theme CSS then "Now:", the unused sections hidden inline', () => {
    const html = cardHtml(sale, 'bigcommerce');
    expect(html).toContain('<p class="card-text" data-test-info-type="brandName">Kure</p>');
    expect(html).toContain('aria-label="Blue Dream 3.5g, Was: $35.00, Now: $25.00"');
    expect(text(html)).toContain('MSRP: Was: $35.00 Now: $25.00');
    expect(html).toMatch(/rrp-price--withoutTax" style="display: none;"/);
    expect(html).toMatch(/class="price price--non-sale">\s+\$35\.00\s+<\/span>/);
    expect(styleHead('bigcommerce')).toContain('.price--non-sale,.price--rrp{color:#757575;text-decoration:line-through}');
    expect(html).toContain('On Sale!');
    const plain = cardHtml({ ...sale, id: '10', regularPrice: null }, 'bigcommerce');
    expect(plain).toMatch(/non-sale-price--withoutTax" style="display: none;"/);
    expect(plain).toContain('aria-label="Blue Dream 3.5g, $25.00"');
    expect(plain).not.toContain('On Sale!');
  });

  it('some undiscounted flower shows a price range whose low end is the truth price', () => {
    const ps = site('paginated').products.filter(bcRanged);
    expect(ps.length).toBeGreaterThan(3);
    for (const p of ps) {
      expect(text(cardHtml(p, 'bigcommerce'))).toContain(`${money(p.price)} - ${money(bcRangeMax(p))}`);
      expect(cardHtml(p, 'bigcommerce')).toContain('Choose Options');
    }
  });

  it('the app-state record is a Stencil card model: without_tax the price paid, non_sale_price_without_tax the regular price', () => {
    const r = stateRecord(sale, 'bigcommerce') as { name: string; brand: { name: string }; price: Record<string, { value: number }> };
    expect(r.name).toBe(sale.name);
    expect(r.brand.name).toBe('Kure');
    expect(r.price.without_tax.value).toBe(25);
    expect(r.price.non_sale_price_without_tax.value).toBe(35);
    expect((stateRecord({ ...sale, regularPrice: null }, 'bigcommerce') as typeof r).price.non_sale_price_without_tax).toBeUndefined();
  });
});

describe.runIf(menuDataPresent())('tenth markup style (bigcommerce) sites', () => {
  const { get } = serveRoundSites(() => sites().map((s) => s.key));

  it('paginated: every page holds its 24 cards and Cornerstone paginator with a "Next" link', async () => {
    const s = site('paginated');
    const pages = Math.ceil(s.products.length / s.perPage);
    expect(pages).toBeGreaterThan(10);
    for (const n of [1, 2, pages]) {
      const html = await get(s.key, `/menu?page=${n}`);
      for (const p of s.products.slice((n - 1) * s.perPage, n * s.perPage)) expect(html).toContain(cardHtml(p, 'bigcommerce'));
      if (n < pages) expect(html).toMatch(new RegExp(`href="/menu\\?page=${n + 1}"\\s+data-faceted-search-facet\\s+aria-label="Next"`));
      else expect(html).not.toContain('aria-label="Next"');
      expect(html).toContain(`aria-label="Page ${n} of ${pages}"`);
    }
  });

  it('load-more: the first 24 cards in the page, the rest from the API', async () => {
    const s = site('load-more');
    const html = await get(s.key);
    for (const p of s.products.slice(0, 24)) expect(html).toContain(cardHtml(p, 'bigcommerce'));
    expect(html).toContain('data-load-more>Show More</button>');
    const rest = JSON.parse(await get(s.key, `/api/cards?offset=24&limit=1000`)) as { html: string };
    for (const p of s.products.slice(24)) expect(rest.html).toContain(cardHtml(p, 'bigcommerce'));
  });

  it('page-buttons: the paginator links have no href, only data-go', async () => {
    const html = await get(site('page-buttons').key);
    expect(html).toMatch(/role="button" tabindex="0" data-go="2"\s+data-faceted-search-facet\s+aria-label="Next"/);
  });

  it('age-gate: no card in the page, a Cornerstone modal', async () => {
    const html = await get(site('age-gate').key);
    expect(html).not.toContain(site('age-gate').products[0].name);
    expect(html).toContain('id="age-verification-modal"');
  });

  it('app-state: nothing rendered; jsContext (a JSON string) holds every product record', async () => {
    const s = site('app-state');
    const html = await get(s.key);
    const arg = /window\.stencilBootstrap\("category", ("(?:[^"\\]|\\.)*")\)\.load\(\)/.exec(html)![1];
    const context = JSON.parse(JSON.parse(arg) as string) as { categoryProducts: unknown[] };
    expect(context.categoryProducts).toEqual(s.products.map((p) => stateRecord(p, 'bigcommerce')));
    expect(html).not.toContain('data-test-info-type="price"');
  });
});
