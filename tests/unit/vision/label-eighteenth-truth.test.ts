import { describe, expect, it } from 'vitest';
import { EIGHTEENTH_HELD_OUT_LABEL_LAYOUTS, labelTruth, type LabelTruth } from '@/tests/fixtures/vision/labels';
import type { EighteenthExtra } from '@/tests/fixtures/vision/label-eighteenth';
import { dateForms, expectHeldOutRound, expectRenderedPage, printedLabel, seeds, squash } from '@/tests/fixtures/vision/label-print';
import { splitOf } from '@/tests/fixtures/vision/splits';

/**
 * The eighteenth held-out round of label layouts (issue 14): each one is built and its ground
 * truth checked against the text it prints, and each renders inside its page (no OCR here).
 */

type Truth = LabelTruth & EighteenthExtra & { weightText: string; strainText: string };

/** A figure as printed with `digits` decimals and `point` for its decimal point, not part of a longer figure. */
const figRe = (v: number, digits: number, point = '.') => new RegExp(`(^|[^0-9.,])${v.toFixed(digits).replace('.', point === '.' ? '\\.' : point)}($|[^0-9])`, 'm');
/** The pharmacy label's dates: `12.09.2026`. */
const deForms = (iso: string) => {
  const [y, m, d] = iso.split('-');
  return [...dateForms(iso), squash(`${d}.${m}.${y}`)];
};

describe('eighteenth held-out round of label layouts', () => {
  it('names three new layouts, all in LABEL_LAYOUTS, in their own split, and a random draw never picks them', () => {
    expectHeldOutRound(EIGHTEENTH_HELD_OUT_LABEL_LAYOUTS, ['de-apotheke', 'tracked-caps', 'value-chips']);
    for (const l of EIGHTEENTH_HELD_OUT_LABEL_LAYOUTS) expect(splitOf('label', l)).toBe('eighteenth-held-out');
    expect(splitOf('label', 'co-mg-pack')).toBe('seventeenth-held-out');
  });

  it('leaves the older layouts’ truth draws as they were', () => {
    for (const layout of ['keyed', 'cart-mg', 'olcc-uid', 'co-mg-pack'] as const) expect((labelTruth(100, layout) as Truth).apo).toBeUndefined();
  });

  for (const layout of EIGHTEENTH_HELD_OUT_LABEL_LAYOUTS)
    it(`${layout}: the truth holds what the label prints`, async () => {
      for (const seed of seeds(layout)) {
        const p = printedLabel(layout, seed);
        const t = p.t as Truth;
        const tag = `${layout} #${seed}`;
        p.has(t.brand);
        p.has(t.productName);
        p.has(t.batchNumber ?? '∅');
        p.has(t.labName ?? '∅');
        p.has(t.weightText);
        const forms = layout === 'de-apotheke' ? deForms : dateForms;
        for (const date of [t.testDate, t.packageDate, t.harvestDate])
          expect(
            forms(date ?? '∅').some((f) => p.flat.includes(f)),
            `${tag} ${date}`,
          ).toBe(true);
        const point = layout === 'de-apotheke' ? ',' : '.';
        expect(p.all, tag).toMatch(figRe(t.thcPct, 1, point));
        expect(p.all, tag).toMatch(figRe(t.cbdPct ?? -1, 1, point));
        expect(p.all, tag).toMatch(figRe(t.totalCannabinoidsPct ?? -1, 1, point));
        expect(t.terpenes.length).toBeLessThanOrEqual(3);
        for (const tp of t.terpenes) expect(p.all, tag).toMatch(figRe(tp.percentage, 2, point));
        expect(t.thcMg).toBeUndefined();
        if (layout === 'de-apotheke') {
          expect(['Flower', 'Concentrate']).toContain(t.category);
          p.has(`Sorte: ${t.strainText}`);
          expect(t.apo).toBeDefined();
          p.has('Verwendbar bis');
        }
        if (layout === 'tracked-caps') expect(p.svg).toContain('letter-spacing=');
        if (layout === 'value-chips') p.has(`${t.thcPct.toFixed(1)}% THC`);
      }
      await expectRenderedPage(printedLabel(layout, seeds(layout)[0]).svg);
    });
});
