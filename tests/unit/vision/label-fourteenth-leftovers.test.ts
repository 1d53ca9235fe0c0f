import { describe, expect, it } from 'vitest';
import { barApart } from '@/lib/vision/label-cart';
import { readDates } from '@/lib/vision/label-dates';
import { GRID_BELOW, gridWorthIt, readingScore } from '@/lib/vision/label-grid';
import { parseLabelText } from '@/lib/vision/label-parser';
import type { ParsedLabel } from '@/lib/vision/types';

/** The fourteenth label round's leftovers fixed in the fifteenth (a cartridge's bar read as 1, a blurred Mfg. Date, a QR label's ruled table read again). */

describe('a cartridge row’s bar before its milligrams (label-cart.ts)', () => {
  it('keeps a bar glued to the milligrams after a share apart, so it is not read as a 1', () => {
    expect(barApart('CBD   1.4%   |7mg')).toBe('CBD   1.4%   | 7mg');
    expect(barApart('Total Cannabinoids   97.1%   |486 mg')).toBe('Total Cannabinoids   97.1%   | 486 mg');
    // Other bars and figures as they were.
    expect(barApart('THC   91.3%   | 457 mg')).toBe('THC   91.3%   | 457 mg');
    expect(barApart('|7 Pinene 0.3%')).toBe('|7 Pinene 0.3%');
    expect(barApart('Net Wt |5g')).toBe('Net Wt |5g');
  });

  it('reads the cartridge’s CBD milligrams from such a row', () => {
    const p = parseLabelText(['AIRO BRANDS', 'Candyland Cartridge', 'CANNABINOIDS PER CART', 'THC      91.3%      | 457 mg', 'CBD      1.4%      |7mg'].join('\n'));
    expect(p.thcMg).toBe(457);
    expect(p.cbdMg).toBe(7);
  });
});

describe('a blurred manufacturing date key', () => {
  it('reads `Mig. Date` (Mfg. Date, its f read as i) as the package date, and only before Date', () => {
    expect(readDates(['Mig. Date: Sep 1, 2026']).package).toBe('2026-09-01');
    expect(readDates(['Mig 2026-09-01']).package).toBeNull();
  });
});

describe('a thin reading read again without a table’s rules (label-grid.ts)', () => {
  const reading = (coverage: number, conf: number, thcPct: number | null = 20) => ({
    parsed: { coverage, thcPct, thcMg: null, totalCannabinoidsPct: null } as ParsedLabel,
    engineConfidence: conf,
    text: '',
  });
  it('only below GRID_BELOW of the facts, or with no potency found', () => {
    expect(gridWorthIt(reading(GRID_BELOW - 0.01, 0.9))).toBe(true);
    expect(gridWorthIt(reading(GRID_BELOW, 0.2))).toBe(false);
    // the sixteenth round's OLCC table: everything but the ruled potency rows read
    expect(gridWorthIt(reading(0.75, 0.9, null))).toBe(true);
    expect(gridWorthIt({ parsed: { coverage: 0.75, thcPct: null, thcMg: 450, totalCannabinoidsPct: null } as ParsedLabel })).toBe(false);
  });
  it('scores readings as the passes do: what they found first, confidence a little', () => {
    expect(readingScore(reading(0.8, 0.5))).toBeGreaterThan(readingScore(reading(0.4, 0.95)));
    expect(readingScore({ parsed: { coverage: 0.5 } as ParsedLabel, engineConfidence: null })).toBeCloseTo(0.35);
  });
});

describe('a blurred CBD caption', () => {
  it('reads `TOTAL CBO` / `CB0` before a figure as CBD, and leaves other words', () => {
    expect(parseLabelText(['BLOOM', 'Chemdawg Pre-Roll', 'TOTAL THC: 23.3%', 'TOTAL CBO: 0.4%'].join('\n')).cbdPct).toBe(0.4);
    expect(parseLabelText(['BLOOM', 'Chemdawg Pre-Roll', 'THC 23.3%   CB0 0.6%'].join('\n')).cbdPct).toBe(0.6);
    expect(parseLabelText(['CBO Farms', 'Chemdawg Pre-Roll', 'THC 23.3%'].join('\n')).brand).toBe('CBO Farms');
  });
});
