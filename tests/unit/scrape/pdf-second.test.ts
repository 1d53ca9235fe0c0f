import { describe, expect, it } from 'vitest';
import { columns, type PdfCell, type PdfLine } from '@/lib/scrape/pdf/lines';
import { renderedPdfSources } from '@/lib/scrape/pdf/menu';
import { joinWrapped, spacedHyphens } from '@/lib/scrape/pdf/names';
import { parseLine, pdfProducts } from '@/lib/scrape/pdf/products';
import type { PdfTextItem } from '@/lib/scrape/pdf/text';

/** The second PDF round's rules (docs/shopping.md, "PDF menus"): each case a menu shape the first round's reader got wrong. */
const item = (str: string, x: number, y: number, size = 9): PdfTextItem => ({ str, x, y, width: str.length * size * 0.5, size, font: 'f1', page: 1 });
const cell = (text: string, x: number): PdfCell => ({ text, x, x1: x + text.length * 5 });
const line = (cells: PdfCell[], y: number, o: Partial<PdfLine> = {}): PdfLine => ({
  page: 1,
  column: 0,
  columns: 1,
  y,
  x: cells[0]?.x ?? 36,
  size: 10,
  font: 'f1',
  cells,
  text: cells.map((c) => c.text).join(' '),
  ...o,
});
const at = (texts: string[], y: number, o: Partial<PdfLine> = {}) =>
  line(
    texts.map((t, i) => cell(t, 36 + i * 150)),
    y,
    o,
  );

describe('PDF columns', () => {
  it('finds three columns when a few struck prices stand in one column’s gap before its prices', () => {
    // A product on two lines (name; THC and price) in each of three columns; the middle column's
    // names nearly as wide as it, a struck price before two of its sale prices.
    const its: PdfTextItem[] = [];
    for (let i = 0; i < 14; i++) {
      const y = 700 - i * 26;
      for (const x of [36, 282, 528]) {
        its.push(item(x === 282 ? `Enchanted Botanicals - Grapes ${i}`.padEnd(36, 'z') : `Gelato ${i}`, x, y));
        its.push(item('THC 22%', x, y - 13), item(`$${20 + i}.00`, x + 202, y - 13));
        if (x === 282 && i % 7 === 0) its.push(item('$40.00', x + 174, y - 13));
      }
    }
    expect(columns(its)).toHaveLength(3);
  });
});

describe('PDF names and fields', () => {
  it('joins a word hyphenated at the line’s end without its hyphen, a name’s own hyphen kept', () => {
    expect(joinWrapped('Hybrid Enh\u2010', 'anced Gummies')).toBe('Hybrid Enhanced Gummies');
    expect(joinWrapped('Pupper Bud-', 'Ease')).toBe('Pupper Bud-Ease');
    expect(joinWrapped('Blue', 'Dream')).toBe('Blue Dream');
    // The menu writes "RX- " before a space elsewhere: a line broken after "RX-" keeps the space.
    const spaced = spacedHyphens([at(['Elevated RX- Ice Cream Cake 1G Cartridge', '$35.00'], 700)]);
    expect(joinWrapped('Elevated RX-', 'GMO 1G CART', spaced)).toBe('Elevated RX- GMO 1G CART');
    expect(joinWrapped('Pupper Bud-', 'Ease', spaced)).toBe('Pupper Bud-Ease');
  });

  it('cuts a potency field at any spaced separator, and a potency label without a value is no text', () => {
    expect(parseLine(at(['ghost. · THC 91.68%'], 700))).toMatchObject({ texts: ['ghost.'], thc: 'THC 91.68%' });
    expect(parseLine(at(['Tye Dye · Outdoor'], 700)).texts).toEqual(['Tye Dye · Outdoor']);
    expect(parseLine(at(['THC —', '$31.46'], 700))).toMatchObject({ texts: [], prices: ['$31.46'] });
  });
});

