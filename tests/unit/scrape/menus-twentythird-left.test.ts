import * as cheerio from 'cheerio';
import { describe, expect, it } from 'vitest';
import { pageSignals, restNeedsBrowser } from '@/lib/scrape/extract';
import { pickLetterButtons } from '@/lib/scrape/letter-buttons';
import { describeControls } from '@/lib/scrape/pager';
import { extractHeuristic } from '@/lib/scrape/extract/heuristic';
import { REGULAR_WORD } from '@/lib/scrape/extract/card-prices';

// The twenty-third round's sites left incomplete after its fixes (docs/menus.md), not blind.

const readBody = (html: string) => extractHeuristic(cheerio.load(`<html><body>${html}</body></html>`), 'https://shop.example/menu');
const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ'.split('');
const card = (n: string, p: number) => `<div class="card"><h3 class="name">${n}</h3><span class="price">$${p}.00</span></div>`;

describe('an A–Z bar of buttons with no link', () => {
  // The letter shown now is marked current, letters with no product are disabled spans.
  const bar = (control: (l: string) => string) =>
    `<nav class="az-index" aria-label="Browse by letter"><span aria-current="page">A</span> ${LETTERS.slice(1)
      .map((l) => (l === 'Q' ? `<span aria-disabled="true">Q</span>` : control(l)))
      .join(' ')}</nav>`;
  const page = (control: (l: string) => string) =>
    `<html><body>${bar(control)}<h2>A (3 products)</h2><div class="grid">${card('Apple Fritter', 30)}${card('Alien OG', 25)}${card('Animal Mints', 35)}</div><script>document.querySelectorAll('[data-letter]').forEach(function(b){b.onclick=function(){fetch('/api/products?letter='+b.dataset.letter)}})</script></body></html>`;
  const button = (l: string) => `<button type="button" class="chip" data-letter="${l.toLowerCase()}">${l}</button>`;

  it('presses every letter but the current and the disabled ones', () => {
    const controls = describeControls(cheerio.load(page(button)));
    const texts = pickLetterButtons(controls).map((i) => controls[i].text);
    expect(texts).toEqual(LETTERS.filter((l) => l !== 'A' && l !== 'Q'));
  });

  it('over HTTP, says the other letters need the browser', () => {
    const s = pageSignals(page(button));
    expect(s.letterButtons).toBe(true);
    expect(restNeedsBrowser(s, false)).toBe(true);
  });

  it('is not a bar of links (followed over HTTP), nor a few letter buttons, nor size buttons', () => {
    const link = (l: string) => `<a href="/menu?letter=${l.toLowerCase()}">${l}</a>`;
    expect(pageSignals(page(link)).letterButtons).toBe(false);
    const few = `<html><body><div class="tabs"><button>A</button><button>B</button><button>C</button></div>${card('Apple Fritter', 30)}</body></html>`;
    expect(pageSignals(few).letterButtons).toBe(false);
    const sizes = `<html><body><div class="sizes">${['1g', '2g', '3.5g', '7g', '14g', '28g', 'S', 'M', 'L'].map((s) => `<button>${s}</button>`).join('')}</div></body></html>`;
    expect(pageSignals(sizes).letterButtons).toBe(false);
  });
});

