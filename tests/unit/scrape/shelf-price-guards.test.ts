import * as cheerio from 'cheerio';
import { describe, expect, it } from 'vitest';
import { extractHeuristic } from '@/lib/scrape/extract/heuristic';

const read = (html: string) => extractHeuristic(cheerio.load(`<html><body>${html}</body></html>`), 'https://shop.example/menu');

describe('a shelf heading is not a product title', () => {
  it('keeps "$40 each" in product names whose cards carry their own price', () => {
    // A Shopify Dawn grid whose product titles hold a per-unit amount, each card priced: no shelf.
    const names = ['Airo Pro - .5g $40 each', 'Blue Dream', 'Airo Pro - 1g $60 each', 'Gelato Cake', 'Zkittlez'];
    const prices = ['$40.00', '$35.00', '$60.00', '$30.00', '$25.00'];
    const card = (n: string, p: string) =>
      `<li class="grid__item"><div class="card__information"><h3 class="card__heading h5"><a href="/products/x">${n}</a></h3><div class="card-information"><div class="caption">Acme</div><div class="price"><span class="price-item price-item--regular">${p}</span><small class="unit-price hidden"><span class="visually-hidden">Unit price</span><span class="visually-hidden">per</span></small></div></div></div></li>`;
    const ps = read(`<ul class="grid product-grid">${names.map((n, i) => card(n, prices[i])).join('')}</ul>`);
    expect(ps.map((p) => [p.rawName, p.priceValue])).toEqual(names.map((n, i) => [n, Number(prices[i].slice(1))]));
  });
});
