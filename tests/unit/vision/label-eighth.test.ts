import { describe, expect, it } from 'vitest';
import { eraseChartBars } from '@/lib/vision/chart-bars';
import { eraseCodes } from '@/lib/vision/codes';
import { evenStreaks } from '@/lib/vision/glare';
import { parseLabelText } from '@/lib/vision/label-parser';
import { joinWrappedValues } from '@/lib/vision/label-wrap';
import { rng } from '@/lib/random';

/**
 * The eighth pass's label patterns (after the eighth held-out round's blind run): fields run
 * together in a wrapped small-print paragraph (a key ending one line, its value starting the
 * next), a lab name followed by the paragraph's next field, a glare streak across a dark glossy
 * label, and a QR code printed beside the brand.
 */

describe('a run-on paragraph of small print, wrapped anywhere', () => {
  it('moves a value that wrapped onto the next line back beside its key', () => {
    expect(joinWrappedValues(['Lot # AB1234-01 | Harvested', '05/02/2026 | Packaged 07/01/2026'])).toEqual(['Lot # AB1234-01 | Harvested 05/02/2026', '| Packaged 07/01/2026']);
    expect(joinWrappedValues(['Dominant terpenes: Myrcene 0.81%, Pinene 0.40% and Limonene', '0.12%.'])).toEqual([
      'Dominant terpenes: Myrcene 0.81%, Pinene 0.40% and Limonene 0.12%',
    ]);
    expect(joinWrappedValues(['THC 21.0% · Net Wt.', '3.5 g · Lot #', 'GG2601-07 · Tested', 'Jun 3, 2026 by SC Labs'])).toEqual([
      'THC 21.0% · Net Wt. 3.5 g',
      '· Lot # GG2601-07',
      '· Tested Jun 3, 2026',
      'by SC Labs',
    ]);
    // A key alone on its line (the paragraph's fields split at their separators).
    expect(joinWrappedValues(['Harvested', '04/08/2026 | Packaged 06/05/2026'])).toEqual(['Harvested 04/08/2026', '| Packaged 06/05/2026']);
  });

  it('leaves a row of bare keys over a row of values, and keys with no value after them, alone', () => {
    const grid = ['Harvest Date   Test Date   Package Date', '2026-04-01   2026-05-02   2026-06-03'];
    expect(joinWrappedValues(grid)).toEqual(grid);
    const lines = ['THC 22.1% | Lot #', 'THC 0.3% CBD', 'Tested by SC Labs | Limonene', 'Myrcene 0.4%'];
    expect(joinWrappedValues(lines)).toEqual(lines);
  });

  it('reads the fields of a wrapped compliance paragraph, the lab ending at the next field', () => {
    const p = parseLabelText(
      [
        'Net Wt. 3.5 g; THC 24.1%; CBD 0.3%; Total Cannabinoids 27.0%; Terpenes: Limonene',
        '0.61%, Myrcene 0.42%; Lot # GL2611-04; Harvested 03/02/2026; Packaged',
        '05/09/2026; Tested 04/20/2026 by Steep Hill - UBI 603 555 120; Lic# 412345',
      ].join('\n'),
    );
    expect(p.thcPct).toBe(24.1);
    expect(p.terpenes).toEqual([
      { name: 'limonene', percentage: 0.61 },
      { name: 'myrcene', percentage: 0.42 },
    ]);
    expect([p.harvestDate, p.packageDate, p.testDate]).toEqual(['2026-03-02', '2026-05-09', '2026-04-20']);
    expect(p.labName).toBe('Steep Hill');
  });
});

/** A grey page `w` × `h` of `paper`, with dark strokes (2 px wide, 14 tall) every 6 px along rows 20 px apart. */
function page(w: number, h: number, paper: number): Buffer {
  const data = Buffer.alloc(w * h, paper);
  for (let row = 10; row + 14 < h; row += 20) for (let x = 4; x + 2 < w; x += 6) for (let y = row; y < row + 14; y++) data.fill(Math.round(paper * 0.1), y * w + x, y * w + x + 2);
  return data;
}