describe('a view holding one lone product', () => {
  const read = (html: string) =>
    extractHeuristic(cheerio.load(`<html><body><div class="promo-banner">Free delivery on orders over $100!</div>${html}</body></html>`), 'https://shop.example/menu');
  const got = (html: string) => read(html).map((p) => [p.rawName, p.priceValue]);

  it('a table row under a header naming product and price columns', () => {
    const row = `<tr class="row"><td class="c-name">RSO | Syringe</td><td>Sublime</td><td>Other</td><td></td><td>$45.00</td></tr>`;
    expect(
      got(
        `<h2>V (1 products)</h2><table class="menu"><thead><tr><th>Product</th><th>Brand</th><th>Type</th><th>Potency</th><th>Price</th></tr></thead><tbody>${row}</tbody></table>`,
      ),
    ).toEqual([['RSO | Syringe', 45]]);
    // A table with no such header is no product list.
    expect(got(`<table><tbody>${row}</tbody></table>`)).toEqual([]);
  });

  it('a tile with a category or a maker line beside its bold name', () => {
    expect(got(`<section class="tiles"><article class="tile"><div><b>Vice City</b></div><div>by House</div><small>Flower </small><p>$8.00</p></article></section>`)).toEqual([
      ['Vice City', 8],
    ]);
    expect(got(`<section class="tiles"><article class="tile"><div><b>RSO | Syringe</b></div><div>by Sublime</div><small>Other </small><p>$45.00</p></article></section>`)).toEqual([
      ['RSO | Syringe', 45],
    ]);
    // A deal block whose heading is the category is not a product.
    expect(got(`<div class="deal"><h3>Edibles</h3><p>Everything from $5</p></div>`)).toEqual([]);
  });

  it('a product link around its title and price (WooCommerce loop item)', () => {
    expect(
      got(
        `<ul class="products columns-4"><li class="product type-product"><a href="/product/vice-city/" class="woocommerce-LoopProduct-link"><h2 class="woocommerce-loop-product__title">Vice City</h2><span class="price"><span class="woocommerce-Price-amount amount"><bdi><span class="woocommerce-Price-currencySymbol">&#36;</span>8.00</bdi></span></span></a><a href="?add-to-cart=1" class="button">Add to cart</a></li></ul>`,
      ),
    ).toEqual([['Vice City', 8]]);
  });
});

describe('a deal row with no amount among product rows', () => {
  it('is no strain title over the sized product rows after it', () => {
    const row = (n: string, p: number) => `<tr class="row"><td class="c-name">${n}</td><td>WYLD</td><td>Edibles</td><td></td><td>$${p}.00</td></tr>`;
    const html = `<table class="menu"><thead><tr><th>Product</th><th>Brand</th><th>Type</th><th>Potency</th><th>Price</th></tr></thead><tbody>${row('Pear Gummies | 100mg', 20)}${row('Raspberry Gummies | 100mg', 18)}<tr class="row row--deal"><td class="c-name" colspan="4"><strong>Deal:</strong> 20% off all Edibles — Discount applied at checkout</td><td></td></tr>${row('Huckleberry Gummies | 100mg', 18)}${row('Milk Chocolate 300mg', 15)}${row('Caliente Mango', 16)}<tr class="row row--deal"><td class="c-name" colspan="4"><strong>Deal:</strong> BOGO 50% off WYLD — Buy one, get the second half off</td><td></td></tr>${row('Sleep Bar 500mg', 20)}${row('Dark Chocolate 100mg', 14)}</tbody></table>`;
    const ps = readBody(html);
    expect(ps.map((p) => [p.rawName, p.priceValue])).toEqual([
      ['Pear Gummies | 100mg', 20],
      ['Raspberry Gummies | 100mg', 18],
      ['Huckleberry Gummies | 100mg', 18],
      ['Milk Chocolate 300mg', 15],
      ['Caliente Mango', 16],
      ['Sleep Bar 500mg', 20],
      ['Dark Chocolate 100mg', 14],
    ]);
  });
});

describe('a shelf of one row in a tier table', () => {
  it('is that row, not its cells (the brand cell no product)', () => {
    const row = (n: string, b: string) => `<tr class="row"><td class="c-name">${n}</td><td>${b}</td><td>THC 21.03%</td><td><button type="button">Add</button></td></tr>`;
    const tier = (t: string) => `<tr class="tier"><th colspan="4">${t}</th></tr>`;
    const html = `<table class="menu shelves"><thead><tr><th>Product</th><th>Brand</th><th>Potency</th><th></th></tr></thead><tbody>${tier('Flower · Tier 1 · $50.00 each')}${row('Concord Cream', 'Enchanted Botanicals')}${row('Modified Grapes', 'Enchanted Botanicals')}${row('Yuzu Purple', 'Prohibition 37')}${tier('Flower · Tier 2 · $33.20 each (reg. $40.00)')}${row('Lemon Skunk', 'Enchanted Botanicals')}${tier('Flower · Tier 3 · $30.00 each')}${row('Bluntz', 'Prohibition 37')}${row('Lemon Drip', 'Prohibition 37')}${row('Ice Pie', 'High Desert Relief')}</tbody></table>`;
    const ps = readBody(html);
    expect(ps.map((p) => [p.rawName, p.priceValue, p.regularPrice])).toEqual([
      ['Concord Cream', 50, null],
      ['Modified Grapes', 50, null],
      ['Yuzu Purple', 50, null],
      ['Lemon Skunk', 33.2, '$40.00'],
      ['Bluntz', 30, null],
      ['Lemon Drip', 30, null],
      ['Ice Pie', 30, null],
    ]);
  });
});

