/**
 * A grey page for pixel tests of print repairs: paper (255) with four text-like rows of vertical
 * strokes of `ink` (400 × 200 px, rows 20 px tall every 45 px, strokes 3 px wide every 9 px), and
 * every `gapEvery`th pixel row missing when it is set (a worn print head, an impact printer's dot rows).
 */
export function strokePage(ink: number, gapEvery: number | null = null): { data: Uint8Array; w: number; h: number } {
  const w = 400;
  const h = 200;
  const data = new Uint8Array(w * h).fill(255);
  for (let row = 0; row < 4; row++)
    for (let y = 20 + row * 45; y < 40 + row * 45; y++) for (let x = 20; x < 380; x++) if (x % 9 < 3 && !(gapEvery && y % gapEvery === 0)) data[y * w + x] = ink;
  return { data, w, h };
}
