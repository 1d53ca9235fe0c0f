import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as cheerio from 'cheerio';
import type { Element } from 'domhandler';
import { browserAvailable, openScanContext } from '@/lib/scrape/browser';
import { MAX_SOCKETS } from '@/lib/scrape/browser-websocket';
import { settlePage, trackRequests } from '@/lib/scrape/browser-wait';
import { salePrices } from '@/lib/scrape/extract/card-prices';
import { extractHeuristic } from '@/lib/scrape/extract/heuristic';
import { slotCounter, textifyPricePictures } from '@/lib/scrape/extract/price-pictures';
import { isTierRows } from '@/lib/scrape/extract/quantity-tiers';
import { pickPagerControl, type PagerControl } from '@/lib/scrape/pager';
import { startMenuSites, type MenuSitesServer } from '@/tests/fixtures/menus-sites/server';
import { menuDataPresent } from '@/tests/fixtures/menus-sites/generate';

// Twelfth round (docs/menus.md): prices split over elements, slot counters, quantity tiers,
// carousel arrows, menus over a WebSocket.

const prices = (html: string) => {
  const $ = cheerio.load(`<div id="c">${html}</div>`);
  return salePrices($('#c')[0] as Element);
};

describe('prices split over elements', () => {
  it.each([
    ['<span>$</span><span>20</span><sup>00</sup>', '$20.00', null],
    ['<span class="currency">$</span> <span class="whole">19</span><span class="decimal">.</span><span class="fraction">99</span>', '$19.99', null],
    [
      '<span class="was"><span class="sr-only">Was</span> <span>$</span> <span>25</span><span>.</span><span>00</span></span>\n<span><span>$</span> <span>20</span><span>.</span><span>50</span></span>',
      '$20.50',
      '$25.00',
    ],
    ['<span class="now"><span>$</span><span>4</span><sup>27</sup></span> <s><span>$</span><span>5</span><sup>00</sup></s>', '$4.27', '$5.00'],
    // Digits in separate elements stay apart unless they are dollars and cents.
    ['<span>$12.00</span> <span>30</span>', '$12.00', null],
  ])('%s → %s / %s', (html, price, regular) => expect(prices(html)).toEqual({ price, regularPrice: regular }));

  it('reads cards whose price is only element pieces (no text of its own around them)', () => {
    const card = (n: string, d: string, c: string) =>
      `<div class="card"><h3 class="name">${n}</h3><div class="price"><span class="amount"><span class="cur">$</span><span class="d">${d}</span><sup class="c">${c}</sup></span></div></div>`;
    const $ = cheerio.load(`<div class="grid">${card('Blue Dream 3.5g', '35', '00')}${card('Sour Diesel 1g', '12', '50')}${card('Wedding Cake 7g', '60', '00')}</div>`);
    expect(extractHeuristic($, 'https://shop.example/menu').map((p) => [p.rawName, p.price])).toEqual([
      ['Blue Dream 3.5g', '$35.00'],
      ['Sour Diesel 1g', '$12.50'],
      ['Wedding Cake 7g', '$60.00'],
    ]);
  });

  it('a slot counter (digit columns 0-9) reads as the amount its aria-label gives', () => {
    const col = (d: number) => `<span class="col" style="transform:translateY(-${d * 10}%)">${Array.from({ length: 10 }, (_, i) => `<span>${i}</span>`).join('')}</span>`;
    const html = `<div id="c"><span role="img" aria-label="$24.50"><span>$</span>${col(2)}${col(4)}<span>.</span>${col(5)}${col(0)}</span></div>`;
    const $ = cheerio.load(html);
    textifyPricePictures($);
    expect($('#c').text()).toBe('$24.50');
    expect(slotCounter('$0123456789', '$4.00')).toBe(true);
    expect(slotCounter('$24.50', '$24.50')).toBe(false);
    expect(slotCounter('Sale $24.50', 'Price $24.50')).toBe(false);
  });
});

