import * as cheerio from 'cheerio';
import { describe, expect, it } from 'vitest';
import { MED_CHOICE, REC_CHOICE } from '@/lib/scrape/browser-page';
import { dropSizedBases, popoverPage } from '@/lib/scrape/browser-popovers';
import { extractFromHtml, pageSignals } from '@/lib/scrape/extract';
import type { ScrapedProduct } from '@/lib/scrape/types';
import { extractJsonLd } from '@/lib/scrape/extract/json-ld';
import { textifyPricePictures } from '@/lib/scrape/extract/price-pictures';

// Ninth round (docs/menus.md): per-size prices only in schema.org microdata, prices only as
// pictures, a recreational / medical menu choice, per-size prices only in a popover.

const BASE = 'https://shop.example/menu';
const S = 'https://schema.org/';
const offer = (size: string, price: string, regular: string | null, sizeMarkup: 'name' | 'quantity' | 'weight', strike = 'StrikethroughPrice') =>
  `<div itemprop="offers" itemscope itemtype="${S}Offer">${
    sizeMarkup === 'name'
      ? `<meta itemprop="name" content="${size}">`
      : `<div itemprop="${sizeMarkup === 'quantity' ? 'eligibleQuantity' : 'weight'}" itemscope itemtype="${S}QuantitativeValue"><meta itemprop="value" content="${parseFloat(size)}">${
          sizeMarkup === 'quantity' ? '<meta itemprop="unitCode" content="GRM">' : '<meta itemprop="unitText" content="g">'
        }</div>`
  }<span itemprop="price" content="${price}">$${price}</span><meta itemprop="priceCurrency" content="USD">${
    regular
      ? `<div itemprop="priceSpecification" itemscope itemtype="${S}UnitPriceSpecification"><meta itemprop="priceType" content="${S}${strike}"><meta itemprop="price" content="${regular}"></div>`
      : ''
  }</div>`;
const product = (offers: string, aggregate: boolean) =>
  `<div itemscope itemtype="${S}Product"><h3 itemprop="name">Blue Dream</h3><div itemprop="brand" itemscope itemtype="${S}Brand"><span itemprop="name">Acme</span></div>${
    aggregate ? `<div itemprop="offers" itemscope itemtype="${S}AggregateOffer"><meta itemprop="lowPrice" content="12.00">${offers}</div>` : offers
  }</div>`;

describe('schema.org microdata', () => {
  it.each([
    ['offers named by size inside an AggregateOffer, StrikethroughPrice', 'name', true, 'StrikethroughPrice', ['Blue Dream 1g', 'Blue Dream 3.5g']],
    ['offers sized by eligibleQuantity (unitCode GRM), ListPrice', 'quantity', false, 'ListPrice', ['Blue Dream 1g', 'Blue Dream 3.5g']],
    ['offers sized by weight (unitText g), MSRP', 'weight', false, 'MSRP', ['Blue Dream 1g', 'Blue Dream 3.5g']],
  ] as const)('%s: one product per size at its price, the struck price as the regular price', (_l, sizeMarkup, aggregate, strike, names) => {
    const html = `<ul>${product(offer('1g', '12.00', null, sizeMarkup, strike) + offer('3.5g', '30.00', '40.00', sizeMarkup, strike), aggregate)}</ul>`;
    const ps = extractJsonLd(cheerio.load(html), BASE);
    expect(ps.map((p) => [p.rawName, p.priceValue, p.regularPrice, p.brand])).toEqual([
      [names[0], 12, null, 'Acme'],
      [names[1], 30, '$40.00', 'Acme'],
    ]);
  });

  it('a nested item’s name is not the product’s, a lone offer gives one product', () => {
    const html = product(offer('3.5g', '30.00', null, 'name'), false);
    const ps = extractJsonLd(cheerio.load(html), BASE);
    expect(ps.map((p) => [p.rawName, p.priceValue])).toEqual([['Blue Dream', 30]]);
  });

  it('microdata that is no product (a breadcrumb, an organisation) gives none', () => {
    const html = `<ol itemscope itemtype="${S}BreadcrumbList"><li itemprop="itemListElement" itemscope itemtype="${S}ListItem"><span itemprop="name">Flower</span></li></ol><div itemscope itemtype="${S}Organization"><span itemprop="name">Dispensary</span></div>`;
    expect(extractJsonLd(cheerio.load(html), BASE)).toEqual([]);
  });
});

describe('prices drawn as pictures', () => {
  const card = (name: string, price: string) =>
    `<div class="card"><h3 class="name">${name}</h3><div class="brand">Acme</div><div class="price">${price}</div><button>Add to cart</button></div>`;
  const names = ['Blue Dream', 'Sour Diesel', 'Gelato 41'];
  it.each([
    ['img alt, the struck one in <s>', '<s><img src="/p/40.png" alt="$40.00"></s> <img src="/p/30.png" alt="$30.00">'],
    ['img alt with labels', '<img alt="Was $40.00" src="x.gif"> <img alt="Now $30.00" src="y.gif">'],
    ['SVG text, struck by attribute', '<svg><text text-decoration="line-through">$40.00</text><text x="60">$30.00</text></svg>'],
    [
      'SVG tspans, struck by a class rule',
      '<svg class="was"><text><tspan>$</tspan><tspan>40</tspan><tspan>.</tspan><tspan dy="-4">00</tspan></text></svg><svg class="now"><text>$30.00</text></svg>',
    ],
    ['role=img sprites with aria-label, struck by class rule', '<span role="img" class="was" aria-label="$40.00"></span><span role="img" aria-label="$30.00"></span>'],
  ])('%s: the price paid and the struck regular price', async (_l, price) => {
    const html = `<html><head><style>svg.was text{text-decoration:line-through}.was{text-decoration:line-through}</style></head><body><div class="grid">${names.map((n) => card(n, price)).join('')}</div></body></html>`;
    const r = await extractFromHtml(html, BASE);
    expect(r.products.map((p) => [p.rawName, p.priceValue, p.regularPrice])).toEqual(names.map((n) => [n, 30, '$40.00']));
  });

  it('a product photo’s alt (a name, no amount) stays a picture', () => {
    const $ = cheerio.load('<div><img alt="Blue Dream 3.5g" src="a.jpg"><img alt="$30.00" src="b.png"></div>');
    textifyPricePictures($);
    expect($('img').length).toBe(1);
    expect($('img').attr('alt')).toBe('Blue Dream 3.5g');
    expect($('span[data-scan-picture]').text()).toBe('$30.00');
  });
});

