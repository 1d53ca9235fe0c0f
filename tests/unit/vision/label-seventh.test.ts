import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { analysePage } from '@/lib/vision/image';
import { parseLabelText, unglued, withoutPillEdges } from '@/lib/vision/label-parser';
import { fillFromRim, findRim, unrollArc } from '@/lib/vision/label-round';

/**
 * The seventh pass's label patterns (after the seventh held-out round's blind run): values in
 * pills whose rounded ends OCR reads as brackets and bars, a `Lab` key whose colon was lost, and
 * round stickers: the rim left out of the row-height measurement, the rim found and its ring
 * unrolled into a straight strip, and the rim's reading filling only the page reading's gaps.
 */

describe('value pills: their ends read as brackets and bars', () => {
  it('drops unpaired brackets and turns a bracket or bar after a key into its colon', () => {
    expect(withoutPillEdges('THC 26.4%) CBD (0.8% TAC (30.7%')).toBe('THC 26.4% CBD: 0.8% TAC: 30.7%');
    expect(withoutPillEdges('Tested (04/23/2026 ) Lab (CannaSafe )')).toBe('Tested: 04/23/2026  Lab: CannaSafe ');
    expect(withoutPillEdges('Batch | LX2680-27 = Packed | 06/03/2026')).toBe('Batch: LX2680-27 = Packed: 06/03/2026');
  });

  it('leaves paired brackets and bars between fields alone', () => {
    expect(withoutPillEdges('Net Wt 3.5g (1/8 oz)')).toBe('Net Wt 3.5g (1/8 oz)');
    expect(withoutPillEdges('THC 27.3% | CBD 0.4% | Total Cannabinoids 29.9%')).toBe('THC 27.3% | CBD 0.4% | Total Cannabinoids 29.9%');
    // An unpaired bracket before a letter may be a misread C: kept for the batch-letter repair.
    expect(withoutPillEdges('Batch/Lot #: (X2628-66')).toBe('Batch/Lot #: (X2628-66');
  });

  it('reads a pill label’s OCR rows into its fields', () => {
    const rows = [
      'HAPPY',
      'Lemonade Flower',
      'THC (26.1% )   CBD (0.9% ) TAC (29.8% )',
      'Type (Indica )   Net Weight (7 g',
      'Top Terpenes',
      '(a-Humulene 1.26%   |   (Limonene 0.18%',
      'Batch | LX2680-27 = Packed | 06/03/2026',
      'Tested (05/08/2026 | Lab | CannaSafe',
    ];
    const p = parseLabelText(rows.join('\n'));
    expect(p.thcPct).toBe(26.1);
    expect(p.cbdPct).toBe(0.9);
    expect(p.totalCannabinoidsPct).toBe(29.8);
    expect(p.type).toBe('indica');
    expect(p.netWeightGrams).toBe(7);
    expect(p.batchNumber).toBe('LX2680-27');
    expect(p.packageDate).toBe('2026-06-03');
    expect(p.testDate).toBe('2026-05-08');
    expect(p.labName).toBe('CannaSafe');
    expect(p.terpenes.map((t) => t.name)).toEqual(['humulene', 'limonene']);
  });

  it('puts back the space OCR lost between a date key and its date', () => {
    expect(unglued('Lot PK2601-40 - Packed10/20/2026')).toBe('Lot PK2601-40 - Packed 10/20/2026');
    expect(unglued('Tested09/22/2026by EVIO Labs')).toBe('Tested 09/22/2026 by EVIO Labs');
    const p = parseLabelText('BHANG\nPink Kush Flower\nLot PK2601-40 - Packed10/20/2026\nTested09/22/2026by EVIO Labs');
    expect(p.packageDate).toBe('2026-10-20');
    expect(p.testDate).toBe('2026-09-22');
    expect(p.labName).toBe('EVIO Labs');
    // A word that merely starts like a key is left alone.
    expect(unglued('Packedge 12')).toBe('Packedge 12');
  });

  it('takes a `Lab` key whose colon was lost off the lab’s name', () => {
    expect(parseLabelText('HAPPY\nLemonade Flower\nTested: 05/08/2026 |   Lab Digipath Labs').labName).toBe('Digipath Labs');
    expect(parseLabelText('HAPPY\nLemonade Flower\nLab: Steep Hill').labName).toBe('Steep Hill');
  });
});

/** A binarised page of `w` × `h` with an ellipse outline of half-axes rx, ry around (cx, cy). */
function ring(w: number, h: number, cx: number, cy: number, rx: number, ry: number): Uint8Array {
  const ink = new Uint8Array(w * h);
  for (let a = 0; a < 3600; a++) {
    const t = (a / 3600) * 2 * Math.PI;
    ink[Math.round(cy + ry * Math.sin(t)) * w + Math.round(cx + rx * Math.cos(t))] = 1;
  }
  return ink;
}

