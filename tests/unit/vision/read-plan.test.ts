import sharp from 'sharp';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { loadImage } from '@/lib/vision/image';
import { aheadMode, localEngine, READ_AHEAD_GRAIN } from '@/lib/vision/local-engine';
import { ocrPool, shutdownOcrPool } from '@/lib/vision/ocr-pool';

/**
 * What is started ahead while a page is read (readings.ts `aheadMode`), and a fold-out label's
 * panels read beside its first reading instead of a whole-page second preparation (local-engine.ts).
 */
process.env.VISION_OCR_WORKERS = '2';
afterAll(() => shutdownOcrPool());

const photo = { grain: READ_AHEAD_GRAIN + 0.05 };
const crisp = { grain: READ_AHEAD_GRAIN / 2 };
const on = { readAhead: true, spare: 1 };

describe('what is started ahead of the next try (aheadMode)', () => {
  it('after a photo’s first reading: nothing (most first readings are kept)', () => {
    expect(aheadMode(0, photo, on)).toBe('none');
  });

  it('after a later try (turns, evened-out stock): the next is read ahead on the spare worker', () => {
    expect(aheadMode(1, photo, on)).toBe('read');
    expect(aheadMode(3, photo, on)).toBe('read');
  });

  it('nothing on a crisp page, with reading ahead off, or with no worker spare', () => {
    for (const i of [0, 1]) {
      expect(aheadMode(i, crisp, on)).toBe('none');
      expect(aheadMode(i, photo, { readAhead: false, spare: 1 })).toBe('none');
      expect(aheadMode(i, photo, { readAhead: true, spare: 0 })).toBe('none');
    }
  });

  it('a page whose preparation failed counts as a photo', () => {
    expect(aheadMode(1, null, on)).toBe('read');
  });
});

/** A fold-out: front and back panels beside a filled green spine (label-panels.ts). */
async function foldOut(): Promise<Buffer> {
  const svg =
    '<svg xmlns="http://www.w3.org/2000/svg" width="900" height="320"><rect width="900" height="320" fill="#ffffff"/>' +
    '<rect x="430" y="0" width="44" height="320" fill="#2e7d32"/>' +
    '<g font-family="DejaVu Sans" font-size="22" fill="#111111"><text x="30" y="60">VANA</text><text x="30" y="100">Fire OG Whole Flower</text><text x="30" y="140">Net Wt. 3.5 g</text>' +
    '<text x="500" y="60">Total THC: 26.6%</text><text x="500" y="100">CBD: 0.1%</text><text x="500" y="140">Batch: FO2679-72</text><text x="500" y="180">Tested: Jun 14, 2026</text></g></svg>';
  return sharp(Buffer.from(svg)).png().toBuffer();
}

describe('a fold-out label', { timeout: 120_000 }, () => {
  it('reads its panels and spine beside the first reading, and no whole-page second preparation', async () => {
    const png = await foldOut();
    const img = await loadImage(png.toString('base64'), 'image/png');
    const pool = ocrPool();
    const original = pool.recognize.bind(pool);
    const events: string[] = [];
    const spy = vi.spyOn(pool, 'recognize').mockImplementation(async (...args) => {
      // The whole page goes to OCR as PGM (`P5`), the panels and the spine as PNG.
      const kind = args[0].subarray(0, 2).toString('latin1') === 'P5' ? 'page' : 'panel';
      events.push(`call ${kind}`);
      const r = await original(...args);
      events.push(`done ${kind}`);
      return r;
    });
    try {
      const r = await localEngine().readLabel(img);
      // One whole-page reading, two panels and the spine: four passes at most.
      expect(events.filter((e) => e === 'call page')).toHaveLength(1);
      expect(events.filter((e) => e === 'call panel')).toHaveLength(3);
      // The panels were asked for before the page's reading was done (read beside it).
      expect(events.indexOf('call panel')).toBeLessThan(events.indexOf('done page'));
      expect(r.parsed.thcPct).toBe(26.6);
      expect(r.parsed.batchNumber).toBe('FO2679-72');
    } finally {
      spy.mockRestore();
    }
  });
});
