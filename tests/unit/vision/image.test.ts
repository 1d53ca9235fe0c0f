import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/http';
import { analysePage, decodeBase64Image, estimateSkew, loadImage, paperGrain, prepareForOcr, prepareGrey, sniffMediaType } from '@/lib/vision/image';
import { analysedPage } from '@/lib/vision/page-analysis';
import { aheadWorthIt, READ_AHEAD_GRAIN } from '@/lib/vision/local-engine';
import { eraseGridRules, invertBands, maskRuns } from '@/lib/vision/pixel-edits';
import { phoneDegrade } from '@/tests/fixtures/vision/degrade';
import { corruptImages, nonDocumentImage, rasterize } from '@/tests/fixtures/vision/render';
import { receiptStyle, receiptSvg, receiptTruth } from '@/tests/fixtures/vision/receipts';

let png: Buffer;
let jpeg: Buffer;
let webp: Buffer;

beforeAll(async () => {
  [png, jpeg, webp] = await Promise.all([nonDocumentImage('png'), nonDocumentImage('jpeg'), nonDocumentImage('webp')]);
});

async function reason(p: Promise<unknown>): Promise<string> {
  try {
    await p;
    return 'ok';
  } catch (e) {
    expect(e).toBeInstanceOf(ApiError);
    expect((e as ApiError).status).toBe(400);
    return String(((e as ApiError).details as { reason: string }).reason);
  }
}

