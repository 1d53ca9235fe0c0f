import { describe, expect, it } from 'vitest';
import { cardHtml, menuDataPresent, stateRecord, styleHead } from '@/tests/fixtures/menus-sites/generate';
import { wixClass, wixFrom } from '@/tests/fixtures/menus-sites/wix';
import { serveRoundSites } from '@/tests/helpers/menu-round-sites';
import { expectHeldOutStyle, money, SALE_CARD, styleSites } from '@/tests/helpers/held-out-style';

// The ninth markup style, `wix` (tests/fixtures/menus-sites/wix.ts), not the scraper: every wix
// site serves what its ground truth says, in Wix Stores gallery markup.

const { sites, site } = styleSites('wix');
/** The text a browser shows (tags gone). */
const text = (h: string) => h.replace(/<[^>]+>/g, '');
const sale = SALE_CARD;
/** Class names a semantic style would use; Wix's generated ones have none of them. */
const SEMANTIC = /\b(?:product|price|card|name|brand|sale|regular|item|menu|title|amount|potency|sr-only|visually-hidden)\b/;

describe.runIf(menuDataPresent())('ninth markup style (wix)', () => {
  it('is held out, built for the same techniques as tailwind, with the same products as their grid sites; the seven styles unchanged', () => {
    expectHeldOutStyle('wix');
  });

  it('a card: data-hooks and generated classes, the struck regular price BEFORE the price to pay, each after a hidden label', () => {
    const html = cardHtml(sale, 'wix');
    for (const cls of html.match(/class="([^"]*)"/g)!) expect(cls).not.toMatch(SEMANTIC);
    expect(html).toContain('data-hook="product-item-root"');
    const t = text(html);
    expect(t).toContain('Regular Price$35.00Sale Price$25.00');
    expect(html).toMatch(new RegExp(`data-hook="product-item-price-before-discount" class="${wixClass('PriceBeforeDiscount')}">\\$35\\.00<`));
    expect(styleHead('wix')).toContain(`.${wixClass('PriceBeforeDiscount')}{text-decoration:line-through`);
    expect(t).toContain('Kure | Flower | THC 21.5%');
    expect(html).toContain('aria-label="Blue Dream 3.5g gallery"');
    const plain = cardHtml({ ...sale, regularPrice: null }, 'wix');
    expect(plain).not.toContain('Regular Price');
    expect(text(plain)).toMatch(/Price(?:From )?\$25\.00/);
  });

  it('some undiscounted flower shows "From" before its price (the truth price is that amount)', () => {
    const ps = site('paginated').products.filter(wixFrom);
    expect(ps.length).toBeGreaterThan(3);
    for (const p of ps) expect(text(cardHtml(p, 'wix'))).toContain(`From ${money(p.price)}`);
  });

  it('the app-state record is a Wix Stores product: priceData.price the regular price, discountedPrice the price paid', () => {
    const r = stateRecord(sale, 'wix') as { name: string; brand: string; priceData: { price: number; discountedPrice: number } };
    expect(r.name).toBe(sale.name);
    expect(r.brand).toBe('Kure');
    expect(r.priceData).toMatchObject({ price: 35, discountedPrice: 25 });
    expect((stateRecord({ ...sale, regularPrice: null }, 'wix') as typeof r).priceData).toMatchObject({ price: 25, discountedPrice: 25 });
  });
});

describe.runIf(menuDataPresent())('ninth markup style (wix) sites', () => {
  const { get } = serveRoundSites(() => sites().map((s) => s.key));

  it('paginated: every page holds its 24 cards and a pager whose next link is named only by aria-label', async () => {
    const s = site('paginated');
    const pages = Math.ceil(s.products.length / s.perPage);
    expect(pages).toBeGreaterThan(10);
    for (const n of [1, 2, pages]) {
      const html = await get(s.key, `/menu?page=${n}`);
      for (const p of s.products.slice((n - 1) * s.perPage, n * s.perPage)) expect(html).toContain(cardHtml(p, 'wix'));
      if (n < pages) expect(html).toContain(`<a data-hook="next" href="/menu?page=${n + 1}" aria-label="Next Page"`);
      else expect(html).not.toContain('aria-label="Next Page"');
      expect(html).toContain(`${s.products.length} products`);
    }
  });

  it('load-more: the first 24 cards in the page, the rest from the API', async () => {
    const s = site('load-more');
    const html = await get(s.key);
    for (const p of s.products.slice(0, 24)) expect(html).toContain(cardHtml(p, 'wix'));
    expect(html).toContain('data-hook="load-more-button"');
    const rest = JSON.parse(await get(s.key, `/api/cards?offset=24&limit=1000`)) as { html: string };
    for (const p of s.products.slice(24)) expect(rest.html).toContain(cardHtml(p, 'wix'));
  });

  it('page-buttons: the compact pager has only arrow buttons around a page input', async () => {
    const html = await get(site('page-buttons').key);
    expect(html).toContain('data-hook="page-input"');
    expect(html).toMatch(/<button type="button" data-hook="next" aria-label="Next Page" data-go="2"/);
  });

  it('age-gate: no card in the page, a lightbox whose confirm reads ENTER', async () => {
    const html = await get(site('age-gate').key);
    expect(html).not.toContain(site('age-gate').products[0].name);
    expect(html).toContain('>ENTER</span></button>');
  });

  it('app-state: nothing rendered; the warmup data holds every product record', async () => {
    const s = site('app-state');
    const html = await get(s.key);
    const json = /<script type="application\/json" id="wix-warmup-data">([\s\S]*?)<\/script>/.exec(html)![1];
    const data = JSON.parse(json) as { appsWarmupData: Record<string, Record<string, { queryProductsResponse: { products: unknown[] } }>> };
    const recs = Object.values(Object.values(data.appsWarmupData)[0])[0].queryProductsResponse.products;
    expect(recs).toEqual(s.products.map((p) => stateRecord(p, 'wix')));
    expect(html).not.toContain(`>${money(s.products[0].price)}<`);
  });
});
