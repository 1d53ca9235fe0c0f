import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { ELEVENTH_HELD_OUT_LABEL_LAYOUTS, labelStyle, labelSvg, labelTruth, type LabelTruth } from '@/tests/fixtures/vision/labels';
import { THERMAL_CHARS, shortDate, thermalLines, type EleventhExtra } from '@/tests/fixtures/vision/label-eleventh';
import { dateForms, expectHeldOutRound, expectRenderedPage, expectSharedFields, printedLabel, seeds, squash, type PrintedLabel } from '@/tests/fixtures/vision/label-print';

/**
 * The eleventh held-out round of label layouts (issue 14): each one is built and its ground
 * truth checked against the text it prints, and each renders inside its page. No OCR here: these
 * layouts stay out of every tuning decision until their blind bench run.
 */

type Truth = LabelTruth & EleventhExtra & { weightText: string };

/** The date in the forms label-print knows, and the thermal printer's `MM/DD/YY`. */
const withShort = (iso: string) => [...dateForms(iso), squash(shortDate(iso))];

/** A thermal print holds no text elements: its lines are read from its dot groups. */
function thermalPrinted(p: PrintedLabel): PrintedLabel {
  const lines = thermalLines(p.svg);
  const all = lines.join('\n');
  const flat = squash(all);
  return { ...p, lines, all, flat, has: (v: string) => expect(flat, `thermal prints ${v}`).toContain(squash(v)) };
}

describe('eleventh held-out round of label layouts', () => {
  it('names three new layouts, all in LABEL_LAYOUTS, and a random draw never picks them', () =>
    expectHeldOutRound(ELEVENTH_HELD_OUT_LABEL_LAYOUTS, ['stacked-sticker', 'cyl-bottle', 'thermal-lowres']));

  it('leaves the older layouts’ truth draws as they were', () => {
    for (const layout of ['keyed', 'clear-film', 'tick-form'] as const) {
      const t = labelTruth(100, layout) as Truth;
      expect(t.sticker).toBeUndefined();
      expect(t.bottle).toBeUndefined();
      expect(t.thermal).toBeUndefined();
    }
  });

  it('prints thermal dates as MM/DD/YY', () => {
    expect(shortDate('2026-03-09')).toBe('03/09/26');
    expect(shortDate(null)).toBe('');
  });

  for (const layout of ELEVENTH_HELD_OUT_LABEL_LAYOUTS)
    it(`${layout}: the truth holds what the label prints, and nothing it does not`, () => {
      for (const seed of seeds(layout)) {
        const raw = printedLabel(layout, seed);
        const p = layout === 'thermal-lowres' ? thermalPrinted(raw) : raw;
        const { svg, all, has } = p;
        const t = p.t as Truth;
        expectSharedFields(p, `${layout} #${seed}`, withShort);
        has(t.labName ?? '∅');
        has(t.weightText);
        expect(t.terpenes.length).toBeLessThanOrEqual(layout === 'thermal-lowres' ? 2 : 3);
        for (const tp of t.terpenes) expect(all).toMatch(new RegExp(`${tp.percentage.toFixed(2).replace('.', '\\.')}%`));
        expect(t.harvestDate === null).toBe(layout !== 'stacked-sticker');

        if (layout === 'stacked-sticker') {
          // The sticker's figures are the truth; the covered label's range is another figure.
          const st = t.sticker;
          expect(st).toBeDefined();
          has(`THC: ${t.thcPct.toFixed(1)}%`);
          has(`CBD: ${t.cbdPct?.toFixed(1)}%`);
          has(`Total Cannabinoids: ${t.totalCannabinoidsPct?.toFixed(1)}%`);
          has(`THC ${st?.rangeLo}–${st?.rangeHi}%*`);
          expect(st?.rangeLo).not.toBe(Math.round(t.thcPct));
          expect(Math.abs(st?.angle ?? 9)).toBeLessThanOrEqual(4);
          expect(svg).toMatch(/<g transform="rotate\(-?[\d.]+ [\d.]+ [\d.]+\)"><rect [^>]*fill-opacity="0.28"/);
        }
        if (layout === 'cyl-bottle') {
          // Every word on its own, squeezed by the cosine of its angle round the bottle.
          has(`THC ${t.thcPct.toFixed(1)}%`);
          has(`Total Cannabinoids ${t.totalCannabinoidsPct?.toFixed(1)}%`);
          const scales = [...svg.matchAll(/scale\(([\d.]+) 1\)/g)].map((m) => Number(m[1]));
          expect(scales.length).toBe(p.lines.length);
          expect(Math.min(...scales)).toBeLessThan(0.95);
          expect(Math.max(...scales)).toBeLessThanOrEqual(1);
          expect(svg).toContain('fill="url(#cyl)"');
          expect(Math.abs(t.bottle?.sag ?? 0)).toBeGreaterThanOrEqual(8);
        }
        if (layout === 'thermal-lowres') {
          // Capitals in the dot font only: every printed character has a glyph, and no text element.
          expect(raw.lines).toEqual([]);
          for (const line of p.lines) for (const ch of line) expect(THERMAL_CHARS, `${layout} #${seed} ${line}`).toContain(ch);
          for (const line of p.lines) expect(line).toBe(line.toUpperCase());
          has(`THC: ${t.thcPct.toFixed(1)}%`);
          has(`TOT CANN: ${t.totalCannabinoidsPct?.toFixed(1)}%`);
          expect([3, 4]).toContain(t.thermal?.dot);
          expect(svg).toContain('shape-rendering="crispEdges"');
        }
      }
    });

  it('renders each layout to an image of the page size, with ink on it (no OCR)', async () => {
    for (const layout of ELEVENTH_HELD_OUT_LABEL_LAYOUTS)
      for (const seed of seeds(layout).slice(0, 2)) {
        const t = labelTruth(seed, layout) as Truth;
        const { png, w, h } = await expectRenderedPage(labelSvg(t, labelStyle(seed, layout), seed));
        if (layout === 'cyl-bottle') {
          // Darker at the bottle's edges than at its front, on the label's middle row.
          const row = await sharp(png)
            .extract({ left: 0, top: Math.round(h / 2), width: w, height: 1 })
            .greyscale()
            .raw()
            .toBuffer();
          const edge = row[Math.round(w * 0.08)];
          const front = Math.max(...row.subarray(Math.round(w * 0.3), Math.round(w * 0.4)));
          expect(edge, `${layout} #${seed}`).toBeLessThan(front - 40);
        }
        if (layout === 'thermal-lowres') {
          // No anti-aliasing: the ink is the paper or the ink, hardly any grey between.
          const { data } = await sharp(png).greyscale().raw().toBuffer({ resolveWithObject: true });
          const grey = data.filter((v) => v > 60 && v < 200).length;
          expect(grey / data.length).toBeLessThan(0.01);
        }
      }
  });
});
