import * as cheerio from 'cheerio';
import { describe, expect, it } from 'vitest';
import { extractHeuristic } from '@/lib/scrape/extract/heuristic';

/** Cards whose brand is only in a facts line before the category (`Brand · Category THC x%`). */
const read = (body: string) => extractHeuristic(cheerio.load(`<html><body><main>${body}</main></body></html>`), 'https://shop.example/menu');
const card = (name: string, meta: string, price: string) =>
  `<li class="menu-item"><a class="item-title" href="/p/${encodeURIComponent(name)}">${name}</a><p class="meta">${meta}</p><div class="pricing"><span class="price">${price}</span></div></li>`;
const list = (cards: string[]) => `<ul class="menu-list">${cards.join('')}</ul>`;

describe('a brand written only in the facts line, before the category', () => {
  it('reads the piece before the category label as the brand', () => {
    const got = read(
      list([
        card('Balanced 100mg 100mg- Ripple', 'Ripple · Edibles', '$16.00'),
        card('Blue Dream Pre-Roll', 'Everest · Pre-Roll THC 23.1%', '$9.00'),
        card('Sour Tangie Cart', 'Select — Vape Pens', '$35.00'),
        card('Gelato Smalls 3.5g', 'Seed Junky | Flower', '$40.00'),
      ]),
    );
    expect(Object.fromEntries(got.map((p) => [p.rawName, p.brand]))).toEqual({
      'Balanced 100mg 100mg- Ripple': 'Ripple',
      'Blue Dream Pre-Roll': 'Everest',
      'Sour Tangie Cart': 'Select',
      'Gelato Smalls 3.5g': 'Seed Junky',
    });
  });

  it('takes no strain type, potency, figure or the name itself for a brand', () => {
    const got = read(
      list([
        card('Blue Dream', 'Hybrid · Flower', '$35.00'),
        card('Ice Cream Cake', 'Ice Cream Cake · Flower', '$30.00'),
        card('Mango Gummies', 'THC · Edibles', '$20.00'),
        card('Wedding Cake', '3.5g · Flower', '$40.00'),
      ]),
    );
    expect(got).toHaveLength(4);
    for (const p of got) expect(p.brand).toBeNull();
  });

  it('leaves a brand marked in its own element as it was', () => {
    const got = read(
      `<ul class="menu-list">${['Kiva', 'Wana', 'Camino']
        .map(
          (b, i) =>
            `<li class="menu-item"><a class="item-title" href="/p/${i}">Gummies ${i}</a><span class="brand">${b}</span><p class="meta">Other Co · Edibles</p><span class="price">$2${i}.00</span></li>`,
        )
        .join('')}</ul>`,
    );
    expect(got.map((p) => p.brand)).toEqual(['Kiva', 'Wana', 'Camino']);
  });
});
