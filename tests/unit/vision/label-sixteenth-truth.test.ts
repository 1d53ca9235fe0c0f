import { describe, expect, it } from 'vitest';
import { SIXTEENTH_HELD_OUT_LABEL_LAYOUTS, labelTruth, type LabelTruth } from '@/tests/fixtures/vision/labels';
import type { SixteenthExtra } from '@/tests/fixtures/vision/label-sixteenth';
import { expectHeldOutRound, expectRenderedPage, expectSharedFields, printedLabel, seeds } from '@/tests/fixtures/vision/label-print';
import { splitOf } from '@/tests/fixtures/vision/splits';

/**
 * The sixteenth held-out round of label layouts (issue 14): each one is built and its ground
 * truth checked against the text it prints, and each renders inside its page (no OCR here).
 */

type Truth = LabelTruth & SixteenthExtra & { weightText: string; strainText: string };

const pctRe = (v: number, digits: number) => new RegExp(`(^|[^0-9.])${v.toFixed(digits).replace('.', '\\.')} ?%`, 'm');

describe('sixteenth held-out round of label layouts', () => {
  it('names three new layouts, all in LABEL_LAYOUTS, in their own split, and a random draw never picks them', () => {
    expectHeldOutRound(SIXTEENTH_HELD_OUT_LABEL_LAYOUTS, ['olcc-uid', 'fr-en-back', 'tri-fold']);
    for (const l of SIXTEENTH_HELD_OUT_LABEL_LAYOUTS) expect(splitOf('label', l)).toBe('sixteenth-held-out');
    expect(splitOf('label', 'rx-dispense')).toBe('fifteenth-held-out');
  });

  it('leaves the older layouts’ truth draws as they were', () => {
    for (const layout of ['keyed', 'edible-mg', 'rx-dispense', 'terp-radar'] as const) expect((labelTruth(100, layout) as Truth).olcc).toBeUndefined();
  });

  for (const layout of SIXTEENTH_HELD_OUT_LABEL_LAYOUTS)
    it(`${layout}: the truth holds what the label prints`, async () => {
      for (const seed of seeds(layout)) {
        const p = printedLabel(layout, seed);
        const t = p.t as Truth;
        const tag = `${layout} #${seed}`;
        expectSharedFields(p, tag);
        p.has(t.labName ?? '∅');
        p.has(t.weightText);
        expect(t.terpenes.length).toBeLessThanOrEqual(3);
        expect(p.all, tag).toMatch(pctRe(t.thcPct, 1));
        expect(p.all, tag).toMatch(pctRe(t.cbdPct ?? -1, 1));
        expect(p.all, tag).toMatch(pctRe(t.totalCannabinoidsPct ?? -1, 1));
        for (const tp of t.terpenes) expect(p.all, tag).toMatch(pctRe(tp.percentage, 2));
        if (layout === 'olcc-uid') {
          p.has(`UID ${t.olcc?.uid}`);
          p.has(`${(t.thcPct * 10).toFixed(1)}`);
        }
        if (layout === 'fr-en-back') {
          expect(t.harvestDate).toBeNull();
          p.has('Poids net');
        }
      }
      await expectRenderedPage(printedLabel(layout, seeds(layout)[0]).svg);
    });
});
