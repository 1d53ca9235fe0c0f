import http from 'node:http';
import type { AddressInfo } from 'node:net';
import * as cheerio from 'cheerio';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { extractFromHtml } from '@/lib/scrape/extract';
import { englishStorefrontText } from '@/lib/scrape/extract/storefront-words';
import { decodeBody } from '@/lib/scrape/guarded-fetch';
import { LOAD_MORE_CONTROL, NEXT_CONTROL, paginationLinks } from '@/lib/scrape/pagination';
import { describeControls, pickPagerControl } from '@/lib/scrape/pager';
import { categoryListbox, pickListboxOptions } from '@/lib/scrape/browser-listbox';
import { politeGet, politeness, retryAfterMs } from '@/lib/scrape/rate-limit';
import { paceOf } from '@/lib/scrape/host-pace';
import { closeBrowser, scrapeMenu } from '@/lib/scrape';
import { resetConfig } from '@/lib/config';

// General rules from the twentieth menu round (docs/menus.md): each test fails without its rule.

const URL_ = 'https://shop.example/menu';
const page = (body: string) => `<!doctype html><html><head><title>Menu</title></head><body><main>${body}</main></body></html>`;
const read = async (body: string) => (await extractFromHtml(page(body), URL_)).products;
const byName = (ps: Array<{ rawName: string; priceValue: number | null; regularPrice?: string | null }>) =>
  Object.fromEntries(ps.map((p) => [p.rawName, [p.priceValue, p.regularPrice ?? null]]));
const NAMES = ['Blue Dream 3.5g', 'Gelato Smalls 3.5g', 'Sour Tangie Cart', 'Mint Gummies 100mg'];
const fr = (v: number) => `${v.toFixed(2).replace('.', ',')}&nbsp;$`;

describe('legacy charsets (guarded-fetch decodeBody)', () => {
  const bytes = Buffer.from('<p>Pi\xf1a \x96 Banana Cr\xe8me \x93Jack\x94 it\x92s</p>', 'latin1');
  it('reads ISO-8859-1 and windows-1252 as browsers do (0x80-0x9F are windows-1252 punctuation)', () => {
    expect(decodeBody(bytes, 'text/html; charset=ISO-8859-1')).toBe('<p>Piña – Banana Crème “Jack” it’s</p>');
    expect(decodeBody(Buffer.concat([Buffer.from('<meta http-equiv="Content-Type" content="text/html; charset=windows-1252">'), bytes]), 'text/html')).toContain(
      'Piña – Banana Crème “Jack” it’s',
    );
  });
  it('reads undeclared bytes that are not UTF-8 as windows-1252, undeclared UTF-8 as UTF-8', () => {
    expect(decodeBody(bytes, 'text/html')).toBe('<p>Piña – Banana Crème “Jack” it’s</p>');
    expect(decodeBody(Buffer.from('<p>Piña – Crème 🍋</p>', 'utf8'), 'text/html')).toBe('<p>Piña – Crème 🍋</p>');
    expect(decodeBody(Buffer.from('\ufeff<p>Piña</p>', 'utf8'), null)).toBe('<p>Piña</p>');
  });
});

describe('rate limits (rate-limit.ts)', () => {
  it('reads Retry-After as seconds, a decimal or a date', () => {
    expect(retryAfterMs('2')).toBe(2000);
    expect(retryAfterMs('2.0')).toBe(2000);
    expect(retryAfterMs(new Date(10_000).toUTCString(), 8_000)).toBe(2000);
    expect(retryAfterMs(null)).toBeNull();
  });
  it('asks again after a 429 / 503, once without Retry-After, and paces later requests', async () => {
    const answers = [429, 429, 200];
    const state = politeness();
    const r = await politeGet(async () => ({ status: answers.shift()!, headers: new Headers({ 'retry-after': '0.3' }) }), state, { url: 'https://paced.example/menu' });
    expect(r.status).toBe(200);
    expect(paceOf('https://paced.example')).toBeGreaterThan(0);
    const plain = [503, 503, 200];
    expect((await politeGet(async () => ({ status: plain.shift()! }), politeness())).status).toBe(503);
  });

  describe('scrapeMenu over a server that refuses quick pages', () => {
    let server: http.Server;
    let base = '';
    let last = 0;
    const card = (n: number) =>
      `<div class="product-card"><h3 class="product-name">Strain Number ${n}</h3><div class="brand">Acme</div><div class="price">$${20 + n}.00</div></div>`;
    beforeAll(async () => {
      process.env.SCAN_ALLOW_PRIVATE_NETWORKS = 'true';
      resetConfig();
      server = http.createServer((req, res) => {
        const n = Number(new URL(req.url ?? '/', 'http://x').searchParams.get('page') ?? '1');
        const now = Date.now();
        if (now - last < 400) return (res.writeHead(429, { 'retry-after': '1', 'content-type': 'text/html' }), res.end('<h1>Too Many Requests</h1>'));
        last = now;
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
        const cards = [1, 2, 3].map((k) => card((n - 1) * 3 + k)).join('');
        res.end(page(`<div class="product-grid">${cards}</div>${n < 4 ? `<a href="/menu?page=${n + 1}" class="next">Next</a>` : ''}`));
      });
      await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
      base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    });
    afterAll(async () => {
      await closeBrowser();
      server.closeAllConnections();
      await new Promise<void>((r) => server.close(() => r()));
    });
    it('reads every page', async () => {
      const r = await scrapeMenu({ menuUrls: [`${base}/menu`], screenshot: false, model: null });
      expect(r.products.map((p) => p.rawName).sort()).toHaveLength(12);
    }, 60_000);
  });
});

