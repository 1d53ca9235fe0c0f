process.env.LOG_LEVEL = 'silent';
import fs from 'node:fs';
async function main() {
  const { prepareForOcr } = await import('../../lib/vision/image');
  const { ocrPool, shutdownOcrPool, PSM } = await import('../../lib/vision/ocr-pool');
  for (const f of process.argv.slice(2)) {
    const t0 = performance.now();
    const prepared = await prepareForOcr(fs.readFileSync(f));
    const t1 = performance.now();
    const r = await ocrPool().recognize(prepared, PSM.SINGLE_BLOCK);
    console.log(`== ${f} prep ${(t1 - t0).toFixed(0)} ms ocr ${(performance.now() - t1).toFixed(0)} ms conf ${r.confidence}\n${r.text}`);
  }
  await shutdownOcrPool();
}
main();
