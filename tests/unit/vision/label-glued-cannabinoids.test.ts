import { describe, expect, it } from 'vitest';
import { parseLabelText, unglued } from '@/lib/vision/label-parser';

describe('a cannabinoid key glued to its figure (a levelled, blurred narrow face)', () => {
  it('an mg/g table row whose first key lost its gap is read under its heading', () => {
    const text = ['CANNA CAFE', 'TROPICAL RUNTZ LIVE RESIN CARTRIDGE', 'CANNABINOIDS (MGIG)', '|| A9-THC908.0| CBD 1.6 | CBG 8.2', 'TOTAL CANNABINOIDS 927.4'].join('\n');
    expect(parseLabelText(text)).toMatchObject({ thcPct: 90.8, cbdPct: 0.16, totalCannabinoidsPct: 92.74 });
  });

  it('percentages glued to THC / CBD / the total', () => {
    expect(parseLabelText('Blue Dream Flower\nTHC22.4% CBD0.3%\nTOTAL CANNABINOIDS25.1%')).toMatchObject({ thcPct: 22.4, cbdPct: 0.3, totalCannabinoidsPct: 25.1 });
  });

  it('leaves codes and words alone', () => {
    expect(unglued('Batch: CBD2611-10')).toBe('Batch: CBD2611-10');
    expect(unglued('Lic. THC10042A')).toBe('Lic. THC10042A');
    expect(unglued('THCa28.1%')).toBe('THCa 28.1%');
    expect(unglued('THC10mg per piece')).toBe('THC 10mg per piece');
  });
});
