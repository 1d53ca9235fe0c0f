import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { FOURTH_HELD_OUT_LABEL_LAYOUTS, LABEL_LAYOUTS, labelStyle, labelSvg, labelTruth, type LabelLayout, type LabelTruth } from '@/tests/fixtures/vision/labels';
import { rasterize, printedTexts } from '@/tests/fixtures/vision/render';

/**
 * The fourth held-out round of label layouts (issue 14): each one is built and its ground truth
 * checked against the text it prints. No OCR here: these layouts stay out of every tuning
 * decision until their blind bench run.
 */

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** The date as the layout prints it: `10.03.26` on the jar lid, else the style's ISO, US or month form. */
function dateForms(iso: string, layout: LabelLayout): string[] {
  const [y, m, d] = iso.split('-');
  if (layout === 'jar-lid') return [`${m}.${d}.${y.slice(2)}`];
  return [iso, `${m}/${d}/${y}`, `${MONTHS[Number(m) - 1]} ${Number(d)}, ${y}`];
}

// The bench's seeds for its first three images of each layout, and a few more.
const seeds = (layout: LabelLayout) => [0, 1, 2, 3, 4, 5].map((k) => 100 + k * 31 + LABEL_LAYOUTS.indexOf(layout) * 1000);

describe('fourth held-out round of label layouts', () => {
  it('names three new layouts, all in LABEL_LAYOUTS, and a random draw never picks them', () => {
    expect(FOURTH_HELD_OUT_LABEL_LAYOUTS).toEqual(['jar-lid', 'edible-mg', 'side-strip']);
    for (const l of FOURTH_HELD_OUT_LABEL_LAYOUTS) expect(LABEL_LAYOUTS).toContain(l);
    for (let seed = 0; seed < 300; seed++) expect(FOURTH_HELD_OUT_LABEL_LAYOUTS).not.toContain(labelStyle(seed).layout);
  });

  for (const layout of FOURTH_HELD_OUT_LABEL_LAYOUTS)
    it(`${layout}: the truth holds what the label prints, and nothing it does not`, () => {
      for (const seed of seeds(layout)) {
        const t: LabelTruth = labelTruth(seed, layout);
        const style = labelStyle(seed, layout);
        expect(style.layout).toBe(layout);
        const lines = printedTexts(labelSvg(t, style, seed));
        const all = lines.join('\n');
        const squashed = all.replace(/\s+/g, '').toLowerCase();
        const has = (s: string) => expect(all, `${layout} #${seed} prints ${s}`).toContain(s);

        expect(squashed).toContain(t.brand.replace(/\s+/g, '').toLowerCase());
        for (const w of t.productName.split(' ')) has(w);
        has(`${t.thcPct.toFixed(layout === 'jar-lid' ? 1 : 2)}%`);
        if (t.cbdPct === null) expect(all).toMatch(layout === 'edible-mg' ? /^CBD\b/m : /CBD (<LOQ|ND)/);
        else has(`${t.cbdPct.toFixed(layout === 'jar-lid' ? 1 : 2)}%`);
        expect(t.totalCannabinoidsPct).not.toBeNull();
        has(`${t.totalCannabinoidsPct?.toFixed(layout === 'jar-lid' ? 1 : 2)}%`);
        for (const tp of t.terpenes) has(`${tp.percentage.toFixed(2)}%`);
        expect(t.netWeightGrams).not.toBeNull();
        const grams = [...all.matchAll(/(\d*\.?\d+) ?g\b/g)].map((m) => Number(m[1]));
        expect(grams).toContain(t.netWeightGrams);
        has(t.batchNumber ?? '∅');
        has(t.labName ?? '∅');
        for (const date of [t.testDate, t.packageDate, t.harvestDate]) if (date) expect(dateForms(date, layout).some((f) => all.includes(f))).toBe(true);

        if (layout === 'jar-lid') {
          expect(t.harvestDate).toBeNull();
          expect(t.terpenes.length).toBeGreaterThanOrEqual(2);
          expect(t.terpenes.length).toBeLessThanOrEqual(3);
          // Only the printed terpenes: every percentage figure on the sticker is a terpene, THC, CBD or TAC.
          const figures = all.match(/\d+\.\d+%/g) ?? [];
          expect(figures.length).toBe(t.terpenes.length + (t.cbdPct === null ? 2 : 3));
          expect(t.thcMg).toBeUndefined();
        }
        if (layout === 'edible-mg') {
          expect(t.category).toBe('Edible');
          has('Edible');
          expect(t.terpenes).toEqual([]);
          expect(t.harvestDate).toBeNull();
          has(`${t.thcMg}mg per package`);
          if (t.cbdMg === null) expect(all).not.toMatch(/Total CBD/);
          else has(`${t.cbdMg}mg per package`);
          // The percentage is the package's milligrams over its weight.
          expect(t.thcPct).toBeCloseTo(((t.thcMg ?? 0) / ((t.netWeightGrams ?? 1) * 1000)) * 100, 2);
        }
        if (layout === 'side-strip') {
          expect(t.harvestDate).not.toBeNull();
          expect(t.terpenes.length).toBeGreaterThanOrEqual(3);
          has(`Producer: ${t.brand}`);
          // Every terpene has its row; `Total Terpenes` is printed and is no terpene.
          expect(all).toMatch(/Total Terpenes: \d+\.\d{2}%/);
          expect(t.thcMg).toBeUndefined();
        }
      }
    });

  it('renders each layout to an image of the page size (no OCR)', async () => {
    for (const layout of FOURTH_HELD_OUT_LABEL_LAYOUTS) {
      const seed = seeds(layout)[0];
      const svg = labelSvg(labelTruth(seed, layout), labelStyle(seed, layout), seed);
      const [, w, h] = /width="(\d+)" height="(\d+)"/.exec(svg) as RegExpExecArray;
      const png = await rasterize(svg, 'png');
      const meta = await sharp(png).metadata();
      expect([meta.width, meta.height]).toEqual([Number(w), Number(h)]);
      const stats = await sharp(png).stats();
      // Not a blank page: dark ink on light paper somewhere.
      expect(stats.channels[0].min).toBeLessThan(80);
      expect(stats.channels[0].max).toBeGreaterThan(200);
    }
  });
});
