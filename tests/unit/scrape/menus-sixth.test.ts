import * as cheerio from 'cheerio';
import { describe, expect, it } from 'vitest';
import { control } from '@/tests/helpers/pager-control';
import { KEEP_CLOSED_SHADOW_ROOTS } from '@/lib/scrape/browser';
import { extractHeuristic } from '@/lib/scrape/extract/heuristic';
import { pickCategoryTabs } from '@/lib/scrape/pager';
import { isCategoryName } from '@/lib/scrape/pagination';

// Sixth round (branch menus6): general rules found after the blind run — sizes chosen on a card
// (a <select> or a button group), category tabs that are buttons, closed shadow roots.

const read = (html: string) => extractHeuristic(cheerio.load(`<html><body>${html}</body></html>`), 'https://shop.example/menu').map((p) => [p.rawName, p.price, p.regularPrice]);

const strains = ['Blue Dream', 'Sour Diesel', 'Wedding Cake'];

describe('sizes chosen on the card', () => {
  it('a <select> whose options are "size - $price" gives one product per size, the compare-at price regular', () => {
    const card = (n: string, i: number) =>
      `<div class="product-card"><h3 class="product-name">${n}</h3><div class="brand">Acme</div><div class="from">From $${10 + i}.00</div><select class="variant-select"><option value="a${i}" data-price="${10 + i}.00">1g - $${10 + i}.00</option><option value="b${i}" data-price="30.00" data-compare-price="40.00">3.5g - $30.00</option><option value="c${i}" data-price="55.00">7g - $55.00</option></select><div class="price"><span>$${10 + i}.00</span></div></div>`;
    const got = read(`<div class="grid">${strains.map(card).join('')}</div>`);
    expect(got).toHaveLength(9);
    expect(got).toContainEqual(['Blue Dream 1g', '$10.00', null]);
    expect(got).toContainEqual(['Sour Diesel 3.5g', '$30.00', '$40.00']);
    expect(got).toContainEqual(['Wedding Cake 7g', '$55.00', null]);
  });

  it('options that give only the size take the price from data-price; a sort <select> stays furniture', () => {
    const card = (n: string) =>
      `<li class="item"><a class="title" href="/p/${n}">${n}</a><select><option value="">Choose a size</option><option data-price="12.00">1g</option><option data-price="35.00" data-compare-price="45.00">1/8 oz</option></select></li>`;
    const got = read(`<div class="sort-bar"><select><option>Price: low to high $</option><option>Price: high to low</option></select></div><ul>${strains.map(card).join('')}</ul>`);
    expect(got).toHaveLength(6);
    expect(got).toContainEqual(['Blue Dream 1/8 oz', '$35.00', '$45.00']);
    expect(got.some(([n]) => /price/i.test(String(n)))).toBe(false);
  });

  it('a select beside the product link (WooCommerce variations) belongs to the item, named by its title', () => {
    const card = (n: string) =>
      `<li class="product"><a href="/product/${n}/" class="woocommerce-LoopProduct-link"><h2 class="woocommerce-loop-product__title">${n}</h2><span class="price">From $8.00</span></a><table class="variations"><tr><th><label>Weight</label></th><td><select><option data-price="8.00">1g - $8.00</option><option>3.5g - $28.00</option></select></td></tr></table></li>`;
    const got = read(`<ul class="products">${strains.map(card).join('')}</ul>`);
    expect(got).toHaveLength(6);
    expect(got).toContainEqual(['Sour Diesel 3.5g', '$28.00', null]);
  });

  it('a button group of sizes with prices in data attributes: a row of sizes is no name, one product per size', () => {
    const card = (n: string) =>
      `<article class="tile"><b>${n}</b><div>by Acme</div><p>From $8.00</p><div role="radiogroup" class="sizes"><button class="size" data-price="8.00">1g</button><button class="size" data-price="28.00" data-compare-price="32.00">3.5g</button><button class="size" data-price="53.00">7g</button><button class="size" data-price="101.00">14g</button></div><p class="price"><span>$8.00</span></p></article>`;
    const got = read(`<section>${strains.map(card).join('')}</section>`);
    expect(got).toHaveLength(12);
    expect(got).toContainEqual(['Wedding Cake 3.5g', '$28.00', '$32.00']);
    expect(got).toContainEqual(['Blue Dream 14g', '$101.00', null]);
  });

  it('a select of sizes without prices is left alone (the card keeps its shown price)', () => {
    const card = (n: string) => `<div class="card"><h3>${n}</h3><select><option>1g</option><option>3.5g</option></select><span class="price">$20.00</span></div>`;
    expect(read(`<div>${strains.map(card).join('')}</div>`)).toContainEqual(['Blue Dream', '$20.00', null]);
  });
});