describe('page choosers (page-choosers.ts)', () => {
  const links = (body: string, url = URL_) => paginationLinks(cheerio.load(page(body)), url).numbered;
  it('a select whose options are page URLs', () => {
    expect(
      links(
        `<select onchange="location.href=this.value"><option value="/menu?page=1" selected>Page 1 of 3</option><option value="/menu?page=2">Page 2 of 3</option><option value="/menu?page=3">Page 3 of 3</option></select>`,
      ),
    ).toEqual(['https://shop.example/menu?page=2', 'https://shop.example/menu?page=3']);
  });
  it('a GET form with a "Go to page" number input and a hidden field, and WooCommerce\'s paged select', () => {
    expect(
      links(
        `<form method="get" action="/menu"><input type="hidden" name="sort" value="name"><label>Go to page <input type="number" name="pg" min="1" max="3" value="1"></label> <button>Go</button></form>`,
      ),
    ).toEqual(['https://shop.example/menu?sort=name&pg=2', 'https://shop.example/menu?sort=name&pg=3']);
    expect(
      links(
        `<form method="get" action="/menu/"><select name="paged" onchange="this.form.submit()"><option value="1" selected>Page 1</option><option value="2">Page 2</option></select></form>`,
        'https://shop.example/menu/',
      ),
    ).toEqual(['https://shop.example/menu/?paged=2']);
  });
  it('a select of page numbers or a "Go to page" input whose script sets location to a prefix plus the number', () => {
    expect(
      links(
        `Page <select id="pg"><option selected>1</option><option>2</option><option>3</option></select> of 3<script>document.getElementById('pg').addEventListener('change', function(){ location.search = '?p=' + this.value; });</script>`,
      ),
    ).toEqual(['https://shop.example/menu?p=2', 'https://shop.example/menu?p=3']);
    expect(
      links(
        `<label for="JumpPage">Page</label> <input id="JumpPage" type="number" min="1" max="3" value="1"><script>var i = document.getElementById('JumpPage'); i.addEventListener('change', function(){ window.location = '/collections/all?page=' + i.value; });</script>`,
        'https://shop.example/collections/all',
      ),
    ).toEqual(['https://shop.example/collections/all?page=2', 'https://shop.example/collections/all?page=3']);
  });
  it('a listbox of pages ("Page 2 of 7") sends the scan to the browser and its other pages are pressed', () => {
    const lb = cheerio.load(
      page(
        `<button aria-haspopup="listbox">Page 1 of 3</button><ul role="listbox" hidden>${[1, 2, 3].map((n) => `<li role="option" aria-selected="${n === 1}">Page ${n} of 3</li>`).join('')}</ul>`,
      ),
    );
    expect(categoryListbox(lb)).toBe(true);
    const opt = (text: string, selected = false) => ({ text, box: 0, selected, disabled: false, reachable: true });
    expect(pickListboxOptions([opt('Page 1 of 3', true), opt('Page 2 of 3'), opt('Page 3 of 3')])).toEqual([1, 2]);
    expect(pickListboxOptions([opt('Newest', true), opt('Price: low to high')])).toEqual([]);
  });
  it('no pages from a sort select or a search form', () => {
    expect(
      links(`<form method="get" action="/menu"><select name="orderby"><option value="price">Price</option><option value="name">Name</option></select><input name="q"></form>`),
    ).toEqual([]);
  });
});

