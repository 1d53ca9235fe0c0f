/**
 * One generated image through the local engine, printing the OCR text, tesseract's confidence,
 * the parse and the truth: for looking at why a tuning-layout image reads badly.
 *
 *   npx tsx --conditions=react-server scripts/bench/vision-probe.ts --kind receipt --layout loyalty-card --k 0 --i 8 [--degraded] [--save out.png] [--words] [--fonts own|unseen-tune]
 *
 * Never run it on a held-out layout (HELD_OUT_* in tests/fixtures/vision): that is looking at it.
 *
 * `--i` is the image's running index within its bench set (the degradation it gets); the bench
 * prints failing images as "<layout> #k", with i = (layout position in its split) × per-layout + k.
 */
process.env.PGLITE_DIR ??= 'memory://';
process.env.LOG_LEVEL ??= 'silent';
import fs from 'node:fs';
import { parseArgs } from 'node:util';

const { values: a } = parseArgs({
  options: {
    kind: { type: 'string', default: 'receipt' },
    layout: { type: 'string' },
    k: { type: 'string', default: '0' },
    i: { type: 'string', default: '0' },
    seed: { type: 'string', default: '100' },
    degraded: { type: 'boolean', default: false },
    save: { type: 'string' },
    words: { type: 'boolean', default: false },
    fonts: { type: 'string', default: 'own' },
  },
});

async function main() {
  const { FIRST_PASS } = await import('@/lib/vision/local-engine');
  const { prepareForOcr, analysePage } = await import('@/lib/vision/image');
  const { ocrPool, shutdownOcrPool, PSM } = await import('@/lib/vision/ocr-pool');
  const { parseReceiptText } = await import('@/lib/vision/receipt-parser');
  const { parseLabelText } = await import('@/lib/vision/label-parser');
  const { benchImage } = await import('@/tests/fixtures/vision/degrade');
  const k = Number(a.k);
  const i = Number(a.i);
  const layout = a.layout as string;
  const { isBlind } = await import('@/tests/fixtures/vision/splits');
  if (isBlind(a.kind as 'receipt' | 'label', layout)) throw new Error(`${layout} is a held-out layout: not to be looked at before the final run`);
  // `--fonts unseen-tune`: the bench's tuning unseen faces; never the held-out ones (that is looking at them).
  if (a.fonts !== 'own' && a.fonts !== 'unseen-tune') throw new Error('--fonts is own or unseen-tune');
  const { truth, bytes, font } = await benchImage(a.kind as 'receipt' | 'label', layout, k, i, a.degraded, Number(a.seed), {
    unseenFonts: a.fonts === 'unseen-tune' ? 'tune' : undefined,
  });
  console.log('font', font);
  console.log('page', JSON.stringify(await analysePage(bytes, { rules: FIRST_PASS[a.kind as 'receipt' | 'label'].rules })));
  const t0 = performance.now();
  const prepared = await prepareForOcr(bytes, FIRST_PASS[a.kind as 'receipt' | 'label']);
  const t1 = performance.now();
  if (a.save) fs.writeFileSync(a.save, prepared);
  const ocr = await ocrPool().recognize(prepared, PSM.SINGLE_BLOCK, undefined, { words: true });
  const t2 = performance.now();
  console.log(ocr.text);
  if (a.words) for (const w of ocr.words ?? []) console.log(`  line ${w.line} [${w.x0},${w.y0} ${w.x1},${w.y1}] ${w.conf.toFixed(0)} ${w.text}`);
  console.log(`confidence ${ocr.confidence.toFixed(1)}; prepare ${(t1 - t0).toFixed(0)} ms, OCR ${(t2 - t1).toFixed(0)} ms`);
  console.log(JSON.stringify(a.kind === 'receipt' ? parseReceiptText(ocr.text, ocr.words) : parseLabelText(ocr.text, ocr.words)));
  console.log('truth', JSON.stringify(truth));
  await shutdownOcrPool();
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