describe('a glare streak on a dark glossy label (negated: a dark band over the page)', () => {
  it('brings the band back to paper and keeps its print dark', () => {
    const w = 300;
    const h = 120;
    const data = page(w, h, 250);
    // The streak: a band 100 px wide whose light falls to 30 % in its middle (the print inside it falls too).
    for (let y = 0; y < h; y++)
      for (let x = 100; x < 200; x++) {
        const k = 1 - 0.7 * (1 - Math.abs(x - 150) / 50);
        data[y * w + x] = Math.round(data[y * w + x] * k);
      }
    const paperBefore = data[6 * w + 135];
    evenStreaks(data, w, h, 20);
    // Paper between the rows inside the band is light again (the band's very middle, ±10 px, stays greyer); the strokes there are still ink.
    expect(paperBefore).toBeLessThan(150);
    for (const x of [112, 125, 135, 165, 175, 188]) expect(data[6 * w + x], `paper at ${x}`).toBeGreaterThan(200);
    for (const x of [136, 160]) expect(data[15 * w + x], `stroke at ${x}`).toBeLessThan(80);
    // Paper away from the band is unchanged.
    expect(data[6 * w + 30]).toBeGreaterThan(245);
  });

  it('leaves a dark margin round the label (the table, reaching the page edge) undivided', () => {
    const w = 200;
    const h = 100;
    const data = page(w, h, 250);
    const r = rng(7);
    for (let y = 0; y < h; y++) for (let x = 0; x < 30; x++) data[y * w + x] = Math.round(20 + r() * 30);
    const margin = Buffer.from(data.subarray(0, w * h));
    evenStreaks(data, w, h, 20);
    for (let y = 0; y < h; y += 7) for (let x = 0; x < 20; x += 3) expect(data[y * w + x]).toBe(margin[y * w + x]);
  });

  it('leaves a wide dark area (a light card on a dark table, negated) undivided', () => {
    const w = 300;
    const h = 100;
    const data = Buffer.alloc(w * h, 250);
    // The card's black ground over most of the page, a row of light print on it.
    for (let y = 10; y < 90; y++) data.fill(10, y * w + 40, y * w + 260);
    for (let x = 60; x < 240; x += 6) for (let y = 40; y < 54; y++) data.fill(240, y * w + x, y * w + x + 2);
    const card = Buffer.from(data);
    evenStreaks(data, w, h, 20);
    expect(data.equals(card)).toBe(true);
  });
});

