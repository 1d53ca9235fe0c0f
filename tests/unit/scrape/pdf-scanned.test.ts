import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { pdfLines, type PdfLine } from '@/lib/scrape/pdf/lines';
import { pdfProducts } from '@/lib/scrape/pdf/products';
import { scanItems, scanPicture, SCAN_LIMITS, type ScanWord } from '@/lib/scrape/pdf/scanned';
import { readPdfText } from '@/lib/scrape/pdf/text';
import { shutdownOcrPool } from '@/lib/vision/ocr-pool';
import { scannedPdf } from '@/tests/fixtures/menus-pdf/scanned';

/** Scanned PDF menus (docs/shopping.md, "PDF menus"): a page that is a picture is read by OCR. */

const word = (text: string, line: number, x0: number, y0: number, x1: number, y1: number): ScanWord => ({ text, line, x0, y0, x1, y1 });

describe('OCR words as PDF text items', () => {
  it('joins the close words of a line into one run and splits at a wide gap, in PDF units from the bottom', () => {
    const words = [word('Blue', 0, 100, 200, 160, 230), word('Dream', 0, 170, 200, 250, 230), word('$35.00', 0, 800, 200, 900, 230), word('FLOWER', 1, 100, 100, 300, 140)];
    const items = scanItems(words, 0.5, 1000, 2);
    expect(items.map((i) => i.str)).toEqual(['Blue Dream', '$35.00', 'FLOWER']);
    const [name, price, heading] = items;
    expect(name).toMatchObject({ x: 50, y: 385, width: 75, page: 2, font: 'ocr' });
    expect(price.x).toBe(400);
    // Baselines from the page's bottom: the heading (higher on the picture) sits above the row.
    expect(heading.y).toBeGreaterThan(name.y);
    // A word box is about 0.72 of the font size; a taller box is a bigger font.
    expect(heading.size).toBeGreaterThan(name.size);
    expect(name.size).toBeCloseTo((30 / 0.72) * 0.5, 5);
  });

  it('drops specks read as marks, so the gap they bridged still parts the name from the brand', () => {
    const words = [
      word('Kush', 0, 100, 200, 160, 230),
      word('Mintz', 0, 170, 200, 230, 230),
      word('~~', 0, 240, 205, 262, 225),
      word('Messilla', 0, 272, 200, 360, 230),
      word('$45', 0, 800, 200, 860, 230),
    ];
    expect(scanItems(words, 0.5, 1000, 1).map((i) => i.str)).toEqual(['Kush Mintz', 'Messilla', '$45']);
  });

  it('drops empty words', () => {
    expect(scanItems([word(' ', 0, 0, 0, 10, 10)], 1, 100, 1)).toEqual([]);
  });
});

describe('the picture of a scanned page', () => {
  const pic = (width: number, height: number) => ({ data: new Uint8ClampedArray(0), width, height, channels: 3 as const });
  it('is the largest one, and only when it is page-sized', () => {
    expect(scanPicture([pic(200, 100), pic(1275, 1650), pic(600, 800)])?.width).toBe(1275);
    expect(scanPicture([pic(300, 300)])).toBeNull();
    expect(scanPicture([])).toBeNull();
    expect(300 * 300).toBeLessThan(SCAN_LIMITS.minPixels);
  });
});

const ROWS: [string, string, string][] = [
  ['Blue Dream 1g', 'Cookies', '$35.00'],
  ['Gelato 41 1g', 'Connected', '$12.00'],
  ['Sour Diesel 1g', 'Jetty', '$60.00'],
  ['Wedding Cake 1g', 'Alien Labs', '$48.00'],
];

async function scannedMenu(): Promise<Buffer> {
  const rows = ROWS.map(
    ([n, b, p], i) =>
      `<text x="100" y="${260 + i * 80}" font-size="34">${n}</text><text x="620" y="${260 + i * 80}" font-size="30">${b}</text><text x="1000" y="${260 + i * 80}" font-size="34">${p}</text>`,
  ).join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1275" height="1650" font-family="DejaVu Sans"><rect width="100%" height="100%" fill="#f7f4ea"/><text x="100" y="150" font-size="52" font-weight="bold">FLOWER</text>${rows}</svg>`;
  const jpeg = await sharp(Buffer.from(svg)).jpeg({ quality: 80 }).toBuffer();
  return scannedPdf([{ jpeg, width: 1275, height: 1650 }]);
}

describe('a scanned PDF menu', () => {
  afterAll(() => shutdownOcrPool());

  it('has no text layer: without OCR it reads nothing', async () => {
    const text = await readPdfText(await scannedMenu(), { ocr: false });
    expect(text.items).toEqual([]);
    expect(text.scannedPages).toBe(0);
  });

  it('is read by OCR into the same products a printed one gives: names, brands, prices, category', async () => {
    const text = await readPdfText(await scannedMenu());
    expect(text.scannedPages).toBe(1);
    const products = pdfProducts(pdfLines(text.items), 'http://127.0.0.1/menu.pdf');
    expect(products.map((p) => p.priceValue)).toEqual(ROWS.map(([, , p]) => Number(p.slice(1))));
    expect(products.map((p) => p.brand)).toEqual(ROWS.map(([, b]) => b));
    expect(products.map((p) => p.rawName)).toEqual(ROWS.map(([n]) => n));
    expect(new Set(products.map((p) => p.category))).toEqual(new Set(['Flower']));
  }, 60_000);
});

describe('headings and wrapped names of a page read by OCR', () => {
  const ocrLine = (cells: string[], y: number, size: number): PdfLine => {
    const cs = cells.map((text, i) => ({ text, x: 36 + i * 200, x1: 36 + i * 200 + text.length * 6 }));
    return { page: 1, column: 0, columns: 1, y, x: 36, size, font: 'ocr', cells: cs, text: cells.join(' ') };
  };

  it('a category name alone on its line, with space above, heads its products even near the body size', () => {
    const lines = [ocrLine(['Blue Dream 1g', 'Cookies', '$35.00'], 700, 14), ocrLine(['Edibles'], 660, 14.5), ocrLine(['Sangria Gummies 100mg', 'Fligh', '$16.00'], 640, 14)];
    const [, gummies] = pdfProducts(lines);
    expect(gummies.category).toBe('Edible');
  });

  it('a wrapped last word right under its name is the name, not a heading, though OCR sized it larger', () => {
    const lines = [
      ocrLine(['Flower'], 740, 18),
      ocrLine(['Fiore Single Use Blackberry Kush', 'Fiore', '$20.00'], 700, 14),
      ocrLine(['500mg'], 685, 16.7),
      ocrLine(['Fiore Rose Gold Cartridge', 'Fiore', '$15.00'], 662, 14),
    ];
    const products = pdfProducts(lines);
    expect(products.map((p) => p.rawName)).toEqual(['Fiore Single Use Blackberry Kush 500mg', 'Fiore Rose Gold Cartridge']);
  });
});