describe('round stickers', () => {
  it('finds a round or oval outline, and no rim on a page with a square frame', () => {
    const round = findRim(ring(200, 200, 100, 100, 90, 90), 200, 200);
    expect(round).not.toBeNull();
    expect(Math.abs((round?.cx ?? 0) - 100)).toBeLessThan(1.5);
    expect(Math.abs((round?.rx ?? 0) - 90)).toBeLessThan(1.5);
    const oval = findRim(ring(220, 200, 110, 100, 100, 85), 220, 200);
    expect(oval?.rx).toBeGreaterThan(oval?.ry ?? Infinity);
    const frame = new Uint8Array(200 * 200);
    for (let i = 10; i < 190; i++)
      for (const [x, y] of [
        [i, 10],
        [i, 189],
        [10, i],
        [189, i],
      ])
        frame[y * 200 + x] = 1;
    expect(findRim(frame, 200, 200)).toBeNull();
    // A small circle (a logo) is no rim.
    expect(findRim(ring(200, 200, 60, 60, 30, 30), 200, 200)).toBeNull();
  });

  it('unrolls the upper arc outer edge up and the lower arc inner edge up', () => {
    const w = 400;
    const grey = Buffer.alloc(w * w, 255);
    // A dark dot at the top of the circle near the rim, another at the bottom near the centre side.
    const dot = (x: number, y: number) => {
      for (let dy = -3; dy <= 3; dy++) for (let dx = -3; dx <= 3; dx++) grey[(y + dy) * w + x + dx] = 0;
    };
    const rim = { cx: 200, cy: 200, rx: 180, ry: 180 };
    dot(200, 200 - Math.round(0.9 * 180));
    dot(200, 200 + Math.round(0.6 * 180));
    const darkRow = (s: { data: Buffer; width: number; height: number }) => {
      const col = Math.round(s.width / 2);
      for (let y = 0; y < s.height; y++) if (s.data[y * s.width + col] < 128) return y / s.height;
      return -1;
    };
    const upper = unrollArc(grey, w, w, rim, true);
    const lower = unrollArc(grey, w, w, rim, false);
    // Upper strip: outer radius at the top, so the 0.9 dot is near the top; lower: inner radius at the top.
    expect(darkRow(upper)).toBeGreaterThanOrEqual(0);
    expect(darkRow(upper)).toBeLessThan(0.3);
    expect(darkRow(lower)).toBeGreaterThanOrEqual(0);
    expect(darkRow(lower)).toBeLessThan(0.35);
    expect(upper.width).toBeGreaterThan(upper.height);
  });

  it('fills only the fields the page reading left empty', () => {
    const page = parseLabelText('BHANG\nPink Kush Premium Flower\nTHC 22.8%   CBD 1.0%\nNet Wt 3.5g');
    const rim = parseLabelText('SOMETHING ELSE\nIndica · Flower\nLot PK2601-40 · Packed 07/26/2026\nTested 06/03/2026 by EVIO Labs\nTHC 99.9%');
    const both = fillFromRim(page, rim);
    expect(both.thcPct).toBe(22.8);
    expect(both.brand).toBe(page.brand);
    expect(both.productName).toBe('Pink Kush Premium Flower');
    expect(both.batchNumber).toBe('PK2601-40');
    expect(both.packageDate).toBe('2026-07-26');
    expect(both.testDate).toBe('2026-06-03');
    expect(both.labName).toBe('EVIO Labs');
    expect(both.type).toBe('indica');
    expect(both.coverage).toBeGreaterThan(page.coverage);
  });

  it('measures the text rows of a round sticker, not the rim around them', async () => {
    const lines = ['Pink Kush Premium Flower', 'THC 22.8%   CBD 1.0%', 'Net Wt 3.5g (1/8 oz)', 'Lot PK2601-40'];
    const text = lines.map((l, i) => `<text x="330" y="${260 + i * 32}" font-family="DejaVu Sans" font-size="20" text-anchor="middle">${l}</text>`).join('');
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="660" height="660"><rect width="100%" height="100%" fill="#2f3b2f"/><rect x="8" y="8" width="644" height="644" rx="322" fill="#ffffff"/><rect x="24" y="24" width="612" height="612" rx="306" fill="none" stroke="#1565c0" stroke-width="2"/>${text}</svg>`;
    const png = await sharp(Buffer.from(svg)).png().toBuffer();
    const page = await analysePage(png, { rules: true });
    expect(page.rowHeight).not.toBeNull();
    expect(page.rowHeight as number).toBeLessThan(40);
    expect(page.rowHeight as number).toBeGreaterThan(10);
  });
});
