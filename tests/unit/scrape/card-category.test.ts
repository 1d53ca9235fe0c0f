import * as cheerio from 'cheerio';
import { describe, expect, it } from 'vitest';
import { categoryPiece } from '@/lib/scrape/extract/card-category';
import { extractHeuristic } from '@/lib/scrape/extract/heuristic';

const byName = (html: string) => new Map(extractHeuristic(cheerio.load(html), 'http://shop.test/menu').map((p) => [p.rawName, p.category]));

describe('a category written in the card text', () => {
  it.each([
    ['Pre-Roll THC 23.1%', 'Pre-Roll'],
    ['Edibles', 'Edibles'],
    ['Vape Pens', 'Vape Pens'],
    ['Category: Concentrates', 'Concentrates'],
    ['Flower 21.4% THC', 'Flower'],
    ['Gear', 'Gear'],
    ['Flower Power', null], // a name, not a label
    ['Indica', null],
    ['Gummies 10mg', null], // a product word, not a menu's label
    ['Beverages', 'Beverages'],
    ['Wedding Cake', null],
  ])('%s → %s', (piece, label) => {
    expect(categoryPiece(piece)).toBe(label);
  });

  it('reads the label beside the brand and the potency (one line of facts)', () => {
    const card = (name: string, meta: string, price: string) =>
      `<li class="menu-item"><a class="item-title" href="/p/${name.length}">${name}</a><p class="meta">${meta}</p><div class="pricing">${price}</div></li>`;
    const got = byName(
      `<ul class="menu">${[
        card('Gelato x Animal Mints', 'Everest · Flower THC 24.1%', '$35.00'),
        card('Blueberry Acai', 'Quatreau · Edibles', '$6.00'),
        card('Big J Pineapple Express', 'Everest · Pre-Roll THC 28%', '$12.00'),
        card('Gelato Bx1', 'House · Indica THC 19%', '$30.00'),
      ].join('')}</ul>`,
    );
    expect(got.get('Gelato x Animal Mints')).toBe('Flower');
    expect(got.get('Blueberry Acai')).toBe('Edible');
    expect(got.get('Big J Pineapple Express')).toBe('Pre-Roll');
    // No label on the card: the name decides (a bare name is Other, not Flower from a neighbour).
    expect(got.get('Gelato Bx1')).toBe('Other');
  });

  it('the previous grid item title is no section heading (a card found inside its grid item)', () => {
    const item = (name: string, price: string) =>
      `<li class="grid__item"><div class="card"><div class="card__content"><div class="card__information"><h3 class="card__heading"><a href="/products/${encodeURIComponent(name)}">${name}</a></h3><div class="caption">Brand</div><div class="price"><span class="price-item">${price}</span></div></div></div></div></li>`;
    const got = byName(
      `<h2>All products</h2><ul class="grid product-grid">${[item('GMO 2g All-In-One Vape', '$52.70'), item('Iron Fist - Oreoz - 3.5g', '$30.00'), item('Pharmers - Root Beer - Hard Candy - 500mg', '$20.00')].join('')}</ul>`,
    );
    expect(got.get('GMO 2g All-In-One Vape')).toBe('Vape');
    expect(got.get('Iron Fist - Oreoz - 3.5g')).toBe('Flower');
    expect(got.get('Pharmers - Root Beer - Hard Candy - 500mg')).toBe('Edible');
  });

  it("a list of category cards before the grid (Shopify's collection list) is no section heading", () => {
    const nav = ['Flower', 'Edibles', 'Concentrates']
      .map((c) => `<li class="grid__item"><div class="card__information"><h3><a href="/collections/${c.toLowerCase()}">${c}</a></h3></div></li>`)
      .join('');
    const item = (name: string) =>
      `<li class="grid__item"><div class="card__information"><h3><a href="/p/${name.length}">${name}</a></h3><span class="price">$20.00</span></div></li>`;
    const got = byName(
      `<h1>Edibles</h1><ul class="collection-list">${nav}</ul><ul class="grid product-grid">${item('Derived Gummies')}${item('Kiva Bar')}${item('Lemon Drop')}</ul>`,
    );
    expect([...got.values()]).toEqual(['Edible', 'Edible', 'Edible']);
  });

  it('a real section heading above the grid still files the cards', () => {
    const item = (name: string) =>
      `<li class="grid__item"><div class="card__information"><h3><a href="/p/${name.length}">${name}</a></h3><span class="price">$20.00</span></div></li>`;
    const got = byName(`<section><h2>Edibles</h2><ul class="grid">${item('Lemon Drop')}${item('Berry Blast')}${item('Mango Tango')}</ul></section>`);
    expect([...got.values()]).toEqual(['Edible', 'Edible', 'Edible']);
  });
});