describe('PDF field separators', () => {
  it('leaves a name’s own "|" whole on a menu whose name and brand stand in cells of their own', () => {
    const ls = [
      at(['Vana | Energy Tincture | 1 oz', 'Vana', '$26.00'], 700),
      at(['Vana | Sunrise Citrus | Tincture', 'Vana', '$26.00'], 685),
      at(['MTE | Gummies | Sour Orange', 'Mountain Top Extracts', '$25.00'], 670),
      at(['Cold Snap', 'Sandia', '$35.00'], 655),
    ];
    expect(pdfProducts(ls).map((p) => [p.rawName, p.brand])).toEqual([
      ['Vana | Energy Tincture | 1 oz', 'Vana'],
      ['Vana | Sunrise Citrus | Tincture', 'Vana'],
      ['MTE | Gummies | Sour Orange', 'Mountain Top Extracts'],
      ['Cold Snap', 'Sandia'],
    ]);
  });

  it('cuts at the separator on every line, not at a name’s own "|" on half of them', () => {
    const ls = [
      at(['Orange Kush | Kill Cliff · House', '$5.00'], 700),
      at(['Mango | Kill Cliff · House', '$5.00'], 685),
      at(['Cold Snap · Sandia', '$35.00'], 670),
      at(['Gelato · Connected', '$40.00'], 655),
    ];
    expect(pdfProducts(ls).map((p) => [p.rawName, p.brand])).toEqual([
      ['Orange Kush | Kill Cliff', 'House'],
      ['Mango | Kill Cliff', 'House'],
      ['Cold Snap', 'Sandia'],
      ['Gelato', 'Connected'],
    ]);
  });
});

describe('PDF tables with rows centred on a wrapped name', () => {
  it('takes the name cell’s first line just above the price line and its next line below', () => {
    const ls = [
      at(['Edibles'], 760, { size: 15 }),
      line([cell('Fligh - Moscow Mule Gummy 20-Pack - 200mg', 42)], 393),
      line([cell('Fligh', 306), cell('$12.00', 491), cell('$7.33', 539)], 387.8),
      line([cell('(Medical)', 42)], 381.8),
      line([cell('Wyld - Peach CBD:THC Gummy', 42), cell('WYLD', 306), cell('$19.00', 491), cell('$16.02', 539)], 363.8),
    ];
    expect(pdfProducts(ls).map((p) => [p.rawName, p.brand, p.priceValue, p.regularPrice ?? null])).toEqual([
      ['Fligh - Moscow Mule Gummy 20-Pack - 200mg (Medical)', 'Fligh', 7.33, '$12.00'],
      ['Wyld - Peach CBD:THC Gummy', 'WYLD', 16.02, '$19.00'],
    ]);
  });
});

describe('PDF price-tier grids', () => {
  it('gives one product per weight column priced, the sale wrapped under the struck price in its cell', () => {
    const tiers = [
      ['1g', 360],
      ['3.5g', 410],
      ['7g', 460],
    ] as const;
    const ls = [
      at(['Flower'], 760, { size: 15 }),
      line([cell('Strain', 36), cell('Brand', 190), ...tiers.map(([s, x]) => cell(s, x))], 740, { size: 9 }),
      line([cell('Purple Fat Pie', 36), cell('Ultra Health', 190), cell('$8.99', 350), cell('$31.46', 400), cell('—', 460)], 720, { size: 9 }),
      line([cell('Divine Storm', 36), cell('Ultra Health', 190), cell('$8.99', 350), cell('$31.46', 400), cell('$60.00', 450)], 703, { size: 9 }),
      line([cell('$7.96', 350), cell('$27.84', 400), cell('$53.09', 450)], 692, { size: 9, font: 'f2' }),
    ];
    expect(pdfProducts(ls).map((p) => [p.rawName, p.brand, p.category, p.priceValue, p.regularPrice ?? null])).toEqual([
      ['Purple Fat Pie 1g', 'Ultra Health', 'Flower', 8.99, null],
      ['Purple Fat Pie 3.5g', 'Ultra Health', 'Flower', 31.46, null],
      ['Divine Storm 1g', 'Ultra Health', 'Flower', 7.96, '$8.99'],
      ['Divine Storm 3.5g', 'Ultra Health', 'Flower', 27.84, '$31.46'],
      ['Divine Storm 7g', 'Ultra Health', 'Flower', 53.09, '$60.00'],
    ]);
  });
});

