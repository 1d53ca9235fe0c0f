/**
 * A cold pool starts its worker as an image comes in (`warm`, called by the engine before the
 * image is prepared), so the worker's start runs beside the preparation; the job then finds it
 * started. A warm pool is left as it is, and a worker started for no job is released when idle.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { resetConfig } from '@/lib/config';
import { ocrPool, shutdownOcrPool } from '@/lib/vision/ocr-pool';
import { prepareForOcr } from '@/lib/vision/image';
import { rasterize, svgPage } from '@/tests/fixtures/vision/render';

process.env.VISION_OCR_WORKERS = '2';
process.env.VISION_OCR_IDLE_MS = '3000';
resetConfig();

afterAll(async () => {
  await shutdownOcrPool();
  delete process.env.VISION_OCR_IDLE_MS;
  delete process.env.VISION_OCR_WORKERS;
  resetConfig();
});

const until = async (ok: () => boolean) => {
  for (let i = 0; i < 600 && !ok(); i++) await new Promise((r) => setTimeout(r, 50));
};

describe('OCR pool warm start', { timeout: 120_000 }, () => {
  it('starts one worker without a job, once; the next job runs on it; released after the idle period', async () => {
    const image = await prepareForOcr(await rasterize(svgPage(420, 70, [{ text: 'WARM START', x: 20, y: 40, size: 22 }], 'DejaVu Sans Mono'), 'png'));
    await shutdownOcrPool();
    const pool = ocrPool();
    pool.warm();
    pool.warm();
    await until(() => pool.size() === 1);
    expect(pool.size()).toBe(1);
    expect(pool.stats.started).toBe(1);
    expect(pool.stats.jobs).toBe(0);
    const read = await pool.recognize(image);
    expect(read.text).toContain('WARM START');
    expect(pool.stats.started).toBe(1);
    pool.warm();
    expect(pool.stats.started).toBe(1);
    await until(() => pool.size() === 0);
    expect(pool.stats.released).toBe(1);
  });

  it('a worker started for no job is released when idle', async () => {
    await shutdownOcrPool();
    const pool = ocrPool();
    pool.warm();
    await until(() => pool.stats.released === 1);
    expect(pool.stats.started).toBe(1);
    expect(pool.size()).toBe(0);
  });
});
