import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { NINTH_HELD_OUT_LABEL_LAYOUTS, labelStyle, labelSvg, labelTruth, type LabelTruth } from '@/tests/fixtures/vision/labels';
import type { NinthExtra } from '@/tests/fixtures/vision/label-ninth';
import { dateForms, expectHeldOutRound, expectRenderedPage, expectSharedFields, printedLabel, seeds, squash } from '@/tests/fixtures/vision/label-print';

/**
 * The ninth held-out round of label layouts (issue 14): each one is built and its ground truth
 * checked against the text it prints, and each renders inside its page. No OCR here: these
 * layouts stay out of every tuning decision until their blind bench run.
 */

type Truth = LabelTruth & NinthExtra & { thca: number; d9: number };

/** The date in the forms label-print knows, and as `MM/DD/YY`. */
const withShort = (iso: string) => {
  const [y, m, d] = iso.split('-');
  return [...dateForms(iso), squash(`${m}/${d}/${y.slice(2)}`)];
};

describe('ninth held-out round of label layouts', () => {
  it('names three new layouts, all in LABEL_LAYOUTS, and a random draw never picks them', () =>
    expectHeldOutRound(NINTH_HELD_OUT_LABEL_LAYOUTS, ['kraft-stamp', 'foil-gradient', 'abbrev-block']));

  it('leaves the older layouts’ truth and style draws as they were', () => {
    for (const layout of ['keyed', 'qr-fineprint', 'bar-chart'] as const) {
      const t = labelTruth(100, layout) as Truth;
      expect(t.stamp).toBeUndefined();
      expect(t.foil).toBeUndefined();
      expect(t.keys).toBeUndefined();
    }
    expect(labelStyle(100, 'keyed').size).toBeGreaterThanOrEqual(16);
  });

  for (const layout of NINTH_HELD_OUT_LABEL_LAYOUTS)
    it(`${layout}: the truth holds what the label prints, and nothing it does not`, () => {
      for (const seed of seeds(layout)) {
        const p = printedLabel(layout, seed);
        const { style, svg, all, flat, has } = p;
        const t = p.t as Truth;
        expectSharedFields(p, `${layout} #${seed}`, withShort);
        has(t.labName ?? '∅');
        expect(t.terpenes.length).toBeLessThanOrEqual(3);
        for (const tp of t.terpenes) expect(all).toMatch(new RegExp(`${tp.percentage.toFixed(2).replace('.', '\\.')}%`));
        const grams = [...all.matchAll(/(\d*\.?\d+) ?g\b/gi)].map((m) => Number(m[1]));
        expect(grams).toContain(t.netWeightGrams);

        if (layout === 'kraft-stamp') {
          has(`THC ${t.thcPct.toFixed(1)}%`);
          has(`CBD ${t.cbdPct?.toFixed(1)}%`);
          has(`Total Cannabinoids ${t.totalCannabinoidsPct?.toFixed(1)}%`);
          // Brown stock, dark brown ink; the package date only inside the turned stamp.
          expect(parseInt(style.paper.slice(1, 3), 16)).toBeGreaterThan(0x9f);
          expect(parseInt(style.paper.slice(5, 7), 16)).toBeLessThan(parseInt(style.paper.slice(1, 3), 16) - 0x20);
          expect(Math.abs(t.stamp?.angle ?? 0)).toBeGreaterThanOrEqual(4);
          expect(svg).toMatch(/<g transform="rotate\(-?\d+ [^"]*"[^>]*><rect[^>]*stroke=/);
          expect(svg.indexOf('PACKED ON')).toBeGreaterThan(svg.indexOf('<g transform'));
          expect([...svg.matchAll(/fill-opacity/g)].length).toBeGreaterThan(200);
        }
        if (layout === 'foil-gradient') {
          has(`THC ${t.thcPct.toFixed(1)}%`);
          has(`TOTAL CANNABINOIDS ${t.totalCannabinoidsPct?.toFixed(1)}%`);
          expect(t.foil?.stops.length).toBe(5);
          expect(svg).toContain('fill="url(#foil)"');
          expect(svg).toMatch(/<svg [^>]*><defs><linearGradient id="foil"/);
          expect(svg).toMatch(/text-anchor="middle"/);
        }
        if (layout === 'abbrev-block') {
          const k = t.keys;
          expect(k).toBeDefined();
          has(`THC-A ${t.thca.toFixed(2)}%`);
          has(`D9 ${t.d9.toFixed(2)}%`);
          has(`${k?.tthc} ${t.thcPct.toFixed(2)}%`);
          has(`${k?.tcbd} ${t.cbdPct?.toFixed(2)}%`);
          has(`${k?.tc} ${t.totalCannabinoidsPct?.toFixed(2)}%`);
          has(`Typ ${{ indica: 'Ind', sativa: 'Sat', hybrid: 'Hyb' }[t.type]}`);
          // The acid and neutral figures make the totals.
          expect(Math.abs(t.thca * 0.877 + t.d9 - t.thcPct)).toBeLessThan(0.02);
          expect(Math.abs((t.cbda ?? 0) * 0.877 + (t.cbdNeutral ?? 0) - (t.cbdPct ?? 0))).toBeLessThan(0.02);
          expect(style.size).toBeLessThanOrEqual(14);
          expect(flat).toContain('terps:');
        }
      }
    });

  it('renders each layout to an image of the page size, with ink on it (no OCR)', async () => {
    for (const layout of NINTH_HELD_OUT_LABEL_LAYOUTS)
      for (const seed of seeds(layout).slice(0, 2)) {
        const style = labelStyle(seed, layout);
        const t = labelTruth(seed, layout) as Truth;
        const { png, w } = await expectRenderedPage(labelSvg(t, style, seed));
        if (layout === 'foil-gradient') {
          // The foil's bands: the top row runs light and dark across the page.
          const row = await sharp(png).extract({ left: 0, top: 2, width: w, height: 1 }).greyscale().raw().toBuffer();
          expect(Math.max(...row) - Math.min(...row), `${layout} #${seed} bands`).toBeGreaterThan(40);
        }
      }
  });
});
