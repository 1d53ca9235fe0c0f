import { describe, expect, it } from 'vitest';
import { extractFromHtml } from '@/lib/scrape/extract';
import { canonicalMoney } from '@/lib/scrape/extract/locale-money';
import { ACCEPT, AGE_TEXT, AGE_YES, BIRTH_VALUE, CONSENT_BOX, CONSENT_TEXT } from '@/lib/scrape/browser-gates';

// Tenth round (docs/menus.md): locale prices and minor units, detail pages, date-of-birth gates,
// consent walls, postback pagers.

const BASE = 'https://shop.example/menu';
const prices = async (html: string) => (await extractFromHtml(html, BASE)).products.map((p) => [p.rawName, p.priceValue, p.regularPrice ?? null]);

describe('amounts in other locales', () => {
  it.each([
    ['30,00\u00a0$', '$30.00'],
    ['40,00 €', '$40.00'],
    ['€\u00a030,00', '$30.00'],
    ['1\u202f234,50\u00a0$', '$1234.50'],
    ['1.234,50 €', '$1234.50'],
    ['CA$30.00', '$30.00'],
    ['30.00 $', '$30.00'],
    ['£12', '$12.00'],
    ['$30,00', '$30.00'],
  ])('%s is read as %s', (t, want) => expect(canonicalMoney(t)).toBe(want));

  it.each(['$30.00 $40.00', '$1,200.00', '2 for $40, 3 for $55', 'THC 20,50 %', 'Subtotal $0.00', 'was $ 30.00 $40.00'])('%s stays as written', (t) =>
    expect(canonicalMoney(t)).toBe(t),
  );

  it('French Canadian cards: the struck price is the regular one', async () => {
    const card = (n: string, now: string, was: string | null) =>
      `<div class="product-card"><h3>${n}</h3><div class="brand">Acme</div><div class="price">${was ? `<s>${was}</s> ` : ''}<span>${now}</span></div></div>`;
    const html = `<div class="grid">${card('Blue Dream 3.5g', '30,00\u00a0$', '40,00\u00a0$')}${card('Sour Diesel 1g', '12,50\u00a0$', null)}${card('Mint Gummies 100mg', '1\u202f020,00\u00a0$', null)}</div>`;
    expect(await prices(html)).toEqual([
      ['Blue Dream 3.5g', 30, '$40.00'],
      ['Sour Diesel 1g', 12.5, null],
      ['Mint Gummies 100mg', 1020, null],
    ]);
  });

  it('WooCommerce with decimal commas and the symbol in its own span after the amount', async () => {
    const amt = (v: string) => `<span class="woocommerce-Price-amount amount"><bdi>${v}&nbsp;<span class="woocommerce-Price-currencySymbol">&euro;</span></bdi></span>`;
    const li = (n: string, now: string, was?: string) =>
      `<li class="product"><a href="/p/${n.length}"><h2 class="woocommerce-loop-product__title">${n}</h2><span class="price">${
        was ? `<del aria-hidden="true">${amt(was)}</del> <ins aria-hidden="true">${amt(now)}</ins>` : amt(now)
      }</span></a></li>`;
    const html = `<ul class="products">${li('Blue Dream 3.5g', '30,00', '40,00')}${li('Sour Diesel 1g', '12,50')}</ul>`;
    expect(await prices(html)).toEqual([
      ['Blue Dream 3.5g', 30, '$40.00'],
      ['Sour Diesel 1g', 12.5, null],
    ]);
  });
});

