import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { expandAbbreviations } from '@/lib/vision/label-abbrev';
import { parseLabelText } from '@/lib/vision/label-parser';
import { splitStampCells } from '@/lib/vision/label-stamp';
import { levelAngle, stampPatch, withoutFrame } from '@/lib/vision/label-stamp-ink';
import { evenStock } from '@/lib/vision/label-stock';
import { readTerpenes } from '@/lib/vision/label-terpene-rows';
import { terpeneAbbreviation } from '@/lib/vision/terpenes';
import { rng } from '@/lib/random';

/**
 * The ninth pass's label patterns (after the ninth held-out round's blind run): a dense
 * compliance block with abbreviated keys, abbreviated terpene names on a terpene row, a rubber
 * stamp's cells beside the names, a lab after the test date and a separator, and a label on
 * coloured textured (kraft) stock evened out as ink on white.
 */

describe('abbreviated compliance keys', () => {
  it('writes a total, the total cannabinoids, the weight, the type and the date keys out in full', () => {
    expect(expandAbbreviations('THC-A 27.10%   D9 0.55%   TTL THC 24.32%')).toBe('THC-A 27.10%   D9 0.55%   Total THC 24.32%');
    expect(expandAbbreviations('THC Tot 21.90%')).toBe('Total THC 21.90%');
    expect(expandAbbreviations('T-CBD 0.41%   TotTHC 19.2%')).toBe('Total CBD 0.41%   Total THC 19.2%');
    expect(expandAbbreviations('TC 26.44%   NW 3.5g   Typ Hyb')).toBe('Total Cannabinoids 26.44%   Net Wt 3.5g   Type: Hybrid');
    expect(expandAbbreviations('Tot Cann 30.1%   Wt .5g   Typ. Ind')).toBe('Total Cannabinoids 30.1%   Net Wt .5g   Type: Indica');
    expect(expandAbbreviations('Hvst 03/02/26   Tstd 04/11/26   Pkgd 05/01/26')).toBe('Harvested 03/02/26   Tested 04/11/26   Packaged 05/01/26');
    expect(expandAbbreviations('HrvDt 03/02/2026   Pkg Dt 05/01/2026')).toBe('Harvested 03/02/2026   Packaged 05/01/2026');
    expect(expandAbbreviations('B# QT2611-08   Lab Digipath Labs')).toBe('Batch # QT2611-08   Lab: Digipath Labs');
    expect(expandAbbreviations('Tstdby  EVIO Labs')).toBe('Tested by  EVIO Labs');
  });

  it('leaves full keys, batch codes and words that only look like the short keys alone', () => {
    for (const row of [
      'Net Wt 3.5g',
      'Lot# TC2612-04',
      'Total THC 22.1%',
      'THC total 19.8 %',
      'Lab Tested by SC Labs',
      'Harvest Date: 2026-03-01',
      'Wt loss 3 days',
      'THC-A 25.01%',
    ])
      expect(expandAbbreviations(row)).toBe(row);
  });

  it('reads a dense block of abbreviated cells', () => {
    const p = parseLabelText(
      [
        'Grassroots',
        'Tropicana Cookies Flower',
        'Flower',
        'THC-A 28.14%        D9 0.36%         Tot THC 25.04%',
        'CBD-A 0.52%         CBD 0.03%        TTL CBD 0.49%',
        'TAC 29.80%          Wt 3.5g          Typ Sat',
        'Lot HF2610-22       Pkg 09/01/26     Hvst 06/20/26',
        'Tst 08/02/26        Lab SC Labs',
        'Terps: b-Myr 0.91%  Lim 0.40%  BCP 0.22%',
      ].join('\n'),
    );
    expect(p).toMatchObject({
      brand: 'Grassroots',
      productName: 'Tropicana Cookies Flower',
      thcPct: 25.04,
      cbdPct: 0.49,
      totalCannabinoidsPct: 29.8,
      netWeightGrams: 3.5,
      type: 'sativa',
      batchNumber: 'HF2610-22',
      packageDate: '2026-09-01',
      harvestDate: '2026-06-20',
      testDate: '2026-08-02',
      labName: 'SC Labs',
    });
    expect(p.terpenes).toEqual([
      { name: 'myrcene', percentage: 0.91 },
      { name: 'limonene', percentage: 0.4 },
      { name: 'caryophyllene', percentage: 0.22 },
    ]);
  });
});

