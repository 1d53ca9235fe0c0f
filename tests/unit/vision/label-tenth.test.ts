import { describe, expect, it } from 'vitest';
import { eraseChartMarks } from '@/lib/vision/chart-marks';
import { formRow, formValues, markedOption, withoutProductKey } from '@/lib/vision/label-form';
import { holeTotals } from '@/lib/vision/label-hole';
import { parseLabelText } from '@/lib/vision/label-parser';
import { besideCannabinoids, readTerpenes } from '@/lib/vision/label-terpene-rows';

/** The rules added after the tenth label round's blind run (hand-filled forms, donut charts and their legends). */

describe('a form row of printed boxes, one marked', () => {
  it('reads the option whose box reads as a mark, not as an empty box', () => {
    expect(markedOption('TYPE [Indica   A sativa   [1 Hybrid')).toBe('TYPE: Sativa');
    expect(markedOption('TYPE A indica  [sativa [J Hybrid')).toBe('TYPE: Indica');
    expect(markedOption('CATEGORY [JFlower [JPre-Roll [J Concentrate   A Vape')).toBe('CATEGORY: Vape');
    expect(markedOption('CATEGORY [X] Flower []Pre-Roll [J Concentrate []Vape')).toBe('CATEGORY: Flower');
  });

  it('takes the one option whose box was not read at all when the others read empty', () => {
    expect(markedOption('TYPE [] Indica Sativa [] Hybrid')).toBe('TYPE: Sativa');
  });

  it('keeps only the key when no single box is marked, so no unmarked word is read as the answer', () => {
    expect(markedOption('TYPE [Jindica [Sativa [Hybrid')).toBe('TYPE:');
    expect(markedOption('TYPE A Indica X Sativa [] Hybrid')).toBe('TYPE:');
  });

  it('leaves rows without printed boxes as they are', () => {
    for (const row of ['Sativa-dominant Hybrid', 'Indica / Sativa / Hybrid', 'Hybrid · Flower · Net Wt 3.5g', 'Flower | Pre-Roll']) expect(markedOption(row)).toBe(row);
  });
});

