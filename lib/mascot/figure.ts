import { createHash } from 'node:crypto';
import sharp from 'sharp';
import type { RenderedImage } from '@/lib/images/render-local';

/**
 * The mascot as the local renderer draws it: one character ("Terpy", a round sprout with a
 * three-leaf crown) in every pose. The body, crown, feet, belly, cheeks and the outline are the
 * same paths in the same colours in every pose; a pose only changes the eyes, mouth, arms and a
 * prop, and every colour comes from PALETTE. No text and no fonts (the "Z"s are paths), so the
 * output does not depend on the machine.
 */

export const PALETTE = {
  outline: '#1d3325',
  body: '#6cc070',
  belly: '#d6efc4',
  leaf: '#2f8f4e',
  cheek: '#f29e92',
  eye: '#ffffff',
  accent: '#f2c14e',
  sky: '#8ecae6',
  halo: '#e4f3da',
  bg: '#f7fbf3',
} as const;
const C = PALETTE;

export const BODY_PATH = 'M256 130 C350 130 410 210 410 300 C410 390 345 440 256 440 C167 440 102 390 102 300 C102 210 162 130 256 130 Z';
export const CROWN_PATHS = [
  'M254 134 C220 120 195 95 185 70 C215 75 245 100 254 134 Z',
  'M258 134 C292 120 317 95 327 70 C297 75 267 100 258 134 Z',
  'M256 135 C236 95 240 55 256 30 C272 55 276 95 256 135 Z',
] as const;
export const OUTLINE_WIDTH = 10;

export type Eyes = 'open' | 'closed' | 'happy' | 'worried' | 'up';
export type Mouth = 'smile' | 'grin' | 'flat' | 'o' | 'wavy';
export type Arms = 'rest' | 'wave' | 'chin' | 'up' | 'down' | 'cheeks' | 'hold';
export type Prop = 'sparkle' | 'bubbles' | 'confetti' | 'zzz' | 'drop' | 'box' | 'none';

export interface PoseSpec {
  eyes: Eyes;
  mouth: Mouth;
  arms: Arms;
  prop: Prop;
}

export const STANDARD_POSES = {
  welcome: { title: 'Welcome', spec: { eyes: 'open', mouth: 'smile', arms: 'wave', prop: 'sparkle' } },
  thinking: { title: 'Thinking', spec: { eyes: 'up', mouth: 'flat', arms: 'chin', prop: 'bubbles' } },
  celebrating: { title: 'Celebrating', spec: { eyes: 'happy', mouth: 'grin', arms: 'up', prop: 'confetti' } },
  sleepy: { title: 'Sleepy', spec: { eyes: 'closed', mouth: 'o', arms: 'down', prop: 'zzz' } },
  error: { title: 'Something went wrong', spec: { eyes: 'worried', mouth: 'wavy', arms: 'cheeks', prop: 'drop' } },
  empty: { title: 'Nothing here yet', spec: { eyes: 'open', mouth: 'flat', arms: 'hold', prop: 'box' } },
} as const satisfies Record<string, { title: string; spec: PoseSpec }>;
export type StandardPose = keyof typeof STANDARD_POSES;
export const STANDARD_POSE_KEYS = Object.keys(STANDARD_POSES) as StandardPose[];

const KEYWORDS: [RegExp, Partial<PoseSpec>][] = [
  [/wav|hello|hi\b|greet|welcome/i, { arms: 'wave', prop: 'sparkle', eyes: 'open', mouth: 'smile' }],
  [/think|idea|wonder|search|read|research/i, { arms: 'chin', prop: 'bubbles', eyes: 'up' }],
  [/party|celebrat|win|yay|success|done|congrat/i, { arms: 'up', prop: 'confetti', eyes: 'happy', mouth: 'grin' }],
  [/sleep|night|tired|rest|calm|relax/i, { arms: 'down', prop: 'zzz', eyes: 'closed', mouth: 'o' }],
  [/error|oops|sad|fail|broken|lost|offline/i, { arms: 'cheeks', prop: 'drop', eyes: 'worried', mouth: 'wavy' }],
  [/empty|nothing|box|search/i, { arms: 'hold', prop: 'box' }],
];

