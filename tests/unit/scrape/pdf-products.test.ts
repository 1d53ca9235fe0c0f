import { describe, expect, it } from 'vitest';
import { columns, pdfLines, rows, type PdfLine } from '@/lib/scrape/pdf/lines';
import { menuSeparators, parseLine, pdfProducts } from '@/lib/scrape/pdf/products';
import type { PdfTextItem } from '@/lib/scrape/pdf/text';

/** A text item as PDF.js gives it: x / baseline y in PDF units, width ~ 0.5 em per character. */
const item = (str: string, x: number, y: number, o: { size?: number; font?: string; page?: number } = {}): PdfTextItem => ({
  str,
  x,
  y,
  width: str.length * (o.size ?? 10) * 0.5,
  size: o.size ?? 10,
  font: o.font ?? 'f1',
  page: o.page ?? 1,
});
const line = (cells: string[], y = 700, o: Partial<PdfLine> = {}): PdfLine => ({
  page: 1,
  column: 0,
  columns: 1,
  y,
  x: 36,
  size: 10,
  font: 'f1',
  cells: cells.map((text, i) => ({ text, x: 36 + i * 150, x1: 36 + i * 150 + text.length * 5 })),
  text: cells.join(' '),
  ...o,
});
const names = (lines: PdfLine[]) => pdfProducts(lines).map((p) => [p.rawName, p.brand, p.category, p.priceValue, p.regularPrice ?? null]);

describe('PDF text items to lines', () => {
  it('joins the runs of one baseline into cells at wide gaps, top to bottom', () => {
    const r = rows([item('$35.00', 400, 680), item('Blue', 36, 700), item('Dream', 60, 700), item('Cookies', 200, 700), item('OG Kush', 36, 680.5)]);
    expect(r.map((l) => l.cells.map((c) => c.text))).toEqual([
      ['Blue Dream', 'Cookies'],
      ['OG Kush', '$35.00'],
    ]);
  });

  it('splits a two-column page at its gutter, not a table between its name and price columns', () => {
    const twoCol: PdfTextItem[] = [];
    for (let i = 0; i < 6; i++) {
      twoCol.push(item(`Left ${i}`, 36, 700 - i * 15), item(`$${10 + i}.00`, 200, 700 - i * 15));
      twoCol.push(item(`Right ${i}`, 320, 700 - i * 15), item(`$${20 + i}.00`, 500, 700 - i * 15));
    }
    expect(columns(twoCol).map((c) => c.length)).toEqual([12, 12]);
    const table: PdfTextItem[] = [];
    for (let i = 0; i < 12; i++) table.push(item(`Strain ${i}`, 36, 700 - i * 15), item('House', 200, 700 - i * 15), item(`$${10 + i}.00`, 400, 700 - i * 15));
    expect(columns(table)).toHaveLength(1);
    // A name column where a few names hold a price ("3.5G Headband $20") is no menu of its own.
    const priced = table.map((t, i) => (i % 3 === 0 && i < 6 ? { ...t, str: `${t.str} $20` } : t));
    expect(columns(priced)).toHaveLength(1);
  });

  it('reads a split page column by column and drops running footers and page numbers', () => {
    const its: PdfTextItem[] = [];
    for (const page of [1, 2]) {
      for (let i = 0; i < 4; i++) {
        its.push(item(`Left ${page}-${i}`, 36, 700 - i * 15, { page }), item(`$1${i}.00`, 200, 700 - i * 15, { page }));
        its.push(item(`Right ${page}-${i}`, 320, 700 - i * 15, { page }), item(`$2${i}.00`, 500, 700 - i * 15, { page }));
      }
      its.push(item(`Page ${page} of 2`, 280, 30, { page }), item('Green Leaf Dispensary · Menu', 250, 770, { page }));
    }
    const texts = pdfLines(its).map((l) => l.cells[0].text);
    expect(texts.slice(0, 8)).toEqual(['Left 1-0', 'Left 1-1', 'Left 1-2', 'Left 1-3', 'Right 1-0', 'Right 1-1', 'Right 1-2', 'Right 1-3']);
    expect(texts.some((t) => /Page|Dispensary/.test(t))).toBe(false);
  });
});

