import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { resetConfig } from '@/lib/config';
import { localEngine } from '@/lib/vision/local-engine';
import { ocrPool, shutdownOcrPool } from '@/lib/vision/ocr-pool';
import { loadImage } from '@/lib/vision/image';
import { labelStyle, labelSvg, labelTruth } from '@/tests/fixtures/vision/labels';
import { phoneDegrade } from '@/tests/fixtures/vision/degrade';
import { rasterize, svgPage } from '@/tests/fixtures/vision/render';
import type { ImageInput } from '@/lib/vision/types';
import { textPage } from '@/tests/helpers/text-page';

/**
 * Reading ahead (local-engine.ts `Readings`): while one OCR pass runs, the next is prepared and
 * read on a spare worker. The readings judged, and so the answer, must be exactly those of one
 * pass at a time; only the number of OCR jobs may grow. Real tesseract, two workers.
 */
process.env.VISION_OCR_WORKERS = '2';

const page = (lines: string[], turn: 0 | 90 = 0) => textPage(lines, { turn, width: 640 });

/** The same page as the bench's phone photo (skew, blur, noise, uneven light, JPEG): its paper is grainy after preparation. */
async function photo(lines: string[]): Promise<ImageInput> {
  const svg = svgPage(
    640,
    40 + lines.length * 34,
    lines.map((text, i) => ({ text, x: 24, y: 40 + i * 34, size: 22, bold: i === 0 })),
    'DejaVu Sans',
    '#ffffff',
    '#111111',
  );
  const bytes = await rasterize(svg, 'jpeg', phoneDegrade(2, 640, 40 + lines.length * 34), 7);
  return loadImage(bytes.toString('base64'), 'image/jpeg');
}

/** The order OCR jobs were asked for and answered in while `run` runs: `call`/`done` events. */
async function jobEvents<T>(run: () => Promise<T>): Promise<{ result: T; events: string[] }> {
  const pool = ocrPool();
  const original = pool.recognize.bind(pool);
  const events: string[] = [];
  let n = 0;
  const spy = vi.spyOn(pool, 'recognize').mockImplementation(async (...args) => {
    const id = ++n;
    events.push(`call${id}`);
    const r = await original(...args);
    events.push(`done${id}`);
    return r;
  });
  try {
    return { result: await run(), events };
  } finally {
    spy.mockRestore();
  }
}

function withReadAhead(on: boolean): void {
  process.env.VISION_READ_AHEAD = on ? 'true' : 'false';
  resetConfig();
}

afterEach(() => {
  delete process.env.VISION_READ_AHEAD;
  resetConfig();
});
afterAll(() => shutdownOcrPool());

describe('reading the next OCR pass ahead on a spare worker', { timeout: 180_000 }, () => {
  it('a photo that needs its second pass: the same answer, the second pass prepared and read only once the first was judged', async () => {
    // Not a receipt: the first reading covers nothing, so the second preparation is always read.
    const img = await photo(['Notes from the garden', 'Water the tomatoes on Monday', 'Call the plumber about the sink']);
    withReadAhead(false);
    const oneByOne = await jobEvents(() => localEngine().readReceipt(img));
    expect(oneByOne.events).toEqual(['call1', 'done1', 'call2', 'done2']);
    withReadAhead(true);
    const ahead = await jobEvents(() => localEngine().readReceipt(img));
    // Most photos' first reading is kept: a second pass read ahead was mostly OCR thrown away.
    expect(ahead.events).toEqual(['call1', 'done1', 'call2', 'done2']);
    expect(ahead.result).toEqual(oneByOne.result);
  });

  it('a crisp page (white paper after preparation) that needs its second pass: read after the first, not ahead', async () => {
    const img = await page(['Notes from the garden', 'Water the tomatoes on Monday', 'Call the plumber about the sink']);
    withReadAhead(false);
    const oneByOne = await jobEvents(() => localEngine().readReceipt(img));
    withReadAhead(true);
    const ahead = await jobEvents(() => localEngine().readReceipt(img));
    // A spare worker, reading ahead on: still one pass at a time (a crisp page's first reading is nearly always kept).
    expect(ahead.events).toEqual(['call1', 'done1', 'call2', 'done2']);
    expect(ahead.result).toEqual(oneByOne.result);
  });

  it('a label turned on its side: the turned tries and the second pass judged in the same order, the same answer', async () => {
    const img = await page(['Green Leaf Farms', 'Blue Dream Flower', 'Hybrid  Net Wt 3.5g', 'THC 22.4%  CBD 0.3%', 'Batch BD2611-04'], 90);
    withReadAhead(false);
    const oneByOne = await localEngine().readLabel(img);
    withReadAhead(true);
    const ahead = await localEngine().readLabel(img);
    expect(ahead).toEqual(oneByOne);
    expect(ahead.parsed.thcPct).toBe(22.4);
  });

  it('a clean page read well at once: the same answer, nothing read ahead', async () => {
    const img = await page(['Green Leaf Farms', 'Blue Dream Flower', 'Hybrid  Net Wt 3.5g', 'THC 22.4%  CBD 0.3%', 'Batch BD2611-04', 'Tested by SC Labs']);
    withReadAhead(false);
    let before = ocrPool().stats.jobs;
    const oneByOne = await localEngine().readLabel(img);
    expect(ocrPool().stats.jobs - before).toBe(1);
    withReadAhead(true);
    before = ocrPool().stats.jobs;
    const ahead = await localEngine().readLabel(img);
    // A crisp page: nothing read ahead, the one pass it needs and no more.
    expect(ocrPool().stats.jobs - before).toBe(1);
    expect(ahead).toEqual(oneByOne);
  });

  it('no worker spare (one worker): nothing is read ahead', async () => {
    process.env.VISION_OCR_WORKERS = '1';
    resetConfig();
    await shutdownOcrPool();
    try {
      // A photo whose first reading is thin: with a spare worker, its later tries would be read ahead.
      const img = await photo(['Notes from the garden', 'Water the tomatoes on Monday']);
      withReadAhead(true);
      const { events } = await jobEvents(() => localEngine().readReceipt(img));
      // Both passes, one at a time: the second was not asked for while the first was running.
      expect(events).toEqual(['call1', 'done1', 'call2', 'done2']);
      expect(ocrPool().size()).toBe(1);
    } finally {
      process.env.VISION_OCR_WORKERS = '2';
      resetConfig();
      await shutdownOcrPool();
    }
  });

  it('a label on kraft stock: read evened out as ink on white right after the first reading, before any turn or second pass', async () => {
    // The ninth round's kraft-stamp layout (tuning data since its blind run): the raw reading of
    // brown print on speckled brown stock finds little.
    const t = labelTruth(131, 'kraft-stamp');
    const png = await rasterize(labelSvg(t, labelStyle(131, 'kraft-stamp'), 131), 'png');
    const img = await loadImage(png.toString('base64'), 'image/png');
    withReadAhead(false);
    const { result, events } = await jobEvents(() => localEngine().readLabel(img));
    // First reading, the evened-out stock (good enough: no turns, no second preparation), and
    // the stamp's patch for the package date: three passes where the turns made it seven (and one
    // small job: the page's small unsure words re-read on their own, small-words.ts).
    expect(events.length / 2).toBeLessThanOrEqual(4);
    expect(result.parsed.thcPct).toBe(t.thcPct);
    expect(result.parsed.brand?.toLowerCase()).toBe(t.brand?.toLowerCase());
  });
});
