import { describe, expect, it } from 'vitest';
import { parseLabelText } from '@/lib/vision/label-parser';
import { shortKeys } from '@/lib/vision/label-short-keys';

describe('label-short-keys: letter-spaced three-letter keys OCR garbled', () => {
  it('reads a key column whose T H C, C B D and L O T came back as near-words', () => {
    // Degraded `tracked-caps` photos (eighteenth label round): the keys right-aligned before the column's rule.
    const text = [
      'MOUNTAINTOP EXTRACTS',
      'Blue Magoo Flower',
      '=                          Tyee | Indica Flower',
      '£                             Tue | 28.0%',
      ':                            ceo | 0.2%',
      '3                        TOTAL | 32.2%',
      ':                              LoT1 | BM2625-22',
      'TESTED BY | ProVerde Labs',
    ].join('\n');
    const p = parseLabelText(text);
    expect(p.thcPct).toBe(28);
    expect(p.cbdPct).toBe(0.2);
    expect(p.batchNumber).toBe('BM2625-22');
  });

  it('rewrites only a garbled key alone before one value of its kind', () => {
    expect(shortKeys(['cep | 0.9%'])).toEqual(['CBD: 0.9%']);
    expect(shortKeys(['TOTAL | 33.5%     cop | 0.9%'])).toEqual(['TOTAL | 33.5%     CBD: 0.9%']);
    // every letter must be a misreading of the key's letter
    expect(shortKeys(['Tax | 6.5%'])).toEqual(['Tax | 6.5%']);
    expect(shortKeys(['cap | 2.5%'])).toEqual(['cap | 2.5%']);
    // a share needs its sign, and nothing else in the cell
    expect(shortKeys(['ceo | 0.9'])).toEqual(['ceo | 0.9']);
    expect(shortKeys(['the 5% solution'])).toEqual(['the 5% solution']);
    // the page reads the key elsewhere: left as it is
    expect(shortKeys(['THC | 28.0%', 'Tue | 2.0%'])).toEqual(['THC | 28.0%', 'Tue | 2.0%']);
    // a lot key with the rule glued to it, before a code with a figure
    expect(shortKeys(['LoT1 | MB2611-10'])).toEqual(['Lot: MB2611-10']);
    expect(shortKeys(['Lotl | Gardens'])).toEqual(['Lotl | Gardens']);
  });
});