describe('abbreviated terpene names', () => {
  it('resolves a known acronym or the start of one name, a major terpene over minor ones', () => {
    expect(terpeneAbbreviation('BCP')).toBe('caryophyllene');
    expect(terpeneAbbreviation('β-Myr')).toBe('myrcene');
    expect(terpeneAbbreviation('a-Pin')).toBe('pinene');
    expect(terpeneAbbreviation('Caryo')).toBe('caryophyllene');
    expect(terpeneAbbreviation('Linal')).toBe('linalool');
    expect(terpeneAbbreviation('Terpin')).toBe('terpinolene');
    expect(terpeneAbbreviation('Ca')).toBeNull();
    expect(terpeneAbbreviation('Xyl')).toBeNull();
  });

  it('reads them only on a row keyed as terpenes (and the cells split off it)', () => {
    expect(readTerpenes(['Terps: Hum 0.70%  Oci 0.35%'])).toEqual([
      { name: 'humulene', percentage: 0.7 },
      { name: 'ocimene', percentage: 0.35 },
    ]);
    expect(readTerpenes(['Terps: Hum 0.70%', 'Lin 0.12%'])).toEqual([
      { name: 'humulene', percentage: 0.7 },
      { name: 'linalool', percentage: 0.12 },
    ]);
    expect(readTerpenes(['Lim 0.41%', 'Pin 0.20%'])).toEqual([]);
    expect(readTerpenes(['Terps: Hum 0.70%', 'Net Wt 3.5g', 'Lin 0.12%'])).toEqual([{ name: 'humulene', percentage: 0.7 }]);
  });
});

describe('a rubber stamp beside the first rows', () => {
  it('takes the stamp’s key and date cells off the name rows onto a row of their own', () => {
    expect(splitStampCells(['FARMER JOE', 'Blue Dream Flower          PACKED ON', 'Hybrid Flower       2026-05-08', 'THC 21%'])).toEqual([
      'FARMER JOE',
      'Blue Dream Flower',
      'Hybrid Flower',
      'THC 21%',
      'PACKED ON 2026-05-08',
    ]);
    expect(splitStampCells(['FARMER JOE          PACKAGED oy'])).toEqual(['FARMER JOE', 'PACKAGED oy']);
  });

  it('leaves a key alone on its row and a keyed date on the row after a name alone', () => {
    expect(splitStampCells(['Packed on', '2026-05-08'])).toEqual(['Packed on', '2026-05-08']);
    expect(splitStampCells(['Blue Dream   Packed 2026-05-08'])).toEqual(['Blue Dream   Packed 2026-05-08']);
  });

  it('reads the names clean and the stamp’s date as the package date', () => {
    const p = parseLabelText(['FARMER JOE              PACKED ON', 'Blue Dream Flower       2026-05-08', 'THC 21.0% / CBD 0.4%', 'Lot BD2604-01'].join('\n'));
    expect(p).toMatchObject({ brand: 'FARMER JOE', productName: 'Blue Dream Flower', packageDate: '2026-05-08', batchNumber: 'BD2604-01' });
  });
});

describe('a lab after the test date and a separator', () => {
  it('reads the lab', () => {
    expect(parseLabelText('Brand\nName Flower\nTHC 20.1%\nTESTED 2026-05-22 - CannaSafe').labName).toBe('CannaSafe');
    expect(parseLabelText('Brand\nName Flower\nTHC 20.1%\nTESTED 05/22/2026 | Kaycha').labName).toBe('Kaycha');
  });
});