describe('quantity tiers', () => {
  it.each([
    [['1 $20.00', '2 - 3 $17.50', '4+ $15.00'], true],
    [['2+ $17.50/ea', '4+ $15.00/ea'], true],
    [['Buy 2 - 3 $9.00 each', 'Buy 4 or more $8.00 each'], true],
    // Sizes and plain prices are not tiers.
    [['1g $12.00', '3.5g $35.00'], false],
    [['$20.00', '$35.00'], false],
    [['1 $20.00', '2 $35.00'], false],
  ])('%j → %s', (rows, want) => expect(isTierRows(rows)).toBe(want));

  it('a tier table beside the price is neither a product nor the price; "1 for $N" is the unit price, "2 for $N" is not', () => {
    const woo = (n: string, p: string) =>
      `<li class="product"><h2 class="title">${n}</h2><span class="price">${p}</span><div class="tiers"><h3>Buy more, save more</h3><table><thead><tr><th>Quantity</th><th>Price</th></tr></thead><tbody><tr><td>1</td><td>${p}</td></tr><tr><td>2 - 3</td><td>$17.50</td></tr><tr><td>4+</td><td>$15.00</td></tr></tbody></table></div></li>`;
    let $ = cheerio.load(`<ul class="products">${woo('Wyld Gummies', '$20.00')}${woo('Kiva Bar', '$22.00')}${woo('Camino Chews', '$18.00')}</ul>`);
    expect(extractHeuristic($, 'https://shop.example/').map((p) => [p.rawName, p.price])).toEqual([
      ['Wyld Gummies', '$20.00'],
      ['Kiva Bar', '$22.00'],
      ['Camino Chews', '$18.00'],
    ]);
    const grid = (n: string, sale: string, reg: string) =>
      `<div class="card"><h3>${n}</h3><ul class="tiers"><li>1 for <s>${reg}</s> <span class="amount">${sale}</span></li><li>2 for <span class="amount">$35.00</span></li><li>4 for <span class="amount">$60.00</span></li></ul></div>`;
    $ = cheerio.load(`<div class="grid">${grid('Pre-roll 5pk', '$18.00', '$20.00')}${grid('Gummies 10pk', '$16.00', '$19.00')}${grid('Chocolate', '$12.00', '$14.00')}</div>`);
    expect(extractHeuristic($, 'https://shop.example/').map((p) => [p.rawName, p.price, p.regularPrice])).toEqual([
      ['Pre-roll 5pk', '$18.00', '$20.00'],
      ['Gummies 10pk', '$16.00', '$19.00'],
      ['Chocolate', '$12.00', '$14.00'],
    ]);
  });
});

describe('carousel arrows as a pager', () => {
  const c = (o: Partial<PagerControl>): PagerControl => ({ tag: 'button', role: '', text: '', aria: '', cls: '', current: false, disabled: false, href: null, group: 0, ...o });
  it.each([
    [[c({ aria: 'Previous slide', cls: 'swiper-button-prev' }), c({ aria: 'Next slide', cls: 'swiper-button-next' })], 1],
    [[c({ aria: 'scroll left' }), c({ aria: 'scroll right' })], 1],
    [[c({ aria: 'Slide left', cls: 'slider-button slider-button--prev' }), c({ aria: 'Slide right', cls: 'slider-button slider-button--next' })], 1],
    // Flickity's previous arrow carries "prev-next-button" too: it is no next control.
    [[c({ aria: 'Previous', cls: 'flickity-button flickity-prev-next-button previous' }), c({ aria: 'Next', cls: 'flickity-button flickity-prev-next-button next' })], 1],
    [
      [
        c({ aria: 'Previous', cls: 'flickity-button flickity-prev-next-button previous' }),
        c({ aria: 'Next', cls: 'flickity-button flickity-prev-next-button next', disabled: true }),
      ],
      null,
    ],
    // A slide counter ("1 / 8" in spans) is no numbered pager hiding the arrows.
    [
      [
        c({ tag: 'span', text: '1', cls: 'slider-counter--current', group: 1 }),
        c({ tag: 'span', text: '8', cls: 'slider-counter--total', group: 1 }),
        c({ aria: 'Slide right', cls: 'slider-button--next', group: 2 }),
      ],
      2,
    ],
  ])('%j → %s', (controls, index) => expect(pickPagerControl(controls)?.index ?? null).toBe(index));
});

describe.runIf(browserAvailable() && menuDataPresent())('menus over a WebSocket, in Chromium', () => {
  let server: MenuSitesServer;
  beforeAll(async () => {
    server = await startMenuSites({ keys: ['websocket-list', 'websocket-table'] });
  });
  afterAll(async () => server.close());

  it.each(['websocket-list', 'websocket-table'])(
    '%s: the socket is relayed through the guard and awaited; a socket to a refused address is refused',
    async (key) => {
      process.env.SCAN_ALLOW_PRIVATE_NETWORKS = 'true';
      const scan = await openScanContext();
      try {
        const page = await scan.context.newPage();
        trackRequests(page);
        await page.goto(server.site(key).url, { waitUntil: 'domcontentloaded' });
        await settlePage(page, 4_000, 9_000);
        const text = await page.evaluate(() => document.body.innerText);
        const spec = server.site(key).spec;
        expect(spec.products.filter((p) => text.includes(p.name)).length).toBe(spec.products.length);
        await page.evaluate(() => void new WebSocket('ws://169.254.169.254/socket'));
        await page.waitForTimeout(300);
        expect(scan.blocked.map((b) => [b.url, b.reason])).toContainEqual(['ws://169.254.169.254/socket', 'websocket-refused']);
        // A page opening socket after socket gets at most MAX_SOCKETS relayed at once.
        await page.evaluate((n) => {
          for (let i = 0; i < n; i++) void new WebSocket(location.href.replace(/^http/, 'ws').replace(/\/menu$/, '/nowhere'));
        }, MAX_SOCKETS + 4);
        await page.waitForTimeout(300);
        expect(scan.blocked.filter((b) => b.reason === 'websocket-limit').length).toBeGreaterThan(0);
      } finally {
        await scan.close();
        delete process.env.SCAN_ALLOW_PRIVATE_NETWORKS;
      }
    },
    30_000,
  );
});
