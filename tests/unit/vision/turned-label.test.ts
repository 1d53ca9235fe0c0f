import { afterAll, describe, expect, it } from 'vitest';
import { localEngine } from '@/lib/vision/local-engine';
import { ocrPool, shutdownOcrPool } from '@/lib/vision/ocr-pool';
import { textPage } from '@/tests/helpers/text-page';

// One worker for this file: the machine's cores are shared.
process.env.VISION_OCR_WORKERS = '1';

/**
 * A label photographed turned by 90° (printed along a tube or a box side): the local engine reads
 * a first reading that found almost nothing again with the page turned a quarter both ways, and
 * keeps the best. Real OCR; the label is drawn here (not a held-out layout).
 */

const LINES = ['Green Leaf Farms', 'Blue Dream Flower', 'Hybrid  Net Wt 3.5g', 'THC 22.4%  CBD 0.3%', 'Batch BD2611-04', 'Tested by SC Labs'];

const label = (turn: 0 | 90 | 180 | 270) => textPage(LINES, { turn, boldLines: 2 });

afterAll(() => shutdownOcrPool());

describe('a label turned by 90° or 180°', { timeout: 120_000 }, () => {
  for (const turn of [90, 270] as const)
    it(`turned ${turn}°: read after turning it back`, async () => {
      const img = await label(turn);
      expect(img.height).toBeGreaterThan(img.width);
      const before = ocrPool().stats.jobs;
      const { parsed } = await localEngine().readLabel(img);
      expect(parsed.productName).toBe('Blue Dream Flower');
      expect(parsed.thcPct).toBe(22.4);
      expect(parsed.batchNumber).toBe('BD2611-04');
      // The upright reading and at least one turned one.
      expect(ocrPool().stats.jobs - before).toBeGreaterThanOrEqual(2);
    });

  it('turned 180° (upside down): read after turning it back, the half turn tried first on a wide page', async () => {
    const img = await label(180);
    expect(img.width).toBeGreaterThan(img.height);
    const before = ocrPool().stats.jobs;
    const { parsed } = await localEngine().readLabel(img);
    expect(parsed.productName).toBe('Blue Dream Flower');
    expect(parsed.thcPct).toBe(22.4);
    expect(parsed.batchNumber).toBe('BD2611-04');
    // The upright reading, then the half turn, read well enough to stop there.
    expect(ocrPool().stats.jobs - before).toBe(2);
  });

  it('an upright label is read once, not turned', async () => {
    const before = ocrPool().stats.jobs;
    const { parsed } = await localEngine().readLabel(await label(0));
    expect(parsed.productName).toBe('Blue Dream Flower');
    expect(ocrPool().stats.jobs - before).toBe(1);
  });
});