describe('category tabs that are buttons', () => {
  it('isCategoryName: a category and nothing else', () => {
    for (const t of ['Flower', 'Vape Pens', 'Edibles (12)', 'Shop Pre-Rolls', 'Concentrates']) expect(isCategoryName(t), t).toBe(true);
    for (const t of ['Blue Dream', 'Add to cart', '2', 'Flower deals this week']) expect(isCategoryName(t), t).toBe(false);
  });

  it('the group with the most category names, every control in it once (other names too), not the pager', () => {
    const controls = [
      control('Home', 0, { tag: 'a', href: '/' }),
      control('Flower', 1, { role: 'tab', current: true }),
      control('Edibles', 1, { role: 'tab' }),
      control('Vape Pens', 1, { role: 'tab' }),
      control('Other', 1, { role: 'tab' }),
      control('Flower', 1, { tag: 'span' }),
      control('1', 2),
      control('2', 2),
      control('Next', 2),
    ];
    expect(pickCategoryTabs(controls)).toEqual([1, 2, 3, 4]);
  });

  it('links with a real href are left to the HTTP crawl; "#" links and a lone category are not tabs', () => {
    expect(pickCategoryTabs([control('Flower', 0, { tag: 'a', href: '/menu/flower' }), control('Edibles', 0, { tag: 'a', href: '/menu/edibles' })])).toEqual([]);
    expect(pickCategoryTabs([control('Flower', 0, { tag: 'a', href: '#' }), control('Edibles', 0, { tag: 'a', href: '#' })])).toEqual([0, 1]);
    expect(pickCategoryTabs([control('Flower', 0), control('Sort', 0)])).toEqual([]);
    expect(pickCategoryTabs([control('Flower', 0), control('Edibles', 0, { disabled: true })])).toEqual([]);
  });
});

describe('closed shadow roots kept for the scan', () => {
  it('a closed root is attached as asked (the page still gets it) and kept; an open one is not', () => {
    class FakeElement {
      attachShadow(init: { mode: string }) {
        return { mode: init.mode, host: this };
      }
    }
    const win: Record<string, unknown> = {};
    new Function('window', 'Element', KEEP_CLOSED_SHADOW_ROOTS)(win, FakeElement);
    const a = new FakeElement();
    const b = new FakeElement();
    const closed = a.attachShadow({ mode: 'closed' });
    const open = b.attachShadow({ mode: 'open' });
    expect(closed).toEqual({ mode: 'closed', host: a });
    const kept = win.__scanShadowRoots as WeakMap<object, unknown>;
    expect(kept.get(a)).toBe(closed);
    expect(kept.get(b)).toBeUndefined();
    expect(open.mode).toBe('open');
    expect(Object.keys(win)).not.toContain('__scanShadowRoots');
    // Run twice (a frame re-running init scripts): not wrapped again.
    new Function('window', 'Element', KEEP_CLOSED_SHADOW_ROOTS)(win, FakeElement);
    expect(win.__scanShadowRoots).toBe(kept);
  });
});

