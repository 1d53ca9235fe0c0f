import { describe, expect, it } from 'vitest';
import { FIFTEENTH_HELD_OUT_LABEL_LAYOUTS, labelStyle, labelSvg, labelTruth, type LabelTruth } from '@/tests/fixtures/vision/labels';
import { esDate, type FifteenthExtra } from '@/tests/fixtures/vision/label-fifteenth';
import { expectHeldOutRound, expectRenderedPage, printedLabel, seeds } from '@/tests/fixtures/vision/label-print';
import { splitOf } from '@/tests/fixtures/vision/splits';

/**
 * The fifteenth held-out round of label layouts (issue 14): each one is built and its ground
 * truth checked against the text it prints, and each renders inside its page (no OCR here).
 */

type Truth = LabelTruth & FifteenthExtra & { weightText: string; strainText: string };

const pctRe = (v: number, digits: number) => new RegExp(`(^|[^0-9.])${v.toFixed(digits).replace('.', '\\.')} ?%`, 'm');
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
/** The date in the style's form, exactly as a run prints it. */
const printed = (iso: string, form: 'iso' | 'us' | 'month') => {
  const [y, m, d] = iso.split('-');
  return form === 'iso' ? iso : form === 'us' ? `${m}/${d}/${y}` : `${MONTHS[Number(m) - 1]} ${Number(d)}, ${y}`;
};

describe('fifteenth held-out round of label layouts', () => {
  it('names three new layouts, all in LABEL_LAYOUTS, in their own split, and a random draw never picks them', () => {
    expectHeldOutRound(FIFTEENTH_HELD_OUT_LABEL_LAYOUTS, ['rx-dispense', 'terp-radar', 'es-bilingual']);
    for (const l of FIFTEENTH_HELD_OUT_LABEL_LAYOUTS) expect(splitOf('label', l)).toBe('fifteenth-held-out');
    expect(splitOf('label', 'qr-table')).toBe('fourteenth-held-out');
  });

  it('leaves the older layouts’ truth draws as they were', () => {
    for (const layout of ['keyed', 'edible-mg', 'ca-bilingual', 'qr-table', 'stat-tiles'] as const) {
      const t = labelTruth(100, layout) as Truth;
      expect(t.rx).toBeUndefined();
      expect(t.radar).toBeUndefined();
      expect(t.es).toBeUndefined();
    }
  });

  it('prints Spanish dates with Spanish months', () => {
    expect(esDate('2026-09-12', 'abbr')).toBe('12-sep-2026');
    expect(esDate('2026-01-05', 'long')).toBe('5 de enero de 2026');
    expect(esDate('2026-12-31', 'iso')).toBe('2026-12-31');
  });

  for (const layout of FIFTEENTH_HELD_OUT_LABEL_LAYOUTS)
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
        expect(t.thcMg).toBeUndefined();
        expect(p.all).toMatch(pctRe(t.thcPct, 1));
        expect(p.all).toMatch(pctRe(t.cbdPct ?? -1, 1));
        expect(p.all).toMatch(pctRe(t.totalCannabinoidsPct ?? -1, 1));
        for (const tp of t.terpenes) expect(p.all).toMatch(pctRe(tp.percentage, 2));
        expect(t.harvestDate === null, tag).toBe(layout === 'rx-dispense');
        const dates = [t.testDate, t.packageDate, t.harvestDate].filter((x): x is string => x !== null);
        if (layout === 'es-bilingual') {
          expect(t.es, tag).toBeDefined();
          const f = t.es?.dateForm ?? 'iso';
          for (const date of dates) expect(p.all, `${tag} ${date}`).toContain(esDate(date, f));
          expect(t.terpenes.length).toBeLessThanOrEqual(4);
          p.has('THC Total / Total THC');
          p.has('Cannabinoides Totales / Total Cannabinoids');
          p.has('Fecha de empaque / Packaging date');
          expect(p.all).toMatch(/Índica|Sativa|Híbrida/);
          // Terpenes in Spanish: no English terpene word on the label.
          expect(p.all).not.toMatch(/Myrcene|Limonene|Caryophyllene|Pinene|Humulene|Terpinolene|Ocimene/);
          expect(p.all).toContain(t.strainText);
        } else {
          for (const date of dates) expect(p.all, `${tag} ${date}`).toContain(printed(date, form));
          expect(p.all.toLowerCase()).toContain(t.type);
        }
        if (layout === 'rx-dispense') {
          const rx = t.rx;
          expect(rx, tag).toBeDefined();
          expect(t.terpenes.length).toBeLessThanOrEqual(3);
          // The other dates are printed and are none of the product's.
          for (const other of [rx?.dispensed ?? '∅', rx?.dob ?? '∅', rx?.expires ?? '∅']) {
            expect(p.all).toContain(printed(other, form));
            expect(dates).not.toContain(other);
          }
          expect(p.all).toContain(`Rx# ${rx?.number}`);
          expect(p.all).toContain(`Patient: ${rx?.patient}`);
          expect(p.all).toContain(`${(t.thcPct * 10).toFixed(1)} mg/g`);
        }
        if (layout === 'terp-radar') {
          const rd = t.radar;
          expect(rd, tag).toBeDefined();
          expect(t.terpenes.length + (rd?.nd.length ?? 0)).toBeGreaterThanOrEqual(5);
          for (const nd of rd?.nd ?? []) expect(t.terpenes.map((tp) => tp.name)).not.toContain(nd);
          // Each spoke's share is its own run, right after its name's run.
          for (const tp of t.terpenes) {
            const i = p.lines.indexOf(`${tp.percentage.toFixed(2)}%`);
            expect(i, `${tag} ${tp.name}`).toBeGreaterThan(0);
            expect(p.lines[i - 1].toLowerCase()).toContain(tp.name);
          }
          expect(p.lines.filter((l) => l === 'ND').length).toBe(rd?.nd.length);
          expect(p.svg).toContain('<polygon');
        }
      }
    });

  it('renders each layout to an image of the page size, with ink on it (no OCR)', async () => {
    for (const layout of FIFTEENTH_HELD_OUT_LABEL_LAYOUTS)
      for (const seed of seeds(layout).slice(0, 2)) {
        const t = labelTruth(seed, layout);
        await expectRenderedPage(labelSvg(t, labelStyle(seed, layout), seed));
      }
  });
});
