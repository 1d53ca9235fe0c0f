import sharp from 'sharp';
import { promptSeeds } from '@/lib/images/seed';
import { rng } from '@/lib/random';

export interface RenderedImage {
  png: Buffer;
  webp: Buffer;
  width: number;
  height: number;
}

/** The band around the vertical centre that stays calm, so a headline laid over it reads well. */
export const TITLE_BAND = { top: 0.36, bottom: 0.64 } as const;

const f = (n: number) => n.toFixed(2);
const hsl = (h: number, s: number, l: number, a = 1) => `hsla(${f(((h % 360) + 360) % 360)},${f(s)}%,${f(l)}%,${f(a)})`;

/**
 * An abstract botanical artwork as SVG, fully determined by the prompt: palette (base hue and a
 * harmony), gradient angle, and a scatter of soft discs, leaves and rings kept to the top and
 * bottom bands and the far edges. The centre band only carries a veil of the background colour.
 * No text and no fonts, so rendering does not depend on the machine's font set.
 */
export function artworkSvg(prompt: string, width: number, height: number): string {
  const seeds = promptSeeds(prompt);
  const r = rng(seeds[0]);
  const hue = seeds[1] % 360;
  const harmony = [30, 150, 180, 210, 120][seeds[2] % 5];
  const hue2 = hue + harmony;
  const hue3 = hue - harmony / 2;
  const light = seeds[3] % 2 === 0; // light or dark scheme
  const bgL = light ? 86 : 16;
  const angle = (seeds[4] % 360) * (Math.PI / 180);
  const gx = 0.5 + 0.5 * Math.cos(angle);
  const gy = 0.5 + 0.5 * Math.sin(angle);
  const bandTop = TITLE_BAND.top * height;
  const bandBottom = TITLE_BAND.bottom * height;
  const palette = [hue, hue2, hue3, hue2 + 20];

  const shapes: string[] = [];
  const count = 16 + (seeds[5] % 12);
  for (let i = 0; i < count; i++) {
    const top = r() < 0.5;
    const size = (0.04 + r() * 0.14) * height;
    const cx = r() * width;
    // Keep every shape's whole extent out of the title band.
    const cy = top ? r() * Math.max(0, bandTop - size) : bandBottom + size + r() * Math.max(0, height - bandBottom - size);
    const h = palette[Math.floor(r() * palette.length)] + (r() - 0.5) * 24;
    const sat = 45 + r() * 40;
    const lum = light ? 35 + r() * 35 : 40 + r() * 35;
    const alpha = 0.45 + r() * 0.5;
    const kind = r();
    if (kind < 0.4) {
      shapes.push(`<circle cx="${f(cx)}" cy="${f(cy)}" r="${f(size)}" fill="${hsl(h, sat, lum, alpha)}" filter="url(#soft)"/>`);
    } else if (kind < 0.75) {
      const rot = r() * 180;
      shapes.push(
        `<ellipse cx="${f(cx)}" cy="${f(cy)}" rx="${f(size)}" ry="${f(size * (0.28 + r() * 0.2))}" transform="rotate(${f(rot)} ${f(cx)} ${f(cy)})" fill="${hsl(h, sat, lum, alpha)}"/>`,
      );
    } else {
      shapes.push(`<circle cx="${f(cx)}" cy="${f(cy)}" r="${f(size * 0.8)}" fill="none" stroke="${hsl(h, sat, lum, alpha)}" stroke-width="${f(2 + r() * size * 0.12)}"/>`);
    }
  }
  // Two large soft glows at the side edges tie the bands together without entering the centre.
  const glow = (x: number, hh: number) => `<circle cx="${f(x)}" cy="${f(height / 2)}" r="${f(height * 0.22)}" fill="${hsl(hh, 60, light ? 70 : 35, 0.35)}" filter="url(#soft)"/>`;

  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">`,
    '<defs>',
    // User-space units so the veil, painted with the same gradient, lines up with the background.
    `<linearGradient id="bg" gradientUnits="userSpaceOnUse" x1="${f((1 - gx) * width)}" y1="${f((1 - gy) * height)}" x2="${f(gx * width)}" y2="${f(gy * height)}">`,
    `<stop offset="0" stop-color="${hsl(hue, 40, bgL)}"/><stop offset="1" stop-color="${hsl(hue2, 45, bgL + (light ? -8 : 10))}"/>`,
    '</linearGradient>',
    `<linearGradient id="veilFade" x1="0" y1="0" x2="0" y2="1">`,
    '<stop offset="0" stop-color="#fff" stop-opacity="0"/><stop offset="0.25" stop-color="#fff" stop-opacity="0.9"/>',
    '<stop offset="0.75" stop-color="#fff" stop-opacity="0.9"/><stop offset="1" stop-color="#fff" stop-opacity="0"/>',
    '</linearGradient>',
    `<mask id="veil"><rect x="0" y="${f(bandTop - height * 0.06)}" width="${width}" height="${f(bandBottom - bandTop + height * 0.12)}" fill="url(#veilFade)"/></mask>`,
    `<filter id="soft" x="-50%" y="-50%" width="200%" height="200%"><feGaussianBlur stdDeviation="${f(height * 0.012)}"/></filter>`,
    '</defs>',
    `<rect width="${width}" height="${height}" fill="url(#bg)"/>`,
    glow(0, hue3),
    glow(width, hue2),
    ...shapes,
    `<rect width="${width}" height="${height}" fill="url(#bg)" mask="url(#veil)"/>`,
    '</svg>',
  ].join('');
}

/** Render the artwork to PNG and WebP. Same prompt and size → byte-identical files. */
export async function renderArtwork(prompt: string, width: number, height: number): Promise<RenderedImage> {
  const svg = Buffer.from(artworkSvg(prompt, width, height), 'utf8');
  const raster = await sharp(svg, { density: 72 }).resize(width, height).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const fromRaw = () => sharp(raster.data, { raw: raster.info });
  const [png, webp] = await Promise.all([fromRaw().png({ compressionLevel: 9, adaptiveFiltering: false }).toBuffer(), fromRaw().webp({ quality: 84, effort: 4 }).toBuffer()]);
  return { png, webp, width, height };
}
