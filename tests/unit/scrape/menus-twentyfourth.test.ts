import * as cheerio from 'cheerio';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromium, type Browser } from 'playwright-core';
import { browserAvailable, chromiumPath } from '@/lib/scrape/browser';
import { answerZipGate, zipFromText } from '@/lib/scrape/browser-zip';
import { markClickTarget } from '@/lib/scrape/browser-gates';
import { pageSignals } from '@/lib/scrape/extract';
import { asksForMore } from '@/lib/scrape/section-more';
import { extractHeuristic } from '@/lib/scrape/extract/heuristic';
import { resolveSizeSurcharges } from '@/lib/scrape/extract/size-surcharges';
import { strikeLabelledRegular } from '@/lib/scrape/extract/labelled-values';

// Rules made after the twenty-fourth round's blind run (tests/fixtures/menus-sites/twentyfourth.ts).

const cards = (n: number) => Array.from({ length: n }, (_, i) => `<div class="product-card"><h3>Strain ${i}</h3><div class="price">$${20 + i}.00</div></div>`).join('');

describe('a category section’s in-place "more" control', () => {
  it.each([
    ['View all 32', true],
    ['Show all Flower (32)', true],
    ['+ 28 more', true],
    ['Show 28 more', true],
    ['See more Edibles →', true],
    ['Load more', true],
    ['View all deals and specials this weekend at our store', false],
    ['Read more', false],
    ['Flower', false],
  ])('%s asks for more: %s', (label, want) => expect(asksForMore(label)).toBe(want));

  it('over HTTP a section button or a link to nowhere sends the page to the browser; a link to a category page does not', () => {
    const section = (control: string) => `<html><body><section><h2>Flower</h2><div class="grid">${cards(4)}</div>${control}</section></body></html>`;
    expect(pageSignals(section('<button type="button" data-more="flower">View all 32</button>')).loadMore).toBe(true);
    expect(pageSignals(section('<a href="#" class="show-more">Show all Flower (32)</a>')).loadMore).toBe(true);
    expect(pageSignals(section('<a href="javascript:void(0)">See more Flower →</a>')).loadMore).toBe(true);
    expect(pageSignals(section('<a href="/collections/flower">View all 32</a>')).loadMore).toBe(false);
  });
});

describe('a ZIP-code gate', () => {
  it.each([
    ['Dispensary · 1517 Central Ave NW, Albuquerque, NM 87104 · Open 8am', '87104'],
    ['Visit us at 12 Main St, Denver, CO 80202-1234', '80202'],
    ['Order 87104 more items', null],
    ['Call (505) 555-0199', null],
  ])('%s → %s', (text, zip) => expect(zipFromText(text)).toBe(zip));

  describe.runIf(browserAvailable())('in Chromium', () => {
    let browser: Browser;
    beforeAll(async () => {
      browser = await chromium.launch({ executablePath: chromiumPath(), headless: true });
    });
    afterAll(async () => browser.close());

    it('is answered with the ZIP of the address the page shows, through the gate’s own button', async () => {
      const p = await browser.newPage();
      await p.setContent(
        `<!doctype html><html><body><p>Shop · 1517 Central Ave NW, Albuquerque, NM 87104</p><div role="dialog"><h2>Check delivery availability</h2><input id="z" placeholder="Delivery ZIP" inputmode="numeric"><button type="button" id="close">Cancel</button><button type="button" id="go">Check availability</button></div><div id="menu"></div><script>document.getElementById('go').addEventListener('click', function(){ var v = document.getElementById('z').value; if (/^\\d{5}$/.test(v)) document.getElementById('menu').innerHTML = '<div class="product-card"><h3>Blue Dream</h3>$25.00</div><p>zip ' + v + '</p>'; });</script></body></html>`,
      );
      const interactions: string[] = [];
      expect(await answerZipGate(p, interactions)).toBe(true);
      expect(await p.locator('#menu').innerText()).toContain('zip 87104');
      expect(interactions).toEqual(['zip@blank']);
      await p.close();
    });

    it('leaves a page without an address, or without a ZIP input, alone', async () => {
      const p = await browser.newPage();
      await p.setContent('<!doctype html><html><body><input placeholder="ZIP code"><button>Go</button></body></html>');
      expect(await answerZipGate(p, [])).toBe(false);
      await p.setContent('<!doctype html><html><body><p>Albuquerque, NM 87104</p><input type="email" placeholder="Email"><button>Sign up</button></body></html>');
      expect(await answerZipGate(p, [])).toBe(false);
      await p.close();
    });

    it('marks a section’s "+ 28 more" button as the next "more" control in the browser', async () => {
      const p = await browser.newPage();
      await p.setContent(
        `<!doctype html><html><body><table><tbody>${'<tr><td>x</td></tr>'}<tr><td><button type="button">+ 28 more</button></td></tr></tbody></table></body></html>`,
      );
      expect(await markClickTarget(p.mainFrame(), 'more', 't1')).toBe(true);
      expect(await p.locator('[data-scan-click="t1"]').innerText()).toBe('+ 28 more');
      await p.close();
    });
  });
});

