import * as cheerio from 'cheerio';
import { describe, expect, it } from 'vitest';
import { scrapeMenu } from '@/lib/scrape';
import type { Resolver } from '@/lib/scrape/address';
import { detailLinks, detailLinksDead, linkShape } from '@/lib/scrape/detail-pages';
import { extractProductPage } from '@/lib/scrape/extract/product-page';
import { useLoopbackServer } from '@/tests/helpers/loopback-server';

// Tenth round (docs/menus.md): a listing with names and links only, the price on each product's page.

const BASE = 'https://shop.example/menu';

describe('detailLinks', () => {
  const listing = (links: string[], extra = '') =>
    `<html><body><header><a href="/product/header-deal">Header Deal Product</a></header><nav><a href="/product/nav-a">Nav A</a><a href="/cart">Cart</a></nav>${extra}<ul>${links
      .map((h, i) => `<li><a href="${h}">Product Name ${i}</a> <a href="${h}">View details</a></li>`)
      .join('')}</ul><footer><a href="/about">About us</a></footer></body></html>`;

  it.each([
    ['slugs', ['/product/blue-dream', '/product/sour-diesel', '/product/og-kush']],
    ['a query id', ['/product.php?id=1', '/product.php?id=2', '/product.php?id=3']],
    ['an id then a slug', ['/p/11/blue-dream', '/p/12/sour-diesel', '/p/13/og-kush']],
    ['under the menu path', ['/menu/blue-dream', '/menu/sour-diesel', '/menu/og-kush']],
  ])('product links by %s, once each, in page order; navigation and site pages left out', (_l, links) => {
    expect(detailLinks(listing(links), BASE)).toEqual(links.map((l) => new URL(l, BASE).href));
  });

  it('fewer than three, another origin, categories, pagination and control-only links are no listing', () => {
    expect(detailLinks(listing(['/product/a-one', '/product/b-two']), BASE)).toEqual([]);
    expect(detailLinks(listing(['https://other.example/product/a', 'https://other.example/product/b', 'https://other.example/product/c']), BASE)).toEqual([]);
    const cats = '<p><a href="/menu/flower">Flower</a> <a href="/menu/edibles">Edibles</a> <a href="/menu/vapes">Vapes</a> <a href="/menu/concentrates">Concentrates</a></p>';
    expect(detailLinks(`<body>${cats}</body>`, BASE)).toEqual([]);
    expect(detailLinks('<body><a href="/menu?page=2">2</a><a href="/menu?page=3">3</a><a href="/menu?page=4">4</a></body>', BASE)).toEqual([]);
    expect(detailLinks('<body><a href="/x/1">View details</a><a href="/x/2">View details</a><a href="/x/3">Read more</a></body>', BASE)).toEqual([]);
  });

  it('the largest group of one shape wins', () => {
    const html = listing(
      ['/products/a-b', '/products/c-d', '/products/e-f', '/products/g-h'],
      '<p><a href="/blog/x">Post one</a><a href="/guide/a">Guide A</a><a href="/guide/b">Guide B</a></p>',
    );
    expect(detailLinks(html, BASE)).toHaveLength(4);
    expect(linkShape('https://x/p/12/blue-dream')).toBe(linkShape('https://x/p/13/og-kush'));
    expect(linkShape('https://x/product.php?id=1')).not.toBe(linkShape('https://x/product.php?sku=1'));
  });
});

describe('extractProductPage', () => {
  const page = (body: string) =>
    cheerio.load(`<html><body><header><div class="mini-cart">Cart · Subtotal $0.00</div></header><main><h1>Green Leaf Dispensary</h1>${body}</main></body></html>`);

  it("the product's own title and the prices around it (struck = regular), not the site's heading", () => {
    const p = extractProductPage(
      page(
        '<div class="product"><h1 class="product-title">Blue Dream 3.5g</h1><div class="brand">Acme</div><div class="price"><s>$40.00</s> <span>$30.00</span></div><button>Add to cart</button></div>',
      ),
      BASE,
    );
    expect([p?.rawName, p?.priceValue, p?.regularPrice, p?.brand, p?.category]).toEqual(['Blue Dream 3.5g', 30, '$40.00', 'Acme', 'Flower']);
  });

  it('a spec table: Brand and Price rows', () => {
    const p = extractProductPage(
      page(
        '<h2>Mint Gummies 100mg</h2><table><tr><th>Brand</th><td>Kiva</td></tr><tr><th>Category</th><td>Edibles</td></tr><tr><th>Price</th><td><del>$22.00</del> <ins>$18.00</ins></td></tr></table>',
      ),
      BASE,
    );
    expect([p?.rawName, p?.priceValue, p?.regularPrice, p?.brand]).toEqual(['Mint Gummies 100mg', 18, '$22.00', 'Kiva']);
  });

  it('WooCommerce single product: the brand after its label', () => {
    const p = extractProductPage(
      page(
        '<div class="summary entry-summary"><h1 class="product_title entry-title">Sour Diesel 1g</h1><p class="price"><span class="amount"><bdi><span>$</span>12.00</bdi></span></p><div class="product_meta"><span class="pwb-single-product-brands">Brand: <a href="/brand/acme/">Acme</a></span></div></div>',
      ),
      BASE,
    );
    expect([p?.rawName, p?.priceValue, p?.regularPrice, p?.brand]).toEqual(['Sour Diesel 1g', 12, null, 'Acme']);
  });

  it('no price near any title: no product', () => {
    expect(extractProductPage(page('<article><h2>About our store</h2><p>Open daily.</p></article>'), BASE)).toBeNull();
  });
});

