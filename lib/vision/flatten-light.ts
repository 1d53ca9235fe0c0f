import sharp from 'sharp';

/**
 * Even out uneven light (a phone shadow, a lamp at one corner): estimate the paper's brightness
 * on a 1/16 copy (local maximum, so dark text does not count as shadow, then smoothed), scale it
 * back up and divide every pixel by it. Dark labels (light text) are left alone.
 */
export async function flattenLight(img: { data: Buffer; info: { width: number; height: number } }): Promise<{ data: Buffer; width: number; height: number }> {
  const { width, height } = img.info;
  const data = img.data;
  let sum = 0;
  for (let i = 0; i < data.length; i += 7) sum += data[i];
  const mean = sum / Math.ceil(data.length / 7);
  if (mean < 110) return { data, width, height };
  const bg = await paperLevel(data, width, height, 1, 16);
  const out = Buffer.alloc(data.length);
  const lut = divideTable();
  for (let i = 0; i < data.length; i++) out[i] = lut[(bg[i] << 8) | data[i]];
  return { data: out, width, height };
}

let divided: Uint8Array | null = null;
/** `min(255, round(v × 255 / max(40, b)))` for every paper level `b` and pixel `v`, at index `b × 256 + v`. */
function divideTable(): Uint8Array {
  if (divided) return divided;
  divided = new Uint8Array(256 * 256);
  for (let b = 0; b < 256; b++) for (let v = 0; v < 256; v++) divided[(b << 8) | v] = Math.min(255, Math.round((v * 255) / Math.max(40, b)));
  return divided;
}

/**
 * The paper's brightness around each pixel of a page (`channels` interleaved, the first one read):
 * on a copy `cells` times smaller, the brightest value within two cells (dark print does not count
 * as shadow), smoothed and scaled back to the page's size. One byte per pixel.
 */
export async function paperLevel(data: Buffer, width: number, height: number, channels: number, cells: number): Promise<Buffer> {
  const sw = Math.max(4, Math.round(width / cells));
  const sh = Math.max(4, Math.round(height / cells));
  const small = await sharp(data, { raw: { width, height, channels: channels as 1 | 2 | 3 | 4 } })
    .resize(sw, sh, { kernel: 'cubic' })
    .extractChannel(0)
    .raw()
    .toBuffer();
  const dil = Buffer.alloc(small.length);
  const R = 2;
  for (let y = 0; y < sh; y++)
    for (let x = 0; x < sw; x++) {
      let m = 0;
      for (let dy = -R; dy <= R; dy++)
        for (let dx = -R; dx <= R; dx++) {
          const yy = Math.min(sh - 1, Math.max(0, y + dy));
          const xx = Math.min(sw - 1, Math.max(0, x + dx));
          m = Math.max(m, small[yy * sw + xx]);
        }
      dil[y * sw + x] = m;
    }
  return sharp(dil, { raw: { width: sw, height: sh, channels: 1 } })
    .blur(1)
    .resize(width, height, { kernel: 'linear' })
    .extractChannel(0)
    .raw()
    .toBuffer();
}