describe('a form’s keys and handwritten values', () => {
  it('drops a PRODUCT key printed without a colon, also as OCR misreads it', () => {
    expect(withoutProductKey('PRODUCT White Gold Smalls')).toBe('White Gold Smalls');
    expect(withoutProductKey('prRobUCT White Gold Smalls')).toBe('White Gold Smalls');
    expect(withoutProductKey('proouct Strawberry Cough Cartridge')).toBe('Strawberry Cough Cartridge');
  });

  it('leaves other keys and keyed products alone', () => {
    for (const row of ['Product: Blue Dream 3.5g', 'Product Type: Flower', 'PRODUCT INFORMATION', 'PROTECT FROM LIGHT', 'Producer Acme Farms', 'Granddaddy Purple'])
      expect(withoutProductKey(row)).toBe(row);
  });

  it('puts a unit printed before the value after it', () => {
    expect(formValues('THC% 25.5                       cBD% 0.5')).toBe('THC 25.5%                       CBD 0.5%');
    expect(formValues('TOTAL CANNABINOIDS % 30.0   NET WT 1g')).toBe('TOTAL CANNABINOIDS 30.0%   NET WT 1g');
    expect(formValues('Total THC (%) 21.4')).toBe('Total THC 21.4%');
    expect(formValues('THC% 78.0   cep% 1.1')).toBe('THC 78.0%   CBD 1.1%');
    // A percentage already after its figure is left alone.
    expect(formValues('THC 24.1%  CBD 0.3%')).toBe('THC 24.1%  CBD 0.3%');
  });

  it('drops rule-line underscores at a value’s ends, ungles a net weight, reads ¢ after its figure as g', () => {
    expect(formValues('BATCH # _WG2632-77_')).toBe('BATCH # WG2632-77');
    expect(formValues('Indica Pre-Roll — NetWt1g')).toBe('Indica Pre-Roll — NetWt 1g');
    expect(formValues('NetWt3.5¢g')).toBe('NetWt 3.5g');
    expect(formValues('NETWT .5¢')).toBe('NETWT .5g');
    expect(formValues('Price 5¢')).toBe('Price 5¢');
    // The abbreviation's point before a figure is the figure's decimal point.
    expect(formValues('Netwt.5g')).toBe('Netwt .5g');
  });

  it('drops the form’s title', () => {
    expect(formRow('PRODUCT INFORMATION')).toBe('');
    expect(formRow('BATCH LABEL')).toBe('');
    expect(formRow('Batch: AB2611-04')).toBe('Batch: AB2611-04');
  });

  it('reads a whole hand-filled form', () => {
    const p = parseLabelText(
      [
        'WANA EDIBLES',
        'PRODUCT INFORMATION',
        'prRobUCT White Gold Smalls',
        'TYPE [Indica   A sativa   [1 Hybrid',
        'CATEGORY  A Flower     [J Pre-Roll       [J concentrate ~~ [] Vape',
        'THC% 25.5                       cBD% 0.5',
        'TOTAL CANNABINOIDS % 30.0                    NETWT 1g',
        'BATCH # _WG2632-77                    HARVESTED 8/9/26',
      ].join('\n'),
    );
    expect(p.brand).toBe('WANA EDIBLES');
    expect(p.productName).toBe('White Gold Smalls');
    expect(p.type).toBe('sativa');
    expect(p.category).toBe('Flower');
    expect([p.thcPct, p.cbdPct, p.totalCannabinoidsPct, p.netWeightGrams]).toEqual([25.5, 0.5, 30, 1]);
    expect(p.batchNumber).toBe('WG2632-77');
  });
});

describe('a donut chart and its legend', () => {
  it('keys the figure in the hole by the TOTAL / CANNABINOIDS under it', () => {
    expect(holeTotals(['30.4% CBD 1.0% Humulene 0.69%', 'TOTAL CBG 0.3%', 'NABINOIDS Bisabolol 0.41%'])[0]).toBe('Total Cannabinoids 30.4% CBD 1.0% Humulene 0.69%');
    expect(holeTotals(['27.3%', 'TOTAL CANNABINOIDS'])[0]).toBe('Total Cannabinoids 27.3%');
  });

  it('leaves a figure over TOTAL THC, or over no TOTAL, alone', () => {
    expect(holeTotals(['24.1%', 'TOTAL THC'])[0]).toBe('24.1%');
    expect(holeTotals(['24.1%', 'CANNABINOIDS'])[0]).toBe('24.1%');
    // A grid of keys over values: the figure under TOTAL CANNABINOIDS is its value.
    expect(holeTotals(['THC CBD', '27.9% 1.0%', 'TOTAL CANNABINOIDS HARVESTED', '32.7% Aug 13, 2026'])[1]).toBe('27.9% 1.0%');
    expect(holeTotals(['THC', '27.9%', 'TOTAL CANNABINOIDS', '32.7%'])[1]).toBe('27.9%');
  });

  it('reads a terpene on a row beside the cannabinoid legend', () => {
    expect(besideCannabinoids('31.9% CBD 1.1% Pinene 1.08%')).toBe('31.9% Pinene 1.08%');
    expect(besideCannabinoids('Total Cannabinoids 27.1%')).toBe('Total Cannabinoids 27.1%');
    expect(readTerpenes(['THC 28.4%', '31.9% CBD 1.1% Pinene 1.08%', 'TOTAL CBG 0.3% Humulene 1.05%']).map((t) => t.name)).toEqual(['pinene', 'humulene']);
    expect(readTerpenes(['THC 24.1% CBD 0.3%', 'Total Cannabinoids 27.1%'])).toEqual([]);
  });
});

