import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { TENTH_HELD_OUT_LABEL_LAYOUTS, labelStyle, labelSvg, labelTruth, type LabelTruth } from '@/tests/fixtures/vision/labels';
import { handDate, type TenthExtra } from '@/tests/fixtures/vision/label-tenth';
import { dateForms, expectHeldOutRound, expectRenderedPage, expectSharedFields, printedLabel, seeds, squash } from '@/tests/fixtures/vision/label-print';

/**
 * The tenth held-out round of label layouts (issue 14): each one is built and its ground truth
 * checked against the text it prints, and each renders inside its page. No OCR here: these
 * layouts stay out of every tuning decision until their blind bench run.
 */

type Truth = LabelTruth & TenthExtra & { weightText: string };

/** The date in the forms label-print knows, and handwritten `M/D/YY`. */
const withHand = (iso: string) => [...dateForms(iso), squash(handDate(iso))];

describe('tenth held-out round of label layouts', () => {
  it('names three new layouts, all in LABEL_LAYOUTS, and a random draw never picks them', () =>
    expectHeldOutRound(TENTH_HELD_OUT_LABEL_LAYOUTS, ['clear-film', 'donut-legend', 'tick-form']));

  it('leaves the older layouts’ truth and style draws as they were', () => {
    for (const layout of ['keyed', 'kraft-stamp', 'abbrev-block'] as const) {
      const t = labelTruth(100, layout) as Truth;
      expect(t.film).toBeUndefined();
      expect(t.cbgPct).toBeUndefined();
      expect(t.hand).toBeUndefined();
    }
    expect(labelStyle(100, 'abbrev-block').size).toBeLessThanOrEqual(14);
  });

  it('writes dates by hand as M/D/YY without leading zeros', () => {
    expect(handDate('2026-03-09')).toBe('3/9/26');
    expect(handDate('2026-11-21')).toBe('11/21/26');
    expect(handDate(null)).toBe('');
  });

  for (const layout of TENTH_HELD_OUT_LABEL_LAYOUTS)
    it(`${layout}: the truth holds what the label prints, and nothing it does not`, () => {
      for (const seed of seeds(layout)) {
        const p = printedLabel(layout, seed);
        const { style, svg, all, has } = p;
        const t = p.t as Truth;
        // The hand-filled form's values are drawn as their own text elements; printedTexts reads them too.
        expectSharedFields(p, `${layout} #${seed}`, withHand);
        has(t.labName ?? '∅');
        expect(t.terpenes.length).toBeLessThanOrEqual(3);
        for (const tp of t.terpenes) expect(all).toMatch(new RegExp(`${tp.percentage.toFixed(2).replace('.', '\\.')}%`));

        if (layout === 'clear-film') {
          has(`THC ${t.thcPct.toFixed(1)}%`);
          has(`CBD ${t.cbdPct?.toFixed(1)}%`);
          has(`Total Cannabinoids ${t.totalCannabinoidsPct?.toFixed(1)}%`);
          has(`Net Wt ${t.weightText}`);
          // No paper: the page is the product's colour, the ink white on dark products and dark on light ones.
          expect(t.film).toBeDefined();
          expect(svg).toContain(`<rect width="100%" height="100%" fill="${t.film?.base}"/>`);
          const inkLight = /fill="#(ffffff|f6f1e4)" +xml:space/.test(svg);
          expect(inkLight).toBe(t.film?.lightInk);
          expect([...svg.matchAll(/rx="\d+" fill-opacity/g)].length).toBeGreaterThanOrEqual(10);
        }
        if (layout === 'donut-legend') {
          // The legend's figures add up to the total printed in the hole.
          const sum = t.thcPct + (t.cbdPct ?? 0) + (t.cbgPct ?? 0) + (t.otherPct ?? 0);
          expect(Math.abs(sum - (t.totalCannabinoidsPct ?? 0))).toBeLessThan(0.051);
          expect(t.cbgPct).toBeGreaterThan(0);
          expect(t.otherPct).toBeGreaterThan(0);
          for (const v of [t.thcPct.toFixed(1), t.cbdPct?.toFixed(1), t.totalCannabinoidsPct?.toFixed(1)]) expect(p.lines).toContain(`${v}%`);
          expect(p.lines).toEqual(expect.arrayContaining(['THC', 'CBD', 'CBG', 'Other', 'TOTAL', 'CANNABINOIDS']));
          expect([...svg.matchAll(/stroke-dasharray/g)].length).toBe(4 + t.terpenes.length);
          expect(svg.match(/Net Wt [^<]*/)?.[0]).toContain(t.weightText);
        }
        if (layout === 'tick-form') {
          // Every type and category word is printed; only one box of each row is marked.
          for (const w of ['Indica', 'Sativa', 'Hybrid', 'Flower', 'Pre-Roll', 'Concentrate', 'Vape']) expect(p.lines).toContain(w);
          expect(['Flower', 'Pre-Roll', 'Concentrate', 'Vape']).toContain(t.category);
          expect([...svg.matchAll(/<path d=/g)].length).toBe(2);
          has(t.weightText);
          expect(svg).toMatch(/font-style="italic" fill="#/);
          expect(p.lines).toContain(t.thcPct.toFixed(1));
          expect(p.lines).toContain(t.cbdPct?.toFixed(1));
          expect(style.size).toBeLessThanOrEqual(15);
          for (const date of [t.harvestDate, t.testDate, t.packageDate]) expect(p.lines).toContain(handDate(date));
        }
      }
    });

  it('renders each layout to an image of the page size, with ink on it (no OCR)', async () => {
    for (const layout of TENTH_HELD_OUT_LABEL_LAYOUTS)
      for (const seed of seeds(layout).slice(0, 2)) {
        const style = labelStyle(seed, layout);
        const t = labelTruth(seed, layout) as Truth;
        const { png, w, h } = await expectRenderedPage(labelSvg(t, style, seed));
        if (layout === 'clear-film') {
          // The product's colour, not paper, fills the corners.
          const { data } = await sharp(png)
            .extract({ left: 10, top: Math.round(h / 2), width: 1, height: 1 })
            .raw()
            .toBuffer({ resolveWithObject: true });
          expect(Math.max(data[0], data[1], data[2]), `${layout} #${seed} colour`).toBeLessThan(245);
          expect(w).toBeGreaterThan(600);
        }
      }
  });
});
