import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { EIGHTH_HELD_OUT_LABEL_LAYOUTS, labelStyle, labelSvg, labelTruth, type LabelTruth } from '@/tests/fixtures/vision/labels';
import type { EighthExtra } from '@/tests/fixtures/vision/label-eighth';
import { expectHeldOutRound, expectRenderedPage, expectSharedFields, printedLabel, seeds } from '@/tests/fixtures/vision/label-print';

/**
 * The eighth held-out round of label layouts (issue 14): each one is built and its ground truth
 * checked against the text it prints, and each renders inside its page. No OCR here: these
 * layouts stay out of every tuning decision until their blind bench run.
 */

type Truth = LabelTruth & EighthExtra & { thca: number; d9: number };

describe('eighth held-out round of label layouts', () => {
  it('names three new layouts, all in LABEL_LAYOUTS, and a random draw never picks them', () =>
    expectHeldOutRound(EIGHTH_HELD_OUT_LABEL_LAYOUTS, ['qr-fineprint', 'glare-gloss', 'bar-chart']));

  it('leaves the older layouts’ truth and style draws as they were', () => {
    for (const layout of ['keyed', 'pill-badge', 'skewed-photo'] as const) {
      const t = labelTruth(100, layout) as Truth;
      expect(t.glare).toBeUndefined();
      expect(t.cbg).toBeUndefined();
      expect(t.separator).toBeUndefined();
    }
    expect(labelStyle(100, 'keyed').size).toBeGreaterThanOrEqual(16);
    expect(labelTruth(100, 'keyed').terpenes.length).toBeGreaterThanOrEqual(3);
  });

  for (const layout of EIGHTH_HELD_OUT_LABEL_LAYOUTS)
    it(`${layout}: the truth holds what the label prints, and nothing it does not`, () => {
      for (const seed of seeds(layout)) {
        const p = printedLabel(layout, seed);
        const { style, svg, lines, all, flat, has } = p;
        const t = p.t as Truth;
        expectSharedFields(p, `${layout} #${seed}`);
        has(t.labName ?? '∅');
        has(`CBD ${t.cbdPct?.toFixed(1)}%`);
        has(`Total Cannabinoids ${t.totalCannabinoidsPct?.toFixed(1)}%`);
        expect(t.terpenes.length).toBeLessThanOrEqual(3);
        for (const tp of t.terpenes) expect(all).toMatch(new RegExp(`${tp.percentage.toFixed(2).replace('.', '\\.')}%`));
        const grams = [...all.matchAll(/(\d*\.?\d+) ?g\b/gi)].map((m) => Number(m[1]));
        expect(grams).toContain(t.netWeightGrams);

        if (layout === 'qr-fineprint') {
          expect(style.size).toBeLessThanOrEqual(13);
          expect(flat).toMatch(new RegExp(`(total)?thc${t.thcPct.toFixed(1).replace('.', '\\.')}%`));
          // The fields run on in one paragraph: a wrapped line holds several of them, split by one separator.
          const sep = (t.separator ?? '').trim();
          expect(['; ', ' · ', ' | '].map((x) => x.trim())).toContain(sep);
          expect(lines.some((l) => l.split(sep).length >= 3)).toBe(true);
          has(`Lot # ${t.batchNumber}`);
          // The QR block: many small square modules.
          expect([...svg.matchAll(/<rect [^>]*width="([\d.]+)" height="\1"/g)].length).toBeGreaterThan(100);
        }
        if (layout === 'glare-gloss') {
          expect(parseInt(style.paper.slice(1, 3), 16)).toBeLessThan(0x30);
          has(`THC ${t.thcPct.toFixed(1)}%`);
          const g = t.glare;
          expect(g).toBeDefined();
          expect(Math.abs(g?.angle ?? 0)).toBeGreaterThanOrEqual(20);
          expect(g?.peak).toBeGreaterThanOrEqual(0.55);
          // The streak is drawn over the text (after the last run).
          expect(svg.lastIndexOf('url(#glare)')).toBeGreaterThan(svg.lastIndexOf('</text>'));
        }
        if (layout === 'bar-chart') {
          expect(t.harvestDate).toBeNull();
          has(`Total THC ${t.thcPct.toFixed(1)}%`);
          // The chart's THCa and Δ9 make its total.
          expect(Math.abs(t.thca * 0.877 + t.d9 - t.thcPct)).toBeLessThan(0.02);
          // Each value is a run of its own, placed at the end of its bar: the values do not line up.
          const values = [...svg.matchAll(/<text x="(\d+)"[^>]*>(\d+\.\d+%)<\/text>/g)].map((m) => Number(m[1]));
          expect(values.length).toBe(5);
          expect(new Set(values).size).toBeGreaterThan(2);
          // The terpenes as one sentence, wrapped over lines where it is long.
          const sentence = all.replace(/\n/g, ' ');
          expect(sentence).toMatch(/Dominant terpenes: .*\d%\./);
          if (t.terpenes.length > 1) expect(sentence).toMatch(/\d% and \S/);
        }
      }
    });

  it('renders each layout to an image of the page size, with ink on it (no OCR)', async () => {
    for (const layout of EIGHTH_HELD_OUT_LABEL_LAYOUTS)
      for (const seed of seeds(layout).slice(0, 2)) {
        const style = labelStyle(seed, layout);
        const t = labelTruth(seed, layout) as Truth;
        const svg = labelSvg(t, style, seed);
        const { png, w, h } = await expectRenderedPage(svg);
        if (layout === 'glare-gloss') {
          // The streak's centre is much lighter than the dark stock at the page's corner.
          const at = Math.min(w - 4, Math.max(0, Math.round(w * (t.glare?.at ?? 0.5)) - 2));
          const mid = await sharp(png)
            .extract({ left: at, top: Math.round(h / 2), width: 4, height: 4 })
            .png()
            .toBuffer();
          const corner = await sharp(png).extract({ left: 0, top: 0, width: 4, height: 4 }).png().toBuffer();
          const [m, c] = await Promise.all([sharp(mid).stats(), sharp(corner).stats()]);
          expect(m.channels[0].mean - c.channels[0].mean, `${layout} #${seed} glare`).toBeGreaterThan(60);
        }
      }
  });
});
