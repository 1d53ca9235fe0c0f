import { describe, expect, it, vi } from 'vitest';
import { prepareGrey } from '@/lib/vision/image';
import { FIRST_PASS } from '@/lib/vision/local-engine';
import { sharedStage, stageKey, type Stage } from '@/lib/vision/prepared-stages';
import { phoneDegrade } from '@/tests/fixtures/vision/degrade';
import { rasterize } from '@/tests/fixtures/vision/render';
import { receiptStyle, receiptSvg, receiptTruth } from '@/tests/fixtures/vision/receipts';

/** A page's preparations that differ only after their first stage share that stage (prepared-stages.ts, vspeed3). */

const stage = (): Stage => ({ page: { skew: 0, rowHeight: 20, dark: false }, rowPx: 26, flat: { data: Buffer.from([1, 2, 3, 4]), width: 2, height: 2 } });

describe('stageKey', () => {
  it('the options acting after the stage do not change it; the ones before do', () => {
    expect(stageKey({ rules: true, codes: true })).toBe(stageKey({ rules: true, codes: true, gridRules: true }));
    expect(stageKey({ faded: true })).toBe(stageKey({ faded: true, stretchFaded: true, sharpen: true, normalise: false, threshold: 128 }));
    expect(stageKey({})).not.toBe(stageKey({ median: 3 }));
    expect(stageKey({})).not.toBe(stageKey({ codes: true }));
    expect(stageKey({})).not.toBe(stageKey({ deskew: false }));
  });
});

describe('sharedStage', () => {
  it('computes a page’s stage once for preparations with the same key, and each caller edits its own copy', async () => {
    const bytes = Buffer.from('page');
    const compute = vi.fn(async () => stage());
    const a = await sharedStage(bytes, { codes: true }, compute);
    a.flat.data[0] = 255;
    const b = await sharedStage(bytes, { codes: true, gridRules: true }, compute);
    expect(compute).toHaveBeenCalledTimes(1);
    expect([...b.flat.data]).toEqual([1, 2, 3, 4]);
    await sharedStage(bytes, { codes: true, median: 3 }, compute);
    await sharedStage(Buffer.from('page'), { codes: true }, compute);
    expect(compute).toHaveBeenCalledTimes(3);
  });

  it('a failed stage is computed again next time', async () => {
    const bytes = Buffer.from('x');
    const compute = vi.fn().mockRejectedValueOnce(new Error('decode')).mockResolvedValue(stage());
    await expect(sharedStage(bytes, {}, compute)).rejects.toThrow('decode');
    await expect(sharedStage(bytes, {}, compute)).resolves.toMatchObject({ rowPx: 26 });
  });
});

describe('prepareGrey with a shared stage', () => {
  it('gives the same pixels as a preparation of its own (a label page read again with gridRules, a receipt with stretchFaded)', async () => {
    const t = receiptTruth(5);
    const svg = receiptSvg(t, receiptStyle(5), 5);
    const size = /width="(\d+)" height="(\d+)"/.exec(svg) as RegExpExecArray;
    const photo = await rasterize(svg, 'jpeg', phoneDegrade(2, Number(size[1]), Number(size[2])), 5);
    for (const [first, later] of [
      [FIRST_PASS.label, { ...FIRST_PASS.label, gridRules: true }],
      [FIRST_PASS.receipt, { ...FIRST_PASS.receipt, stretchFaded: true }],
    ]) {
      const bytes = Buffer.from(photo);
      await prepareGrey(bytes, first);
      const shared = await prepareGrey(bytes, later);
      const own = await prepareGrey(Buffer.from(photo), later);
      expect(shared.width).toBe(own.width);
      expect(shared.data.equals(own.data)).toBe(true);
    }
  }, 300_000);
});
