import { describe, expect, it } from 'vitest';
import { fillGaps } from '@/lib/vision/alternates';
import { parseLabelText } from '@/lib/vision/label-parser';

describe('fillGaps: a label reading completed from the page readings', () => {
  // Two readings of one degraded photo: the first lost the pills' values, the second the keys of the potency row.
  const first = parseLabelText(['HEAD SPACE', 'Cap Junky Flower', 'THC: 26.4%   CBD: 0.8%', 'Type: Sativa', 'Batch (', 'Tested'].join('\n'));
  const second = parseLabelText(['HEAD SPACE', 'Cap Junky Flowe', 'mC 26.4   ceo 0.8', 'Batch: CJ2623-39', 'Tested: 04/23/2026', 'Lab: CannaSafe'].join('\n'));

  it('fills only the fields the kept reading left empty', () => {
    const out = fillGaps(first, [second]);
    expect(first.batchNumber).toBeNull();
    expect(out.batchNumber).toBe('CJ2623-39');
    expect(out.testDate).toBe('2026-04-23');
    expect(out.labName).toBe('CannaSafe');
    // What the kept reading had stays as it was read.
    expect(out.productName).toBe('Cap Junky Flower');
    expect(out.thcPct).toBe(26.4);
    expect(out.coverage).toBeGreaterThan(first.coverage);
  });

  it('keeps the strain with the product name it came from, and is the reading itself without others', () => {
    const kept = { ...first, strainName: null };
    expect(fillGaps(kept, [second]).strainName).toBeNull();
    expect(fillGaps(first, [])).toBe(first);
  });

  it('takes no text the reading holds in another field (a name line the other pass read as the brand)', () => {
    const other = { ...second, brand: 'Cap Junky Flower' };
    const kept = { ...first, brand: null };
    expect(fillGaps(kept, [other]).brand).toBeNull();
  });
});
