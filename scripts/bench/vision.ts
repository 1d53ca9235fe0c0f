/**
 * Vision accuracy and speed: generated receipts and labels (clean and degraded), read by the
 * local OCR engine end to end (decode → prepare → tesseract → parser → catalog matcher), scored
 * field by field against their ground truth. Prints tables; numbers go to docs/performance.md.
 *
 *   npm run bench:vision [-- --receipts 40 --labels 40 --sets clean,degraded --keep]
 */
process.env.PGLITE_DIR ??= 'memory://';
process.env.LOG_LEVEL ??= 'silent';
process.env.AI_PROVIDER = 'local';

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';

const { values: args } = parseArgs({
  options: {
    receipts: { type: 'string', default: '40' },
    labels: { type: 'string', default: '40' },
    sets: { type: 'string', default: 'clean,degraded' },
    keep: { type: 'boolean', default: false },
    verbose: { type: 'boolean', default: false },
  },
});

async function main() {
  const { ready } = await import('../../lib/bootstrap');
  const { loadImage } = await import('../../lib/vision/image');
  const { localEngine } = await import('../../lib/vision/local-engine');
  const { assembleLabel, assembleReceipt } = await import('../../lib/vision/assemble');
  const { ocrPool, shutdownOcrPool } = await import('../../lib/vision/ocr-pool');
  const { rasterize, MEDIA } = await import('../../tests/fixtures/vision/render');
  const { receiptTruth, receiptStyle, receiptSvg } = await import('../../tests/fixtures/vision/receipts');
  const { labelTruth, labelStyle, labelSvg } = await import('../../tests/fixtures/vision/labels');
  const { FieldScore, scoreLabel, scoreReceipt } = await import('../../tests/fixtures/vision/score');

  const db = await ready();
  const engine = localEngine();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vision-bench-'));
  const formats = ['png', 'jpeg', 'webp'] as const;
  const sets = (args.sets ?? 'clean').split(',');
  const nR = Number(args.receipts);
  const nL = Number(args.labels);
  const summary: string[][] = [];
  const timings: string[][] = [];

  const degrade = (i: number) => ({
    rotate: [-3, -2, -1.5, 1.5, 2, 3][i % 6],
    blur: [0.6, 0.8, 1.0][i % 3],
    noise: [10, 18, 25][i % 3],
    width: 640 + (i % 4) * 40,
    quality: 60,
    exifOrientation: i % 5 === 0,
  });

  for (const set of sets) {
    for (const kind of ['receipt', 'label'] as const) {
      const n = kind === 'receipt' ? nR : nL;
      if (!n) continue;
      const score = new FieldScore();
      await shutdownOcrPool();
      const times: number[] = [];
      for (let i = 0; i < n; i++) {
        const seed = 100 + i;
        const fmt = formats[i % 3];
        const truth = kind === 'receipt' ? receiptTruth(seed) : labelTruth(seed);
        const svg = kind === 'receipt' ? receiptSvg(truth as never, receiptStyle(seed), seed) : labelSvg(truth as never, labelStyle(seed));
        const bytes = await rasterize(svg, fmt, set === 'degraded' ? degrade(i) : {}, seed);
        const file = path.join(dir, `${set}-${kind}-${i}.${fmt}`);
        fs.writeFileSync(file, bytes);
        fs.writeFileSync(`${file}.json`, JSON.stringify(truth, null, 1));
        const t0 = performance.now();
        const image = await loadImage(bytes.toString('base64'), MEDIA[fmt]);
        if (kind === 'receipt') {
          const r = await engine.readReceipt(image);
          const data = await assembleReceipt(db, r.parsed, { engine: 'ocr', engineConfidence: r.engineConfidence, attemptId: null });
          times.push(performance.now() - t0);
          scoreReceipt(score, truth as never, data);
          if (args.verbose) console.log(file, JSON.stringify(data));
        } else {
          const r = await engine.readLabel(image);
          const data = await assembleLabel(db, r.parsed, 'ocr', r.engineConfidence);
          times.push(performance.now() - t0);
          scoreLabel(score, truth as never, data);
          if (args.verbose) console.log(file, JSON.stringify(data));
        }
      }
      console.log(`\n${kind}s, ${set} set (${n} images, png/jpeg/webp, 3 layouts, 3 fonts)`);
      console.log('| field | truth | precision | recall |');
      console.log('|---|---:|---:|---:|');
      for (const r of score.rows()) console.log(`| ${r.field} | ${r.truth} | ${(r.precision * 100).toFixed(1)}% | ${(r.recall * 100).toFixed(1)}% |`);
      const t = score.totals();
      const acc = (t.correct / t.truth) * 100;
      const prec = (t.correct / Math.max(1, t.predicted)) * 100;
      console.log(`| **all fields** | ${t.truth} | ${prec.toFixed(1)}% | ${acc.toFixed(1)}% |`);
      const warm = times.slice(1);
      const warmMean = warm.reduce((a, b) => a + b, 0) / Math.max(1, warm.length) / 1000;
      summary.push([kind, set, String(n), `${acc.toFixed(1)}%`, `${prec.toFixed(1)}%`]);
      timings.push([kind, set, (times[0] / 1000).toFixed(2), warmMean.toFixed(2), String(ocrPool().stats.jobs)]);
    }
  }
  console.log('\nsummary');
  console.log('| kind | set | images | field accuracy (recall) | precision |');
  console.log('|---|---|---:|---:|---:|');
  for (const r of summary) console.log(`| ${r.join(' | ')} |`);
  console.log('\nseconds per image (cold = first image incl. worker start; warm = mean of the rest)');
  console.log('| kind | set | cold s | warm s | OCR passes |');
  console.log('|---|---|---:|---:|---:|');
  for (const r of timings) console.log(`| ${r.join(' | ')} |`);
  console.log(`\nimages and ground truth: ${dir}${args.keep ? '' : ' (removed)'}`);
  await shutdownOcrPool();
  if (!args.keep) fs.rmSync(dir, { recursive: true, force: true });
  await db.close();
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