describe('a QR code beside the text', () => {
  /** A page of text strokes with a QR-like code of 5 px modules at (x, y), `nx` × `ny` modules: random modules, finder squares at three corners (`finders`). */
  function withCode(w: number, h: number, x: number, y: number, nx: number, ny: number, finders = true, seed = 3): Buffer {
    const data = page(w, h, 255);
    for (let yy = y - 6; yy < y + ny * 5 + 6; yy++) data.fill(255, yy * w + x - 6, yy * w + x + nx * 5 + 6);
    const r = rng(seed);
    const mod = (i: number, j: number, ink: boolean) => {
      for (let yy = 0; yy < 5; yy++) data.fill(ink ? 0 : 255, (y + j * 5 + yy) * w + x + i * 5, (y + j * 5 + yy) * w + x + i * 5 + 5);
    };
    for (let i = 0; i < nx; i++) for (let j = 0; j < ny; j++) mod(i, j, r() < 0.5);
    if (finders)
      for (const [fi, fj] of [
        [0, 0],
        [nx - 7, 0],
        [0, ny - 7],
      ])
        for (let i = -1; i <= 7; i++)
          for (let j = -1; j <= 7; j++) {
            if (fi + i < 0 || fj + j < 0 || fi + i >= nx || fj + j >= ny) continue;
            const ring = Math.max(Math.abs(i - 3), Math.abs(j - 3));
            mod(fi + i, fj + j, ring === 3 || ring <= 1);
          }
    return data;
  }

  it('paints the code paper white and leaves the text beside it', () => {
    const w = 400;
    const h = 200;
    const data = withCode(w, h, 20, 30, 25, 25);
    const text = Buffer.from(data);
    expect(eraseCodes(data, w, h)).toBe(1);
    for (let y = 30; y < 155; y += 3) for (let x = 20; x < 145; x += 3) expect(data[y * w + x]).toBe(255);
    // The strokes right of the code's quiet zone are untouched.
    const right = (b: Buffer) => Buffer.from(b.filter((_, i) => i % w >= 160));
    expect(right(data).equals(right(text))).toBe(true);
  });

  it('leaves text, filled badges with light print and a block of modules with no finder squares alone', () => {
    const w = 400;
    const h = 200;
    expect(eraseCodes(page(w, h, 255), w, h)).toBe(0);
    // Badges: dark rounded-off bars with light strokes inside, stacked in rows.
    const badges = page(w, h, 255);
    for (let row = 0; row < 4; row++)
      for (let y = 20 + row * 40; y < 48 + row * 40; y++) for (let x = 40; x < 200; x++) badges[y * w + x] = (x - 44) % 9 < 3 && y > 24 + row * 40 && y < 44 + row * 40 ? 255 : 0;
    const before = Buffer.from(badges);
    expect(eraseCodes(badges, w, h)).toBe(0);
    expect(badges.equals(before)).toBe(true);
    expect(eraseCodes(withCode(w, h, 20, 30, 25, 25, false), w, h)).toBe(0);
  });
});

describe('a cannabinoid bar chart', () => {
  const w = 500;
  const h = 300;
  /** Filled rectangle. */
  const box = (data: Buffer, x: number, y: number, bw: number, bh: number, v = 60) => {
    for (let yy = y; yy < y + bh; yy++) data.fill(v, yy * w + x, yy * w + x + bw);
  };
  /** A figure as print: thin strokes 2 px wide, 20 px tall. */
  const figure = (data: Buffer, x: number, y: number) => {
    for (let k = 0; k < 4; k++) box(data, x + k * 6, y - 2, 2, 20, 20);
  };
  /** Bars of the given widths from x = 120, 40 px apart, each 18 px tall, a figure 12 px after each. */
  function chart(widths: number[]): Buffer {
    const data = Buffer.alloc(w * h, 255);
    widths.forEach((bw, i) => {
      box(data, 120, 40 + i * 40, bw, 18);
      figure(data, 120 + bw + 12, 40 + i * 40);
      figure(data, 20, 40 + i * 40);
    });
    return data;
  }

  it('paints every bar, the short ones too, and leaves the figures at their ends', () => {
    const data = chart([300, 4, 260, 6, 5]);
    const figures = Buffer.from(chart([0, 0, 0, 0, 0].map(() => 0)));
    expect(eraseChartBars(data, w, h, 24)).toBe(5);
    for (const [i, bw] of [300, 4, 260, 6, 5].entries()) {
      for (let x = 120; x < 120 + bw; x += 2) expect(data[(49 + i * 40) * w + x], `bar ${i} at ${x}`).toBe(255);
      // Its figure is still there.
      expect(data[(48 + i * 40) * w + 120 + bw + 12]).toBe(20);
    }
    expect(figures.length).toBe(data.length);
  });

  it('leaves a letter stem at the bars’ edge, and a page with one long bar or none, alone', () => {
    const data = chart([300, 260, 5]);
    // A heading's D above the chart: a stem at the bars' edge with its arms after it.
    box(data, 120, 10, 4, 18, 20);
    box(data, 124, 10, 10, 3, 20);
    box(data, 124, 25, 10, 3, 20);
    eraseChartBars(data, w, h, 24);
    expect(data[18 * w + 121]).toBe(20);
    const one = chart([300]);
    expect(eraseChartBars(one, w, h, 24)).toBe(0);
    const none = chart([]);
    figure(none, 200, 100);
    expect(eraseChartBars(none, w, h, 24)).toBe(0);
  });
});