describe('recreational / medical menu choice', () => {
  const rec = new RegExp(REC_CHOICE, 'i');
  const med = new RegExp(MED_CHOICE, 'i');
  it.each([
    ['Recreational', 'rec'],
    ['Shop Adult-Use', 'rec'],
    ['Adult Use (21+)', 'rec'],
    ['I am 21+ (adult use)', 'rec'],
    ['REC', 'rec'],
    ['Recreational menu', 'rec'],
    ['Medical', 'med'],
    ['Shop Medical', 'med'],
    ['MED', 'med'],
    ['I am a medical patient', 'med'],
    ['Record Store Day deals', 'neither'],
    ['Medium roast coffee', 'neither'],
  ])('%s → %s', (label, want) => {
    const got = rec.test(label) && !med.test(label) ? 'rec' : med.test(label) && !rec.test(label) ? 'med' : 'neither';
    expect(got).toBe(want);
  });
});

describe('sizes only in a popover opened from the card', () => {
  const sp = (rawName: string): ScrapedProduct => ({ rawName }) as ScrapedProduct;
  it.each([
    ['the range-priced strain beside its sizes is dropped', ['Blue Dream', 'Blue Dream 1g', 'Blue Dream 3.5g'], ['Blue Dream 1g', 'Blue Dream 3.5g']],
    ['a product without sized siblings stays', ['Blue Dream', 'Sour Diesel 1g'], ['Blue Dream', 'Sour Diesel 1g']],
    ['a longer name is not a base', ['Blue Dream Pre-Roll', 'Blue Dream 1g'], ['Blue Dream Pre-Roll', 'Blue Dream 1g']],
  ])('%s', (_l, names, want) => {
    expect(dropSizedBases(names.map(sp)).map((p) => p.rawName)).toEqual(want);
  });

  it('the dialogs read as one product per size, the struck price the regular one', async () => {
    const dlg = (n: string) =>
      `<h2>${n}</h2><ul class="size-options"><li><span class="weight">1g</span> <strong>$12.00</strong></li><li><span class="weight">3.5g</span> <s>$40.00</s> <strong>$30.00</strong></li></ul><button class="add">Add to cart</button><button class="close" aria-label="Close">×</button>`;
    const r = await extractFromHtml(popoverPage([dlg('Blue Dream'), dlg('Sour Diesel')]), BASE);
    expect(r.products.map((p) => [p.rawName, p.priceValue, p.regularPrice])).toEqual([
      ['Blue Dream 1g', 12, null],
      ['Blue Dream 3.5g', 30, '$40.00'],
      ['Sour Diesel 1g', 12, null],
      ['Sour Diesel 3.5g', 30, '$40.00'],
    ]);
  });

  const card = (n: string, opener: string) => `<div class="card"><h3>${n}</h3><div class="price">$12.00 – $60.00</div>${opener}</div>`;
  it.each([
    ['"Choose options" buttons', '<button type="button">Choose options</button>', true],
    ['"Quick View" links in place', '<a href="#" class="button">Quick View</a>', true],
    ['"View prices" links in place', '<a href="#">View prices</a>', true],
    ['buttons that open a dialog', '<button aria-haspopup="dialog">+</button>', true],
    ['links to product pages (not a popover)', '<a href="/product/x">Select options</a>', false],
    ['plain add-to-cart buttons', '<button>Add to cart</button>', false],
  ])('page signal with %s: %s', (_l, opener, want) => {
    const html = `<html><body>${['Blue Dream', 'Sour Diesel', 'Gelato'].map((n) => card(n, opener)).join('')}</body></html>`;
    expect(pageSignals(html).popovers).toBe(want);
  });

  it('cards that are buttons showing a range signal popovers', () => {
    const html = `<html><body>${['A', 'B'].map((n) => `<li role="button" tabindex="0"><span>${n} Kush</span> $10.00 – $50.00</li>`).join('')}</body></html>`;
    expect(pageSignals(html).popovers).toBe(true);
  });

  it.each(['View prices', 'Quick View', 'Choose options', 'Select size'])('"%s" is never a product name', async (label) => {
    const html = `<div class="grid">${['Blue Dream', 'Sour Diesel', 'Gelato 41'].map((n) => `<article class="tile"><div><b>${n}</b></div><div>by Acme</div><p>$30.00 · <a href="#">${label}</a></p></article>`).join('')}</div>`;
    const r = await extractFromHtml(html, BASE);
    expect(r.products.map((p) => p.rawName)).toEqual(['Blue Dream', 'Sour Diesel', 'Gelato 41']);
  });
});