/** A custom pose: keywords pick what they name; the rest is seeded by the pose text. */
export function customPoseSpec(pose: string): PoseSpec {
  const h = createHash('sha256').update(pose.toLowerCase()).digest();
  const pick = <T>(xs: readonly T[], i: number) => xs[h[i] % xs.length];
  const spec: PoseSpec = {
    eyes: pick(['open', 'happy', 'up'] as const, 0),
    mouth: pick(['smile', 'grin', 'flat'] as const, 1),
    arms: pick(['rest', 'wave', 'up', 'hold'] as const, 2),
    prop: pick(['sparkle', 'none', 'confetti'] as const, 3),
  };
  for (const [re, parts] of KEYWORDS) if (re.test(pose)) return { ...spec, ...parts };
  return spec;
}

const stroke = (w = OUTLINE_WIDTH) => `stroke="${C.outline}" stroke-width="${w}" stroke-linejoin="round" stroke-linecap="round"`;

function eyes(kind: Eyes): string {
  const at = [215, 297];
  switch (kind) {
    case 'closed':
      return at.map((x) => `<path d="M${x - 24} 272 Q${x} 290 ${x + 24} 272" fill="none" ${stroke(8)}/>`).join('');
    case 'happy':
      return at.map((x) => `<path d="M${x - 24} 282 Q${x} 250 ${x + 24} 282" fill="none" ${stroke(8)}/>`).join('');
    default: {
      const [dx, dy, r] = kind === 'up' ? [6, -10, 12] : kind === 'worried' ? [0, 4, 9] : [3, 2, 12];
      const brows = kind === 'worried' ? `<path d="M190 232 L238 222" fill="none" ${stroke(8)}/><path d="M322 232 L274 222" fill="none" ${stroke(8)}/>` : '';
      return (
        at.map((x) => `<circle cx="${x}" cy="270" r="26" fill="${C.eye}" ${stroke(8)}/><circle cx="${x + dx}" cy="${270 + dy}" r="${r}" fill="${C.outline}"/>`).join('') + brows
      );
    }
  }
}

function mouth(kind: Mouth): string {
  switch (kind) {
    case 'grin':
      return `<path d="M226 318 Q256 362 286 318 Z" fill="${C.outline}" ${stroke(6)}/>`;
    case 'flat':
      return `<path d="M240 330 Q256 326 272 330" fill="none" ${stroke(7)}/>`;
    case 'o':
      return `<circle cx="256" cy="332" r="8" fill="${C.outline}"/>`;
    case 'wavy':
      return `<path d="M228 336 Q240 326 252 336 Q264 346 276 336" fill="none" ${stroke(7)}/>`;
    default:
      return `<path d="M232 320 Q256 346 280 320" fill="none" ${stroke(7)}/>`;
  }
}

const ARMS: Record<Arms, [string, string]> = {
  rest: ['M112 318 Q80 360 96 396', 'M400 318 Q432 360 416 396'],
  wave: ['M112 318 Q80 360 96 396', 'M400 300 Q452 250 442 186'],
  chin: ['M112 318 Q80 360 96 396', 'M400 330 Q366 384 304 352'],
  up: ['M112 292 Q70 232 90 172', 'M400 292 Q442 232 422 172'],
  down: ['M114 330 Q100 384 122 414', 'M398 330 Q412 384 390 414'],
  cheeks: ['M112 306 Q120 360 168 318', 'M400 306 Q392 360 344 318'],
  hold: ['M118 340 Q140 404 196 404', 'M394 340 Q372 404 316 404'],
};

/** Arms are thick strokes: an outline-coloured stroke with a body-coloured one on top. */
function arms(kind: Arms): string {
  return ARMS[kind].map((d) => `<path d="${d}" fill="none" ${stroke(30)}/><path d="${d}" fill="none" stroke="${C.body}" stroke-width="16" stroke-linecap="round"/>`).join('');
}

