import { describe, expect, it } from 'vitest';
import { columns, pdfLines, rows, type PdfCell, type PdfLine } from '@/lib/scrape/pdf/lines';
import { parseLine, pdfProducts } from '@/lib/scrape/pdf/products';
import { pageItems, type PdfTextItem, type RawItem } from '@/lib/scrape/pdf/text';
import { uprightRuns } from '@/lib/scrape/pdf/upright';

/** The fourth PDF round's rules (docs/shopping.md, "PDF menus"): each case a menu shape the third round's reader got wrong. */
const item = (str: string, x: number, y: number, size = 9, o: Partial<PdfTextItem> = {}): PdfTextItem => ({
  str,
  x,
  y,
  width: str.length * size * 0.5,
  size,
  font: 'f1',
  page: 1,
  ...o,
});
const cell = (text: string, x: number, x1 = x + text.length * 5): PdfCell => ({ text, x, x1 });
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

describe('turned pages', () => {
  // A landscape sheet drawn sideways on a portrait page (text running up the page), shown upright by /Rotate 90.
  const sideways = (str: string, x: number, y: number): RawItem => ({ str, transform: [0, 10, -10, 0, 612 - y, x], width: str.length * 5, fontName: 'f1' });
  const raw = [sideways('Blue Dream', 36, 500), sideways('$35.00', 300, 500), sideways('Gelato', 36, 480), sideways('$30.00', 300, 480)];
  // PDF.js's view of a 612 × 792 page turned by /Rotate 90 (scale 1): page (x, y) shows at (y, x), y downwards.
  const rotate90 = { transform: [0, 1, 1, 0, 0, 0], height: 612 };

  it('reads runs through the page rotation, so each line runs left to right', () => {
    const lines = pdfLines(pageItems(raw, 1, rotate90));
    expect(lines.map((l) => l.cells.map((c) => c.text))).toEqual([
      ['Blue Dream', '$35.00'],
      ['Gelato', '$30.00'],
    ]);
    expect(pdfProducts(lines).map((p) => [p.rawName, p.price])).toEqual([
      ['Blue Dream', '$35.00'],
      ['Gelato', '$30.00'],
    ]);
  });

  it('turns a page drawn sideways without /Rotate by the way most of its letters run, and leaves out runs set another way', () => {
    const flip = { transform: [1, 0, 0, -1, 0, 792], height: 792 };
    const stamp: RawItem = { str: 'SAMPLE', transform: [7, 7, -7, 7, 200, 300], width: 40, fontName: 'f1' };
    const lines = pdfLines(pageItems([...raw, stamp], 1, flip));
    expect(lines.map((l) => l.text)).toEqual(['Blue Dream $35.00', 'Gelato $30.00']);
  });

  it('keeps an upright page as the PDF has it (baselines from the page foot)', () => {
    const placed = uprightRuns([{ item: 'a', matrix: [10, 0, 0, 10, 36, 700], chars: 4 }], [1, 0, 0, -1, 0, 792], 792);
    expect(placed[0]).toMatchObject({ x: 36, y: 700, size: 10 });
  });
});

describe('cells of a line', () => {
  it('reads letter-spaced words drawn glyph by glyph as words, a tracked word space apart in one cell', () => {
    const r = rows([item('K U L L U', 46, 700, 6.5), item('K U S H', 78, 700, 6.5), item('Indica', 176, 700, 6.5)]);
    expect(r[0].cells.map((c) => c.text)).toEqual(['KULLU KUSH', 'Indica']);
    expect(rows([item('E L E V A T E D', 46, 700, 6.5), item('R X', 100, 700, 6.5)])[0].text).toBe('ELEVATED RX');
    expect(rows([item('E D I B L E S', 250, 700, 15)])[0].text).toBe('EDIBLES');
    expect(rows([item('P R E - R O L L S', 250, 700, 15)])[0].text).toBe('PRE-ROLLS');
  });

  it('joins a currency sign standing in a cell of its own to the amount in the next', () => {
    const r = rows([item('Gelato', 64, 700, 8.5), item('$', 463, 700, 8.5, { width: 5 }), item('20.00', 487, 700, 8.5)]);
    expect(r[0].cells.map((c) => c.text)).toEqual(['Gelato', '$20.00']);
  });
});

