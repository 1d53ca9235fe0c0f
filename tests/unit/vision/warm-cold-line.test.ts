import { describe, expect, it } from 'vitest';
import { warmColdLine } from '@/scripts/bench/warm-cold';

describe('bench:vision warm / cold line', () => {
  it('gives cold, warm mean and median, their ratio, CPU per image and the share within 1 s, from one run', () => {
    const line = warmColdLine(2000, [500, 900, 1600], [400, 800, 1500]);
    expect(line).toBe('per image, this run: cold 2.00 s; warm mean 1.00 s, median 0.90 s (warm / cold 0.50); CPU 0.90 s per warm image; warm ≤ 1 s: 2/3');
  });

  it('says n/a for the ratio when no image was read cold', () => {
    expect(warmColdLine(null, [], [])).toContain('warm / cold n/a');
  });
});