describe('scrapeMenu: a listing whose prices are on the product pages', () => {
  const hits: string[] = [];
  const names = ['Blue Dream 3.5g', 'Sour Diesel 1g', 'OG Kush Pre-Roll 1g', 'Mint Gummies 100mg'];
  const site = useLoopbackServer(
    (req, res) => {
      hits.push(req.url ?? '');
      const i = /^\/product\/(\d)$/.exec(req.url ?? '')?.[1];
      res.writeHead(req.url === '/menu' || i !== undefined ? 200 : 404, { 'content-type': 'text/html' });
      if (req.url === '/menu') res.end(`<html><body><h1>Menu</h1><ul>${names.map((n, k) => `<li><a href="/product/${k}">${n}</a> by Acme</li>`).join('')}</ul></body></html>`);
      else if (i !== undefined)
        res.end(`<html><body><h1>${names[Number(i)]}</h1><p>Acme</p><p class="price">${i === '0' ? '<s>$40.00</s> ' : ''}$${(10 + Number(i)).toFixed(2)}</p></body></html>`);
      else res.end('not found');
    },
    () => {
      hits.length = 0;
    },
  );

  it('reads each product page over HTTP, at its price', async () => {
    process.env.SCAN_ALLOW_PRIVATE_NETWORKS = 'true';
    const r = await scrapeMenu({ menuUrls: [`http://127.0.0.1:${site.port}/menu`], model: null, screenshot: false });
    expect(r.products.map((p) => [p.rawName, p.priceValue, p.regularPrice ?? null])).toEqual([
      ['Blue Dream 3.5g', 10, '$40.00'],
      ['Sour Diesel 1g', 11, null],
      ['OG Kush Pre-Roll 1g', 12, null],
      ['Mint Gummies 100mg', 13, null],
    ]);
    expect(r.extractionMethod).toBe('detail:heuristic');
    expect(r.pagesVisited).toHaveLength(5);
  });

  it('every product page passes the address guard: a name that turns link-local after the listing is never contacted', async () => {
    process.env.SCAN_ALLOW_PRIVATE_NETWORKS = 'true';
    let lookups = 0;
    const resolver: Resolver = async () => [{ address: lookups++ === 0 ? '127.0.0.1' : '169.254.169.254', family: 4 }];
    const r = await scrapeMenu({ menuUrls: [`http://menu.example:${site.port}/menu`], model: null, screenshot: false, resolver });
    expect(r.products).toEqual([]);
    expect(hits).toEqual(['/menu']);
    expect(lookups).toBeGreaterThan(1);
  });
});

describe('scrapeMenu: product links that give no product (nineteenth round)', () => {
  const hits: string[] = [];
  const names = ['Blue Dream 3.5g', 'Sour Diesel 1g', 'OG Kush Pre-Roll 1g', 'Mint Gummies 100mg', 'Gelato Cart 1g', 'Lemon Haze 7g', 'Berry Chews 100mg', 'Wedding Cake 3.5g'];
  const site = useLoopbackServer(
    (req, res) => {
      hits.push(req.url ?? '');
      res.writeHead(req.url === '/menu' ? 200 : 404, { 'content-type': 'text/html' });
      res.end(
        req.url === '/menu'
          ? `<html><body><h1>Menu</h1><ul>${names.map((n, k) => `<li><a href="/product/${k}">${n}</a> by Acme <span class="price">$--.--</span></li>`).join('')}</ul></body></html>`
          : 'not found',
      );
    },
    () => {
      hits.length = 0;
    },
  );

  it('are given up after three pages without a product, the page budget left for the rest of the scan', async () => {
    process.env.SCAN_ALLOW_PRIVATE_NETWORKS = 'true';
    const r = await scrapeMenu({ menuUrls: [`http://127.0.0.1:${site.port}/menu`], model: null, screenshot: false });
    expect(r.products).toEqual([]);
    expect(hits.filter((h) => h.startsWith('/product/'))).toEqual(['/product/0', '/product/1', '/product/2']);
    expect(detailLinksDead(2, 0)).toBe(false);
    expect(detailLinksDead(3, 0)).toBe(true);
    expect(detailLinksDead(3, 1)).toBe(false);
  });
});
