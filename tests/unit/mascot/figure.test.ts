import { describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { BODY_PATH, CROWN_PATHS, customPoseSpec, mascotSvg, PALETTE, STANDARD_POSES, STANDARD_POSE_KEYS, type PoseSpec } from '@/lib/mascot/figure';

const SIZE = 160;
const hex = (h: string) => [1, 3, 5].map((i) => parseInt(h.slice(i, i + 2), 16));
const near = (px: Buffer, i: number, c: number[], tol = 24) => Math.abs(px[i] - c[0]) <= tol && Math.abs(px[i + 1] - c[1]) <= tol && Math.abs(px[i + 2] - c[2]) <= tol;

async function raster(spec: PoseSpec): Promise<Buffer> {
  return sharp(Buffer.from(mascotSvg(spec, SIZE)))
    .resize(SIZE, SIZE)
    .removeAlpha()
    .raw()
    .toBuffer();
}

/** Pixel masks of one palette colour. */
function mask(px: Buffer, colour: string): boolean[] {
  const c = hex(colour);
  const out: boolean[] = [];
  for (let i = 0; i < px.length; i += 3) out.push(near(px, i, c));
  return out;
}
const share = (m: boolean[]) => m.filter(Boolean).length / m.length;
function iou(a: boolean[], b: boolean[]): number {
  let inter = 0;
  let union = 0;
  for (let i = 0; i < a.length; i++) {
    if (a[i] && b[i]) inter++;
    if (a[i] || b[i]) union++;
  }
  return inter / union;
}

const customs = ['waving hello', 'reading a lab report', 'Gardening', 'Late night snack'];
const poses: [string, PoseSpec][] = [
  ...STANDARD_POSE_KEYS.map((k) => [k, STANDARD_POSES[k].spec] as [string, PoseSpec]),
  ...customs.map((c) => [c, customPoseSpec(c)] as [string, PoseSpec]),
];

describe('the local mascot: one recognisable character in every pose', () => {
  it.each(poses)('%s uses only the palette, and the same body, crown and outline', (_k, spec) => {
    const svg = mascotSvg(spec);
    const colours = new Set([...svg.matchAll(/(?:fill|stroke)="(#[0-9a-f]{6})"/gi)].map((m) => m[1].toLowerCase()));
    const palette = new Set(Object.values(PALETTE));
    expect([...colours].filter((c) => !palette.has(c as never))).toEqual([]);
    for (const core of [PALETTE.outline, PALETTE.body, PALETTE.belly, PALETTE.leaf, PALETTE.cheek]) expect(colours.has(core)).toBe(true);
    expect(svg).toContain(`<path d="${BODY_PATH}" fill="${PALETTE.body}" stroke="${PALETTE.outline}" stroke-width="10"`);
    for (const d of CROWN_PATHS) expect(svg).toContain(`<path d="${d}" fill="${PALETTE.leaf}" stroke="${PALETTE.outline}"`);
    expect(svg).not.toMatch(/<text|font-family/);
  });

  it('rendered poses share the palette and the silhouette (pixel comparison)', async () => {
    const rasters = await Promise.all(poses.map(([, spec]) => raster(spec)));
    const ref = rasters[0];
    const refBody = mask(ref, PALETTE.body);
    const refOutline = share(mask(ref, PALETTE.outline));
    for (const px of rasters) {
      const body = mask(px, PALETTE.body);
      // The body colour covers a similar share of every pose, mostly at the same pixels.
      expect(share(body)).toBeGreaterThan(0.15);
      expect(share(body) / share(refBody)).toBeGreaterThan(0.75);
      expect(share(body) / share(refBody)).toBeLessThan(1.33);
      expect(iou(body, refBody)).toBeGreaterThan(0.7);
      // The same thick outline, and the crown and belly colours present.
      expect(share(mask(px, PALETTE.outline)) / refOutline).toBeGreaterThan(0.6);
      expect(share(mask(px, PALETTE.outline)) / refOutline).toBeLessThan(1.8);
      expect(share(mask(px, PALETTE.leaf))).toBeGreaterThan(0.01);
      expect(share(mask(px, PALETTE.belly))).toBeGreaterThan(0.05);
    }
  });

  it('poses differ from one another (eyes, mouth, arms, props)', async () => {
    const svgs = new Set(STANDARD_POSE_KEYS.map((k) => mascotSvg(STANDARD_POSES[k].spec)));
    expect(svgs.size).toBe(STANDARD_POSE_KEYS.length);
    const [a, b] = await Promise.all([raster(STANDARD_POSES.welcome.spec), raster(STANDARD_POSES.sleepy.spec)]);
    expect(a.equals(b)).toBe(false);
  });

  it('custom poses follow their words and are stable', () => {
    expect(customPoseSpec('waving hello')).toMatchObject({ arms: 'wave' });
    expect(customPoseSpec('Sleeping in')).toMatchObject({ eyes: 'closed', prop: 'zzz' });
    expect(customPoseSpec('Gardening')).toEqual(customPoseSpec('gardening'));
  });
});
