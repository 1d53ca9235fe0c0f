import { describe, expect, it } from 'vitest';
import { lightSurround } from '@/lib/vision/dark-surround';
import { analysePage } from '@/lib/vision/page-analysis';
import { rasterize } from '@/tests/fixtures/vision/render';

/** A dark label (light print) photographed turned by `deg` on a light table. */
async function darkLabelPhoto(deg: number): Promise<Buffer> {
  const rows = Array.from(
    { length: 7 },
    (_, i) => `<text x="40" y="${60 + i * 34}" font-family="DejaVu Sans" font-size="18" fill="#e8e8e8">LOT WC2670-49 · HARVEST 06/07/2026 · PKG 08/24/2026</text>`,
  ).join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="760" height="320"><rect width="100%" height="100%" fill="#16141c"/>${rows}</svg>`;
  return rasterize(svg, 'png', { rotate: deg, blur: 0.5 });
}

describe('dark-surround: the table round a dark label photographed turned', () => {
  it('levels a dark label turned on a light table, and measures its rows, not the frame', async () => {
    for (const deg of [3, -3.5]) {
      const a = await analysePage(await darkLabelPhoto(deg), { rules: true });
      expect(a.dark).toBe(true);
      // Without the table left out, its pixels along the photo's border measured 0 (level).
      expect(Math.abs(a.skew + deg)).toBeLessThanOrEqual(0.5);
      // 18 px type: rows of ink ≈ 13–22 px tall, not two lines run together
      expect(a.rowHeight).toBeGreaterThan(10);
      expect(a.rowHeight).toBeLessThan(24);
    }
  });

  it('keeps a level dark label level when a glare streak crosses it', async () => {
    const rows = Array.from({ length: 3 }, (_, i) => `<text x="30" y="${50 + i * 30}" font-family="DejaVu Sans" font-size="16" fill="#e0e0e0">Ocimene 0.76%</text>`).join('');
    const streak = `<polygon points="300,0 360,0 190,300 130,300" fill="#d8d8d8" opacity="0.8"/>`;
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="760" height="300"><rect width="100%" height="100%" fill="#16201c"/>${streak}${rows}</svg>`;
    const photo = await rasterize(svg, 'png', { blur: 0.5 });
    const a = await analysePage(photo, { rules: true });
    expect(a.skew).toBe(0);
  });

  it('takes only large light pieces that touch the border', () => {
    const w = 20;
    const h = 10;
    const light = new Uint8Array(w * h);
    // a table strip along the top (touches the border, 40 px of 200)
    for (let x = 0; x < w; x++) for (let y = 0; y < 2; y++) light[y * w + x] = 1;
    // a glyph inside (does not touch the border)
    light[5 * w + 8] = light[5 * w + 9] = light[6 * w + 8] = 1;
    // a one-pixel speck on the bottom border (under 1 % of the page)
    light[9 * w + 15] = 1;
    const out = lightSurround(light, w, h);
    expect(out[0]).toBe(1);
    expect(out[w + 19]).toBe(1);
    expect(out[5 * w + 8]).toBe(0);
    expect(out[9 * w + 15]).toBe(0);
  });
});