describe('storefront words in French', () => {
  it('"Prix régulier / Prix réduit" labels and "Rég. / Promo" before `25,00 $` are the regular and sale price', async () => {
    const cards = NAMES.map(
      (n, i) =>
        `<div class="product-card"><h3 class="product-name">${n}</h3><div class="brand">Acme</div><div class="price">${
          i % 2
            ? `<span class="sr-only">Prix régulier</span> <span class="amount">${fr(40 + i)}</span> <span class="sr-only">Prix réduit</span> <span class="amount">${fr(30 + i)}</span>`
            : `<span class="amount">${fr(20 + i)}</span>`
        }</div></div>`,
    );
    expect(byName(await read(`<div class="product-grid">${cards.join('')}</div>`))).toEqual({
      'Blue Dream 3.5g': [20, null],
      'Gelato Smalls 3.5g': [31, '$41.00'],
      'Sour Tangie Cart': [22, null],
      'Mint Gummies 100mg': [33, '$43.00'],
    });
    const tiles = NAMES.map(
      (n, i) => `<article class="tile"><div><b>${n}</b></div><div>par Acme</div><p>${i % 2 ? `Rég. ${40 + i},00 $ · Promo ${30 + i},00 $` : `${20 + i},00 $`}</p></article>`,
    );
    expect(byName(await read(`<section class="tiles">${tiles.join('')}</section>`))['Mint Gummies 100mg']).toEqual([33, '$43.00']);
  });

  it('WooCommerce fr_CA screen-reader prices and Dawn fr labels are no products', async () => {
    const amt = (v: number) =>
      `<span class="woocommerce-Price-amount amount"><bdi>${v.toFixed(2).replace('.', ',')}&nbsp;<span class="woocommerce-Price-currencySymbol">&#36;</span></bdi></span>`;
    const woo = NAMES.map(
      (n, i) =>
        `<li class="product type-product"><a href="/produit/${i}/" class="woocommerce-LoopProduct-link"><span class="onsale">Promo&nbsp;!</span><h2 class="woocommerce-loop-product__title">${n}</h2><span class="price"><del aria-hidden="true">${amt(40 + i)}</del> <span class="screen-reader-text">Le prix initial était&nbsp;: ${fr(40 + i)}.</span><ins aria-hidden="true">${amt(30 + i)}</ins><span class="screen-reader-text">Le prix actuel est&nbsp;: ${fr(30 + i)}.</span></span></a><a href="?add-to-cart=${i}" class="button">Ajouter au panier</a></li>`,
    );
    const w = byName(await read(`<ul class="products">${woo.join('')}</ul>`));
    expect(Object.keys(w)).toEqual(NAMES);
    expect(w['Sour Tangie Cart']).toEqual([32, '$42.00']);
    const dawn = NAMES.map(
      (n, i) =>
        `<li class="grid__item"><div class="card__information"><h3 class="card__heading"><a href="/products/${i}">${n}</a></h3><div class="card-information"><span class="visually-hidden">Fournisseur&nbsp;:</span><div class="caption-with-letter-spacing">Acme</div><div class="price"><div class="price__regular"><span class="visually-hidden">Prix habituel</span><span class="price-item price-item--regular">${fr(30 + i)}</span></div></div></div></div></li>`,
    );
    expect(byName(await read(`<ul id="product-grid" class="grid">${dawn.join('')}</ul>`))).toEqual(Object.fromEntries(NAMES.map((n, i) => [n, [30 + i, null]])));
  });

  it('rewrites whole marks and phrases before an amount only, never a name', () => {
    expect(englishStorefrontText(' Épuisé ')).toBe(' Sold out ');
    expect(englishStorefrontText('Rupture de stock')).toBe('Sold out');
    expect(englishStorefrontText('Prix promotionnel')).toBe('Sale price');
    expect(englishStorefrontText('Promo Kush 3.5g')).toBe('Promo Kush 3.5g');
    expect(englishStorefrontText('Avant 30,00 $')).toBe('Was 30,00 $');
  });

  it('"Suivant »" / "Page suivante" is the next page; "Afficher plus de produits" loads more', () => {
    expect(NEXT_CONTROL.test('Suivant »')).toBe(true);
    expect(NEXT_CONTROL.test('Page suivante')).toBe(true);
    expect(LOAD_MORE_CONTROL.test('Afficher plus de produits')).toBe(true);
  });

  it('script pagers in French: "Page N" buttons and a "Page suivante" arrow', () => {
    const svg = '<svg aria-hidden="true" viewBox="0 0 10 6"><path d="M9 1L5 5 1 1"></path></svg>';
    const numbers = cheerio.load(
      page(
        `<nav aria-label="Pagination"><button type="button" aria-label="Aller à la page 1" aria-current="page">${svg}</button><button type="button" aria-label="Aller à la page 2">${svg}</button></nav>`,
      ),
    );
    const step = pickPagerControl(describeControls(numbers));
    expect(step && { page: step.page, current: step.current }).toEqual({ page: 2, current: 1 });
    const arrow = cheerio.load(
      page(`<div class="pager"><button type="button" aria-label="Page précédente">${svg}</button><button type="button" aria-label="Page suivante">${svg}</button></div>`),
    );
    expect(pickPagerControl(describeControls(arrow))?.kind).toBe('next');
  });
});