describe('a spreadsheet printed with its row headings', () => {
  const sheet = (n: number, name: string, price: string) => [
    item(String(n), 47, 700 - n * 13),
    item(name, 64, 700 - n * 13),
    item('House', 316, 700 - n * 13),
    item(price, 463, 700 - n * 13),
  ];

  it('drops the row number before each row', () => {
    const its = [...sheet(3, 'Blue Dream', '$35.00'), ...sheet(4, 'Gelato', '$30.00'), ...sheet(5, 'Sour Diesel', '$25.00')];
    const products = pdfProducts(pdfLines(its));
    expect(products.map((p) => [p.rawName, p.brand])).toEqual([
      ['Blue Dream', 'House'],
      ['Gelato', 'House'],
      ['Sour Diesel', 'House'],
    ]);
  });

  it('reads bare numbers under a "THC %" header as potency', () => {
    const lines = [
      line([cell('Item Name', 64), cell('Brand', 316), cell('THC %', 422, 450), cell('Price', 463)], 712),
      line([cell('Blue Dream', 64), cell('House', 316), cell('22.5', 440, 450), cell('$35.00', 463)], 700),
      line([cell('Gelato', 64), cell('House', 316), cell('$30.00', 463)], 680),
    ];
    expect(pdfProducts(lines).map((p) => [p.rawName, p.brand, p.thcPct])).toEqual([
      ['Blue Dream', 'House', 22.5],
      ['Gelato', 'House', null],
    ]);
  });

  it('reads a row centred on a wrapped brand cell: the cell’s first line above the row, its next below', () => {
    const lines = [
      line([cell('Kushie', 316, 342)], 665.3, { size: 8.5 }),
      line([cell('Blue Cookies Vape Cartridge', 64, 278), cell('Vape Pens', 365, 406), cell('$39.83', 463, 508)], 660.8, { size: 8.5 }),
      line([cell('Brand', 316, 338)], 656.3, { size: 8.5 }),
      line([cell('Blueberry Kush Disposable', 64, 192), cell('House', 316, 340), cell('Vape Pens', 365, 406), cell('$26.00', 463, 508)], 643.5, { size: 8.5 }),
    ];
    expect(pdfProducts(lines).map((p) => [p.rawName, p.brand])).toEqual([
      ['Blue Cookies Vape Cartridge', 'Kushie Brand'],
      ['Blueberry Kush Disposable', 'House'],
    ]);
  });
});

