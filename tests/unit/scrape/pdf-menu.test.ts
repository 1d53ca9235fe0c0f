import http from 'node:http';
import type { AddressInfo } from 'node:net';
import * as cheerio from 'cheerio';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Resolver } from '@/lib/scrape/address';
import { pdfSources, readPdfMenu } from '@/lib/scrape/pdf/menu';
import { isPdfBytes, PDF_LIMITS, readPdfText, textItem } from '@/lib/scrape/pdf/text';
import { scrapeMenu } from '@/lib/scrape/scrape-menu';

type Run = [x: number, y: number, size: number, text: string];

/** A small PDF written by hand: one Helvetica text run per entry, one page per array. */
function makePdf(pages: Run[][]): Buffer {
  const objs: string[] = [];
  const kids = pages.map((_, i) => `${4 + i * 2} 0 R`).join(' ');
  objs.push('<< /Type /Catalog /Pages 2 0 R >>');
  objs.push(`<< /Type /Pages /Kids [${kids}] /Count ${pages.length} >>`);
  objs.push('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>');
  for (const [i, runs] of pages.entries()) {
    const esc = (s: string) => s.replace(/[\\()]/g, '\\$&');
    const stream = runs.map(([x, y, size, t]) => `BT /F1 ${size} Tf ${x} ${y} Td (${esc(t)}) Tj ET`).join('\n');
    objs.push(`<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 3 0 R >> >> /Contents ${5 + i * 2} 0 R >>`);
    objs.push(`<< /Length ${Buffer.byteLength(stream, 'latin1')} >>\nstream\n${stream}\nendstream`);
  }
  let out = '%PDF-1.4\n';
  const offsets: number[] = [];
  objs.forEach((o, i) => {
    offsets.push(Buffer.byteLength(out, 'latin1'));
    out += `${i + 1} 0 obj\n${o}\nendobj\n`;
  });
  const xref = Buffer.byteLength(out, 'latin1');
  out += `xref\n0 ${objs.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  out += `trailer\n<< /Size ${objs.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}

const MENU = makePdf([
  [
    [36, 740, 20, 'Green Leaf Menu'],
    [36, 700, 15, 'Flower'],
    [36, 680, 10, 'Blue Dream'],
    [220, 680, 10, 'Cookies'],
    [420, 680, 10, '$45.00'],
    [470, 680, 10, '$35.00'],
    [36, 665, 10, 'Gelato 3.5g'],
    [220, 665, 10, 'Connected'],
    [420, 665, 10, '$40.00'],
    [36, 640, 15, 'Edibles'],
    [36, 620, 10, 'Camino Gummies'],
    [220, 620, 10, 'Kiva'],
    [420, 620, 10, '$20.00'],
  ],
  [
    [36, 700, 15, 'Vape Pens'],
    [36, 680, 10, 'Jack Herer Cart'],
    [220, 680, 10, 'Select'],
    [420, 680, 10, '$30.00'],
    [470, 680, 10, '$38.00'],
  ],
]);

let server: http.Server;
let port = 0;
let hits: string[] = [];
const big = Buffer.concat([MENU, Buffer.alloc(64 * 1024, 32)]);

beforeAll(async () => {
  server = http.createServer((req, res) => {
    hits.push(req.url ?? '');
    const path = (req.url ?? '/').split('?')[0];
    if (path === '/menu.pdf' || path === '/download') {
      res.writeHead(200, { 'content-type': 'application/pdf' });
      return res.end(MENU);
    }
    if (path === '/big.pdf') {
      res.writeHead(200, { 'content-type': 'application/pdf' });
      return res.end(big);
    }
    res.writeHead(200, { 'content-type': 'text/html' });
    if (path === '/linked')
      return res.end(`<html><body><h1>Menu</h1><a href="http://metadata.test:${port}/menu.pdf">Old menu (PDF)</a> <a href="/menu.pdf">Download our menu (PDF)</a></body></html>`);
    if (path === '/embedded') return res.end('<html><body><object data="/download" type="application/pdf"></object></body></html>');
    res.end('<html><body>nothing</body></html>');
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  port = (server.address() as AddressInfo).port;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((r) => server.close(r));
});
afterEach(() => {
  delete process.env.SCAN_ALLOW_PRIVATE_NETWORKS;
  hits = [];
});

const resolver: Resolver = async (h) => {
  if (h === 'metadata.test') return [{ address: '169.254.169.254', family: 4 }];
  if (h === 'shop.test') return [{ address: '127.0.0.1', family: 4 }];
  throw Object.assign(new Error(`ENOTFOUND ${h}`), { code: 'ENOTFOUND' });
};
const rows = (ps: Array<{ rawName: string; brand: string | null; category: string; priceValue: number | null; regularPrice?: string | null }>) =>
  ps.map((p) => [p.rawName, p.brand, p.category, p.priceValue, p.regularPrice ?? null]);
const WANT = [
  ['Blue Dream', 'Cookies', 'Flower', 35, '$45.00'],
  ['Gelato 3.5g', 'Connected', 'Flower', 40, null],
  ['Camino Gummies', 'Kiva', 'Edible', 20, null],
  ['Jack Herer Cart', 'Select', 'Vape', 30, '$38.00'],
];

describe('PDF text (unpdf, no worker, nothing fetched)', () => {
  it('reads positioned text items page by page, within the page cap', async () => {
    expect(isPdfBytes(MENU)).toBe(true);
    expect(isPdfBytes(Buffer.from('<html>'))).toBe(false);
    const t = await readPdfText(MENU);
    expect([t.pages, t.totalPages]).toEqual([2, 2]);
    expect(t.items.find((i) => i.str === 'Blue Dream')).toMatchObject({ x: 36, y: 680, page: 1, size: 10 });
    const one = await readPdfText(MENU, { maxPages: 1 });
    expect([one.pages, one.items.some((i) => i.page === 2)]).toEqual([1, false]);
  });

  it('reads a glyph without a Unicode mapping (an emoji) as a space, not a control character', () => {
    const at = (str: string, x: number) => textItem({ str, transform: [10, 0, 0, 10, x, 700], width: 10, fontName: 'f2' }, 1);
    expect(at('\u0000', 90)).toMatchObject({ str: ' ', x: 90, size: 10 });
    expect(at('Bee \u0000 Active', 36)?.str).toBe('Bee   Active');
    expect(at('   ', 36)).toBeNull();
  });

  it('refuses bytes that are no readable PDF with a scrape error', async () => {
    await expect(readPdfText(Buffer.from('%PDF-1.4 garbage'))).rejects.toMatchObject({ reason: 'pdf-unreadable' });
  });
});

describe('PDFs a page gives', () => {
  it('finds linked, embedded and framed PDFs, menu-like first, capped', () => {
    const $ = cheerio.load(
      `<a href="/privacy.pdf">Privacy</a><a href="/files/today">Today's menu (PDF)</a><object data="/m.pdf" type="application/pdf"></object><embed src="/e" type="application/pdf"><iframe src="/f.pdf"></iframe><a href="/about">About</a><a href="mailto:x@y.z">PDF</a>`,
    );
    const got = pdfSources($, 'https://shop.example/menu');
    expect(got).toEqual(['https://shop.example/files/today', 'https://shop.example/m.pdf', 'https://shop.example/e', 'https://shop.example/f.pdf'].slice(0, PDF_LIMITS.maxPdfs));
    expect(got).not.toContain('https://shop.example/about');
    // A page with products of its own: only its menu-like PDFs.
    expect(pdfSources(cheerio.load('<a href="/lab-results.pdf">Lab results</a><a href="/menu.pdf">Menu</a>'), 'https://shop.example/', true)).toEqual([
      'https://shop.example/menu.pdf',
    ]);
  });
});

describe('PDF menus through the guarded fetch', () => {
  it('reads a PDF menu: names, brands, categories from headings, the sale price paid', async () => {
    process.env.SCAN_ALLOW_PRIVATE_NETWORKS = 'true';
    const r = await readPdfMenu(`http://127.0.0.1:${port}/menu.pdf`);
    expect(r && rows(r.products)).toEqual(WANT);
    expect(r?.pages).toBe(2);
  });

  it('refuses a PDF at a refused address before any connection (DECISIONS §6)', async () => {
    await expect(readPdfMenu(`http://127.0.0.1:${port}/menu.pdf`)).rejects.toMatchObject({ reason: 'address-refused' });
    process.env.SCAN_ALLOW_PRIVATE_NETWORKS = 'true';
    await expect(readPdfMenu(`http://metadata.test:${port}/menu.pdf`, { resolver })).rejects.toMatchObject({ reason: 'address-refused' });
    expect(hits).toEqual([]);
  });

  it('stops a PDF over the byte cap and does not read it', async () => {
    process.env.SCAN_ALLOW_PRIVATE_NETWORKS = 'true';
    const cap = PDF_LIMITS.maxBytes;
    PDF_LIMITS.maxBytes = MENU.length + 1024;
    try {
      await expect(readPdfMenu(`http://127.0.0.1:${port}/big.pdf`)).rejects.toMatchObject({ reason: 'pdf-too-large' });
    } finally {
      PDF_LIMITS.maxBytes = cap;
    }
  });

  it('scans a page linking its PDF menu; the link to a refused address is skipped, never contacted', async () => {
    process.env.SCAN_ALLOW_PRIVATE_NETWORKS = 'true';
    const r = await scrapeMenu({ menuUrls: [`http://shop.test:${port}/linked`], model: null, screenshot: false, resolver });
    expect(rows(r.products)).toEqual(WANT);
    expect(r.extractionMethod).toBe('pdf');
    expect(hits).toEqual(['/linked', '/menu.pdf']);
    expect(r.pagesVisited).toContain(`http://shop.test:${port}/menu.pdf`);
  });

  it('scans a PDF in an <object>, and a menu URL that is the PDF itself', async () => {
    process.env.SCAN_ALLOW_PRIVATE_NETWORKS = 'true';
    const a = await scrapeMenu({ menuUrls: [`http://127.0.0.1:${port}/embedded`], model: null, screenshot: false });
    expect(rows(a.products)).toEqual(WANT);
    const b = await scrapeMenu({ menuUrls: [`http://127.0.0.1:${port}/menu.pdf`], model: null, screenshot: false });
    expect(rows(b.products)).toEqual(WANT);
    expect(b.extractionMethod).toBe('pdf');
    // Read from the bytes of its own answer: requested once.
    expect(hits.filter((h) => h === '/menu.pdf')).toHaveLength(1);
  });
});
