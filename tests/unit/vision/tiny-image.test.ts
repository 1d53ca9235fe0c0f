import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { loadImage, MIN_SIDE, withMinSize } from '@/lib/vision/image';
import { localEngine } from '@/lib/vision/local-engine';
import { shutdownOcrPool } from '@/lib/vision/ocr-pool';

// One worker for this file: the machine's cores are shared.
process.env.VISION_OCR_WORKERS = '1';

/**
 * Images too small for the preparation's filters (a 1 × 1 pixel PNG failed with sharp's "rank:
 * window too large", a 500 to the caller): read as a page with no text. Real OCR.
 */

const png = (width: number, height: number, alpha = false) =>
  sharp({ create: { width, height, channels: alpha ? 4 : 3, background: alpha ? { r: 0, g: 0, b: 0, alpha: 0.2 } : '#888888' } })
    .png()
    .toBuffer();

afterAll(() => shutdownOcrPool());

describe('withMinSize', () => {
  it('puts a small page on a white canvas of at least MIN_SIDE each way', async () => {
    const img = await loadImage((await png(5, 40)).toString('base64'), 'image/png');
    const out = await withMinSize(img);
    expect([out.width, out.height]).toEqual([MIN_SIDE, MIN_SIDE]);
    const meta = await sharp(out.bytes).metadata();
    expect([meta.width, meta.height]).toEqual([MIN_SIDE, MIN_SIDE]);
    // The page's own pixels stay in the corner, the margin is white.
    const { data, info } = await sharp(out.bytes).raw().toBuffer({ resolveWithObject: true });
    expect(data[0]).toBe(0x88);
    expect(data[(MIN_SIDE - 1) * info.channels]).toBe(255);
  });

  it('keeps the long side of a thin strip', async () => {
    const img = await loadImage((await png(3, 300)).toString('base64'), 'image/png');
    const out = await withMinSize(img);
    expect([out.width, out.height]).toEqual([MIN_SIDE, 300]);
  });

  it('returns a page large enough as it is', async () => {
    const img = await loadImage((await png(MIN_SIDE, MIN_SIDE)).toString('base64'), 'image/png');
    expect(await withMinSize(img)).toBe(img);
  });
});

describe('the local engine on a tiny image', { timeout: 120_000 }, () => {
  for (const [w, h, alpha] of [
    [1, 1, false],
    [2, 2, true],
    [40, 5, false],
  ] as const)
    it(`${w} × ${h}: an empty reading, no error`, async () => {
      const img = await loadImage((await png(w, h, alpha)).toString('base64'), 'image/png');
      const receipt = await localEngine().readReceipt(img);
      expect(receipt.parsed.items).toEqual([]);
      expect(receipt.parsed.total).toBeNull();
      const label = await localEngine().readLabel(img);
      expect(label.parsed.productName).toBeNull();
      expect(label.parsed.thcPct).toBeNull();
    });
});