describe('money in minor units in app state', () => {
  const state = (recs: unknown[]) =>
    `<div id="__next"></div><script id="__NEXT_DATA__" type="application/json">${JSON.stringify({ props: { pageProps: { menu: { items: recs } } } })}</script>`;

  it('keys naming cents: priceCents with compareAtPriceCents', async () => {
    const html = state([
      { id: 1, title: 'Blue Dream 3.5g', vendor: 'Acme', priceCents: 3000, compareAtPriceCents: 4000 },
      { id: 2, title: 'Sour Diesel 1g', vendor: 'Acme', priceCents: 1250, compareAtPriceCents: null },
    ]);
    expect(await prices(html)).toEqual([
      ['Blue Dream 3.5g', 30, '$40'],
      ['Sour Diesel 1g', 12.5, null],
    ]);
  });

  it('a record stating its currency_minor_unit: integer prices divided', async () => {
    const html = state([
      { id: 1, name: 'Blue Dream 3.5g', brand: 'Acme', price: 3000, regular_price: 4000, sale_price: 3000, currency_minor_unit: 2 },
      { id: 2, name: 'Sour Diesel 1g', brand: 'Acme', price: 1250, regular_price: 1250, sale_price: null, currency_minor_unit: 2 },
    ]);
    expect(await prices(html)).toEqual([
      ['Blue Dream 3.5g', 30, '$40'],
      ['Sour Diesel 1g', 12.5, null],
    ]);
  });

  it('a record without a minor unit keeps its whole-dollar prices', async () => {
    const html = state([{ id: 1, name: 'Blue Dream 3.5g', brand: 'Acme', price: 30, regular_price: 40 }]);
    expect(await prices(html)).toEqual([['Blue Dream 3.5g', 30, '$40']]);
  });
});

describe('birth-date gates and consent walls (page code)', () => {
  const birthValue = new Function(`return ${BIRTH_VALUE}`)() as (type: string, words: string[]) => string | null;
  const words = (s: string) =>
    s
      .toLowerCase()
      .split(/[^a-z0-9]+/)
      .filter(Boolean);

  it.each([
    ['date', 'dob', '1990-01-01'],
    ['text', 'birthday MM/DD/YYYY bday', '01/01/1990'],
    ['text', 'dob YYYY-MM-DD', '1990-01-01'],
    ['text', 'age_gate[y] YYYY Year', '1990'],
    ['number', 'month MM', '01'],
    ['tel', 'dd Day', '01'],
    ['text', 'dob', '01/01/1990'],
    ['text', 'email Your email', null],
    ['text', 'q Search products', null],
    ['checkbox', 'remember m', null],
  ] as const)('a %s input "%s" gets %s', (type, hint, want) => expect(birthValue(type, words(hint))).toBe(want));

  it('gate texts and submit labels', () => {
    for (const t of ['Please enter your date of birth', 'Enter your birthday to continue', 'When were you born?', 'Are you 21 or older?'])
      expect(new RegExp(AGE_TEXT, 'i').test(t)).toBe(true);
    for (const t of ['Submit', 'Enter store', 'Verify my age', 'Continue', 'Yes, I am 21+']) expect(new RegExp(AGE_YES, 'i').test(t)).toBe(true);
    expect(new RegExp(AGE_TEXT, 'i').test('Blue Dream 3.5g $30.00 Add to cart')).toBe(false);
  });

  it('consent banners and their accept controls; other buttons are never "accept"', () => {
    for (const t of ['Accept All Cookies', 'Allow all', 'Accept All', 'I accept', 'Accept', 'Got it', 'Accept & close']) expect(new RegExp(ACCEPT, 'i').test(t)).toBe(true);
    for (const t of ['Reject All', 'Cookie Settings', 'Deny', 'Add to cart', 'Accept delivery terms and pay', 'Cookies and Cream 3.5g'])
      expect(new RegExp(ACCEPT, 'i').test(t)).toBe(false);
    expect(new RegExp(CONSENT_TEXT, 'i').test('We use cookies to improve your experience')).toBe(true);
    for (const id of ['onetrust-banner-sdk', 'CybotCookiebotDialog', 'cky-consent-container', 'cmplz-cookiebanner', 'usercentrics-root'])
      expect(new RegExp(CONSENT_BOX, 'i').test(id)).toBe(true);
  });
});
