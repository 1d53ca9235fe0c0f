import { describe, expect, it } from 'vitest';
import { TWENTYFIRST_HELD_OUT_LABEL_LAYOUTS, TWENTYSECOND_HELD_OUT_LABEL_LAYOUTS, labelTruth, type LabelTruth } from '@/tests/fixtures/vision/labels';
import { gs1Date, gs1Line, gtin14, type TwentysecondExtra } from '@/tests/fixtures/vision/label-twentysecond';
import { dateForms, expectHeldOutRound, expectRenderedPage, expectSharedFields, figureRe, printedLabel, seeds } from '@/tests/fixtures/vision/label-print';
import { splitOf } from '@/tests/fixtures/vision/splits';

/**
 * The twenty-second held-out round of label layouts (issue 14): each one is built and its ground
 * truth checked against the text it prints, and each renders inside its page (no OCR here).
 */

type Truth = LabelTruth & TwentysecondExtra & { weightText: string; strainText: string };

describe('twenty-second held-out round of label layouts', () => {
  it('names three new layouts, all in LABEL_LAYOUTS, in their own split, and a random draw never picks them', () => {
    expectHeldOutRound(TWENTYSECOND_HELD_OUT_LABEL_LAYOUTS, ['gs1-codes', 'zebra-rows', 'preroll-pack'], 'twentysecond-held-out');
    // The twenty-first round keeps its own split (tuning data since its blind run).
    for (const l of TWENTYFIRST_HELD_OUT_LABEL_LAYOUTS) expect(splitOf('label', l)).toBe('twentyfirst-held-out');
  });

  it('leaves the older layouts’ truth draws as they were', () => {
    for (const layout of ['keyed', 'preroll-wrap', 'strip-table', 'serving-mg'] as const) {
      const t = labelTruth(100, layout) as Truth;
      expect(t.gs1).toBeUndefined();
      expect(t.zebra).toBeUndefined();
      expect(t.pack).toBeUndefined();
    }
  });

  it('writes GS1 dates as YYMMDD, a GTIN-14 with its check digit, and the human-readable line', () => {
    expect(gs1Date('2026-09-14')).toBe('260914');
    expect(gtin14('0061414100001')).toBe('00614141000012');
    expect(
      gs1Line(
        [
          ['10', 'AB12'],
          ['13', '260914'],
        ],
        false,
      ),
    ).toBe('(10)AB12(13)260914');
    expect(
      gs1Line(
        [
          ['10', 'AB12'],
          ['13', '260914'],
        ],
        true,
      ),
    ).toBe('(10) AB12 (13) 260914');
  });

  for (const layout of TWENTYSECOND_HELD_OUT_LABEL_LAYOUTS)
    it(`${layout}: the truth holds what the label prints`, async () => {
      for (const seed of seeds(layout)) {
        const p = printedLabel(layout, seed);
        const t = p.t as Truth;
        const tag = `${layout} #${seed}`;
        if (layout !== 'gs1-codes') expectSharedFields(p, tag);
        p.has(t.labName ?? '∅');
        p.has(t.weightText);
        expect(p.all, tag).toMatch(figureRe(t.thcPct, 1));
        expect(p.all, tag).toMatch(figureRe(t.cbdPct ?? -1, 1));
        expect(p.all, tag).toMatch(figureRe(t.totalCannabinoidsPct ?? -1, 1));
        for (const tp of t.terpenes) expect(p.all, `${tag} ${tp.name}`).toContain(`${tp.percentage.toFixed(2)}%`);
        if (layout === 'gs1-codes') {
          const g = t.gs1;
          expect(g).toBeDefined();
          if (!g) continue;
          p.has(t.brand);
          p.has(t.productName);
          expect(t.harvestDate).toBeNull();
          expect(t.terpenes).toHaveLength(3);
          // The batch and the package date only in the code's line, as (10) and (13); the expiry (17) is none of the dates.
          const code = p.lines.find((l) => l.startsWith('(01)')) ?? '';
          expect(code, tag).toContain(`(10)${g.spaced ? ' ' : ''}${t.batchNumber}`);
          expect(code, tag).toContain(`(13)${g.spaced ? ' ' : ''}${gs1Date(t.packageDate ?? '')}`);
          expect(code, tag).toContain(`(17)${g.spaced ? ' ' : ''}${gs1Date(g.expires)}`);
          expect(p.lines.filter((l) => l.includes(t.batchNumber ?? '∅'))).toHaveLength(1);
          expect([t.testDate, t.packageDate]).not.toContain(g.expires);
          expect(p.all).toMatch(/tested/i);
          expect(
            dateForms(t.testDate ?? '∅').some((f) => p.flat.includes(f)),
            tag,
          ).toBe(true);
        }
        if (layout === 'zebra-rows') {
          const z = t.zebra;
          expect(z).toBeDefined();
          if (!z) continue;
          // Every other row is light print on a dark band.
          expect(p.svg).toContain(`fill="${z.band}"`);
          expect(p.svg).toMatch(/fill="#ffffff"[^>]*>[^<]*</);
          expect(t.terpenes.length).toBeGreaterThanOrEqual(2);
          expect(t.terpenes.length).toBeLessThanOrEqual(3);
        }
        if (layout === 'preroll-pack') {
          const pk = t.pack;
          expect(pk).toBeDefined();
          if (!pk) continue;
          expect(t.category).toBe('Pre-Roll');
          expect(t.netWeightGrams).toBeCloseTo(pk.count * pk.each, 5);
          // The pack as count × each; the pack's total after it only on some boxes.
          expect(p.all, tag).toMatch(new RegExp(`\\(?${pk.count}\\)?\\s?[×x]?\\s?0?\\.${String(pk.each).split('.')[1] ?? ''}|${pk.count}\\s?[×x]\\s?${pk.each}`));
          if (pk.totalShown) expect(p.all, tag).toContain(`${t.netWeightGrams} g`);
          expect(t.thcPct).toBeLessThan(35);
          expect(t.terpenes).toHaveLength(2);
        }
      }
      await expectRenderedPage(printedLabel(layout, seeds(layout)[0]).svg);
    });

  it('draws each pack form and both GS1 spacings among the bench seeds and a few more', () => {
    const forms = new Set<string>();
    const spaced = new Set<boolean>();
    const shown = new Set<boolean>();
    for (let k = 0; k < 24; k++) {
      const pk = (labelTruth(100 + k * 31 + 7000, 'preroll-pack') as Truth).pack;
      if (pk) {
        forms.add(pk.form);
        shown.add(pk.totalShown);
      }
      const g = (labelTruth(100 + k * 31, 'gs1-codes') as Truth).gs1;
      if (g) spaced.add(g.spaced);
    }
    expect([...forms].sort()).toEqual(['paren', 'times', 'x']);
    expect([...shown].sort()).toEqual([false, true]);
    expect([...spaced].sort()).toEqual([false, true]);
  });
});
