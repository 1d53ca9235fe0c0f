import * as cheerio from 'cheerio';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { watchRotation } from '@/lib/scrape/browser-rotation';
import { classHider, mediaHolds } from '@/lib/scrape/extract/css-display';
import { slowRefreshNext } from '@/lib/scrape/meta-refresh';
import type { ScrapedProduct } from '@/lib/scrape/types';
import { extractFromHtml } from '@/lib/scrape/extract';
import { canonicalMoney } from '@/lib/scrape/extract/locale-money';
import { englishStorefrontText } from '@/lib/scrape/extract/storefront-words';
import { LOAD_MORE_CONTROL, NEXT_CONTROL, paginationLinks } from '@/lib/scrape/pagination';

// General rules from the twenty-second menu round (docs/menus.md): each test fails without its rule.

const URL_ = 'https://shop.example/menu';
const page = (body: string, head = '') => `<!doctype html><html><head><title>Menu</title>${head}</head><body><main>${body}</main></body></html>`;
const read = async (body: string, head = '') => (await extractFromHtml(page(body, head), URL_)).products;
const byName = (ps: Array<{ rawName: string; priceValue: number | null; regularPrice?: string | null }>) =>
  Object.fromEntries(ps.map((p) => [p.rawName, [p.priceValue, p.regularPrice ?? null]]));
const NAMES = ['Blue Dream 3.5g', 'Gelato Smalls 3.5g', 'Sour Tangie Live Resin Cart', 'Mint Chocolate Gummies 100mg'];
const BRANDS = ['Acme', 'Kiva', 'Wyld', 'Ghost'];

describe('a menu in Hebrew, in shekels (locale-money.ts, hebrew-words.ts)', () => {
  it('reads shekel amounts, the sign before or after, whole or with agorot', () => {
    expect(canonicalMoney('₪25.00')).toBe('$25.00');
    expect(canonicalMoney('\u200f25.00\u00a0₪')).toBe('\u200f$25.00');
    expect(canonicalMoney('מחיר: 25 ₪ (במקום 30 ₪)')).toBe('מחיר: $25.00 (במקום $30.00)');
    expect(canonicalMoney('120 ש"ח')).toBe('$120.00');
  });
  it('reads the Hebrew price labels and marks as the English ones', () => {
    expect(englishStorefrontText('במקום $30.00')).toBe('Was $30.00');
    expect(englishStorefrontText('מחיר מבצע')).toBe('Sale price');
    expect(englishStorefrontText('המחיר המקורי היה: $30.00.')).toBe('Original price was: $30.00.');
    expect(englishStorefrontText('אזל מהמלאי')).toBe('Sold out');
    // A word that is no mark alone stays.
    expect(englishStorefrontText('במקום הזה')).toBe('במקום הזה');
  });
  it('a right-to-left card list with "₪25.00 במקום ₪30.00" reads the sale and the regular price', async () => {
    const cards = NAMES.map(
      (n, i) =>
        `<div class="product-card"><h3 class="product-name" dir="ltr">${n}</h3><div class="brand">${BRANDS[i]}</div><div class="price"><span class="price-now">₪${25 + i}.00</span> <span class="price-was">במקום ₪${30 + i}.00</span></div><button type="button">הוספה לסל</button></div>`,
    ).join('');
    const got = byName(await read(`<div class="grid">${cards}</div>`));
    expect(got['Blue Dream 3.5g']).toEqual([25, '$30.00']);
    expect(Object.keys(got)).toHaveLength(4);
  });
  it('knows the Hebrew next-page and load-more controls', () => {
    expect(NEXT_CONTROL.test('הבא ›')).toBe(true);
    expect(NEXT_CONTROL.test('העמוד הבא')).toBe(true);
    expect(LOAD_MORE_CONTROL.test('טען עוד')).toBe(true);
  });
});

describe('the menu twice, a cut mobile copy beside the desktop one (repeats.ts)', () => {
  const desktop = NAMES.map(
    (n, i) =>
      `<div class="product-card"><span class="category">Flower</span><h3 class="product-name">${n}</h3><div class="brand">${BRANDS[i]}</div><div class="price"><s>$${30 + i}.00</s> <span class="sale">$${25 + i}.00</span></div></div>`,
  );
  const cut = (n: string) => (n.length > 18 ? `${n.slice(0, 17).trimEnd()}…` : n);
  const mobile = NAMES.map(
    (n, i) => `<div class="m-card"><a href="/p/${i}" class="m-name">${cut(n)}</a><span class="m-brand">${BRANDS[i]}</span><span class="m-price">$${25 + i}.00</span></div>`,
  );
  it('drops the cut copies and keeps the struck price a repeat without it would hide', async () => {
    const got = byName(
      await read(
        `<div class="d-md-none">${mobile.join('')}</div><div class="d-none d-md-block"><div class="grid">${desktop.join('')}</div></div>`,
        '<style>.d-none{display:none!important}@media (min-width:768px){.d-md-none{display:none!important}.d-md-block{display:block!important}}</style>',
      ),
    );
    expect(Object.keys(got).sort()).toEqual([...NAMES].sort());
    expect(got['Blue Dream 3.5g']).toEqual([25, '$30.00']);
    expect(got['Sour Tangie Live Resin Cart']).toEqual([27, '$32.00']);
  });
});

