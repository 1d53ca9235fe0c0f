import { describe, expect, it } from 'vitest';
import { TWENTIETH_HELD_OUT_LABEL_LAYOUTS, labelTruth, type LabelTruth } from '@/tests/fixtures/vision/labels';
import type { TwentiethExtra } from '@/tests/fixtures/vision/label-twentieth';
import { expectHeldOutRound, expectRenderedPage, expectSharedFields, figureRe, printedLabel, seeds } from '@/tests/fixtures/vision/label-print';
import { splitOf } from '@/tests/fixtures/vision/splits';

/**
 * The twentieth held-out round of label layouts (issue 14): each one is built and its ground
 * truth checked against the text it prints, and each renders inside its page (no OCR here).
 */

type Truth = LabelTruth & TwentiethExtra & { weightText: string; strainText: string };

describe('twentieth held-out round of label layouts', () => {
  it('names three new layouts, all in LABEL_LAYOUTS, in their own split, and a random draw never picks them', () => {
    expectHeldOutRound(TWENTIETH_HELD_OUT_LABEL_LAYOUTS, ['total-formula', 'potency-ring', 'hang-tag'], 'twentieth-held-out');
    expect(splitOf('label', 'slash-pairs')).toBe('nineteenth-held-out');
  });

  it('leaves the older layouts’ truth draws as they were', () => {
    for (const layout of ['keyed', 'cart-mg', 'olcc-uid', 'ink-code'] as const) {
      const t = labelTruth(100, layout) as Truth;
      expect(t.tf).toBeUndefined();
      expect(t.ring).toBeUndefined();
      expect(t.tag).toBeUndefined();
    }
  });

  for (const layout of TWENTIETH_HELD_OUT_LABEL_LAYOUTS)
    it(`${layout}: the truth holds what the label prints`, async () => {
      for (const seed of seeds(layout)) {
        const p = printedLabel(layout, seed);
        const t = p.t as Truth;
        const tag = `${layout} #${seed}`;
        expectSharedFields(p, tag);
        p.has(t.labName ?? '∅');
        p.has(t.weightText);
        expect([t.testDate, t.packageDate, t.harvestDate].every(Boolean)).toBe(true);
        expect(t.terpenes.length).toBeGreaterThanOrEqual(2);
        expect(t.terpenes.length).toBeLessThanOrEqual(4);
        expect(p.all, tag).toMatch(figureRe(t.thcPct, 1));
        expect(p.all, tag).toMatch(figureRe(t.cbdPct ?? -1, 1));
        expect(p.all, tag).toMatch(figureRe(t.totalCannabinoidsPct ?? -1, 1));
        for (const tp of t.terpenes) expect(p.all, `${tag} ${tp.name}`).toContain(`${tp.percentage.toFixed(2)}%`);
        if (layout === 'total-formula') {
          const tf = t.tf;
          expect(tf).toBeDefined();
          if (!tf) continue;
          // The acids and neutrals add up to the totals the label prints, by the formula it prints.
          expect(Math.abs(tf.thca * 0.877 + tf.d9 - t.thcPct)).toBeLessThan(0.06);
          expect(Math.abs(tf.cbda * 0.877 + tf.cbd - (t.cbdPct ?? 0))).toBeLessThan(0.06);
          expect(p.all).toContain(`${tf.thca.toFixed(2)}%`);
          expect(p.all).toContain(`${tf.d9.toFixed(2)}%`);
          expect(p.all).toMatch(/Total THC\*? = /);
          expect(p.all).toContain('0.877');
        }
        if (layout === 'potency-ring') {
          // Every figure is a text block of its own, its name another.
          expect(p.lines).toContain(`${t.thcPct.toFixed(1)}%`);
          expect(p.lines).toContain(`${(t.cbdPct ?? 0).toFixed(1)}%`);
          expect(p.lines).toContain(`${(t.totalCannabinoidsPct ?? 0).toFixed(1)}%`);
          expect(p.lines).toContain('CBG');
          expect(p.lines).toContain(t.type.toUpperCase());
        }
        if (layout === 'hang-tag') {
          // The batch, dates and lab are printed only on the turned side panel.
          const turned = [...p.svg.matchAll(/<text [^>]*transform="rotate\((-?\d+) [^>]*>([^<]*)<\/text>/g)];
          expect(turned.length).toBe(3);
          for (const m of turned) expect(Number(m[1])).toBe(t.tag?.turn);
          const side = turned.map((m) => m[2]).join(' ');
          expect(side).toContain(t.batchNumber ?? '∅');
          expect(side).toContain(t.labName ?? '∅');
          const straight = p.svg.replace(/<text [^>]*transform="rotate[^>]*>[^<]*<\/text>/g, '');
          expect(straight).not.toContain(t.batchNumber ?? '∅');
        }
      }
      await expectRenderedPage(printedLabel(layout, seeds(layout)[0]).svg);
    });
});