describe('sizes priced only by their surcharge', () => {
  const resolveAndRead = (h: string) => {
    const $ = cheerio.load(`<html><body><div class="product-grid">${h}</div></body></html>`);
    resolveSizeSurcharges($);
    return extractHeuristic($, 'https://shop.example/menu');
  };
  const card = (name: string, price: string, sizes: string) =>
    `<div class="product-card"><h3 class="product-name">${name}</h3><div class="brand">Acme</div><div class="price">${price}</div>${sizes}<button type="button">Add to cart</button></div>`;
  it('a select of "+$x" options and radio labels: one product per size at the card price plus the surcharge, a sale struck on each', () => {
    const html = [
      card('Blue Dream', '$12.00', '<select name="size"><option>1g</option><option>3.5g (+$20.00)</option><option>7g (+$45.00)</option></select>'),
      card('Sour Diesel', '<s>$15.00</s> $10.00', '<label><input type="radio" name="a"> 1g</label><label><input type="radio" name="a"> 3.5g + $25.00</label>'),
      card('Gelato', '$30.00', ''),
    ].join('');
    const ps = resolveAndRead(html);
    expect(ps.map((p) => [p.rawName, p.price, p.regularPrice])).toEqual([
      ['Blue Dream 1g', '$12.00', null],
      ['Blue Dream 3.5g', '$32.00', null],
      ['Blue Dream 7g', '$57.00', null],
      ['Sour Diesel 1g', '$10.00', '$15.00'],
      ['Sour Diesel 3.5g', '$35.00', '$40.00'],
      ['Gelato', '$30.00', null],
    ]);
  });
});

describe('a key / value record labelling the price paid and a higher plain price', () => {
  const rec = (name: string, rows: Array<[string, string]>) =>
    `<dl class="product-spec"><dt>Product</dt><dd>${name}</dd><dt>Brand</dt><dd>Acme</dd>${rows.map(([k, v]) => `<dt>${k}</dt><dd>${v}</dd>`).join('')}</dl>`;
  const read = (h: string) => {
    const $ = cheerio.load(`<html><body><div class="spec-sheets">${h}</div></body></html>`);
    strikeLabelledRegular($);
    return extractHeuristic($, 'https://shop.example/menu');
  };
  it('the plain "Price" above a "Sale price" is the regular price; a record with one price keeps it', () => {
    const ps = read(
      [
        rec('Blue Dream', [
          ['Price', '$30.00'],
          ['Sale price', '$25.00'],
        ]),
        rec('Sour Diesel', [['Price', '$20.00']]),
        rec('Gelato Cake', [
          ['Price', '$18.00'],
          ['Sale price', '$12.00'],
        ]),
        rec('Zkittlez', [['Price', '$40.00']]),
      ].join(''),
    );
    expect(ps.map((p) => [p.rawName, p.price, p.regularPrice])).toEqual([
      ['Blue Dream', '$25.00', '$30.00'],
      ['Sour Diesel', '$20.00', null],
      ['Gelato Cake', '$12.00', '$18.00'],
      ['Zkittlez', '$40.00', null],
    ]);
  });
});
