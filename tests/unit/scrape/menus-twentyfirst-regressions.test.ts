import { describe, expect, it } from 'vitest';
import { extractFromHtml } from '@/lib/scrape/extract';

// Two tuning sites the twenty-first round's rules broke, found by the whole tuning split
// (docs/performance.md): each test fails with the rule as first merged.

const URL_ = 'https://shop.example/menu';
const page = (body: string) => `<!doctype html><html><head><title>Menu</title></head><body><main>${body}</main></body></html>`;
const names = async (body: string) => (await extractFromHtml(page(body), URL_)).products.map((p) => p.rawName).sort();

describe('a bare "Add" button of WooCommerce (add_to_cart_button) beside each size row is furniture', () => {
  const amount = (v: number) => `<span class="woocommerce-Price-amount amount"><bdi><span class="woocommerce-Price-currencySymbol">&#36;</span>${v.toFixed(2)}</bdi></span>`;
  const SIZES: Array<[string, number]> = [
    ['1g', 10],
    ['3.5g', 30],
    ['7g', 55],
  ];
  const product = (name: string, brand: string) =>
    `<div class="product type-product product-type-variable"><h2 class="woocommerce-loop-product__title">${name}</h2><div class="pwb-brands-in-loop"><span>${brand}</span></div><table class="variations-table"><thead><tr><th>Weight</th><th>Price</th><th></th></tr></thead><tbody>${SIZES.map(
      ([size, price]) =>
        `<tr class="variation"><td class="attribute_pa_weight">${size}</td><td class="price">${amount(price)}</td><td><button type="button" class="button add_to_cart_button">Add</button></td></tr>`,
    ).join('')}</tbody></table></div>`;
  it('reads one product per size row', async () => {
    const strains = ['Garlic Juice', 'Cap Junky', 'Trainwreck', 'Box Wine'];
    const got = await names(`<div class="products">${strains.map((s, i) => product(s, ['Kure', 'Acme', 'Wyld', 'Ghost'][i])).join('')}</div>`);
    expect(got).toEqual(strains.flatMap((s) => SIZES.map(([size]) => `${s} ${size}`)).sort());
  });
});

describe('one hidden sheet of a published spreadsheet is more products, not a repeat of the shown sheet', () => {
  const row = (cells: string[]) => `<tr>${cells.map((c) => `<td>${c}</td>`).join('')}</tr>`;
  const sheet = (id: number, hidden: boolean, rows: string[][]) =>
    `<div id="${id}"${hidden ? ' style="display:none"' : ''}><table class="waffle"><tbody>${row(['GREEN LEAF DISPENSARY — MENU'])}${row(['Product', 'Brand', 'Type', 'Price'])}${rows.map(row).join('')}</tbody></table></div>`;
  // The shown sheet is a whole menu (thirty rows); the hidden one holds one more product.
  const SHOWN = Array.from(
    { length: 30 },
    (_, i) => `${['Blue Dream', 'Gelato', 'Sour Tangie', 'Lemon Haze', 'OG Kush', 'Wedding Cake'][i % 6]} ${['1g', '3.5g', '7g', '14g', '28g'][Math.floor(i / 6)]}`,
  );
  it('reads the hidden sheet whose header lines repeat the shown one', async () => {
    const shown = SHOWN.map((n, i) => [n, 'House', i % 2 ? 'Flower' : 'Other', `$${20 + i}.00`]);
    const got = await names(`<div id="sheets-viewport">${sheet(0, false, shown)}${sheet(5, true, [['1g Ghost Train Haze Moon Rock', 'House', 'Other', '$20.00']])}</div>`);
    expect(got).toContain('1g Ghost Train Haze Moon Rock');
    expect(got).toHaveLength(SHOWN.length + 1);
  });
});
