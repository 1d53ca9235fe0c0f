import { describe, expect, it } from 'vitest';
import { unheadedLoqRows } from '@/lib/vision/label-loq-rows';
import { parseLabelText } from '@/lib/vision/label-parser';

const FOOT = 'ND = not detected. LOQ = limit of quantitation.';
const rows = ['THCa   31.66   0.10', 'A9-THC   0.77   0.05', 'Total THC   28.20   0.10', 'CBN   ND   0.01', 'Total Cannabinoids   3250   0.01', 'p-Myrcene   0.60   010'];

describe('unheadedLoqRows: a certificate table whose head OCR lost', () => {
  it('reads the figure beside the column of limits as the result in %', () => {
    expect(unheadedLoqRows([...rows, FOOT])).toEqual([
      'THCa: 31.66%',
      'A9-THC: 0.77%',
      'Total THC: 28.20%',
      'CBN: ND',
      // its point lost: put back at the table's decimals
      'Total Cannabinoids: 32.50%',
      // a limit read `010` does not hide the limits' column
      'p-Myrcene: 0.60%',
      FOOT,
    ]);
  });

  it('reads the limits first too (`Cannabinoid | LOQ | Result`)', () => {
    expect(unheadedLoqRows(['THCa   0.10   31.66', 'Total THC   0.10   28.20', 'CBD   0.01   1.20', FOOT]).slice(0, 3)).toEqual([
      'THCa: 31.66%',
      'Total THC: 28.20%',
      'CBD: 1.20%',
    ]);
  });

  it.each([
    ['no LOQ named on the page', rows],
    ['a head that was read', ['Analyte   Result (%)   LOQ (%)', ...rows, FOOT]],
    ['both columns small', ['CBG   0.13   0.01', 'CBN   0.05   0.01', 'CBC   0.20   0.05', FOOT]],
    ['fewer than three rows', ['THCa   31.66   0.10', 'CBD   0.80   0.01', FOOT]],
  ])('leaves the rows with %s', (_, input) => {
    expect(unheadedLoqRows(input)).toEqual(input);
  });

  it('gives a degraded certificate its potency', () => {
    expect(parseLabelText(['Certificate of Analysis', ...rows, FOOT].join('\n'))).toMatchObject({ thcPct: 28.2, totalCannabinoidsPct: 32.5 });
  });
});
