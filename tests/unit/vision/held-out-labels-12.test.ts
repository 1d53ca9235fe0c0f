import { describe, expect, it } from 'vitest';
import { TWELFTH_HELD_OUT_LABEL_LAYOUTS, labelStyle, labelSvg, labelTruth, type LabelTruth } from '@/tests/fixtures/vision/labels';
import type { TwelfthExtra } from '@/tests/fixtures/vision/label-twelfth';
import { expectHeldOutRound, expectRenderedPage, printedLabel, seeds } from '@/tests/fixtures/vision/label-print';

/**
 * The twelfth held-out round of label layouts (issue 14): each one is built and its ground truth
 * checked against the text it prints, and each renders inside its page (no OCR here).
 */

type Truth = LabelTruth & TwelfthExtra & { weightText: string };

describe('twelfth held-out round of label layouts', () => {
  it('names three new layouts, all in LABEL_LAYOUTS, and a random draw never picks them', () =>
    expectHeldOutRound(TWELFTH_HELD_OUT_LABEL_LAYOUTS, ['ca-bilingual', 'foldout-spine', 'warning-caps']));

  it('leaves the older layouts’ truth draws as they were', () => {
    for (const layout of ['keyed', 'stacked-sticker', 'thermal-lowres'] as const) {
      const t = labelTruth(100, layout) as Truth;
      expect(t.bilingual).toBeUndefined();
      expect(t.foldout).toBeUndefined();
    }
  });

  for (const layout of TWELFTH_HELD_OUT_LABEL_LAYOUTS)
    it(`${layout}: the truth holds what the label prints`, () => {
      for (const seed of seeds(layout)) {
        const p = printedLabel(layout, seed);
        const t = p.t as Truth;
        p.has(t.brand);
        p.has(t.productName);
        p.has(t.weightText);
        p.has(t.batchNumber ?? '∅');
        expect(t.terpenes.length).toBeLessThanOrEqual(3);
        for (const tp of t.terpenes) expect(p.all).toMatch(new RegExp(`${tp.percentage.toFixed(2).replace('.', '\\.')}%`));
        if (layout === 'ca-bilingual') {
          // Total THC / CBD in mg/g are the truth (÷ 10 as %); delta-9 THC is another, smaller figure.
          expect(p.all).toMatch(new RegExp(`\\n${Math.round(t.thcPct * 10)} mg/g`));
          expect(p.all).toMatch(new RegExp(`\\n${Math.round((t.cbdPct ?? 0) * 10)} mg/g`));
          expect(t.bilingual?.d9MgG).toBeLessThan(Math.round(t.thcPct * 10));
          expect(t.terpenes).toEqual([]);
          expect(t.labName).toBeNull();
          expect(t.totalCannabinoidsPct).toBeNull();
          expect(p.svg).toContain('fill="#fff200"');
        } else {
          p.has(t.labName ?? '∅');
          p.has(`${t.totalCannabinoidsPct?.toFixed(1)}%`);
        }
        if (layout === 'foldout-spine') {
          // The spine carries brand and name printed bottom to top.
          expect(p.svg).toMatch(/transform="rotate\(-90 /);
          expect(t.foldout?.spine).toBeGreaterThanOrEqual(46);
        }
        if (layout === 'warning-caps') {
          // The small-caps warning is drawn in tspans at two sizes, before the product name.
          expect(p.svg).toMatch(/<tspan font-size="\d+">[A-Z]<\/tspan><tspan font-size="\d+">/);
          p.has(`Licensee: ${t.brand}`);
        }
      }
    });

  it('renders each layout to an image of the page size, with ink on it (no OCR)', async () => {
    for (const layout of TWELFTH_HELD_OUT_LABEL_LAYOUTS)
      for (const seed of seeds(layout).slice(0, 2)) {
        const t = labelTruth(seed, layout);
        await expectRenderedPage(labelSvg(t, labelStyle(seed, layout), seed));
      }
  });
});
