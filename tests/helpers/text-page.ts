import { createHash } from 'node:crypto';
import sharp from 'sharp';
import type { ImageInput } from '@/lib/vision/types';
import { rasterize, svgPage } from '@/tests/fixtures/vision/render';

/**
 * A plain page of text lines (dark on white, the first `boldLines` bold) as the engine's image
 * input, turned clockwise by `turn` degrees: what the engine tests read with real OCR.
 */
export async function textPage(lines: readonly string[], opts: { turn?: 0 | 90 | 180 | 270; width?: number; boldLines?: number } = {}): Promise<ImageInput> {
  const { turn = 0, width = 620, boldLines = 1 } = opts;
  const svg = svgPage(
    width,
    40 + lines.length * 34,
    lines.map((text, i) => ({ text, x: 24, y: 40 + i * 34, size: 22, bold: i < boldLines })),
    'DejaVu Sans',
    '#ffffff',
    '#111111',
  );
  const flat = await rasterize(svg, 'png');
  const bytes = turn ? await sharp(flat).rotate(turn).png().toBuffer() : flat;
  const meta = await sharp(bytes).metadata();
  return { bytes, mediaType: 'image/png', sha256: createHash('sha256').update(bytes).digest('hex'), width: meta.width ?? 0, height: meta.height ?? 0 };
}
