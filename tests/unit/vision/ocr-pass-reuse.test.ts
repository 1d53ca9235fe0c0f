import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { OcrResult } from '@/lib/vision/ocr-pool';
import type { ParsedLabel } from '@/lib/vision/types';

/** Readings the engine already has are not read again (vspeed3): OCR passes whose text was known before they ran. */

const recognize = vi.fn(async (): Promise<OcrResult> => ({ text: 'THC 21.4%', confidence: 80, ms: 1, words: [] }));
const page = { data: Buffer.alloc(4, 255), width: 2, height: 2 } as { data: Buffer; width: number; height: number; ruledGrid?: boolean };

vi.mock('@/lib/vision/ocr-pool', () => ({ ocrPool: () => ({ recognize }), PSM: { SINGLE_BLOCK: '6' } }));
vi.mock('@/lib/vision/image', () => ({ prepareGrey: vi.fn(async () => page), toPgm: () => Buffer.alloc(0) }));

const { gridReadingAtHand, withGridRules } = await import('@/lib/vision/label-grid');

const thin = { parsed: { coverage: 0, thcPct: null, thcMg: null, totalCannabinoidsPct: null } as unknown as ParsedLabel, engineConfidence: 0, text: '' };
const first: OcrResult = { text: 'Blue Dream\nTHC 22.1%', confidence: 70, ms: 1, words: [] };

describe('the grid re-read of a page where no grid was erased (gridReadingAtHand, label-grid.ts)', () => {
  beforeEach(() => {
    recognize.mockClear();
    delete page.ruledGrid;
  });

  it('no grid found: the page is the first preparation pixel for pixel, and its reading is the first try’s', () => {
    expect(gridReadingAtHand({}, first)).toBe(first);
    expect(gridReadingAtHand({ ruledGrid: true }, first)).toBeNull();
    expect(gridReadingAtHand({}, null)).toBeNull();
  });

  it('withGridRules does not send such a page to tesseract again, and judges the first try’s reading', async () => {
    const out = await withGridRules(Buffer.alloc(0), thin, {}, undefined, first);
    expect(recognize).not.toHaveBeenCalled();
    expect(out.text).toBe(first.text);
  });

  it('a page whose grid was erased is read', async () => {
    page.ruledGrid = true;
    await withGridRules(Buffer.alloc(0), thin, {}, undefined, first);
    expect(recognize).toHaveBeenCalledTimes(1);
  });

  it('without the first try’s reading the page is read as before', async () => {
    await withGridRules(Buffer.alloc(0), thin, {});
    expect(recognize).toHaveBeenCalledTimes(1);
  });
});