function prop(kind: Prop): string {
  switch (kind) {
    case 'sparkle':
      return `<path d="M455 120 L464 145 L489 154 L464 163 L455 188 L446 163 L421 154 L446 145 Z" fill="${C.accent}" ${stroke(5)}/>`;
    case 'bubbles':
      return [
        [388, 160, 10],
        [418, 120, 16],
        [452, 70, 30],
      ]
        .map(([x, y, r]) => `<circle cx="${x}" cy="${y}" r="${r}" fill="${C.eye}" ${stroke(6)}/>`)
        .join('');
    case 'confetti': {
      const bits: [number, number, string, number][] = [
        [70, 90, C.accent, 20],
        [130, 50, C.cheek, -30],
        [390, 60, C.sky, 40],
        [450, 110, C.accent, -15],
        [40, 200, C.sky, 60],
        [470, 220, C.cheek, 10],
        [200, 40, C.leaf, 75],
        [330, 30, C.accent, -50],
      ];
      return bits.map(([x, y, c, rot]) => `<rect x="${x}" y="${y}" width="18" height="10" rx="2" fill="${c}" transform="rotate(${rot} ${x + 9} ${y + 5})"/>`).join('');
    }
    case 'zzz':
      return `<path d="M372 150 h34 l-34 34 h34" fill="none" ${stroke(7)}/><path d="M424 92 h24 l-24 24 h24" fill="none" ${stroke(6)}/>`;
    case 'drop':
      return `<path d="M388 196 Q408 228 388 242 Q368 228 388 196 Z" fill="${C.sky}" ${stroke(5)}/>`;
    case 'box':
      return `<path d="M190 384 L322 384 L322 456 L190 456 Z" fill="${C.accent}" ${stroke(8)}/><path d="M190 384 L170 356 M322 384 L342 356" fill="none" ${stroke(8)}/>`;
    default:
      return '';
  }
}

/** Arms that reach in front of the body are drawn over it (and over a held prop). */
const FRONT_ARMS = new Set<Arms>(['chin', 'cheeks', 'hold']);

export function mascotSvg(spec: PoseSpec, size = 1024): string {
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 512 512">`,
    `<rect width="512" height="512" fill="${C.bg}"/>`,
    `<circle cx="256" cy="290" r="226" fill="${C.halo}"/>`,
    // Feet under the body, then the body, belly, crown and cheeks: identical in every pose.
    `<ellipse cx="205" cy="440" rx="40" ry="18" fill="${C.leaf}" ${stroke()}/>`,
    `<ellipse cx="307" cy="440" rx="40" ry="18" fill="${C.leaf}" ${stroke()}/>`,
    FRONT_ARMS.has(spec.arms) ? '' : arms(spec.arms),
    `<path d="${BODY_PATH}" fill="${C.body}" ${stroke()}/>`,
    `<ellipse cx="256" cy="352" rx="92" ry="66" fill="${C.belly}"/>`,
    ...CROWN_PATHS.map((d) => `<path d="${d}" fill="${C.leaf}" ${stroke(8)}/>`),
    `<ellipse cx="178" cy="314" rx="19" ry="11" fill="${C.cheek}"/>`,
    `<ellipse cx="334" cy="314" rx="19" ry="11" fill="${C.cheek}"/>`,
    eyes(spec.eyes),
    mouth(spec.mouth),
    prop(spec.prop),
    FRONT_ARMS.has(spec.arms) ? arms(spec.arms) : '',
    '</svg>',
  ].join('');
}

/** PNG and WebP of a pose. Same pose → byte-identical files. */
export async function renderMascot(spec: PoseSpec, size = 1024): Promise<RenderedImage> {
  const raster = await sharp(Buffer.from(mascotSvg(spec, size)), { density: 72 })
    .resize(size, size)
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const fromRaw = () => sharp(raster.data, { raw: raster.info });
  const [png, webp] = await Promise.all([fromRaw().png({ compressionLevel: 9, adaptiveFiltering: false }).toBuffer(), fromRaw().webp({ quality: 90, effort: 4 }).toBuffer()]);
  return { png, webp, width: size, height: size };
}
