import { describe, expect, it } from 'vitest';
import * as cheerio from 'cheerio';
import type { Element } from 'domhandler';
import { attributeNames } from '@/lib/scrape/extract/attr-names';
import { extractHeuristic } from '@/lib/scrape/extract/heuristic';
import { frameUrls, loadPage } from '@/lib/scrape/pagination';

/** General rules from the sixteenth menu round (issue 13); the markup is written here, not taken from the round's fixtures. */

const els = (html: string): Element[] => {
  const $ = cheerio.load(html);
  const root = $('body').children().first()[0] as Element;
  return [root, ...($(root).find('*').toArray() as Element[])];
};

describe('attributeNames: a card named only in attributes', () => {
  it.each([
    ['an image alt', '<div><img src="/a.jpg" alt="Blue Dream Gummies"><span>$12.00</span></div>', ['Blue Dream Gummies']],
    ['a link title over an empty alt', '<li><a href="/p/1" title="Lemon Haze Cart 1g"><img src="/a.jpg" alt=""></a></li>', ['Lemon Haze Cart 1g']],
    ['the card aria-label and an SVG title', '<article aria-label="Sour Diesel 3.5g"><svg role="img"><title>Sour Diesel 3.5g</title></svg></article>', ['Sour Diesel 3.5g']],
    ['an add-to-cart label keeps the product', '<li><a aria-label="Add to cart: “Mango Chews 100mg”" href="?add-to-cart=1">Add</a></li>', ['Mango Chews 100mg']],
    ['"Add X to cart" on a button', '<div><button aria-label="Add Peach Rings 10pk to cart">+</button></div>', ['Peach Rings 10pk']],
    [
      'generic pictures and prices are no names',
      '<div><img alt="Product image"><img alt="IMG_2041.jpg"><span role="img" aria-label="$40.00"></span><a aria-label="Add to cart"></a></div>',
      [],
    ],
  ])('%s', (_, html, want) => {
    expect(attributeNames(els(html))).toEqual(want);
  });
});

const read = (body: string) => extractHeuristic(cheerio.load(`<html><body><main>${body}</main></body></html>`), 'https://shop.example/menu');

const card = (name: string, brand: string, price: string) =>
  `<div class="tile"><a class="pic" href="/p/${brand}"><img src="/i.jpg" alt="${name}"></a><div class="maker">${brand}</div><div class="cost">${price}</div></div>`;

describe('extractHeuristic: names from attributes', () => {
  it('cards whose name is only an image alt are named by it, not by their brand line', () => {
    const html = `<div class="grid">${card('Gelato Cake 3.5g', 'Acme', '$35.00')}${card('Sleep Gummies 100mg', 'Kiva', '$20.00')}${card('OG Kush Cart 1g', 'Acme', '$40.00')}${card(
      'Rosin Badder 1g',
      'Lazy Farms',
      '$60.00',
    )}</div>`;
    expect(read(html).map((p) => [p.rawName, p.priceValue])).toEqual([
      ['Gelato Cake 3.5g', 35],
      ['Sleep Gummies 100mg', 20],
      ['OG Kush Cart 1g', 40],
      ['Rosin Badder 1g', 60],
    ]);
  });

  it('an alt every card shares (a logo, a placeholder) is no name: the text line still names the card', () => {
    const row = (name: string, price: string) => `<div class="tile"><img alt="Green Leaf Dispensary"><div>${name}</div><div class="cost">${price}</div></div>`;
    const html = `<div class="grid">${row('Gelato Cake 3.5g', '$35.00')}${row('Sleep Gummies 100mg', '$20.00')}${row('OG Kush Cart 1g', '$40.00')}${row('Rosin Badder 1g', '$60.00')}</div>`;
    expect(read(html).map((p) => p.rawName)).toEqual(['Gelato Cake 3.5g', 'Sleep Gummies 100mg', 'OG Kush Cart 1g', 'Rosin Badder 1g']);
  });

  it('a marked-up name wins over an alt that says something else', () => {
    const row = (name: string, alt: string, price: string) => `<div class="tile"><img alt="${alt}"><h3>${name}</h3><div class="cost">${price}</div></div>`;
    const html = `<div class="grid">${row('Gelato Cake 3.5g', 'jar photo 1', '$35.00')}${row('Sleep Gummies 100mg', 'tin photo 2', '$20.00')}${row('OG Kush Cart 1g', 'cart photo 3', '$40.00')}</div>`;
    expect(read(html).map((p) => p.rawName)).toEqual(['Gelato Cake 3.5g', 'Sleep Gummies 100mg', 'OG Kush Cart 1g']);
  });
});

describe('frameUrls: documents embedded without an iframe', () => {
  const URL_ = 'https://shop.example/menu';
  const page = (body: string) => loadPage(`<html><body>${body}</body></html>`);
  it.each([
    ['an <object data> of type text/html', '<object data="https://menu.example/embed/a" type="text/html"><p>No menu?</p></object>', ['https://menu.example/embed/a']],
    ['an <embed src> without a type', '<embed src="https://menu.example/embed/a" width="100%">', ['https://menu.example/embed/a']],
    ['a relative <object data>', '<object data="/embed/a"></object>', ['https://shop.example/embed/a']],
    ['a loader placeholder with data-menu-src', '<div class="menu-host" data-menu-src="https://menu.example/embed/a"></div>', ['https://menu.example/embed/a']],
    [
      'a PDF, a picture, a Flash movie and a non-HTML type are no documents',
      '<object data="/menu.pdf"></object><embed src="/logo.svg"><embed src="/old.swf"><object data="/x" type="image/png"></object>',
      [],
    ],
    ['a data-menu that is no address', '<nav data-menu="main"></nav>', []],
  ])('%s', (_, body, want) => {
    expect(frameUrls(page(body), URL_)).toEqual(want);
  });
});