/** A white page with dark blocks painted in. */
function page(w: number, h: number, paint: (x: number, y: number) => boolean): Buffer {
  const data = Buffer.alloc(w * h, 255);
  for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) if (paint(x, y)) data[y * w + x] = 30;
  return data;
}
const inkAt = (data: Buffer, w: number, x: number, y: number) => data[y * w + x] < 200;

describe('eraseChartMarks', () => {
  const W = 400;
  const H = 240;
  const row = 24;

  it('leaves a decimal point, a QR-like block of many runs and a blurred bold word run together', () => {
    const point = (x: number, y: number) => x >= 100 && x < 107 && y >= 100 && y < 107;
    // A lattice of thick bars: thick strokes, under 60 % ink, but five runs across most rows and columns.
    const qr = (x: number, y: number) => x >= 200 && x < 350 && y >= 40 && y < 190 && ((x - 200) % 36 < 12 || (y - 40) % 36 < 12);
    const word = (x: number, y: number) => x >= 40 && x < 180 && y >= 180 && y < 208 && x % 10 < 7;
    // A QR code's finder: a solid square with its frame a module away all round.
    const finder = (x: number, y: number) => {
      const inFrame = x >= 352 && x < 394 && y >= 192 && y < 234;
      const gapRing = x >= 358 && x < 388 && y >= 198 && y < 228;
      const centre = x >= 364 && x < 382 && y >= 204 && y < 222;
      return (inFrame && !gapRing) || centre;
    };
    const data = page(W, H, (x, y) => point(x, y) || qr(x, y) || word(x, y) || finder(x, y));
    eraseChartMarks(data, W, H, row);
    expect(inkAt(data, W, 103, 103)).toBe(true);
    expect(inkAt(data, W, 204, 44)).toBe(true);
    expect(inkAt(data, W, 42, 190)).toBe(true);
    expect(inkAt(data, W, 372, 212)).toBe(true);
  });

  it('paints a legend swatch and a donut ring white, keeps the text beside them', () => {
    const ringAt = (x: number, y: number) => {
      const r = Math.hypot(x - 100, y - 120);
      return r >= 40 && r <= 62;
    };
    const swatch = (x: number, y: number) => x >= 200 && x < 214 && y >= 100 && y < 114;
    // A letter's stem beside the swatch's row, a gap away (the legend's key).
    const stem = (x: number, y: number) => x >= 224 && x < 227 && y >= 98 && y < 116;
    const data = page(W, H, (x, y) => ringAt(x, y) || swatch(x, y) || stem(x, y));
    expect(eraseChartMarks(data, W, H, row)).toBe(2);
    expect(inkAt(data, W, 100, 65)).toBe(false);
    expect(inkAt(data, W, 206, 106)).toBe(false);
    expect(inkAt(data, W, 225, 106)).toBe(true);
  });

  it('leaves a thin frame, a solid block with a letter close beside it and a filled band with white text in it', () => {
    const frame = (x: number, y: number) => x >= 20 && x <= 180 && y >= 20 && y <= 180 && (x <= 21 || x >= 179 || y <= 21 || y >= 179);
    const block = (x: number, y: number) => x >= 240 && x < 254 && y >= 40 && y < 54;
    const close = (x: number, y: number) => x >= 256 && x < 259 && y >= 40 && y < 54;
    const band = (x: number, y: number) => x >= 220 && x < 380 && y >= 120 && y < 200 && !(y >= 150 && y < 170 && x % 6 < 3);
    const data = page(W, H, (x, y) => frame(x, y) || block(x, y) || close(x, y) || band(x, y));
    expect(eraseChartMarks(data, W, H, row)).toBe(0);
    expect(inkAt(data, W, 20, 100)).toBe(true);
    expect(inkAt(data, W, 245, 45)).toBe(true);
    expect(inkAt(data, W, 300, 130)).toBe(true);
  });
});