describe('products only as the options of an order form select (option-products.ts)', () => {
  const options = NAMES.concat(['Tincture | 30ml', 'I-95'])
    .map((n, i) => `<option value="${i}">${n} — ${BRANDS[i % 4]} — $${25 + i}.00${i % 2 ? ` (reg. $${35 + i}.00)` : ''}</option>`)
    .join('');
  it('reads each option as a product, the name before the first separator every option holds, "reg." the struck price', async () => {
    const got = byName(
      await read(
        `<form method="post" action="/preorder"><select name="product"><option value="">Choose a product…</option><optgroup label="Menu">${options}</optgroup></select><button>Order</button></form>`,
      ),
    );
    expect(got['Blue Dream 3.5g']).toEqual([25, null]);
    expect(got['Gelato Smalls 3.5g']).toEqual([26, '$36.00']);
    expect(got['Tincture | 30ml']).toEqual([29, null]);
    expect(got['I-95']).toEqual([30, '$40.00']);
  });
  it('leaves a sort select and a size select alone', async () => {
    const sort = '<select><option>Price: low to high $</option><option>Price: high to low</option></select>';
    const sizes =
      '<select><option>1g — $10.00</option><option>3.5g — $30.00</option><option>7g — $55.00</option><option>14g — $100.00</option><option>28g — $180.00</option></select>';
    expect(await read(`${sort}${sizes}`)).toHaveLength(0);
  });
});

describe('a slideshow "banner" holding the menu board is no page furniture (heuristic.ts)', () => {
  it('reads the cards inside a block whose class names a banner when it holds most of the amounts', async () => {
    const cards = [...NAMES, 'Lemon Haze 1g', 'Jack Herer 1g', 'OG Kush 1g', 'Wedding Cake 1g']
      .map((n, i) => `<li class="card"><h3>${n}</h3><span class="price">$${20 + i}.00</span></li>`)
      .join('');
    const got = await read(
      `<div class="promo-banner">Free delivery over $100!</div><div class="slideshow banner grid"><div class="slide"><h2>Flower</h2><ul class="cards">${cards}</ul></div></div>`,
    );
    expect(got).toHaveLength(8);
  });
});

describe('a menu board rotating pages by a slow meta refresh (meta-refresh.ts, pagination.ts)', () => {
  it('takes a refresh of more than five seconds to another page of the origin as the next page', () => {
    const html = page('<ul><li>Blue Dream $25.00</li></ul>', '<meta http-equiv="refresh" content="8;url=/board/2">');
    expect(paginationLinks(html, 'https://shop.example/menu').next).toEqual(['https://shop.example/board/2']);
    expect(slowRefreshNext(cheerio.load(page('', '<meta http-equiv="refresh" content="8;url=https://other.example/x">')), URL_)).toBeNull();
    // A quick refresh is a redirect (followed as one), not a next page.
    expect(slowRefreshNext(cheerio.load(page('', '<meta http-equiv="refresh" content="0;url=/board/2">')), URL_)).toBeNull();
  });
});

describe('media queries read at a desktop width (css-display.ts)', () => {
  it('applies min-width / max-width rules at 1280 px, the last rule winning', () => {
    expect(mediaHolds('(min-width:768px)')).toBe(true);
    expect(mediaHolds('screen and (max-width:749px)')).toBe(false);
    expect(mediaHolds('print')).toBe(false);
    const $ = cheerio.load(
      '<style>.d-none{display:none!important}@media (min-width:768px){.d-md-none{display:none!important}.d-md-block{display:block!important}}.show-mobile{display:none}@media (max-width:640px){.show-mobile{display:block}}</style>',
    );
    const hides = classHider($);
    expect(hides(['d-none', 'd-md-block'])).toBe(false);
    expect(hides(['d-md-none'])).toBe(true);
    expect(hides(['show-mobile'])).toBe(true);
    expect(hides(['card'])).toBe(false);
  });
});

describe('a menu board rotating its slides on a timer (browser-rotation.ts)', () => {
  // A fake page: five slides of two products, the slide moving on every 3 s of waiting.
  const slides = Array.from({ length: 5 }, (_, k) => [`Strain ${k}a`, `Strain ${k}b`]);
  const fake = (intervals: number[]) => {
    let clock = 0;
    const slide = () => Math.floor(clock / 3000) % slides.length;
    const frame = { evaluate: async (src: string) => (src.includes('__scanIntervals') ? intervals : `print-${slide()}`) };
    const p = { frames: () => [frame], waitForTimeout: async (ms: number) => void (clock += ms) };
    const products = async (): Promise<ScrapedProduct[]> =>
      slides[slide()].map((n) => ({
        rawName: n,
        brand: null,
        category: 'Flower',
        price: '$10.00',
        priceValue: 10,
        weightGrams: null,
        thcPct: null,
        cbdPct: null,
        strainType: null,
        url: null,
      }));
    return { page: p as unknown as Page, products };
  };
  it('reads every slide of a page that runs a timer, and stops when the board comes round', async () => {
    const { page: p, products } = fake([3000]);
    const got = await watchRotation(p, await products(), products);
    expect(got.products.map((x) => x.rawName).sort()).toEqual(slides.flat().sort());
    expect(got.rounds).toBe(4);
  });
  it('does not wait on a page without a timer', async () => {
    const { page: p, products } = fake([]);
    expect((await watchRotation(p, await products(), products)).rounds).toBe(0);
  });
  it('does not wait on a page whose only timer is a slow heartbeat', async () => {
    const { page: p, products } = fake([30_000]);
    let waited = 0;
    const timed = { ...p, waitForTimeout: async (ms: number) => void (waited += ms) } as unknown as Page;
    expect((await watchRotation(timed, await products(), products)).rounds).toBe(0);
    expect(waited).toBe(0);
  });
  it('leaves a page after one change that brings no new product (a promotion carousel beside the menu)', async () => {
    const { page: p, products } = fake([3000]);
    let reads = 0;
    const same = await products();
    const got = await watchRotation(p, same, async () => (reads++, same));
    expect(got.rounds).toBe(0);
    expect(reads).toBe(1);
  });
});
