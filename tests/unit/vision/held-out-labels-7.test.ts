import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { SEVENTH_HELD_OUT_LABEL_LAYOUTS, labelStyle, labelSvg, labelTruth, type LabelTruth } from '@/tests/fixtures/vision/labels';
import { expectHeldOutRound, expectRenderedPage, expectSharedFields, printedLabel, seeds } from '@/tests/fixtures/vision/label-print';

/**
 * The seventh held-out round of label layouts (issue 14): each one is built and its ground truth
 * checked against the text it prints, and each renders inside its page. No OCR here: these
 * layouts stay out of every tuning decision until their blind bench run.
 */

/** The `rotate(deg x y)` of each text run, 0 for an unturned one. */
const turns = (svg: string) => [...svg.matchAll(/<text [^>]*>/g)].map((m) => Number(/rotate\((-?\d+) /.exec(m[0])?.[1] ?? 0));

describe('seventh held-out round of label layouts', () => {
  it('names three new layouts, all in LABEL_LAYOUTS, and a random draw never picks them', () =>
    expectHeldOutRound(SEVENTH_HELD_OUT_LABEL_LAYOUTS, ['pill-badge', 'arc-lid', 'skewed-photo']));

  it('leaves the older layouts’ truth and style draws as they were', () => {
    for (const layout of ['keyed', 'jar-lid', 'turned-strip'] as const) {
      expect(labelTruth(100, layout)).toEqual(labelTruth(100, layout));
      expect((labelTruth(100, layout) as { skew?: number }).skew).toBeUndefined();
    }
    // The sixth round's strip keeps its own turn; the jar lid its straight lines.
    expect(Math.abs((labelTruth(1000, 'turned-strip') as { turn?: number }).turn ?? 0)).toBe(90);
    const lid = labelSvg(labelTruth(100, 'jar-lid'), labelStyle(100, 'jar-lid'), 100);
    expect(turns(lid).every((d) => d === 0)).toBe(true);
  });

  for (const layout of SEVENTH_HELD_OUT_LABEL_LAYOUTS)
    it(`${layout}: the truth holds what the label prints, and nothing it does not`, () => {
      for (const seed of seeds(layout)) {
        const p = printedLabel(layout, seed);
        const { t, style, svg, lines, all, has } = p;
        expectSharedFields(p, `${layout} #${seed}`);
        if (t.labName) has(t.labName);
        has(`THC${t.thcPct.toFixed(1)}%`);
        has(`CBD${t.cbdPct?.toFixed(1)}%`);
        for (const tp of t.terpenes) expect(all).toMatch(new RegExp(`${tp.percentage.toFixed(2).replace('.', '\\.')}%`));
        const grams = [...all.matchAll(/(\d*\.?\d+) ?g\b/gi)].map((m) => Number(m[1]));
        expect(grams).toContain(t.netWeightGrams);

        if (layout === 'pill-badge') {
          expect(t.harvestDate).toBeNull();
          expect(t.terpenes.length).toBeLessThanOrEqual(3);
          // Each value is a run of its own in white, sitting on a rounded pill of the accent colour.
          const white = [...svg.matchAll(/<text [^>]*fill="#ffffff"[^>]*>([^<]*)<\/text>/g)].map((m) => m[1]);
          expect(white).toEqual(
            expect.arrayContaining([`${t.thcPct.toFixed(1)}%`, `${t.cbdPct?.toFixed(1)}%`, `${t.totalCannabinoidsPct?.toFixed(1)}%`, t.batchNumber, t.labName]),
          );
          const pills = [...svg.matchAll(/<rect [^>]*fill="([^"]+)" rx="\d+"/g)].map((m) => m[1]);
          expect(pills.length).toBe(white.length);
          expect(new Set(pills)).toEqual(new Set([style.accent]));
          // Keys are separate runs in ink.
          expect(lines).toEqual(expect.arrayContaining(['THC', 'CBD', 'Type', 'Batch', 'Packed', 'Tested', 'Lab']));
        }
        if (layout === 'arc-lid') {
          expect(t.totalCannabinoidsPct).toBeNull();
          expect(t.terpenes).toEqual([]);
          expect(t.harvestDate).toBeNull();
          // A square page (the lid), a round sticker on it.
          const [, w, h] = /width="(\d+)" height="(\d+)"/.exec(svg) as RegExpExecArray;
          expect(w).toBe(h);
          expect(svg).toMatch(new RegExp(`rx="${(Number(w) - 16) / 2}"`));
          // The arc lines are single words, each turned with the arc (the outer words of a long line up to ≈35°), both ways.
          const deg = turns(svg).filter((d) => d !== 0);
          expect(deg.length).toBeGreaterThanOrEqual(4);
          expect(Math.max(...deg.map(Math.abs))).toBeLessThan(40);
          expect(deg.some((d) => d < 0) && deg.some((d) => d > 0)).toBe(true);
          expect(lines).toContain('Lot');
          expect(lines).toContain('Tested');
          // The potency line runs straight.
          expect(lines).toContain(`THC ${t.thcPct.toFixed(1)}%   CBD ${t.cbdPct?.toFixed(1)}%`);
        }
        if (layout === 'skewed-photo') {
          const x = t as LabelTruth & { skew?: number; turn?: number };
          expect(Math.abs(x.skew ?? 0)).toBeGreaterThanOrEqual(6);
          expect(Math.abs(x.skew ?? 0)).toBeLessThanOrEqual(12);
          expect(Math.abs(x.turn ?? 0)).toBeGreaterThanOrEqual(2);
          expect(Math.abs(x.turn ?? 0)).toBeLessThanOrEqual(5);
          expect(svg).toContain(`rotate(${x.turn}) skewX(${x.skew})`);
          expect(t.terpenes.length).toBeLessThanOrEqual(3);
          has(`Total Cannabinoids ${t.totalCannabinoidsPct?.toFixed(1)}%`);
          has(`Testing Lab: ${t.labName}`);
        }
      }
    });

  it('renders each layout to an image of the page size, with ink on it (no OCR)', async () => {
    for (const layout of SEVENTH_HELD_OUT_LABEL_LAYOUTS)
      for (const seed of seeds(layout).slice(0, 2)) {
        const style = labelStyle(seed, layout);
        const svg = labelSvg(labelTruth(seed, layout), style, seed);
        const { png } = await expectRenderedPage(svg);
        if (layout === 'skewed-photo' || layout === 'arc-lid') {
          // The corners are table / lid, not label paper: the label sits inside the photo.
          const corner = await sharp(png).extract({ left: 0, top: 0, width: 6, height: 6 }).png().toBuffer();
          const cs = await sharp(corner).stats();
          const paper = parseInt(style.paper.slice(1, 3), 16);
          expect(Math.abs(cs.channels[0].mean - paper), `${layout} #${seed} corner`).toBeGreaterThan(20);
        }
      }
  });
});