describe('coloured textured stock', () => {
  /** A kraft-like page: brown ground, specks lighter and darker, dark brown bars as print. */
  async function kraft(paper = [185, 150, 105]): Promise<Buffer> {
    const w = 300;
    const h = 120;
    const r = rng(5);
    const px = Buffer.alloc(w * h * 3);
    for (let p = 0; p < w * h; p++) {
      const s = r() < 0.08 ? (r() < 0.5 ? -35 : 30) : 0;
      for (let c = 0; c < 3; c++) px[p * 3 + c] = Math.max(0, Math.min(255, paper[c] + s));
    }
    for (let y = 40; y < 60; y++) for (let x = 40; x < 260; x++) if (x % 12 < 4) px.set([60, 36, 18], (y * w + x) * 3);
    return sharp(px, { raw: { width: w, height: h, channels: 3 } })
      .png()
      .toBuffer();
  }

  it('evens the page out as dark print on white, the specks gone', async () => {
    const out = await evenStock(await kraft());
    expect(out).not.toBeNull();
    const { data, info } = await sharp(out as Buffer)
      .raw()
      .toBuffer({ resolveWithObject: true });
    const at = (x: number, y: number) => data[(y * info.width + x) * info.channels];
    let light = 0;
    for (let y = 0; y < 30; y++) for (let x = 0; x < info.width; x++) if (at(x, y) > 200) light++;
    expect(light / (30 * info.width)).toBeGreaterThan(0.97);
    expect(at(49, 50)).toBeLessThan(40);
  });

  it('leaves white paper and a dark label alone', async () => {
    expect(await evenStock(await kraft([250, 250, 248]))).toBeNull();
    expect(await evenStock(await kraft([30, 30, 40]))).toBeNull();
  });
});

describe('a rubber stamp in a second ink, turned', () => {
  /** A kraft-coloured page with dark print at the left and a red framed stamp turned by `angle` at the top right. */
  const page = (angle: number, ink = '#a3322a') =>
    sharp(
      Buffer.from(
        `<svg xmlns="http://www.w3.org/2000/svg" width="640" height="260"><rect width="100%" height="100%" fill="#c19a6b"/>` +
          `<text x="30" y="60" font-family="DejaVu Sans" font-size="22" font-weight="bold" fill="#3b2412">HIGH DESERT FARMS</text>` +
          `<text x="30" y="120" font-family="DejaVu Sans" font-size="18" fill="#3b2412">THC 21.4%  CBD 0.2%</text>` +
          `<g transform="rotate(${angle} 505 60)"><rect x="420" y="22" width="170" height="76" fill="none" stroke="${ink}" stroke-width="3"/>` +
          `<text x="505" y="52" font-family="DejaVu Sans Mono" font-size="17" font-weight="bold" text-anchor="middle" fill="${ink}">PACKED ON</text>` +
          `<text x="505" y="82" font-family="DejaVu Sans Mono" font-size="18" font-weight="bold" text-anchor="middle" fill="${ink}">2026-03-14</text></g></svg>`,
      ),
    )
      .png()
      .toBuffer();

  it('finds the patch, levels it and paints its frame out', async () => {
    for (const angle of [-8, 7]) {
      const patch = await stampPatch(await page(angle));
      expect(patch, `${angle}°`).not.toBeNull();
      const meta = await sharp(patch as Buffer).metadata();
      // The patch is the stamp, not the page: wider than tall, far narrower scaled back than the page.
      expect((meta.width ?? 0) / (meta.height ?? 1)).toBeGreaterThan(1.3);
    }
    const g = Buffer.alloc(100 * 40, 255);
    for (let x = 0; x < 100; x++) g[5 * 100 + x] = 0;
    for (let x = 30; x < 36; x++) for (let y = 15; y < 25; y++) g[y * 100 + x] = 0;
    withoutFrame(g, 100, 40);
    expect(g[5 * 100 + 50]).toBe(255);
    expect(g[20 * 100 + 32]).toBe(0);
  });

  it('measures the turn of a patch’s lines', () => {
    const w = 200;
    const h = 80;
    for (const deg of [-9, 0, 6]) {
      const g = Buffer.alloc(w * h, 255);
      const a = (deg * Math.PI) / 180;
      for (const row of [25, 50]) for (let x = 20; x < 180; x += 1) if (x % 9 < 6) g[Math.round(row + (x - w / 2) * Math.tan(a)) * w + x] = 0;
      expect(Math.abs(levelAngle(g, w, h) - deg)).toBeLessThanOrEqual(1);
    }
  });

  it('leaves a page with no second ink alone', async () => {
    expect(await stampPatch(await page(5, '#3b2412'))).toBeNull();
  });
});