describe('PDF sections, brand headers and breaks', () => {
  const small = { size: 8.5, font: 'f2' };
  const bold = { size: 9, font: 'f1' };
  it('takes a brand header’s name as its products’ brand, and a "(cont.)" heading keeps the section', () => {
    const ls = [
      at(['Edibles'], 760, { size: 14 }),
      at(['Herbal Edibles'], 740, { size: 10 }),
      at(['Psychedelic sugar cookies'], 727, bold),
      at(['THC 64.6%', '$16.75'], 714, small),
      at(['Flower'], 690, { size: 14 }),
      at(['Seed Junky'], 670, { size: 10 }),
      at(['Gelato Bx1'], 657, bold),
      at(['THC 20.53%', '$18.11'], 644, small),
      at(['Flower (cont.)'], 760, { size: 14, page: 2 }),
      at(['Malibu'], 740, { ...bold, page: 2 }),
      at(['THC —', '$35.00'], 727, { ...small, page: 2 }),
    ];
    expect(pdfProducts(ls).map((p) => [p.rawName, p.brand, p.category, p.priceValue])).toEqual([
      ['Psychedelic sugar cookies', 'Herbal Edibles', 'Edible', 16.75],
      ['Gelato Bx1', 'Seed Junky', 'Flower', 18.11],
      ['Malibu', 'Seed Junky', 'Flower', 35],
    ]);
  });

  it('reads a two-letter brand header ("GH") as a header, not a product name', () => {
    const ls = [at(['Edibles'], 760, { size: 14 }), at(['GH'], 740, { size: 10 }), at(['Jinja Fruit Punch'], 727, bold), at(['THC —', '$10.00'], 714, small)];
    expect(pdfProducts(ls).map((p) => [p.rawName, p.brand, p.category])).toEqual([['Jinja Fruit Punch', 'GH', 'Edible']]);
  });

  it('joins a product whose name ends a column or page and whose price line starts the next', () => {
    const ls = [
      at(['Vape Pens'], 760, { size: 14, columns: 2 }),
      at(['Blue Dream Cart'], 740, { ...bold, columns: 2 }),
      at(['THC 88%', '$30.00'], 727, { ...small, columns: 2 }),
      at(['Jack Herer Cart'], 100, { ...bold, columns: 2 }),
      line([cell('THC 90%', 320), cell('$25.00 $35.00', 480)], 740, { ...small, column: 1, columns: 2 }),
      at(['Vape Pens (cont.)'], 760, { size: 14, page: 2, columns: 2 }),
      at(['Gelato Cart'], 50, { ...bold, page: 1, column: 1, columns: 2 }),
    ];
    // The last name on page 1's second column, its price line under the next page's "(cont.)" heading.
    const broken = [...ls.slice(0, 5), ls[6], ls[5], at(['THC 91%', '$20.00'], 740, { ...small, page: 2, columns: 2 })];
    expect(pdfProducts(broken).map((p) => [p.rawName, p.category, p.priceValue, p.regularPrice ?? null])).toEqual([
      ['Blue Dream Cart', 'Vape', 30, null],
      ['Jack Herer Cart', 'Vape', 25, '$35.00'],
      ['Gelato Cart', 'Vape', 20, null],
    ]);
  });
});

describe('PDFs in the rendered page', () => {
  it('finds a PDF link only the rendered DOM holds (added by script)', () => {
    const html = '<html><body><p id="slot"><a href="/menu.pdf">Download today’s menu (PDF)</a></p></body></html>';
    expect(renderedPdfSources(html, 'http://127.0.0.1:1/menu')).toEqual(['http://127.0.0.1:1/menu.pdf']);
    expect(renderedPdfSources('<p>Loading…</p>', 'http://127.0.0.1:1/menu')).toEqual([]);
  });
});
