import { describe, expect, it } from 'vitest';
import { TWENTYSECOND_HELD_OUT_LABEL_LAYOUTS, TWENTYTHIRD_HELD_OUT_LABEL_LAYOUTS, labelTruth, type LabelTruth } from '@/tests/fixtures/vision/labels';
import { OUNCES, classCode, dayFirst, type TwentythirdExtra } from '@/tests/fixtures/vision/label-twentythird';
import { dateForms, expectHeldOutRound, expectRenderedPage, expectSharedFields, figureRe, printedLabel, seeds } from '@/tests/fixtures/vision/label-print';
import { splitOf } from '@/tests/fixtures/vision/splits';

/**
 * The twenty-third held-out round of label layouts (issue 14): each one is built and its ground
 * truth checked against the text it prints, and each renders inside its page (no OCR here).
 */

type Truth = LabelTruth & TwentythirdExtra & { weightText: string; strainText: string };

describe('twenty-third held-out round of label layouts', () => {
  it('names three new layouts, all in LABEL_LAYOUTS, in their own split, and a random draw never picks them', () => {
    expectHeldOutRound(TWENTYTHIRD_HELD_OUT_LABEL_LAYOUTS, ['au-tgo93', 'tc-class', 'hemp-thca'], 'twentythird-held-out');
    // The twenty-second round keeps its own split (tuning data since its blind run).
    for (const l of TWENTYSECOND_HELD_OUT_LABEL_LAYOUTS) expect(splitOf('label', l)).toBe('twentysecond-held-out');
  });

  it('leaves the older layouts’ truth draws as they were', () => {
    for (const layout of ['keyed', 'gs1-codes', 'zebra-rows', 'preroll-pack'] as const) {
      const t = labelTruth(100, layout) as Truth;
      expect(t.au).toBeUndefined();
      expect(t.tc).toBeUndefined();
      expect(t.hemp).toBeUndefined();
    }
  });

  it('writes day-first dates and class codes as the labels do', () => {
    expect(dayFirst('2026-09-04')).toBe('04/09/2026');
    expect(classCode(21.4, 0.6)).toBe('T20/C1');
    expect(classCode(18.6, 4.4)).toBe('T18/C4');
    expect(classCode(31, 0.1)).toBe('T24/C1');
    expect(OUNCES.map(([, g]) => g)).toEqual([3.5, 7, 14, 28]);
  });

  for (const layout of TWENTYTHIRD_HELD_OUT_LABEL_LAYOUTS)
    it(`${layout}: the truth holds what the label prints`, async () => {
      for (const seed of seeds(layout)) {
        const p = printedLabel(layout, seed);
        const t = p.t as Truth;
        const tag = `${layout} #${seed}`;
        expect(t.category).toBe('Flower');
        p.has(t.brand);
        p.has(t.productName);
        p.has(t.batchNumber ?? '∅');
        expect(t.thcMg).toBeUndefined();
        // (The Australian label in mg/g only prints no percentage: checked below.)
        if (!t.au?.mggOnly) {
          expect(p.all, tag).toMatch(figureRe(t.thcPct, 1));
          expect(p.all, tag).toMatch(figureRe(t.cbdPct ?? -1, 1));
        }
        for (const tp of t.terpenes) expect(p.all, `${tag} ${tp.name}`).toContain(`${tp.percentage.toFixed(2)}%`);
        if (layout === 'au-tgo93') {
          const a = t.au;
          expect(a).toBeDefined();
          if (!a) continue;
          // The actives in mg/g (ten times the percentage); the dates day first; the brand as the sponsor company.
          expect(p.all, tag).toContain(`(THC) ${Math.round(t.thcPct * 10)} mg/g`);
          expect(p.all, tag).toContain(`(CBD) ${Math.round((t.cbdPct ?? 0) * 10)} mg/g`);
          if (!a.mggOnly) expect(p.all, tag).toContain(`(${t.thcPct.toFixed(1)}% w/w)`);
          p.has(dayFirst(t.packageDate ?? '∅'));
          p.has(dayFirst(a.expires));
          p.has(`${t.brand} Pty Ltd`);
          p.has(`: ${t.netWeightGrams} g`);
          expect([t.terpenes.length, t.totalCannabinoidsPct, t.labName, t.testDate, t.harvestDate]).toEqual([0, null, null, null, null]);
        }
        if (layout === 'tc-class') {
          const c = t.tc;
          expect(c).toBeDefined();
          if (!c) continue;
          expect(c.code).toBe(classCode(t.thcPct, t.cbdPct ?? 0));
          p.has(c.code);
          expectSharedFields(p, tag);
          p.has(t.labName ?? '∅');
          p.has(`${t.netWeightGrams} g`);
          expect(t.terpenes).toHaveLength(3);
        }
        if (layout === 'hemp-thca') {
          const h = t.hemp;
          expect(h).toBeDefined();
          if (!h) continue;
          expectSharedFields(p, tag);
          p.has(t.labName ?? '∅');
          // The total is THCa × 0.877 + Δ9; the Δ9 figure is under the hemp limit; the weight only in ounces.
          expect(t.thcPct).toBeCloseTo(Math.round((h.thca * 0.877 + h.d9) * 10) / 10, 5);
          expect(h.d9).toBeLessThanOrEqual(0.3);
          expect(p.all, tag).toContain(`THCa ${h.thca.toFixed(1)}%`);
          expect(p.all, tag).toContain(`${h.d9.toFixed(2)}%`);
          expect(p.all, tag).toMatch(figureRe(t.totalCannabinoidsPct ?? -1, 1));
          expect(OUNCES.find(([oz]) => oz === h.ozText)?.[1]).toBe(t.netWeightGrams);
          expect(p.all, tag).not.toMatch(/\d\s?g\b/);
          expect(t.packageDate).toBeNull();
          expect(dateForms(t.harvestDate ?? '∅').some((f) => p.flat.includes(f))).toBe(true);
        }
      }
      await expectRenderedPage(printedLabel(layout, seeds(layout)[0]).svg);
    });
});
