import { describe, expect, it } from 'vitest';
import { eraseTightRules } from '@/lib/vision/receipt-rules';

/** Follow-up rules to the twenty-second receipt round (issue 14); the pages are drawn here, not read from the round's images. */

const W = 200;
const H = 120;

/** A page with a row of print (rows 36–45) and a rule under it whose rows are `rule` (row → grey level). */
function page(rule: Record<number, number>): Buffer {
  const d = Buffer.alloc(W * H, 255);
  for (const [y, v] of Object.entries(rule)) d.fill(v, Number(y) * W + 10, Number(y) * W + 190);
  for (let y = 36; y <= 45; y++) for (let x = 12; x < 120; x += 4) d[y * W + x] = 30;
  return d;
}

describe('a grey rule beside a row of print', () => {
  it('is erased when printed grey, its edges sharp', () => {
    const d = page({ 60: 140, 61: 140 });
    expect(eraseTightRules(d, W, H, 24)).toBe(1);
    expect(d[60 * W + 100]).toBe(255);
  });

  it('is left when it is a dark rule a blurred photo spread into grey (its edge rows grey over a third of the width)', () => {
    // (Fifteenth-round degraded photos: erasing such rules cost their rows names and potencies.)
    const d = Buffer.from(page({ 60: 150, 61: 150 }));
    for (const y of [59, 62]) for (let x = 10; x < 90; x++) d[y * W + x] = 170;
    expect(eraseTightRules(d, W, H, 24)).toBe(0);
    expect(d[60 * W + 100]).toBe(150);
  });

  it('is still erased when it is dark (under the ink level), blurred or not', () => {
    const d = Buffer.from(page({ 60: 40, 61: 40 }));
    for (const y of [59, 62]) for (let x = 10; x < 90; x++) d[y * W + x] = 170;
    expect(eraseTightRules(d, W, H, 24)).toBe(1);
  });
});
