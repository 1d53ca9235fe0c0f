import { describe, expect, it } from 'vitest';
import { SEVENTEENTH_HELD_OUT_LABEL_LAYOUTS, labelTruth, type LabelTruth } from '@/tests/fixtures/vision/labels';
import type { SeventeenthExtra } from '@/tests/fixtures/vision/label-seventeenth';
import { dateForms, expectHeldOutRound, expectRenderedPage, figureRe, printedLabel, seeds, squash } from '@/tests/fixtures/vision/label-print';
import { splitOf } from '@/tests/fixtures/vision/splits';

/**
 * The seventeenth held-out round of label layouts (issue 14): each one is built and its ground
 * truth checked against the text it prints, and each renders inside its page (no OCR here).
 */

type Truth = LabelTruth & SeventeenthExtra & { weightText: string; strainText: string };

/** The jar's handwritten dates: `9/4/26`. */
const shortForms = (iso: string) => {
  const [y, m, d] = iso.split('-');
  return [...dateForms(iso), squash(`${Number(m)}/${Number(d)}/${y.slice(2)}`)];
};

describe('seventeenth held-out round of label layouts', () => {
  it('names three new layouts, all in LABEL_LAYOUTS, in their own split, and a random draw never picks them', () => {
    expectHeldOutRound(SEVENTEENTH_HELD_OUT_LABEL_LAYOUTS, ['co-mg-pack', 'hand-jar', 'coa-loq-last']);
    for (const l of SEVENTEENTH_HELD_OUT_LABEL_LAYOUTS) expect(splitOf('label', l)).toBe('seventeenth-held-out');
    expect(splitOf('label', 'olcc-uid')).toBe('sixteenth-held-out');
  });

  it('leaves the older layouts’ truth draws as they were', () => {
    for (const layout of ['keyed', 'cart-mg', 'olcc-uid', 'rx-dispense'] as const) {
      const t = labelTruth(100, layout) as Truth;
      expect(t.jar).toBeUndefined();
      expect(t.coa).toBeUndefined();
    }
  });

  for (const layout of SEVENTEENTH_HELD_OUT_LABEL_LAYOUTS)
    it(`${layout}: the truth holds what the label prints`, async () => {
      for (const seed of seeds(layout)) {
        const p = printedLabel(layout, seed);
        const t = p.t as Truth;
        const tag = `${layout} #${seed}`;
        p.has(t.brand);
        p.has(t.productName);
        p.has(t.batchNumber ?? '∅');
        p.has(t.labName ?? '∅');
        const forms = layout === 'hand-jar' ? shortForms : dateForms;
        for (const date of [t.testDate, t.packageDate, t.harvestDate])
          if (date)
            expect(
              forms(date).some((f) => p.flat.includes(f)),
              `${tag} ${date}`,
            ).toBe(true);
        expect(p.all, tag).toMatch(figureRe(t.thcPct, layout === 'coa-loq-last' ? 2 : 1));
        expect(p.all, tag).toMatch(figureRe(t.cbdPct ?? -1, layout === 'coa-loq-last' ? 2 : 1));
        expect(p.all, tag).toMatch(figureRe(t.totalCannabinoidsPct ?? -1, layout === 'coa-loq-last' ? 2 : 1));
        for (const tp of t.terpenes) expect(p.all.replace(/(^|[^0-9])\.(\d)/g, '$10.$2'), tag).toMatch(figureRe(tp.percentage, 2));
        if (layout === 'co-mg-pack') {
          p.has(t.weightText);
          expect(t.thcMg).toBe(Math.round(t.thcPct * 10 * (t.netWeightGrams ?? 0)));
          expect(p.lines, tag).toContain(String(t.thcMg));
          expect(p.lines, tag).toContain(String(t.cbdMg));
          expect(t.terpenes.length).toBeLessThanOrEqual(3);
        }
        if (layout === 'hand-jar') {
          expect(t.category).toBe('Flower');
          expect(t.harvestDate).toBeNull();
          for (const w of t.weightText.split(' ')) expect(p.lines, tag).toContain(w);
          expect(t.terpenes.length).toBeLessThanOrEqual(2);
        }
        if (layout === 'coa-loq-last') {
          expect([t.netWeightGrams, t.harvestDate, t.packageDate]).toEqual([null, null, null]);
          p.has(`Client: ${t.brand}`);
          p.has('Result (%)');
          expect(t.thcMg).toBeUndefined();
        }
      }
      await expectRenderedPage(printedLabel(layout, seeds(layout)[0]).svg);
    });
});