describe('a shelf paragraph line whose name holds dashes', () => {
  it('takes the brand after the em dash, the en dashes staying in the name', () => {
    const html = `<p class="shelf"><strong>Vape Pens · All $49.95:</strong><br>Ooze Duplex Pro – 900 mAh – Vaporizer - Black — Ooze<br>Ooze Duplex Pro – 900 mAh – Vaporizer - Ice Pink — Ooze<br></p><p class="shelf"><strong>Flower · All $40.00:</strong><br>Yuzu Purple — Prohibition 37 (21.94%)<br>Bluntz – Prohibition 37<br></p>`;
    const ps = readBody(html);
    expect(ps.map((p) => [p.rawName, p.brand, p.priceValue])).toEqual([
      ['Ooze Duplex Pro – 900 mAh – Vaporizer - Black', 'Ooze', 49.95],
      ['Ooze Duplex Pro – 900 mAh – Vaporizer - Ice Pink', 'Ooze', 49.95],
      ['Yuzu Purple', 'Prohibition 37', 40],
      ['Bluntz', 'Prohibition 37', 40],
    ]);
  });
});

describe('a product name ending in a member word', () => {
  it('labels no price after it ("… 250 mg - MEDICAL", "… MED only"); a member label still does', () => {
    const item = (n: string, p: string, was: string) =>
      `<li class="elementor-price-list-item"><div class="elementor-price-list-header"><span class="elementor-price-list-title">${n}</span><span class="elementor-price-list-separator"></span><span class="elementor-price-list-price">${p}</span></div><p class="elementor-price-list-description">Acme · Was ${was}</p></li>`;
    const html = `<ul class="elementor-price-list">${item('Tiki Juice 250 mg - MEDICAL', '$13.91', '$20.00')}${item('Chill Pills 25mg MED only', '$17.29', '$24.95')}${item('Blue Dream', '$25.00', '$30.00')}</ul><div class="grid"><div class="card"><h3>Gelato</h3><span>$30.00</span> <span>Med $27.00</span></div><div class="card"><h3>Runtz</h3><span>$32.00</span> <span>Member price: $28.00</span></div></div>`;
    const ps = readBody(html);
    expect(ps.map((p) => [p.rawName, p.priceValue, p.regularPrice])).toEqual([
      ['Tiki Juice 250 mg - MEDICAL', 13.91, '$20.00'],
      ['Chill Pills 25mg MED only', 17.29, '$24.95'],
      ['Blue Dream', 25, '$30.00'],
      ['Gelato', 30, null],
      ['Runtz', 32, null],
    ]);
  });
});

describe('one regular-price word pattern', () => {
  it('every reader takes "was", "reg.", "regularly", "orig.", "originally" as a regular price', () => {
    const re = new RegExp(String.raw`^${REGULAR_WORD}$`, 'i');
    for (const w of ['was', 'Reg.', 'reg', 'regular', 'Regularly', 'orig.', 'originally']) expect(re.test(w), w).toBe(true);
    for (const w of ['now', 'sale', 'regulars', 'origin']) expect(re.test(w), w).toBe(false);
    // The card reader too (it read "Originally" as no label before).
    const card = (n: string, label: string) => `<div class="card"><h3>${n}</h3><span>${label} $30.00</span> <span>$25.00</span></div>`;
    const ps = readBody(`<div class="grid">${card('Blue Dream', 'Originally')}${card('Sour Diesel', 'Was')}${card('Gelato', 'Reg.')}</div>`);
    expect(ps.map((p) => [p.rawName, p.priceValue, p.regularPrice])).toEqual([
      ['Blue Dream', 25, '$30.00'],
      ['Sour Diesel', 25, '$30.00'],
      ['Gelato', 25, '$30.00'],
    ]);
  });
});