describe('designer cards', () => {
  // brand (small capitals) beside a badge, the name, THC, then the price alone, set larger than the name.
  const card = (x: number, y: number, brand: string, name: string, price: string) => [
    line([cell(brand, x), cell('Hybrid', x + 130)], y, { size: 6.5 }),
    line([cell(name, x)], y - 18, { size: 11, font: 'f2' }),
    line([cell('THC 22%', x)], y - 31, { size: 7.5 }),
    line([cell(price, x)], y - 110, { size: 15, font: 'f2' }),
  ];

  it('takes the name from the largest lines above the price and the smaller line over it as the brand', () => {
    const products = pdfProducts([...card(46, 700, 'KULLU KUSH', 'Kullu Kush - Relax', '$16.00'), ...card(46, 540, 'HOUSE', 'Mendo Breath', '$25.00')]);
    expect(products.map((p) => [p.rawName, p.brand, p.price, p.thcPct])).toEqual([
      ['Kullu Kush - Relax', 'KULLU KUSH', '$16.00', 22],
      ['Mendo Breath', 'HOUSE', '$25.00', 22],
    ]);
  });

  it('keeps a closing bracket wrapped alone onto the next line in the name', () => {
    const lines = [
      line([cell('STONED APE', 46)], 700, { size: 6.5 }),
      line([cell('Pink Lemonade - 500mg ( medical', 46)], 682, { size: 11, font: 'f2' }),
      line([cell(')', 46)], 669, { size: 11, font: 'f2' }),
      line([cell('$40.00', 46)], 590, { size: 15, font: 'f2' }),
    ];
    expect(pdfProducts(lines).map((p) => [p.rawName, p.brand])).toEqual([['Pink Lemonade - 500mg ( medical )', 'STONED APE']]);
  });

  it('takes a heading above the names as one, though the prices are set as large as it', () => {
    const products = pdfProducts([
      line([cell('EDIBLES', 46)], 740, { size: 15 }),
      ...card(46, 700, 'HOUSE', 'Sleep Chocolate', '$16.00'),
      ...card(46, 540, 'HOUSE', 'Dark Bar', '$12.00'),
    ]);
    expect(products.map((p) => p.category)).toEqual(['Edible', 'Edible']);
  });

  it('takes a heading centred over a page of columns as the whole page’s, not its column’s', () => {
    const col = (c: number, x: number, name: string) => card(x, 700, 'HOUSE', name, '$16.00').map((l) => ({ ...l, column: c, columns: 3 }));
    const lines = [
      ...col(0, 46, 'Sleep Chocolate'),
      line([cell('EDIBLES', 250, 355)], 740, { size: 15, column: 1, columns: 3 }),
      ...col(1, 229, 'Dark Bar'),
      ...col(2, 412, 'Milk Bar'),
    ];
    lines.push(...col(2, 412, 'Mint Bar').map((l) => ({ ...l, y: l.y - 160 })));
    // Headings stand in column 0 on the other pages (page 2): the centred one counts as over the page.
    lines.push(...card(46, 700, 'HOUSE', 'Gummy', '$9.00').map((l) => ({ ...l, page: 2, columns: 2 })), line([cell('EDIBLES', 46)], 740, { size: 15, page: 2, columns: 2 }));
    // A last page of two cards: its heading is centred over the menu's width, not over what the page holds.
    const last = (c: number, x: number, name: string) => card(x, 700, 'HOUSE', name, '$30.00').map((l) => ({ ...l, page: 3, column: c, columns: 2 }));
    lines.push(...last(0, 46, 'Blue Dream'), line([cell('FLOWER', 253, 352)], 740, { size: 15, page: 3, column: 1, columns: 2 }), ...last(1, 229, 'Gelato'));
    expect(pdfProducts(lines).map((p) => [p.rawName, p.category])).toEqual([
      ['Sleep Chocolate', 'Edible'],
      ['Dark Bar', 'Edible'],
      ['Milk Bar', 'Edible'],
      ['Mint Bar', 'Edible'],
      ['Gummy', 'Edible'],
      ['Blue Dream', 'Flower'],
      ['Gelato', 'Flower'],
    ]);
  });

  it('splits a row of three cards at the clear gutters though a long name nearly reaches the next card’s badge and a heading is centred across', () => {
    const its: PdfTextItem[] = [item('CONCENTRATES', 202, 740, 15)];
    for (const [k, x] of [46, 229, 412].entries()) {
      its.push(item('MOUNTAINTOP', x, 708, 6.5), item(k === 0 ? 'CBD' : 'Hybrid', x + 135, 708, 6.5, { width: 14 }));
      its.push(item(`Mountaintop - MAC #${k} - Live`, x, 690, 11, { width: 148 }), item('Resin Caviar', x, 677, 11), item(`$${50 + k}.00`, x, 589, 15));
    }
    const cols = columns(its);
    expect(cols.map((c) => c.filter((i) => i.str.startsWith('$')).map((i) => i.str))).toEqual([['$50.00'], ['$51.00'], ['$52.00']]);
  });

  it('keeps a category heading that opens each page of its section (no running header)', () => {
    const its: PdfTextItem[] = [];
    for (const page of [1, 2])
      its.push(
        item('EDIBLES', 250, 740, 15, { page }),
        item('Sleep Chocolate', 46, 690, 11, { page }),
        item('$16.00', 46, 600, 15, { page }),
        item('Dark Bar', 46, 560, 11, { page }),
        item('$12.00', 46, 470, 15, { page }),
      );
    expect(pdfLines(its).filter((l) => l.text === 'EDIBLES')).toHaveLength(2);
  });
});

