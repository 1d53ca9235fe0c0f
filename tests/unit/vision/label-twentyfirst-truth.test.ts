import { describe, expect, it } from 'vitest';
import { TWENTIETH_HELD_OUT_LABEL_LAYOUTS, TWENTYFIRST_HELD_OUT_LABEL_LAYOUTS, labelTruth, type LabelTruth } from '@/tests/fixtures/vision/labels';
import { dayMonYear, dottedYmd, type TwentyfirstExtra } from '@/tests/fixtures/vision/label-twentyfirst';
import { dateForms, expectHeldOutRound, expectRenderedPage, figureRe, printedLabel, seeds, squash } from '@/tests/fixtures/vision/label-print';
import { splitOf } from '@/tests/fixtures/vision/splits';

/**
 * The twenty-first held-out round of label layouts (issue 14): each one is built and its ground
 * truth checked against the text it prints, and each renders inside its page (no OCR here).
 */

type Truth = LabelTruth & TwentyfirstExtra & { weightText: string; strainText: string };

/** The date forms of the round: the shared ones and `29-NOV-2026`, `2026.11.29`. */
const forms = (iso: string) => [...dateForms(iso), squash(dayMonYear(iso)), squash(dottedYmd(iso))];

describe('twenty-first held-out round of label layouts', () => {
  it('names three new layouts, all in LABEL_LAYOUTS, in their own split, and a random draw never picks them', () => {
    expectHeldOutRound(TWENTYFIRST_HELD_OUT_LABEL_LAYOUTS, ['serving-mg', 'strip-table', 'dark-coa-qr'], 'twentyfirst-held-out');
    // The twentieth round keeps its own split (tuning data since its blind run).
    for (const l of TWENTIETH_HELD_OUT_LABEL_LAYOUTS) expect(splitOf('label', l)).toBe('twentieth-held-out');
  });

  it('leaves the older layouts’ truth draws as they were', () => {
    for (const layout of ['keyed', 'edible-mg', 'cart-mg', 'total-formula'] as const) {
      const t = labelTruth(100, layout) as Truth;
      expect(t.serving).toBeUndefined();
      expect(t.strip).toBeUndefined();
      expect(t.dark).toBeUndefined();
    }
  });

  it('writes the round’s date forms day first with the month in capitals, and year first dotted', () => {
    expect(dayMonYear('2026-11-29')).toBe('29-NOV-2026');
    expect(dayMonYear('2026-09-02')).toBe('02-SEP-2026');
    expect(dottedYmd('2026-11-29')).toBe('2026.11.29');
  });

  for (const layout of TWENTYFIRST_HELD_OUT_LABEL_LAYOUTS)
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
        for (const date of [t.testDate, t.packageDate, t.harvestDate])
          if (date)
            expect(
              forms(date).some((f) => p.flat.includes(f)),
              `${tag} ${date}`,
            ).toBe(true);
        for (const tp of t.terpenes) expect(p.all, `${tag} ${tp.name}`).toContain(`${tp.percentage.toFixed(2)}%`);
        if (layout === 'serving-mg') {
          const sv = t.serving;
          expect(sv).toBeDefined();
          if (!sv) continue;
          // Milligrams only: no percentage anywhere, and the truth holds none.
          expect(t.thcPct).toBeNull();
          expect(t.cbdPct).toBeNull();
          expect(t.totalCannabinoidsPct).toBeNull();
          expect(p.all).not.toMatch(/\d\s?%/);
          expect(t.category).toBe('Edible');
          expect(t.harvestDate).toBeNull();
          expect(t.terpenes).toEqual([]);
          expect(t.thcMg).toBe(sv.pieces * sv.perServing);
          expect(p.all, tag).toMatch(new RegExp(`(^|[^0-9.])${t.thcMg}\\s?mg`, 'm'));
          if (sv.cbdPerServing === null) {
            expect(t.cbdMg).toBeNull();
            expect(p.all).not.toMatch(/CBD/);
          } else {
            expect(t.cbdMg).toBe(sv.pieces * sv.cbdPerServing);
            expect(p.all, tag).toMatch(new RegExp(`(^|[^0-9.])${t.cbdMg}\\s?mg`, 'm'));
          }
          // Every date is dotted, year first; the best-by date is none of the label's dates.
          for (const date of [t.testDate, t.packageDate]) expect(p.all).toContain(dottedYmd(date ?? '∅'));
          expect([t.testDate, t.packageDate]).not.toContain(sv.bestBy);
          expect(t.thcMg).toBeGreaterThanOrEqual(50);
        } else {
          expect([t.testDate, t.packageDate, t.harvestDate].every(Boolean)).toBe(true);
          expect(t.terpenes.length).toBeGreaterThanOrEqual(2);
          expect(t.terpenes.length).toBeLessThanOrEqual(3);
          expect(t.thcMg).toBeUndefined();
          expect(p.all, tag).toMatch(figureRe(t.thcPct, 1));
          expect(p.all, tag).toMatch(figureRe(t.cbdPct ?? -1, 1));
          expect(p.all, tag).toMatch(figureRe(t.totalCannabinoidsPct ?? -1, 1));
        }
        if (layout === 'strip-table') {
          const st = t.strip;
          expect(st).toBeDefined();
          if (!st) continue;
          // The heads are one row of text blocks, the values another, in the same order.
          const heads = [st.thcKey, 'THCa', 'CBD', 'CBN', 'CBG', st.tacKey];
          for (const h of heads) expect(p.lines, `${tag} ${h}`).toContain(h);
          const v = (x: number) => (st.bare ? x.toFixed(1) : `${x.toFixed(1)}%`);
          for (const x of [t.thcPct, st.thca, t.cbdPct ?? -1, st.cbn, st.cbg, t.totalCannabinoidsPct ?? -1]) expect(p.lines, tag).toContain(v(x));
          // The total is THCa × 0.877 + Δ9, and THCa is a possible share.
          expect(st.thca).toBeLessThan(100);
          if (st.d9 !== null) expect(Math.abs(st.thca * 0.877 + st.d9 - t.thcPct)).toBeLessThan(0.2);
          for (const date of [t.testDate, t.packageDate, t.harvestDate]) expect(p.all).toContain(dayMonYear(date ?? '∅'));
        }
        if (layout === 'dark-coa-qr') {
          const dk = t.dark;
          expect(dk).toBeDefined();
          if (!dk) continue;
          expect(p.all).toMatch(/Scan for (COA|lab results)/i);
          expect(p.all).toContain(dk.licence);
          expect(dk.licence).not.toBe(t.batchNumber);
          for (const date of [t.testDate, t.packageDate, t.harvestDate]) expect(p.all).toContain(dk.dotted ? dottedYmd(date ?? '∅') : dayMonYear(date ?? '∅'));
          // The terpenes are one sentence (a full stop after the last).
          expect(p.all).toMatch(new RegExp(`${t.terpenes[t.terpenes.length - 1].percentage.toFixed(2)}%\\)?\\.`));
          // Light print on a dark page.
          expect(p.style.paper).toMatch(/^#[0-2]/);
        }
      }
      await expectRenderedPage(printedLabel(layout, seeds(layout)[0]).svg);
    });
});
