import { afterAll, describe, expect, it } from 'vitest';
import { ocrPool, OcrError, shutdownOcrPool } from '@/lib/vision/ocr-pool';
import { prepareForOcr } from '@/lib/vision/image';
import { rasterize, svgPage } from '@/tests/fixtures/vision/render';

// One worker for this file: the machine's cores are shared.
process.env.VISION_OCR_WORKERS = '1';

async function page(lines: string[]): Promise<Buffer> {
  const svg = svgPage(
    520,
    40 + lines.length * 30,
    lines.map((text, i) => ({ text, x: 20, y: 36 + i * 30, size: 20 })),
    'DejaVu Sans Mono',
  );
  return prepareForOcr(await rasterize(svg, 'png'));
}

afterAll(() => shutdownOcrPool());

describe('OCR worker pool', { timeout: 120_000 }, () => {
  it('reads text offline with the bundled English data', async () => {
    const r = await ocrPool().recognize(await page(['GREEN LEAF', 'TOTAL $42.50']));
    expect(r.text).toContain('GREEN LEAF');
    expect(r.text).toContain('$42.50');
    expect(r.confidence).toBeGreaterThan(60);
  });

  it('survives a worker thread that throws: the process lives on and a fresh worker takes the next job', async () => {
    const pool = ocrPool();
    const [thread] = pool.threads();
    expect(thread).toBeDefined();
    const recycled = pool.stats.recycled;
    const exited = new Promise((resolve) => thread.once('exit', resolve));
    // An action the worker script does not know throws inside the thread's message handler: an
    // uncaught error in the worker, which without the pool's listener would crash this process.
    thread.postMessage({ workerId: 'test', jobId: 'crash', action: 'no-such-action', payload: {} });
    await exited;
    expect(pool.stats.recycled).toBe(recycled + 1);
    expect(pool.threads()).not.toContain(thread);
    const r = await pool.recognize(await page(['AFTER CRASH 7g']));
    expect(r.text).toContain('AFTER CRASH');
  });

  it('fails the running job with a crash error when its thread dies mid-recognition', async () => {
    const pool = ocrPool();
    const job = pool.recognize(await page(Array.from({ length: 12 }, (_, i) => `Line ${i} Blue Dream 3.5g $35.00`)));
    // wait until the job is on a worker, then kill that worker's thread
    for (let i = 0; i < 100 && !pool.threads().length; i++) await new Promise((r) => setTimeout(r, 20));
    await new Promise((r) => setTimeout(r, 50));
    await pool.threads()[0].terminate();
    const err = await job.then(
      () => null,
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(OcrError);
    expect((err as OcrError).reason).toBe('crash');
    const again = await pool.recognize(await page(['STILL WORKING']));
    expect(again.text).toContain('STILL WORKING');
  });
});