describe('PDF lines to products', () => {
  type Row = [label: string, cells: string[], want: { prices: string[]; thc?: string | null; texts: string[] }];
  const TABLE: Row[] = [
    ['struck then sale', ['Blue Dream', 'Cookies', 'THC 22.5%', '$45.00 $35.00'], { prices: ['$45.00', '$35.00'], thc: 'THC 22.5%', texts: ['Blue Dream', 'Cookies'] }],
    ['Now / Was words', ['Gelato 3.5g', 'Now $30.00 Was $40.00'], { prices: ['$30.00', '$40.00'], texts: ['Gelato 3.5g'] }],
    [
      'a bare potency cell (table column)',
      ['Dosi Fighter', 'House', '28.16%', '$20.00', '$16.10'],
      { prices: ['$20.00', '$16.10'], thc: '28.16%', texts: ['Dosi Fighter', 'House'] },
    ],
    ['a dose leading the line is the name’s start', ['200mg', 'Cannavis', '$22.00'], { prices: ['$22.00'], texts: ['200mg', 'Cannavis'] }],
    ['a weight after the name is the weight', ['Gelato', '3.5g', '$35.00'], { prices: ['$35.00'], texts: ['Gelato'] }],
    ['a name holding a price keeps it', ['3.5G BLUE HEADBAND $20', 'House', '$20.00'], { prices: ['$20.00'], texts: ['3.5G BLUE HEADBAND $20', 'House'] }],
  ];
  it.each(TABLE)('parseLine: %s', (_, cells, want) => {
    const p = parseLine(line(cells));
    expect(p.prices).toEqual(want.prices);
    expect(p.texts).toEqual(want.texts);
    if (want.thc !== undefined) expect(p.thc).toBe(want.thc);
  });

  it('takes the lower of two prices as paid and the higher as regular, in either order', () => {
    const ls = [
      line(['Flower'], 720, { size: 15 }),
      line(['Blue Dream', 'Cookies', '$45.00 $35.00'], 700),
      line(['Gelato', 'Connected', '$30.00 $40.00'], 685),
      line(['Runtz', 'House', '$25.00'], 670),
    ];
    expect(names(ls)).toEqual([
      ['Blue Dream', 'Cookies', 'Flower', 35, '$45.00'],
      ['Gelato', 'Connected', 'Flower', 30, '$40.00'],
      ['Runtz', 'House', 'Flower', 25, null],
    ]);
  });

  it('files products under the heading above them (larger text, no price)', () => {
    const ls = [
      line(['Edibles'], 720, { size: 14 }),
      line(['Camino Gummies', 'Kiva', '$20.00'], 700),
      line(['Vape Pens'], 680, { size: 14 }),
      line(['Jack Herer Cart', 'Select', '$40.00'], 660),
    ];
    expect(names(ls).map((r) => r[2])).toEqual(['Edible', 'Vape']);
  });

  it('splits fields at the separator this menu uses, not at a name’s own "|"', () => {
    const dotted = [line(['Gummies | 100mg · WYLD', '$18.00'], 700), line(['Blue Dream · Cookies', '$35.00'], 685), line(['Gelato · Connected', '$40.00'], 670)];
    expect(menuSeparators(dotted).split.test(' · ')).toBe(true);
    expect(names(dotted)[0].slice(0, 2)).toEqual(['Gummies | 100mg', 'WYLD']);
  });

  it('cuts at a separator used on fewer lines only before a field: "Brand | THC 22%", not "Tye Dye | Outdoor"', () => {
    const small = { size: 8, font: 'small' };
    const ls: PdfLine[] = [];
    for (let i = 0; i < 3; i++) ls.push(line([`Strain ${i}`, '$30.00'], 700 - i * 30), line([`Farm ${i}`], 690 - i * 30, small));
    ls.push(line(['Tye Dye | Outdoor', '$25.00'], 600), line(['Lava Leaf | THC 29.9%'], 590, small));
    const ps = pdfProducts(ls);
    expect(ps.at(-1)).toMatchObject({ rawName: 'Tye Dye | Outdoor', brand: 'Lava Leaf', thcPct: 29.9 });
  });

  it('reads a card whose price stands under its name and brand lines (a wrapped name joined)', () => {
    const ls = [
      line(['Green Hornet - Goodnight Grape'], 700, { font: 'bold' }),
      line(['100mg'], 689, { font: 'bold' }),
      line(['Green Hornet'], 678, { size: 9, font: 'plain' }),
      line(['$17.55 $22.00'], 666),
    ];
    expect(names(ls)).toEqual([['Green Hornet - Goodnight Grape 100mg', 'Green Hornet', 'Edible', 17.55, '$22.00']]);
  });

  it('completes a product line with the brand / THC line under it', () => {
    const small = { size: 8, font: 'small' };
    const ls = [
      line(['Blue Dream', 'Now $30.00 Was $40.00'], 700),
      line(['Cookies | THC 24%'], 690, small),
      line(['Gelato', '$35.00'], 670),
      line(['Connected | THC 27%'], 660, small),
    ];
    const ps = pdfProducts(ls);
    expect(ps.map((p) => [p.rawName, p.brand, p.thcPct, p.priceValue, p.regularPrice])).toEqual([
      ['Blue Dream', 'Cookies', 24, 30, '$40.00'],
      ['Gelato', 'Connected', 27, 35, null],
    ]);
  });

  it('joins a name and a sale price wrapped under their cells', () => {
    const first = line(['Leaf and Flower Body Balm Stick', 'Leaf and Flower', '$35.00'], 700);
    const wrap = {
      ...line(['200mg/200mg', '$22.73'], 688.5),
      cells: [
        { text: '200mg/200mg', x: 36, x1: 100 },
        { text: '$22.73', x: 336, x1: 366 },
      ],
    };
    expect(names([first, wrap])).toEqual([['Leaf and Flower Body Balm Stick 200mg/200mg', 'Leaf and Flower', 'Topical', 22.73, '$35.00']]);
  });

  it('gives one product per size when sizes are priced in the text', () => {
    const ps = pdfProducts([line(['Blue Dream', '1g $12 · 3.5g $35 · 7g $60'], 700)]);
    expect(ps.map((p) => [p.rawName, p.priceValue, p.weightGrams])).toEqual([
      ['Blue Dream 1g', 12, 1],
      ['Blue Dream 3.5g', 35, 3.5],
      ['Blue Dream 7g', 60, 7],
    ]);
  });

  it('keeps headings and notes without a price out of the products', () => {
    const ls = [line(['Green Leaf Dispensary — Menu'], 760, { size: 20 }), line(['Prices include tax.'], 740), line(['Flower'], 720, { size: 15 }), line(['Runtz', '$25.00'], 700)];
    expect(names(ls)).toEqual([['Runtz', null, 'Flower', 25, null]]);
  });
});
