import { describe, expect, it } from 'vitest';
import { cardHtml, HELDOUT_STYLES, menuDataPresent, stateRecord, styleHead } from '@/tests/fixtures/menus-sites/generate';
import { mgBundle, mgBundleMax, mgConfigurable } from '@/tests/fixtures/menus-sites/magento';
import { serveRoundSites } from '@/tests/helpers/menu-round-sites';
import { expectHeldOutStyle, money, SALE_CARD, styleSites } from '@/tests/helpers/held-out-style';

// The eleventh markup style, `magento` (tests/fixtures/menus-sites/magento.ts), not the scraper:
// every magento site serves what its ground truth says, in Magento 2 Luma markup.

const { sites, site } = styleSites('magento');
/** The text a browser shows (tags gone, whitespace collapsed). */
const text = (h: string) =>
  h
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
const sale = SALE_CARD;

describe.runIf(menuDataPresent())('eleventh markup style (magento)', () => {
  it('is held out, built for the same techniques as tailwind, wix and bigcommerce, with the same products as their grid sites', () => {
    expectHeldOutStyle('magento');
    expect(HELDOUT_STYLES).toEqual(['tailwind', 'wix', 'bigcommerce', 'magento', 'webflow', 'prestashop']);
  });

  it('a card: the special price first (label hidden), then the old price struck by the theme, amounts in data-price-amount', () => {
    const html = cardHtml(sale, 'magento');
    expect(html).toMatch(/<a class="product-item-link"\s+href="[^"]+blue-dream-3-5g\.html">\s+Blue Dream 3\.5g\s+<\/a>/);
    expect(text(html)).toContain('Special Price $25.00 Regular Price $35.00');
    expect(html).toMatch(/data-price-amount="25"\s+data-price-type="finalPrice"/);
    expect(html).toMatch(/data-price-amount="35"\s+data-price-type="oldPrice"/);
    expect(html).toContain('-29%');
    expect(text(html)).toContain('Flower from Kure . Lab-tested at 21.5% THC.');
    expect(styleHead('magento')).toContain('.old-price .price{text-decoration:line-through');
    expect(styleHead('magento')).toMatch(/\.special-price \.price-label,[^{]*\{position:absolute;width:1px/);
    const plain = cardHtml({ ...sale, id: '10', regularPrice: null }, 'magento');
    expect(plain).not.toContain('old-price');
    expect(text(plain)).toContain('$25.00 Add to Cart');
  });

  it('configurable flower says "As low as", bundles "From … To …"; the truth price is the low end', () => {
    const ps = site('paginated').products;
    const conf = ps.filter(mgConfigurable);
    const bundles = ps.filter(mgBundle);
    expect(conf.length).toBeGreaterThan(3);
    expect(bundles.length).toBeGreaterThan(3);
    for (const p of conf) expect(text(cardHtml(p, 'magento'))).toContain(`As low as ${money(p.price)}`);
    for (const p of bundles) expect(text(cardHtml(p, 'magento'))).toContain(`From ${money(p.price)} To ${money(mgBundleMax(p))}`);
  });

  it('the app-state record is a ProductRender: price_info.final_price the price paid, regular_price the regular one', () => {
    const r = stateRecord(sale, 'magento') as { name: string; price_info: Record<string, number> & { formatted_prices: Record<string, string> } };
    expect(r.name).toBe(sale.name);
    expect(r.price_info.final_price).toBe(25);
    expect(r.price_info.regular_price).toBe(35);
    expect(r.price_info.formatted_prices.final_price).toBe('<span class="price">$25.00</span>');
    expect((stateRecord({ ...sale, regularPrice: null }, 'magento') as typeof r).price_info.regular_price).toBe(25);
  });
});

describe.runIf(menuDataPresent())('eleventh markup style (magento) sites', () => {
  const { get } = serveRoundSites(() => sites().map((s) => s.key));

  it('paginated: every page holds its 24 cards and Luma pager (?p=N) with a "Next" link', async () => {
    const s = site('paginated');
    const pages = Math.ceil(s.products.length / s.perPage);
    expect(s.products).toHaveLength(370);
    expect(pages).toBe(16);
    for (const n of [1, 2, pages]) {
      const html = await get(s.key, `/menu?p=${n}`);
      for (const p of s.products.slice((n - 1) * s.perPage, n * s.perPage)) expect(html).toContain(cardHtml(p, 'magento'));
      if (n < pages) expect(html).toMatch(new RegExp(`href="/menu\\?p=${n + 1}"\\s+title="Next"`));
      else expect(html).not.toContain('title="Next"');
      expect(text(html)).toContain(`You're currently reading page ${n}`);
      expect(text(html)).toContain(`Items ${(n - 1) * 24 + 1} - ${Math.min(370, n * 24)} of 370`);
    }
  });

  it('load-more: the first 24 cards in the page, the rest from the API', async () => {
    const s = site('load-more');
    const html = await get(s.key);
    for (const p of s.products.slice(0, 24)) expect(html).toContain(cardHtml(p, 'magento'));
    expect(html).toContain('<span class="amscroll-text">Load more products</span>');
    const rest = JSON.parse(await get(s.key, `/api/cards?offset=24&limit=1000`)) as { html: string };
    for (const p of s.products.slice(24)) expect(rest.html).toContain(cardHtml(p, 'magento'));
  });

  it('page-buttons: the pager links go nowhere (href="#"), the page in data attributes', async () => {
    const html = await get(site('page-buttons').key);
    expect(html).toMatch(/href="#" data-page="2" data-go="2"\s+title="Next"/);
  });

  it('age-gate: no card in the page, a Magento_Ui modal', async () => {
    const html = await get(site('age-gate').key);
    expect(html).not.toContain(site('age-gate').products[0].name);
    expect(html).toContain('class="modal-popup age-verification-popup');
  });

  it('app-state: nothing rendered; the x-magento-init provider holds every product, keyed by id', async () => {
    const s = site('app-state');
    const html = await get(s.key);
    const json = /<script type="text\/x-magento-init">([\s\S]*?)<\/script>/.exec(html)![1];
    const init = JSON.parse(json) as { '*': Record<string, { data: { items: Record<string, unknown> } }> };
    const items = init['*']['Magento_Catalog/js/product/view/provider'].data.items;
    expect(Object.values(items)).toEqual(expect.arrayContaining(s.products.map((p) => stateRecord(p, 'magento'))));
    expect(Object.keys(items)).toHaveLength(new Set(s.products.map((p) => stateRecord(p, 'magento').id)).size);
    expect(html).not.toContain('data-role="priceBox"');
  });
});
