import { describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { artworkSvg, renderArtwork, TITLE_BAND } from '@/lib/images/render-local';

const W = 480;
const H = 252;

async function rgb(png: Buffer): Promise<Buffer> {
  return sharp(png).removeAlpha().raw().toBuffer();
}

/** Mean absolute per-channel difference, 0 (identical) … 1 (black vs white everywhere). */
function pixelDifference(a: Buffer, b: Buffer): number {
  let sum = 0;
  for (let i = 0; i < a.length; i++) sum += Math.abs(a[i] - b[i]);
  return sum / (a.length * 255);
}

/** Mean gradient magnitude of luminance over rows [y0, y1): how busy a region is. */
function busyness(px: Buffer, y0: number, y1: number): number {
  const lum = (x: number, y: number) => {
    const i = (y * W + x) * 3;
    return 0.2126 * px[i] + 0.7152 * px[i + 1] + 0.0722 * px[i + 2];
  };
  let sum = 0;
  let n = 0;
  for (let y = Math.max(1, y0); y < Math.min(H - 1, y1); y++) {
    for (let x = 1; x < W - 1; x++) {
      sum += Math.abs(lum(x + 1, y) - lum(x - 1, y)) + Math.abs(lum(x, y + 1) - lum(x, y - 1));
      n++;
    }
  }
  return sum / n;
}

describe('local artwork renderer', () => {
  it('is deterministic: the same prompt gives byte-identical PNG and WebP', async () => {
    const a = await renderArtwork('Editorial hero about terpenes', W, H);
    const b = await renderArtwork('Editorial hero about terpenes', W, H);
    expect(a.png.equals(b.png)).toBe(true);
    expect(a.webp.equals(b.webp)).toBe(true);
    expect(artworkSvg('x', W, H)).toBe(artworkSvg('x', W, H));
  });

  it('writes real PNG and WebP files of the requested size', async () => {
    const a = await renderArtwork('format check', W, H);
    expect(a.png.subarray(0, 8).toString('hex')).toBe('89504e470d0a1a0a');
    expect(a.webp.subarray(0, 4).toString('ascii')).toBe('RIFF');
    expect(a.webp.subarray(8, 12).toString('ascii')).toBe('WEBP');
    for (const buf of [a.png, a.webp]) {
      const m = await sharp(buf).metadata();
      expect([m.width, m.height]).toEqual([W, H]);
    }
    expect(a.webp.length).toBeLessThan(a.png.length);
  });

  it('gives different prompts visibly different images (pixel difference)', async () => {
    const prompts = ['Understanding terpenes', 'Understanding terpenes!', 'Tolerance breaks', 'Reading a lab label', 'Shopping a dispensary menu'];
    const images = await Promise.all(prompts.map(async (p) => rgb((await renderArtwork(p, W, H)).png)));
    const diffs: number[] = [];
    for (let i = 0; i < images.length; i++) for (let j = i + 1; j < images.length; j++) diffs.push(pixelDifference(images[i], images[j]));
    // 0.04 means on average every channel of every pixel differs by ~10 levels of 255; even a
    // one-character change of the prompt moves the whole composition and palette.
    expect(Math.min(...diffs)).toBeGreaterThan(0.04);
    expect(pixelDifference(images[0], images[0])).toBe(0);
  });

  it('keeps the centre band calm for a title (title-safe composition)', async () => {
    const top = Math.round(TITLE_BAND.top * H);
    const bottom = Math.round(TITLE_BAND.bottom * H);
    for (const p of ['Understanding terpenes', 'Tolerance breaks', 'Label confusion', 'Menus are overwhelming', 'You overpay']) {
      const px = await rgb((await renderArtwork(p, W, H)).png);
      const centre = busyness(px, top, bottom);
      const outer = (busyness(px, 0, top) + busyness(px, bottom, H)) / 2;
      expect(centre, p).toBeLessThan(outer * 0.5);
    }
  });
});
