import sharp from 'sharp';
import { paperLevel } from '@/lib/vision/flatten-light';

/**
 * Labels printed on coloured, textured stock (kraft paper: a mid-brown ground full of darker and
 * lighter fibre specks, dark brown ink). The page preparation's binarised analysis takes such a
 * page for a dark one (most of it is darker than its threshold) and the specks for text rows, and
 * tesseract reads nothing. Here the paper is measured locally (the brightest tone around each
 * point, as the light is evened out elsewhere) and every pixel mapped by its share of that paper
 * tone: the ink (≈ a third of the paper's tone) comes out black, the paper and the fibre specks
 * (within ≈ 20 % of it) white.
 */

/** The page's median tone must be this far from white and from black to count as coloured stock. */
const STOCK_TONE = { min: 95, max: 205 };
/** Shares of the local paper tone mapped to black and to white. */
const INK_SHARE = 0.38;
const PAPER_SHARE = 0.8;

/** The page evened out as dark ink on white, or null when its ground is white or dark (not coloured stock). */
export async function evenStock(bytes: Buffer): Promise<Buffer | null> {
  const { data, info } = await sharp(bytes).rotate().grayscale().raw().toBuffer({ resolveWithObject: true });
  const { width, height } = info;
  const ch = info.channels;
  const hist = new Uint32Array(256);
  for (let i = 0; i < data.length; i += ch * 5) hist[data[i]]++;
  const total = hist.reduce((a, b) => a + b, 0);
  let median = 0;
  for (let acc = 0; median < 255 && acc + hist[median] < total / 2; median++) acc += hist[median];
  if (median < STOCK_TONE.min || median > STOCK_TONE.max) return null;
  // The paper tone around each point: the brightest of a small copy's neighbourhood, smoothed.
  const bg = await paperLevel(data, width, height, ch, 12);
  const out = Buffer.alloc(width * height);
  for (let p = 0; p < width * height; p++) {
    const share = data[p * ch] / Math.max(30, bg[p]);
    out[p] = Math.round(255 * Math.min(1, Math.max(0, (share - INK_SHARE) / (PAPER_SHARE - INK_SHARE))));
  }
  return sharp(out, { raw: { width, height, channels: 1 } })
    .png({ compressionLevel: 1 })
    .toBuffer();
}

/** A label reading that found less than this share of its fields is read again from the evened-out stock (local-engine.ts). */
export const STOCK_REREAD_BELOW = 0.8;
