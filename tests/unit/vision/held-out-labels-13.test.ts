import { describe, expect, it } from 'vitest';
import { THIRTEENTH_HELD_OUT_LABEL_LAYOUTS, labelStyle, labelSvg, labelTruth, type LabelTruth } from '@/tests/fixtures/vision/labels';
import type { ThirteenthExtra } from '@/tests/fixtures/vision/label-thirteenth';
import { dateForms, expectHeldOutRound, expectRenderedPage, expectSharedFields, printedLabel, seeds } from '@/tests/fixtures/vision/label-print';

/**
 * The thirteenth held-out round of label layouts (issue 14): each one is built and its ground
 * truth checked against the text it prints, and each renders inside its page (no OCR here).
 */

type Truth = LabelTruth & ThirteenthExtra & { weightText: string; strainText: string };

const pctRe = (v: number, digits: number) => new RegExp(`(^|[^0-9.])${v.toFixed(digits).replace('.', '\\.')}%`, 'm');

describe('thirteenth held-out round of label layouts', () => {
  it('names three new layouts, all in LABEL_LAYOUTS, and a random draw never picks them', () =>
    expectHeldOutRound(THIRTEENTH_HELD_OUT_LABEL_LAYOUTS, ['facts-panel', 'letter-bar', 'dot-leaders']));

  it('leaves the older layouts’ truth draws as they were', () => {
    for (const layout of ['keyed', 'edible-mg', 'vape-box', 'ca-bilingual', 'warning-caps'] as const) {
      const t = labelTruth(100, layout) as Truth;
      expect(t.facts).toBeUndefined();
      expect(t.letterBar).toBeUndefined();
      expect(t.leaders).toBeUndefined();
    }
  });

  for (const layout of THIRTEENTH_HELD_OUT_LABEL_LAYOUTS)
    it(`${layout}: the truth holds what the label prints`, () => {
      for (const seed of seeds(layout)) {
        const p = printedLabel(layout, seed);
        const t = p.t as Truth;
        const tag = `${layout} #${seed}`;
        if (layout === 'facts-panel') {
          // Edibles carry mg truth; expectSharedFields expects none, so check the shared fields here.
          p.has(t.brand);
          p.has(t.productName);
          p.has(`Batch: ${t.batchNumber}`);
          for (const date of [t.testDate, t.packageDate])
            expect(
              dateForms(date ?? '∅').some((f) => p.flat.includes(f)),
              `${tag} ${date}`,
            ).toBe(true);
        } else expectSharedFields(p, tag);
        p.has(t.weightText);
        p.has(t.labName ?? '∅');
        expect(t.harvestDate === null).toBe(layout !== 'dot-leaders');
        if (layout === 'facts-panel') {
          const f = t.facts;
          expect(f, tag).toBeDefined();
          if (!f) continue;
          expect(t.category).toBe('Edible');
          expect(t.terpenes).toEqual([]);
          // Per serving above, per package below: the truth is the package's milligrams.
          expect(t.thcMg).toBe(f.servings * f.perServing);
          expect(p.lines).toContain(`${f.perServing} mg`);
          expect(p.lines).toContain(`${t.thcMg} mg`);
          expect(p.all).toContain(`${f.servings} servings per package`);
          expect(p.all).toMatch(pctRe(t.thcPct, 2));
          expect(p.all).toMatch(pctRe(t.totalCannabinoidsPct ?? -1, 2));
          if (t.cbdMg === null || t.cbdMg === undefined) {
            expect(t.cbdPct).toBeNull();
            expect(p.lines).toContain('ND');
            expect(p.all).not.toContain('Total CBD per package');
          } else {
            expect(t.cbdMg).toBe(f.servings * (f.cbdPerServing ?? NaN));
            expect(p.all).toMatch(pctRe(t.cbdPct ?? -1, 2));
            expect(p.lines.join('|')).toContain(`Total CBD per package|${t.cbdMg} mg`);
          }
          expect(p.lines.join('|')).toContain(`Total THC per package|${t.thcMg} mg`);
          expect(p.all).toMatch(/Start low|DOSAGE|CAUTION/);
        }
        if (layout === 'letter-bar') {
          const b = t.letterBar;
          expect(b, tag).toBeDefined();
          if (!b) continue;
          expect(t.category).toBe('Vape');
          // The type is printed only as its letter, and large.
          expect(b.letter).toBe(t.type.charAt(0).toUpperCase());
          expect(p.lines).toContain(b.letter);
          expect(p.all).not.toMatch(/indica|sativa|hybrid/i);
          expect(p.svg).toMatch(new RegExp(`font-size="(\\d+)" font-weight="bold" text-anchor="middle" fill="#ffffff" xml:space="preserve">${b.letter}<`));
          p.has(`THC ${t.thcPct.toFixed(1)}%`);
          p.has(`CBD ${t.cbdPct?.toFixed(1)}%`);
          p.has(`Total Cannabinoids ${t.totalCannabinoidsPct?.toFixed(1)}%`);
          expect(t.terpenes.length).toBeGreaterThanOrEqual(2);
          expect(t.terpenes.length).toBeLessThanOrEqual(4);
          for (const tp of t.terpenes) {
            expect(tp.percentage).toBe(Math.round(tp.percentage * 10) / 10);
            expect(tp.percentage).toBeGreaterThan(0);
            expect(p.all).toMatch(pctRe(tp.percentage, 1));
          }
          expect(p.all).toMatch(/, /);
          p.has('MFD');
        }
        if (layout === 'dot-leaders') {
          const l = t.leaders;
          expect(l, tag).toBeDefined();
          if (!l) continue;
          expect(t.terpenes.length).toBe(3);
          for (const tp of t.terpenes) expect(p.all).toMatch(pctRe(tp.percentage, 2));
          // Every keyed line: key, a run of leader dots, value.
          for (const [key, value] of [
            ['Total THC', `${t.thcPct.toFixed(1)}%`],
            ['CBD', `${t.cbdPct?.toFixed(1)}%`],
            ['Total Cannabinoids', `${t.totalCannabinoidsPct?.toFixed(1)}%`],
            ['Net Weight', t.weightText],
            ['Lot No.', t.batchNumber ?? '∅'],
          ]) {
            const i = p.lines.indexOf(key);
            expect(i, `${tag} ${key}`).toBeGreaterThanOrEqual(0);
            expect(p.lines[i + 1]).toMatch(/^[.·]( ?[.·]){2,}$/);
            expect(p.lines[i + 2]).toBe(value);
          }
          expect(p.lines).toContain(t.type.charAt(0).toUpperCase() + t.type.slice(1));
          expect(p.svg).toMatch(/font-family="(DejaVu Serif|Liberation Serif|Liberation Mono)"/);
        }
      }
    });

  it('renders each layout to an image of the page size, with ink on it (no OCR)', async () => {
    for (const layout of THIRTEENTH_HELD_OUT_LABEL_LAYOUTS)
      for (const seed of seeds(layout).slice(0, 2)) {
        const t = labelTruth(seed, layout);
        await expectRenderedPage(labelSvg(t, labelStyle(seed, layout), seed));
      }
  });
});
