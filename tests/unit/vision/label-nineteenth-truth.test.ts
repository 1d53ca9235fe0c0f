import { describe, expect, it } from 'vitest';
import { NINETEENTH_HELD_OUT_LABEL_LAYOUTS, labelTruth, type LabelTruth } from '@/tests/fixtures/vision/labels';
import { inkDate, type NineteenthExtra } from '@/tests/fixtures/vision/label-nineteenth';
import { dateForms, expectHeldOutRound, expectRenderedPage, figureRe, printedLabel, seeds, squash } from '@/tests/fixtures/vision/label-print';
import { splitOf } from '@/tests/fixtures/vision/splits';

/**
 * The nineteenth held-out round of label layouts (issue 14): each one is built and its ground
 * truth checked against the text it prints, and each renders inside its page (no OCR here).
 */

type Truth = LabelTruth & NineteenthExtra & { weightText: string; strainText: string; thca: number; d9: number };

describe('nineteenth held-out round of label layouts', () => {
  it('names three new layouts, all in LABEL_LAYOUTS, in their own split, and a random draw never picks them', () => {
    expectHeldOutRound(NINETEENTH_HELD_OUT_LABEL_LAYOUTS, ['slash-pairs', 'transposed-table', 'ink-code']);
    for (const l of NINETEENTH_HELD_OUT_LABEL_LAYOUTS) expect(splitOf('label', l)).toBe('nineteenth-held-out');
    expect(splitOf('label', 'de-apotheke')).toBe('eighteenth-held-out');
  });

  it('leaves the older layouts’ truth draws as they were', () => {
    for (const layout of ['keyed', 'cart-mg', 'olcc-uid', 'de-apotheke'] as const) {
      const t = labelTruth(100, layout) as Truth;
      expect(t.tt).toBeUndefined();
      expect(t.ink).toBeUndefined();
    }
  });

  it('writes a packing line’s compact dates', () => {
    expect(inkDate('2026-09-14', false)).toBe('14SEP26');
    expect(inkDate('2026-08-02', true)).toBe('02AUG2026');
  });

  for (const layout of NINETEENTH_HELD_OUT_LABEL_LAYOUTS)
    it(`${layout}: the truth holds what the label prints`, async () => {
      for (const seed of seeds(layout)) {
        const p = printedLabel(layout, seed);
        const t = p.t as Truth;
        const tag = `${layout} #${seed}`;
        p.has(t.brand);
        p.has(t.productName);
        p.has(t.batchNumber ?? '∅');
        expect(t.thcMg).toBeUndefined();
        expect(t.terpenes.length).toBeGreaterThanOrEqual(2);
        expect(t.terpenes.length).toBeLessThanOrEqual(4);
        const forms = (iso: string) => (layout === 'ink-code' ? [squash(inkDate(iso, t.ink?.long ?? false))] : dateForms(iso));
        for (const date of [t.testDate, t.packageDate, t.harvestDate])
          expect(
            forms(date ?? '∅').some((f) => p.flat.includes(f)),
            `${tag} ${date}`,
          ).toBe(true);
        p.has(layout === 'ink-code' ? (t.labName ?? '∅').toUpperCase() : (t.labName ?? '∅'));
        p.has(layout === 'ink-code' ? t.weightText.toUpperCase() : t.weightText);
        expect(p.all, tag).toMatch(figureRe(t.thcPct, 1));
        expect(p.all, tag).toMatch(figureRe(t.cbdPct ?? -1, 1));
        expect(p.all, tag).toMatch(figureRe(t.totalCannabinoidsPct ?? -1, 1));
        for (const tp of t.terpenes) {
          const printed = layout === 'ink-code' ? tp.percentage.toFixed(2).replace(/^0\./, '.') : tp.percentage.toFixed(2);
          expect(p.all, `${tag} ${tp.name}`).toContain(printed);
        }
        if (layout === 'slash-pairs') {
          expect(p.all).toMatch(/THC \/ CBD/);
          expect(p.all).toMatch(/ \/ .*: /);
        }
        if (layout === 'transposed-table') {
          // The unit is a row head: no figure carries a % sign; THCa and Δ9 stand beside the total.
          expect(p.lines.filter((l) => /^\d+\.\d%$/.test(l))).toEqual([]);
          expect(p.lines).toContain('Total THC');
          expect(p.lines).toContain(t.thca.toFixed(1));
          expect(Math.abs(t.thca * 0.877 + t.d9 - t.thcPct)).toBeLessThan(0.2);
          expect(p.lines).toContain('mg/g');
        }
        if (layout === 'ink-code') {
          expect(p.svg).toContain('font-family="DejaVu Sans Mono"');
          expect(t.ink?.expires).toBeDefined();
          p.has(`EXP ${inkDate(t.ink?.expires ?? null, t.ink?.long ?? false)}`);
        }
      }
      await expectRenderedPage(printedLabel(layout, seeds(layout)[0]).svg);
    });
});