describe('image intake', () => {
  it('sniffs the three formats by magic bytes', () => {
    expect([sniffMediaType(png), sniffMediaType(jpeg), sniffMediaType(webp), sniffMediaType(Buffer.from('GIF89a'))]).toEqual(['image/png', 'image/jpeg', 'image/webp', null]);
  });

  it('accepts raw base64, a data URL and base64url; hashes the bytes, not the text', async () => {
    const a = await loadImage(png.toString('base64'), 'image/png');
    const b = await loadImage(`data:image/png;base64,${png.toString('base64')}`, 'image/png');
    const c = await loadImage(png.toString('base64url'), 'image/png');
    expect(a.sha256).toBe(b.sha256);
    expect(c.sha256).toBe(a.sha256);
    expect([a.width, a.height]).toEqual([640, 420]);
  });

  it.each([
    ['not base64', () => loadImage('!!!!not-base64', 'image/png'), 'invalid-base64'],
    ['PNG bytes declared as JPEG', () => loadImage(png.toString('base64'), 'image/jpeg'), 'media-type-mismatch'],
    ['JPEG bytes declared as WebP', () => loadImage(jpeg.toString('base64'), 'image/webp'), 'media-type-mismatch'],
    ['data URL type disagrees', () => loadImage(`data:image/jpeg;base64,${png.toString('base64')}`, 'image/png'), 'media-type-mismatch'],
    ['text file', () => loadImage(Buffer.from('hello world, not an image').toString('base64'), 'image/png'), 'unknown-format'],
  ])('%s → 400 %s', async (_name, fn, want) => {
    expect(await reason(fn())).toBe(want);
  });

  it('refuses every corrupt file as undecodable', async () => {
    for (const [name, c] of Object.entries(await corruptImages())) {
      expect(`${name}: ${await reason(loadImage(c.bytes.toString('base64'), c.mediaType))}`).toBe(`${name}: undecodable`);
    }
  });

  it('decodeBase64Image strips whitespace and rejects empty payloads', () => {
    expect(decodeBase64Image('aGVs\nbG8=')?.bytes.toString()).toBe('hello');
    expect(decodeBase64Image('data:image/png;base64,')).toBeNull();
  });

  it('preparation honours EXIF orientation, greys and upscales small images', async () => {
    const tall = await sharp({ create: { width: 300, height: 200, channels: 3, background: '#fff' } })
      .jpeg()
      .withMetadata({ orientation: 6 })
      .toBuffer();
    const out = await sharp(await prepareForOcr(tall)).metadata();
    // orientation 6 turns 300×200 into 200×300, then ×2 (no text rows to measure: small pages are doubled)
    expect([out.width, out.height, out.channels]).toEqual([400, 600, 1]);
    const bin = await sharp(await prepareForOcr(png, { threshold: 128 }))
      .raw()
      .toBuffer();
    expect(new Set(bin).size).toBeLessThanOrEqual(2);
  });

  it.each([-3, -1.5, 0, 2])('estimates the skew of a page photographed at %s°', async (deg) => {
    const page = await rasterize(receiptSvg(receiptTruth(5), receiptStyle(5), 5), 'png', { rotate: deg, blur: 0.6, noise: 12 }, 5);
    const correction = await estimateSkew(page);
    expect(Math.abs(correction + deg)).toBeLessThanOrEqual(0.5);
  });

  it('measures the text-row height and turns a dark page (light text) dark-on-light', async () => {
    const rows = Array.from({ length: 8 }, (_, i) => `<text x="20" y="${40 + i * 36}" font-family="DejaVu Sans" font-size="20" fill="#f4f4f4">Blue Dream 3.5g  $35.00</text>`).join(
      '',
    );
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="720" height="330"><rect width="100%" height="100%" fill="#151a20"/>${rows}</svg>`;
    const page = await rasterize(svg, 'png');
    const a = await analysePage(page);
    expect(a.dark).toBe(true);
    expect(a.skew).toBe(0);
    // 20 px type: rows of ink about 15–24 px tall
    expect(a.rowHeight).toBeGreaterThan(12);
    expect(a.rowHeight).toBeLessThan(26);
    const { data } = await sharp(await prepareForOcr(page))
      .raw()
      .toBuffer({ resolveWithObject: true });
    const mean = data.reduce((s, v) => s + v, 0) / data.length;
    expect(mean).toBeGreaterThan(160);
  });

  it('labels: box frames around cells are left out of the row height (a framed cell is not one tall text row)', async () => {
    // Cells 60 px tall with a 2 px frame, a small key above a bold value, two per row.
    const cells = Array.from({ length: 8 }, (_, i) => {
      const x = 30 + (i % 2) * 340;
      const y = 20 + Math.floor(i / 2) * 70;
      return `<rect x="${x - 8}" y="${y}" width="320" height="60" fill="none" stroke="#111" stroke-width="2"/><text x="${x}" y="${y + 20}" font-family="DejaVu Sans" font-size="14">TOTAL THC</text><text x="${x}" y="${y + 46}" font-family="DejaVu Sans" font-size="19" font-weight="bold">27.9%</text>`;
    }).join('');
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="720" height="310"><rect width="100%" height="100%" fill="#fff"/>${cells}</svg>`;
    const page = await rasterize(svg, 'png');
    const framed = await analysePage(page);
    const text = await analysePage(page, { rules: true });
    // Without the frames the rows are the print (≈10–22 px), not the 60 px cells.
    expect(text.rowHeight).toBeGreaterThan(8);
    expect(text.rowHeight).toBeLessThan(24);
    expect(framed.rowHeight ?? 100).toBeGreaterThan(text.rowHeight ?? 0);
  });

  it('labels: light type on a dark badge is turned dark-on-light; bold dark type is left alone', async () => {
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="600" height="200"><rect width="100%" height="100%" fill="#fff"/>
      <rect x="200" y="20" width="180" height="40" fill="#2e7d32"/><text x="290" y="48" font-family="DejaVu Sans" font-size="22" font-weight="bold" text-anchor="middle" fill="#fff">INDICA</text>
      <text x="40" y="140" font-family="DejaVu Sans" font-size="44" font-weight="bold" fill="#111">CANNATRON</text></svg>`;
    const { data, info } = await sharp(await rasterize(svg, 'png'))
      .grayscale()
      .extractChannel(0)
      .raw()
      .toBuffer({ resolveWithObject: true });
    const mean = (x0: number, y0: number, x1: number, y1: number) => {
      let s = 0;
      for (let y = y0; y < y1; y++) for (let x = x0; x < x1; x++) s += data[y * info.width + x];
      return s / ((x1 - x0) * (y1 - y0));
    };
    const badgeBefore = mean(205, 22, 375, 58);
    const brandBefore = mean(40, 105, 330, 145);
    expect(invertBands(data, info.width, info.height, 26)).toBe(1);
    // The badge is now mostly paper (light), with its print dark inside it.
    expect(badgeBefore).toBeLessThan(150);
    expect(mean(205, 22, 375, 58)).toBeGreaterThan(200);
    expect(Math.min(...data.subarray(35 * info.width + 220, 35 * info.width + 360))).toBeLessThan(100);
    // The large bold word is untouched.
    expect(mean(40, 105, 330, 145)).toBe(brandBefore);
  });
});

describe('invertBands with a minimum width (receipts, before the light is evened out)', () => {
  it('turns a header band across the page and leaves a narrower dark blob (a blurred bold amount) alone', () => {
    const w = 600;
    const h = 200;
    const data = Buffer.alloc(w * h, 245);
    const set = (x0: number, y0: number, x1: number, y1: number, v: number) => {
      for (let y = y0; y < y1; y++) for (let x = x0; x < x1; x++) data[y * w + x] = v;
    };
    // A band across the page with white print in it, and a dark blob four rows wide lower down.
    set(0, 10, w, 50, 60);
    for (let x = 30; x < 200; x += 12) set(x, 20, x + 6, 40, 250);
    set(400, 120, 500, 150, 40);
    expect(invertBands(data, w, h, 26, w / 3)).toBe(1);
    // The band is paper now, its print dark; the blob is as it was.
    expect(data[15 * w + 300]).toBe(255);
    expect(data[30 * w + 32]).toBeLessThan(20);
    expect(data[135 * w + 450]).toBe(40);
    // Without the minimum width the blob is turned too.
    set(400, 120, 500, 150, 40);
    expect(invertBands(data, w, h, 26)).toBe(1);
    expect(data[135 * w + 450]).toBe(255);
  });
});

describe('eraseGridRules (receipts: a ruled Item | Qty | Price | Total grid)', () => {
  it('erases long thin grid rules, grey ones too, and keeps glyph strokes and short dashes', () => {
    const w = 400;
    const h = 200;
    const data = Buffer.alloc(w * h, 250);
    const set = (x0: number, y0: number, x1: number, y1: number, v: number) => {
      for (let y = y0; y < y1; y++) for (let x = x0; x < x1; x++) data[y * w + x] = v;
    };
    set(10, 20, 390, 22, 150); // a grey horizontal rule across the table
    set(200, 20, 202, 180, 60); // dark vertical rules down it
    set(300, 20, 302, 180, 60);
    set(50, 60, 58, 86, 20); // a glyph stem: thick, one row tall
    set(80, 100, 110, 102, 20); // a dash: thin but short
    eraseGridRules(data, w, h, 26);
    expect(data[21 * w + 100]).toBe(255);
    expect(data[100 * w + 201]).toBe(255);
    expect(data[70 * w + 54]).toBe(20);
    expect(data[101 * w + 95]).toBe(20);
  });
});

describe('eraseGridRules leaves pages without a ruled grid alone', () => {
  it('a lone rule under a header stays when no vertical rules make a grid', () => {
    const w = 400;
    const h = 200;
    const data = Buffer.alloc(w * h, 250);
    for (let x = 10; x < 390; x++) data[21 * w + x] = 60;
    const before = Buffer.from(data);
    eraseGridRules(data, w, h, 26);
    expect(data.equals(before)).toBe(true);
  });
  it('a barcode (many tall bars side by side) is no grid', () => {
    const w = 400;
    const h = 200;
    const data = Buffer.alloc(w * h, 250);
    for (let x = 100; x < 300; x += 4) for (let y = 40; y < 140; y++) data[y * w + x] = 20;
    for (let x = 10; x < 390; x++) data[21 * w + x] = 60;
    const before = Buffer.from(data);
    eraseGridRules(data, w, h, 26);
    expect(data.equals(before)).toBe(true);
  });
});

describe('maskRuns (the run length through each set pixel, along rows or columns)', () => {
  it('rows and columns of a small mask', () => {
    // 4 × 3:  1 1 0 1
    //         0 1 0 1
    //         0 1 1 1
    const mask = Uint8Array.from([1, 1, 0, 1, 0, 1, 0, 1, 0, 1, 1, 1]);
    const rows = new Uint16Array(12);
    const cols = new Uint16Array(12);
    maskRuns(mask, 4, 3, 'row', rows);
    maskRuns(mask, 4, 3, 'col', cols);
    expect([...rows]).toEqual([2, 2, 0, 1, 0, 1, 0, 1, 0, 3, 3, 3]);
    expect([...cols]).toEqual([1, 3, 0, 3, 0, 3, 0, 3, 0, 3, 1, 3]);
  });
});

describe('paperGrain (how grainy the paper of a prepared page is: the read-ahead test of local-engine.ts)', () => {
  it('white paper with dark print is not grainy; speckled grey paper is', () => {
    const w = 300;
    const h = 200;
    const crisp = new Uint8Array(w * h).fill(255);
    for (let y = 90; y < 110; y++) for (let x = 20; x < 280; x += 3) crisp[y * w + x] = 20;
    expect(paperGrain(crisp)).toBeLessThan(0.01);
    // The same page with sensor noise: a third of the paper's pixels mid-light grey.
    const noisy = Uint8Array.from(crisp, (v, i) => (v === 255 && i % 3 === 0 ? 215 : v));
    expect(paperGrain(noisy)).toBeGreaterThan(READ_AHEAD_GRAIN);
    // Print alone (no paper at all) is not grain.
    expect(paperGrain(new Uint8Array(900).fill(30))).toBe(0);
  });

  it('a phone photo prepared is grainy, the same page rendered crisp is not; only the photo is read ahead', async () => {
    const t = receiptTruth(5);
    const svg = receiptSvg(t, receiptStyle(5), 5);
    const crisp = await prepareGrey(await rasterize(svg, 'png'));
    const size = /width="(\d+)" height="(\d+)"/.exec(svg) as RegExpExecArray;
    // The bench's phone photo (skew, keystone, blur, noise, uneven light, JPEG).
    const photo = await prepareGrey(await rasterize(svg, 'jpeg', phoneDegrade(2, Number(size[1]), Number(size[2])), 5));
    expect(crisp.grain).toBeLessThan(READ_AHEAD_GRAIN);
    expect(photo.grain).toBeGreaterThanOrEqual(READ_AHEAD_GRAIN);
    expect(aheadWorthIt(crisp)).toBe(false);
    expect(aheadWorthIt(photo)).toBe(true);
  });
});

describe('analysedPage (a page measured once for all its preparations)', () => {
  it('the same bytes and option give the same measurement, measured once; another option is measured apart', async () => {
    const png = await rasterize(receiptSvg(receiptTruth(6), receiptStyle(6), 6), 'png');
    const a = analysedPage(png);
    expect(analysedPage(png)).toBe(a);
    expect(analysedPage(png, { rules: false })).toBe(a);
    const ruled = analysedPage(png, { rules: true });
    expect(ruled).not.toBe(a);
    expect(await a).toEqual(await analysePage(png));
    expect(await ruled).toEqual(await analysePage(png, { rules: true }));
    // A copy of the bytes is another page (the measurement goes with the Buffer).
    expect(analysedPage(Buffer.from(png))).not.toBe(a);
  });

  it('a skewed photo with an alpha channel and one without are prepared as before (raw hand-over, PNG for alpha)', async () => {
    const svg = receiptSvg(receiptTruth(8), receiptStyle(8), 8);
    const plain = await rasterize(svg, 'png', { rotate: 3 }, 8);
    const withAlpha = await sharp(plain).ensureAlpha().png().toBuffer();
    expect((await analysePage(plain)).skew).not.toBe(0);
    const a = await prepareGrey(plain);
    const b = await prepareGrey(withAlpha);
    expect(a.width).toBe(b.width);
    expect(a.height).toBe(b.height);
    // An opaque alpha channel changes nothing but rounding on the way: the two pages are almost the same pixels.
    let diff = 0;
    for (let i = 0; i < a.data.length; i++) diff += Math.abs(a.data[i] - b.data[i]);
    expect(diff / a.data.length).toBeLessThan(2);
  });
});
