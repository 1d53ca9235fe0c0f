import { describe, expect, it } from 'vitest';
import { FOURTEENTH_HELD_OUT_LABEL_LAYOUTS, labelStyle, labelSvg, labelTruth, type LabelTruth } from '@/tests/fixtures/vision/labels';
import type { FourteenthExtra } from '@/tests/fixtures/vision/label-fourteenth';
import { expectHeldOutRound, expectRenderedPage, printedLabel, seeds, squash } from '@/tests/fixtures/vision/label-print';
import { splitOf } from '@/tests/fixtures/vision/splits';

/**
 * The fourteenth held-out round of label layouts (issue 14): each one is built and its ground
 * truth checked against the text it prints, and each renders inside its page (no OCR here).
 */

type Truth = LabelTruth & FourteenthExtra & { weightText: string; strainText: string };

const pctRe = (v: number, digits: number) => new RegExp(`(^|[^0-9.])${v.toFixed(digits).replace('.', '\\.')}%`, 'm');
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
/** The date in the style's form, exactly as a run prints it. */
const printed = (iso: string, form: 'iso' | 'us' | 'month') => {
  const [y, m, d] = iso.split('-');
  return form === 'iso' ? iso : form === 'us' ? `${m}/${d}/${y}` : `${MONTHS[Number(m) - 1]} ${Number(d)}, ${y}`;
};

describe('fourteenth held-out round of label layouts', () => {
  it('names three new layouts, all in LABEL_LAYOUTS, in their own split, and a random draw never picks them', () => {
    expectHeldOutRound(FOURTEENTH_HELD_OUT_LABEL_LAYOUTS, ['qr-table', 'cart-mg', 'stat-tiles']);
    for (const l of FOURTEENTH_HELD_OUT_LABEL_LAYOUTS) expect(splitOf('label', l)).toBe('fourteenth-held-out');
    expect(splitOf('label', 'dot-leaders')).toBe('thirteenth-held-out');
  });

  it('leaves the older layouts’ truth draws as they were', () => {
    for (const layout of ['keyed', 'edible-mg', 'vape-box', 'facts-panel', 'dot-leaders'] as const) {
      const t = labelTruth(100, layout) as Truth;
      expect(t.qr).toBeUndefined();
      expect(t.cart).toBeUndefined();
      expect(t.tiles).toBeUndefined();
    }
  });

  for (const layout of FOURTEENTH_HELD_OUT_LABEL_LAYOUTS)
    it(`${layout}: the truth holds what the label prints`, () => {
      for (const seed of seeds(layout)) {
        const p = printedLabel(layout, seed);
        const t = p.t as Truth;
        const tag = `${layout} #${seed}`;
        const form = p.style.dates;
        p.has(t.brand);
        p.has(t.productName);
        p.has(t.batchNumber ?? '∅');
        p.has(t.labName ?? '∅');
        p.has(t.weightText);
        expect(p.all).toMatch(pctRe(t.thcPct, 1));
        expect(p.all).toMatch(pctRe(t.cbdPct ?? -1, 1));
        expect(p.all).toMatch(pctRe(t.totalCannabinoidsPct ?? -1, 1));
        for (const tp of t.terpenes) expect(p.all).toMatch(pctRe(tp.percentage, 2));
        for (const date of [t.testDate, t.packageDate]) expect(p.all, `${tag} ${date}`).toContain(printed(date ?? '∅', form));
        expect(t.harvestDate === null, tag).toBe(layout === 'cart-mg');
        if (t.harvestDate) expect(p.lines).toContain(printed(t.harvestDate, form));
        if (layout === 'cart-mg') p.has(`Mfg. Date: ${printed(t.packageDate ?? '∅', form)}`);
        expect(p.all.toLowerCase()).toContain(t.type);
        if (layout === 'qr-table') {
          expect(t.qr, tag).toBeDefined();
          expect(t.terpenes.length).toBe(2);
          // Keys and values in cells of their own: a key's run, then its value's run.
          const after = (key: string) => p.lines[p.lines.indexOf(key) + 1];
          expect(after('THC')).toBe(`${t.thcPct.toFixed(1)}%`);
          expect(after('CBD')).toBe(`${t.cbdPct?.toFixed(1)}%`);
          expect(after(t.qr?.tacKey ?? '∅')).toBe(`${t.totalCannabinoidsPct?.toFixed(1)}%`);
          expect(after('NET WT')).toBe(t.weightText);
          expect(after('LOT')).toBe(t.batchNumber);
          expect(after('LAB')).toBe(t.labName);
          expect(p.all).toMatch(/Scan (for|to)/);
          // The code's modules: many small filled squares.
          expect((p.svg.match(/<rect /g) ?? []).length).toBeGreaterThan(150);
        }
        if (layout === 'cart-mg') {
          expect(t.category).toBe('Vape');
          expect([0.5, 1]).toContain(t.netWeightGrams);
          // The cartridge's milligrams are the percentage of its grams.
          expect(t.thcMg).toBe(Math.round(t.thcPct * 10 * (t.netWeightGrams ?? NaN)));
          expect(t.cbdMg).toBe(Math.round((t.cbdPct ?? NaN) * 10 * (t.netWeightGrams ?? NaN)));
          expect(p.flat).toContain(squash(`${t.thcMg} mg`));
          expect(p.flat).toContain(squash(`${t.cbdMg} mg`));
          expect(t.terpenes.length).toBe(3);
          expect(p.lines).toContain(t.type.toUpperCase());
          p.has('Mfg. Date');
          p.has(`Tested by ${t.labName}`);
        }
        if (layout === 'stat-tiles') {
          expect(t.terpenes.length).toBe(3);
          // Each value's run comes right before its key's: the value stands above the key.
          const before = (key: string) => p.lines[p.lines.indexOf(key) - 1];
          expect(before('TOTAL THC')).toBe(`${t.thcPct.toFixed(1)}%`);
          expect(before('TOTAL CBD')).toBe(`${t.cbdPct?.toFixed(1)}%`);
          expect(before('TOTAL CANNABINOIDS')).toBe(`${t.totalCannabinoidsPct?.toFixed(1)}%`);
          expect(before('NET WT')).toBe(t.weightText);
          expect(before('BATCH')).toBe(t.batchNumber);
          expect(before('TESTING LAB')).toBe(t.labName);
          const vy = (text: string) => Number(new RegExp(`y="(\\d+)"[^>]*>${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}<`).exec(p.svg)?.[1]);
          expect(vy(`${t.thcPct.toFixed(1)}%`)).toBeLessThan(vy('TOTAL THC'));
        }
      }
    });

  it('renders each layout to an image of the page size, with ink on it (no OCR)', async () => {
    for (const layout of FOURTEENTH_HELD_OUT_LABEL_LAYOUTS)
      for (const seed of seeds(layout).slice(0, 2)) {
        const t = labelTruth(seed, layout);
        await expectRenderedPage(labelSvg(t, labelStyle(seed, layout), seed));
      }
  });
});
