import { describe, expect, it } from 'vitest';
import { cardHtml, HELDOUT_STYLES, menuDataPresent, stateRecord, styleHead } from '@/tests/fixtures/menus-sites/generate';
import { WF_PAGE_PARAM, wfMoney, wfWeighed } from '@/tests/fixtures/menus-sites/webflow';
import { serveRoundSites } from '@/tests/helpers/menu-round-sites';
import { expectHeldOutStyle, SALE_CARD, styleSites } from '@/tests/helpers/held-out-style';

// The twelfth markup style, `webflow` (tests/fixtures/menus-sites/webflow.ts), not the scraper:
// every webflow site serves what its ground truth says, in Webflow Ecommerce collection-list markup.

const { sites, site } = styleSites('webflow');
/** The text a browser shows (tags gone, whitespace collapsed). */
const text = (h: string) =>
  h
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
const sale = SALE_CARD;

describe.runIf(menuDataPresent())('twelfth markup style (webflow)', () => {
  it('is held out, built for the same techniques as the other held-out styles, with the same products as their grid sites', () => {
    expectHeldOutStyle('webflow');
    expect(HELDOUT_STYLES).toEqual(['tailwind', 'wix', 'bigcommerce', 'magento', 'webflow', 'prestashop']);
  });

  it('a card: a w-dyn-item hidden by an interaction, brand above the name, a nested category list, "$ 25.00 USD" then the struck compare-at price', () => {
    const html = cardHtml(sale, 'webflow');
    expect(html).toMatch(/^<div role="listitem" class="product-card w-dyn-item" data-w-id="[0-9a-f-]{36}" style="opacity:0;/);
    expect(html).toContain('<h3 class="product-card_title heading-style-h6">Blue Dream 3.5g</h3>');
    expect(text(html)).toContain('Kure Blue Dream 3.5g Flower THC 21.5 % $ 25.00 USD $ 35.00 USD');
    expect(html).toMatch(/<div role="listitem" class="w-dyn-item"><a href="\/category\/flower" class="tag">Flower<\/a><\/div>/);
    expect(html).toContain('class="price-old">$ 35.00 USD</div>');
    expect(html).toContain('<div class="product-card_badge">Sale</div>');
    expect(styleHead('webflow')).toContain('.price-old{text-decoration:line-through');
    expect(styleHead('webflow')).toContain('.w-condition-invisible{display:none!important}');
    const plain = cardHtml({ ...sale, id: '10', regularPrice: null }, 'webflow');
    expect(plain).toContain('class="price-old w-dyn-bind-empty"></div>');
    expect(plain).toContain('product-card_badge w-condition-invisible');
    expect(text(plain)).toContain('$ 25.00 USD');
    expect(text(plain)).not.toContain('$ 35.00 USD');
  });

  it('flower sold in weights has an option select without prices; the card shows the lowest price', () => {
    const ps = site('paginated').products.filter(wfWeighed);
    expect(ps.length).toBeGreaterThan(3);
    for (const p of ps.slice(0, 5)) {
      const html = cardHtml(p, 'webflow');
      expect(html).toContain('<option selected value="">Select Weight</option>');
      expect(text(html)).toContain(wfMoney(p.price));
    }
  });

  it('the app-state record is a Data API product: money in cents, the compare-at price a second money object', () => {
    const r = stateRecord(sale, 'webflow') as { product: { fieldData: { name: string } }; skus: Array<{ fieldData: Record<string, { value: number } | null> }> };
    expect(r.product.fieldData.name).toBe(sale.name);
    expect(r.skus[0].fieldData.price).toMatchObject({ value: 2500, unit: 'USD' });
    expect(r.skus[0].fieldData['compare-at-price']).toMatchObject({ value: 3500 });
    expect((stateRecord({ ...sale, regularPrice: null }, 'webflow') as typeof r).skus[0].fieldData['compare-at-price']).toBeNull();
  });
});

describe.runIf(menuDataPresent())('twelfth markup style (webflow) sites', () => {
  const { get } = serveRoundSites(() => sites().map((s) => s.key));

  it(`paginated: every page holds its 24 cards and Webflow's pager (bare ?${WF_PAGE_PARAM}=N links, the page count)`, async () => {
    const s = site('paginated');
    const pages = Math.ceil(s.products.length / s.perPage);
    expect(s.products).toHaveLength(370);
    expect(pages).toBe(16);
    for (const n of [1, 2, pages]) {
      const html = await get(s.key, `/menu?${WF_PAGE_PARAM}=${n}`);
      for (const p of s.products.slice((n - 1) * s.perPage, n * s.perPage)) expect(html).toContain(cardHtml(p, 'webflow'));
      if (n < pages) expect(html).toContain(`<a href="?${WF_PAGE_PARAM}=${n + 1}" aria-label="Next Page" class="w-pagination-next`);
      else expect(html).not.toContain('aria-label="Next Page"');
      expect(html).toContain(`aria-label="Page ${n} of ${pages}" role="heading" class="w-page-count pagination_count">${n} / ${pages}</div>`);
    }
  });

  it('load-more: the first 24 cards in the page, the rest from the API; the "Load more" link is the next page, served too', async () => {
    const s = site('load-more');
    const html = await get(s.key);
    for (const p of s.products.slice(0, 24)) expect(html).toContain(cardHtml(p, 'webflow'));
    expect(html).toContain(`<a href="?${WF_PAGE_PARAM}=2" aria-label="Next Page" id="more" fs-cmsload-element="load-more"`);
    const rest = JSON.parse(await get(s.key, `/api/cards?offset=24&limit=1000`)) as { html: string };
    for (const p of s.products.slice(24)) expect(rest.html).toContain(cardHtml(p, 'webflow'));
    const two = await get(s.key, `/menu?${WF_PAGE_PARAM}=2`);
    for (const p of s.products.slice(24, 48)) expect(two).toContain(cardHtml(p, 'webflow'));
    expect(two).toContain(`href="?${WF_PAGE_PARAM}=3"`);
  });

  it('page-buttons: Finsweet page buttons and Previous/Next go nowhere (href="#"), the page in data-go', async () => {
    const html = await get(site('page-buttons').key);
    expect(html).toContain('<a href="#" data-go="2" aria-label="Next Page" class="w-pagination-next');
    expect(html).toMatch(/fs-cmsload-element="page-button" href="#" data-go="3"/);
  });

  it('age-gate: no card in the page, a Webflow modal', async () => {
    const html = await get(site('age-gate').key);
    expect(html).not.toContain(site('age-gate').products[0].name);
    expect(html).toContain('class="age-gate_modal" style="display:flex;opacity:1"');
  });

  it('app-state: nothing rendered; a JSON script holds every product as the Data API returns it', async () => {
    const s = site('app-state');
    const html = await get(s.key);
    const json = /<script type="application\/json" id="wf-shop-data">([\s\S]*?)<\/script>/.exec(html)![1];
    const data = JSON.parse(json) as { items: unknown[] };
    expect(data.items).toEqual(s.products.map((p) => stateRecord(p, 'webflow')));
    expect(html).toContain('No items found.');
    expect(html).not.toContain('data-wf-sku-bindings');
  });
});
