import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { eraseCodes } from '@/lib/vision/codes';
import { eraseDarkPageCodes } from '@/lib/vision/dark-codes';
import { parseLabelText } from '@/lib/vision/label-parser';
import { tableRows } from '@/lib/vision/label-table-rows';
import { fromSpanish } from '@/lib/vision/label-spanish';
import { qrCode } from '@/tests/fixtures/vision/label-fourteenth';
import { rasterize, rng, svgPage } from '@/tests/fixtures/vision/render';

/** The twenty-first label pass (issue 14): rules found on the twenty-first round's blind run, each shown on text or pixels made here. */

describe('a QR code on a dark label (dark-codes.ts)', () => {
  /** A dark page with a QR code printed dark on a white block, negated as the engine prepares it. */
  async function negatedPage(): Promise<{ data: Buffer; w: number; h: number }> {
    const q = rng(7);
    const svg = svgPage(
      420,
      300,
      [{ text: 'Test Date: 2026.09.12', x: 20, y: 60, size: 18 }],
      'DejaVu Sans',
      '#121212',
      '#f4f4f0',
      [{ x: 264, y: 54, w: 132, h: 132, fill: '#ffffff' }],
      qrCode(q, 270, 60, 120, 25, '#111111'),
    );
    const png = await rasterize(svg, 'png');
    const { data, info } = await sharp(png).grayscale().negate({ alpha: false }).extractChannel(0).raw().toBuffer({ resolveWithObject: true });
    return { data, w: info.width, h: info.height };
  }

  it('finds the code by its printed finders and paints it and its block paper white', async () => {
    const { data, w, h } = await negatedPage();
    // The code as the negated page shows it (light modules on a dark block) has no finder to find.
    expect(eraseCodes(Buffer.from(data), w, h)).toBe(0);
    expect(eraseDarkPageCodes(data, w, h)).toBe(1);
    let ink = 0;
    for (let y = 56; y < 184; y++) for (let x = 266; x < 394; x++) if (data[y * w + x] < 128) ink++;
    expect(ink).toBe(0);
    // The text beside it stays.
    let text = 0;
    for (let y = 40; y < 66; y++) for (let x = 20; x < 200; x++) if (data[y * w + x] < 128) text++;
    expect(text).toBeGreaterThan(50);
  });
});

describe('a cannabinoid table of names over shares (label-table-rows.ts)', () => {
  it('pairs each share with the name above it', () => {
    const rows = ['THC      THCa      CBD      CBN      CBG      TAC', '18.1%    20.0%    1.0%    0.1%    1.1%    23.1%'];
    expect(tableRows(rows)).toEqual(['THC: 18.1%   THCa: 20.0%   CBD: 1.0%   CBN: 0.1%   CBG: 1.1%   TAC: 23.1%', '']);
    const p = parseLabelText(['EVEREST', 'Y Griega Pre-Roll', ...rows].join('\n'));
    expect([p.thcPct, p.cbdPct, p.totalCannabinoidsPct]).toEqual([18.1, 1, 23.1]);
  });

  it('reads the total THC column of an extract, not its Δ9 or THCa', () => {
    const p = parseLabelText(
      ['CURE INJOY', 'Apple Fritter Cartridge', 'TOTAL THC | THCa | D9-THC | CBD | CBN | CBG | TAC', '89.0% | 1.6% | 87.6% | 0.9% | 0.3% | 0.5% | 93.2%'].join('\n'),
    );
    expect([p.thcPct, p.cbdPct, p.totalCannabinoidsPct]).toEqual([89, 0.9, 93.2]);
  });

  it('leaves a row of shares under no head, or with a different count, alone', () => {
    const rows = ['THC      CBD      TAC', '18.1%    1.0%'];
    expect(tableRows(rows)).toEqual(rows);
    expect(tableRows(['Myrcene 0.82%   Limonene 0.41%'])).toEqual(['Myrcene 0.82%   Limonene 0.41%']);
  });
});

describe('an edible’s milligrams per package and per serving (label-table-rows.ts)', () => {
  it('reads milligrams printed before their key, the package’s over the serving’s', () => {
    const p = parseLabelText(
      ['ghost.', 'Pennywise Fruit Chews', 'POTENCY', '100 mg THC per package | 5 mg THC per serving', '20 mg CBD per package | 1 mg CBD per serving'].join('\n'),
    );
    expect([p.thcMg, p.cbdMg, p.thcPct]).toEqual([100, 20, null]);
    expect(parseLabelText('5 mg THC per serving | 100 mg THC per package').thcMg).toBe(100);
  });

  it('reads the per-package column of a per-serving | per-package table, in either order', () => {
    const table = ['per serving                 per package', 'THC          10 mg          200 mg', 'CBD          1mg          20 mg'];
    const p = parseLabelText(['Dime Industries', 'Lemon Haze Mints', ...table].join('\n'));
    expect([p.thcMg, p.cbdMg]).toEqual([200, 20]);
    expect(p.productName).toBe('Lemon Haze Mints');
    expect(parseLabelText('per package    per serving\nTHC | 200 mg | 10 mg').thcMg).toBe(200);
  });
});

describe('an edible’s class heading is no brand (label-parser.ts)', () => {
  it('passes over `Cannabis-infused product` above the brand', () => {
    // Also with the word before `infused` garbled by blur (`MARTIUANA`).
    for (const head of ['CANNABIS INFUSED EDIBLE', 'MARIJUANA-INFUSED PRODUCT', 'Cannabis-Infused Product', 'MARTIUANA INFUSED PRODUCT']) {
      const p = parseLabelText([head, 'Dime Industries', 'Lemon Haze Mints', 'Sativa · Edible', 'THC 100mg/pkg, 10mg/serving'].join('\n'));
      expect([p.brand, p.productName]).toEqual(['Dime Industries', 'Lemon Haze Mints']);
    }
  });
});

describe('dates and types a compliance strip prints (label-dates.ts, label-spanish.ts)', () => {
  it('reads a day-first date whose month is no Spanish abbreviation (`11-AUG-2026`, `02-JAN-2026`)', () => {
    const p = parseLabelText('LOT YG2683-67 · HARVEST 02-JAN-2026 · PACKAGED 17-DEC-2026 · TEST DATE 11-AUG-2026');
    expect([p.harvestDate, p.packageDate, p.testDate]).toEqual(['2026-01-02', '2026-12-17', '2026-08-11']);
  });

  it('keeps `Indica` before a bar or slash that is no translation of it', () => {
    expect(fromSpanish('Indica | Pre-Roll | NET WT 1g')).toBe('Indica | Pre-Roll | NET WT 1g');
    expect(parseLabelText('EVEREST      Indica | Pre-Roll | NET WT 1g\nY Griega Pre-Roll').type).toBe('indica');
    // The bilingual pair still leaves the English word.
    expect(fromSpanish('Tipo / Type: Índica / Indica')).toContain('Indica');
    expect(fromSpanish('Índica / Indica')).toBe('Indica');
  });
});