describe('sizes priced in one cell', () => {
  it('reads the sizes of a cell as no name', () => {
    expect(parseLine(line([cell('Purple Fat Pie', 29), cell('1g $8.99 | 3.5g $31.46 | 7g $60.00', 167)], 536)).texts).toEqual(['Purple Fat Pie']);
  });

  it('reads a detail line under the name (brand, THC) whose price cell goes on the sizes wrapped in their cell, and two bare amounts of a size as struck and paid', () => {
    const lines = [
      line([cell('Halitosis', 29, 62), cell('1g $8.99 $6.62 | 3.5g $31.46 $23.17 | 14g', 167, 357)], 354.8, { size: 8 }),
      line([cell('Ultra Health · THC 21%', 29, 82), cell('$113.00 $83.22', 167, 215)], 342.8, { size: 7 }),
      line([cell('Lemonade', 29, 69), cell('1g $8.99 | 3.5g $31.46', 167, 274)], 328.5, { size: 8 }),
      line([cell('Ultra Health', 29, 82)], 315, { size: 6.5 }),
    ];
    expect(pdfProducts(lines).map((p) => [p.rawName, p.brand, p.price, p.regularPrice, p.thcPct])).toEqual([
      ['Halitosis 1g', 'Ultra Health', '$6.62', '$8.99', 21],
      ['Halitosis 3.5g', 'Ultra Health', '$23.17', '$31.46', 21],
      ['Halitosis 14g', 'Ultra Health', '$83.22', '$113.00', 21],
      ['Lemonade 1g', 'Ultra Health', '$8.99', null, null],
      ['Lemonade 3.5g', 'Ultra Health', '$31.46', null, null],
    ]);
  });
});

describe('rows wrapped into a line of their own', () => {
  const row = (cells: Array<[string, number, number]>, y: number, o: Partial<PdfLine> = {}) =>
    line(
      cells.map(([t, x, x1]) => cell(t, x, x1)),
      y,
      { size: 13.3, ...o },
    );

  it('joins a line as close under a row as a wrap, one cell under each of its cells (name, brand, the sale price under the struck one)', () => {
    const lines = [
      row(
        [
          ['Olio Sourcane Live Hash Rosin', 41, 266],
          ['OLIO', 300, 329],
          ['$50.00', 530, 569],
        ],
        554,
      ),
      row(
        [
          ['MVE Kush Mintz Live Rosin', 42, 269],
          ['Mesilla Valley', 300, 384],
          ['$45.00', 530, 569],
        ],
        531,
      ),
      row(
        [
          ['Mixed - 1g', 42, 192],
          ['Extracts', 300, 346],
          ['$31.03', 530, 569],
        ],
        515,
      ),
      row(
        [
          ['Watermelon Runtz 1g', 42, 269],
          ['OLIO', 300, 329],
          ['$40.00', 530, 569],
        ],
        492,
      ),
      row(
        [
          ['Sour Diesel 1g', 42, 200],
          ['OLIO', 300, 329],
          ['$30.00', 530, 569],
        ],
        469,
      ),
    ];
    expect(pdfProducts(lines).map((p) => [p.rawName, p.brand, p.price, p.regularPrice])).toEqual([
      ['Olio Sourcane Live Hash Rosin', 'OLIO', '$50.00', null],
      ['MVE Kush Mintz Live Rosin Mixed - 1g', 'Mesilla Valley Extracts', '$31.03', '$45.00'],
      ['Watermelon Runtz 1g', 'OLIO', '$40.00', null],
      ['Sour Diesel 1g', 'OLIO', '$30.00', null],
    ]);
  });

  it('joins the rest of an OCR row (name and brand cells wrapped) though OCR sizes its short words larger', () => {
    const ocr = { font: 'ocr' };
    const lines = [
      row(
        [
          ['Topical Balm', 42, 150],
          ['House', 300, 338],
          ['$20.00', 530, 569],
        ],
        220,
        ocr,
      ),
      row(
        [
          ['New Mexico Sacred Flower Cinnamon', 42, 261],
          ['New Mexico Sacred', 300, 413],
          ['$54.00', 530, 569],
        ],
        191.5,
        ocr,
      ),
      row(
        [
          ['Salve', 41, 72],
          ['Flower', 300, 337],
        ],
        171.8,
        { ...ocr, size: 22.7 },
      ),
      row(
        [
          ['Pain Stick', 42, 120],
          ['House', 300, 338],
          ['$18.00', 530, 569],
        ],
        140,
        ocr,
      ),
    ];
    expect(pdfProducts(lines).map((p) => [p.rawName, p.brand])).toEqual([
      ['Topical Balm', 'House'],
      ['New Mexico Sacred Flower Cinnamon Salve', 'New Mexico Sacred Flower'],
      ['Pain Stick', 'House'],
    ]);
  });
});
