/**
 * The OCR workers start on the first job and are released after VISION_OCR_IDLE_MS without one
 * (issue 15: idle memory), then start again for the next job. Their memory is reported apart:
 * the RSS the process gains while they run and gives back after the release.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { resetConfig } from '@/lib/config';
import { ocrPool, shutdownOcrPool } from '@/lib/vision/ocr-pool';
import { prepareForOcr } from '@/lib/vision/image';
import { rasterize, svgPage } from '@/tests/fixtures/vision/render';

process.env.VISION_OCR_WORKERS = '1';
process.env.VISION_OCR_IDLE_MS = '300';
resetConfig();

async function page(lines: string[]): Promise<Buffer> {
  const svg = svgPage(
    520,
    40 + lines.length * 30,
    lines.map((text, i) => ({ text, x: 20, y: 36 + i * 30, size: 20 })),
    'DejaVu Sans Mono',
  );
  return prepareForOcr(await rasterize(svg, 'png'));
}

const rssMb = () => Math.round(process.memoryUsage().rss / 1048576);

afterAll(async () => {
  await shutdownOcrPool();
  delete process.env.VISION_OCR_IDLE_MS;
  resetConfig();
});

describe('OCR workers: started when first needed, released when idle', { timeout: 120_000 }, () => {
  it('no worker before the first job; one during; none after the idle period; a new one for the next job', async () => {
    await shutdownOcrPool();
    const image = await page(['GREEN LEAF', 'TOTAL $42.50']);
    const pool = ocrPool();
    expect(pool.size()).toBe(0);
    const before = rssMb();
    const first = await pool.recognize(image);
    expect(first.text).toContain('GREEN LEAF');
    expect(pool.size()).toBe(1);
    const running = rssMb();
    await new Promise((r) => setTimeout(r, 1000));
    expect(pool.size()).toBe(0);
    expect(pool.stats.released).toBe(1);
    const released = rssMb();
    console.log(`OCR worker memory: process RSS ${before} MB before, ${running} MB with one worker, ${released} MB after the idle release`);
    const second = await pool.recognize(image);
    expect(second.text).toContain('$42.50');
    expect(pool.size()).toBe(1);
    expect(pool.stats.started).toBe(2);
  });

  it('a job arriving inside the idle period keeps the worker', async () => {
    const pool = ocrPool();
    const image = await page(['KEEP ME']);
    await pool.recognize(image);
    const started = pool.stats.started;
    await new Promise((r) => setTimeout(r, 150));
    await pool.recognize(image);
    await new Promise((r) => setTimeout(r, 150));
    expect(pool.size()).toBe(1);
    expect(pool.stats.started).toBe(started);
  });
});
