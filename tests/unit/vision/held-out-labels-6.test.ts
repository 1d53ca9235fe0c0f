import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { namePools } from '@/tests/fixtures/vision/data';
import { SIXTH_HELD_OUT_LABEL_LAYOUTS, LABEL_LAYOUTS, labelStyle, labelSvg, labelTruth } from '@/tests/fixtures/vision/labels';
import { dateForms as isoUsOrMonth, expectHeldOutRound, expectRenderedPage, expectSharedFields, printedLabel, seeds, squash } from '@/tests/fixtures/vision/label-print';

/**
 * The sixth held-out round of label layouts (issue 14): each one is built and its ground truth
 * checked against the text it prints, and each renders inside its page. No OCR here: these
 * layouts stay out of every tuning decision until their blind bench run.
 */

/** The date as printed in the style's ISO, US, two-digit-year US or month form (compared without spaces or case). */
function dateForms(iso: string): string[] {
  const [y, m, d] = iso.split('-');
  return [...isoUsOrMonth(iso), squash(`${m}/${d}/${y.slice(2)}`)];
}

describe('sixth held-out round of label layouts', () => {
  it('names three new layouts, all in LABEL_LAYOUTS, and a random draw never picks them', () =>
    expectHeldOutRound(SIXTH_HELD_OUT_LABEL_LAYOUTS, ['ca-excise', 'deli-scale', 'turned-strip']));

  it('leaves the older layouts’ truth and style draws as they were', () => {
    // The fifth round's vape box and a first-round keyed label, drawn twice: the sixth round's own generators do not touch them.
    for (const layout of ['keyed', 'vape-box', 'mi-compliance'] as const) {
      expect(labelTruth(100, layout)).toEqual(labelTruth(100, layout));
      expect((labelTruth(100, layout) as { turn?: number }).turn).toBeUndefined();
    }
    expect(labelStyle(100, 'mi-compliance').font).toBe('DejaVu Sans Light');
    expect(labelStyle(100, 'keyed').dates).toBe(labelStyle(100, 'keyed').dates);
  });

  for (const layout of SIXTH_HELD_OUT_LABEL_LAYOUTS)
    it(`${layout}: the truth holds what the label prints, and nothing it does not`, () => {
      for (const seed of seeds(layout)) {
        const p = printedLabel(layout, seed);
        const { t, style, svg, lines, all, has } = p;
        expectSharedFields(p, `${layout} #${seed}`, dateForms);
        if (t.labName) has(t.labName);
        for (const tp of t.terpenes) expect(all).toMatch(new RegExp(`${tp.percentage.toFixed(2).replace('.', '\\.')} ?%`));

        if (layout === 'ca-excise') {
          expect(t.labName).toBeNull();
          expect(t.testDate).toBeNull();
          expect(t.harvestDate).toBeNull();
          expect(t.totalCannabinoidsPct).toBeNull();
          expect(t.terpenes.length).toBeGreaterThanOrEqual(2);
          expect(t.terpenes.length).toBeLessThanOrEqual(3);
          // Bilingual keys and the stamp.
          for (const k of ['Total THC / THC total', 'Total CBD / CBD total', 'Lot / Lot:', 'Packaged on / Emballé le:', 'DUTY PAID', 'DROIT ACQUITTÉ', 'CANADA'])
            expect(all).toContain(k);
          const extract = t.category === 'Vape' || t.category === 'Concentrate';
          if (extract) {
            expect(t.netWeightGrams).toBeNull();
            expect(all).toMatch(/Equivalent to \d g dried cannabis/);
            has(`Total THC / THC total ${(t.thcPct * 10).toFixed(0)} mg/g`);
          } else {
            has(`Net Weight / Poids net`);
            const grams = [...all.matchAll(/(\d*\.?\d+) ?g\b/gi)].map((m) => Number(m[1]));
            expect(grams).toContain(t.netWeightGrams);
            expect(all).toContain(`Total THC / THC total ${t.thcPct.toFixed(1)} %`);
            // The Δ9 figure printed first is not the THC of the truth.
            const d9 = Number(/^THC (\d+\.\d) %/m.exec(all)?.[1]);
            expect(d9).toBeLessThan(t.thcPct);
          }
          if (t.cbdPct === null) expect(all).toContain('Total CBD / CBD total < 0.5 %');
          else expect(all).toMatch(new RegExp(`Total CBD / CBD total ${extract ? (t.cbdPct * 10).toFixed(0) : t.cbdPct.toFixed(1)}`));
        }
        if (layout === 'deli-scale') {
          expect(t.category).toBe('Flower');
          // All capitals but the gram unit after the weight.
          expect(all.replace(/ g$/m, '')).toBe(all.replace(/ g$/m, '').toUpperCase());
          expect(['DejaVu Sans Mono', 'Liberation Mono']).toContain(style.font);
          // A weight that is no common size, printed with two decimals under NET WT.
          expect(t.netWeightGrams).not.toBeNull();
          expect([1, 3.5, 7, 14, 28]).not.toContain(t.netWeightGrams);
          expect(lines).toContain(`${t.netWeightGrams?.toFixed(2)} g`);
          expect(lines).toEqual(expect.arrayContaining(['NET WT', 'PRICE/G', 'TOTAL']));
          // The store at the top is one of the pool's dispensaries, not the brand; the brand is the grower.
          expect(namePools().stores.map((v) => v.toUpperCase())).toContain(lines[0]);
          has(`GROWN BY ${t.brand}`);
          has(`THC ${t.thcPct.toFixed(1)}%`);
          has(`CBD ${t.cbdPct?.toFixed(1)}%`);
          expect(t.terpenes).toEqual([]);
          expect(t.totalCannabinoidsPct).toBeNull();
          expect(t.harvestDate).toBeNull();
          // The price total is the weight times the price per gram.
          const ppg = Number(/^\$(\d+\.\d\d)$/m.exec(lines.filter((l) => l.startsWith('$')).join('\n'))?.[1]);
          const total = Number(lines.filter((l) => l.startsWith('$'))[1]?.slice(1));
          expect(total).toBeCloseTo((t.netWeightGrams ?? 0) * ppg, 2);
        }
        if (layout === 'turned-strip') {
          const [, w, h] = /width="(\d+)" height="(\d+)"/.exec(svg) as RegExpExecArray;
          // A narrow tall page holding a turned label.
          expect(Number(h)).toBeGreaterThan(2 * Number(w));
          expect(svg).toMatch(/<g transform="translate\(\d+ \d+\) rotate\((-?90)\)">/);
          has(`THC ${t.thcPct.toFixed(1)}% | CBD ${t.cbdPct?.toFixed(1)}% | Total Cannabinoids ${t.totalCannabinoidsPct?.toFixed(1)}%`);
          expect(t.terpenes.length).toBe(2);
          const grams = [...all.matchAll(/(\d*\.?\d+) ?g\b/gi)].map((m) => Number(m[1]));
          expect(grams).toContain(t.netWeightGrams);
        }
      }
    });

  it('turns the strip both ways over the seeds', () => {
    const turns = new Set<string>();
    for (let k = 0; k < 16; k++) {
      const seed = 100 + k * 31 + LABEL_LAYOUTS.indexOf('turned-strip') * 1000;
      turns.add(/rotate\((-?90)\)/.exec(labelSvg(labelTruth(seed, 'turned-strip'), labelStyle(seed, 'turned-strip'), seed))?.[1] ?? '');
    }
    expect([...turns].sort()).toEqual(['-90', '90']);
  });

  it('renders each layout to an image of the page size, with ink on it (no OCR)', async () => {
    for (const layout of SIXTH_HELD_OUT_LABEL_LAYOUTS)
      for (const seed of seeds(layout).slice(0, 3)) {
        const style = labelStyle(seed, layout);
        const svg = labelSvg(labelTruth(seed, layout), style, seed);
        const { png, w, h } = await expectRenderedPage(svg);
        if (layout === 'turned-strip') {
          // The ink sits inside the turned page: the end of the strip away from its accent band is paper.
          const spread = async (top: number) => {
            const strip = await sharp(png)
              .extract({ left: 0, top, width: Number(w), height: 12 })
              .png()
              .toBuffer();
            const edge = await sharp(strip).stats();
            return Math.max(...edge.channels.slice(0, 3).map((ch) => ch.max - ch.min));
          };
          const ends = [await spread(0), await spread(Number(h) - 12)];
          expect(Math.min(...ends), `${layout} #${seed} far end`).toBeLessThan(8);
          expect(Math.max(...ends), `${layout} #${seed} band end`).toBeGreaterThan(50);
        }
      }
  });
});