// Leftovers of the fifth round, fixed in branch menus6.
describe('Shopify Dawn cards', () => {
  // card-product.liquid: the title twice (media overlay and card), a visually-hidden "Vendor:"
  // before the vendor line (class caption-with-letter-spacing, naming nothing), the price block.
  const dawn = (name: string, vendor: string, price: string) =>
    `<li class="grid__item"><div class="card-wrapper"><div class="card__inner"><div class="card__content"><div class="card__information"><h3 class="card__heading"><a href="/products/x" class="full-unstyled-link">${name}</a></h3></div></div></div><div class="card__content"><div class="card__information"><h3 class="card__heading h5"><a href="/products/x" class="full-unstyled-link">${name}</a></h3><div class="card-information"><span class="visually-hidden">Vendor:</span><div class="caption-with-letter-spacing light">${vendor}</div><div class="price"><div class="price__regular"><span class="visually-hidden">Regular price</span><span class="price-item price-item--regular">${price}</span></div></div></div></div></div></div></li>`;

  it('the vendor after its "Vendor:" label is the brand; a "Brand: X" line too', () => {
    const $ = cheerio.load(`<ul>${dawn('Blue Dream 3.5g', 'Acme Farms', '$35.00')}${dawn('Sour Diesel 1g', 'Green Co', '$12.00')}${dawn('Gelato Cart', 'Vapeco', '$40.00')}</ul>`);
    const got = extractHeuristic($, 'https://shop.example/collections/all');
    expect(got.map((p) => [p.rawName, p.brand])).toEqual([
      ['Blue Dream 3.5g', 'Acme Farms'],
      ['Sour Diesel 1g', 'Green Co'],
      ['Gelato Cart', 'Vapeco'],
    ]);
    const lines = cheerio.load(`<div>${strains.map((n) => `<div class="card"><h3>${n}</h3><p>Brand: Acme</p><span class="price">$20.00</span></div>`).join('')}</div>`);
    expect(extractHeuristic(lines, 'https://shop.example/').map((p) => p.brand)).toEqual(['Acme', 'Acme', 'Acme']);
  });

  it('a product named like its vendor keeps its title as the name, the vendor as the brand', () => {
    const $ = cheerio.load(`<ul>${dawn('HIBEGONE', 'HIBEGONE', '$25.00')}${dawn('Blue Dream 3.5g', 'Acme', '$35.00')}${dawn('Sour Diesel 1g', 'Acme', '$12.00')}</ul>`);
    expect(extractHeuristic($, 'https://shop.example/collections/all').map((p) => [p.rawName, p.brand])).toContainEqual(['HIBEGONE', 'HIBEGONE']);
    // A brand link alone (no heading with that text) is still no name.
    const brandOnly = cheerio.load(
      `<div>${strains.map((n) => `<div class="card"><a class="brand" href="/b/acme">Acme</a><p>${n}</p><span class="price">$20.00</span></div>`).join('')}</div>`,
    );
    expect(extractHeuristic(brandOnly, 'https://shop.example/').map((p) => p.rawName)).toEqual(strains);
  });

  it('a title with a price in its words ("Airo Pro - .5g $40 each") is one product at the card price, not two', () => {
    const $ = cheerio.load(
      `<ul>${dawn('Airo Pro - .5g $40 each', 'Airo', '$40.00')}${dawn('$10 Shake 1/8th', 'House', '$10.00')}${dawn('Blue Dream 3.5g', 'Acme', '$35.00')}</ul>`,
    );
    const got = extractHeuristic($, 'https://shop.example/collections/all');
    expect(got.map((p) => [p.rawName, p.price, p.brand])).toEqual([
      ['Airo Pro - .5g $40 each', '$40.00', 'Airo'],
      ['$10 Shake 1/8th', '$10.00', 'House'],
      ['Blue Dream 3.5g', '$35.00', 'Acme'],
    ]);
  });
});
