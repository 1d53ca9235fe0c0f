/**
 * Parser tuning without re-running OCR: the first pass of the local engine (preparation +
 * tesseract, with word boxes) is read once per image and cached; every later run re-parses the
 * cached readings (tesseract's text, or the lines rebuilt from its word boxes) and scores them
 * like the bench (parser + catalog matcher). Refuses held-out layouts (HELD_OUT_*): they stay out
 * of every decision until the final bench run.
 *
 *   npx tsx --conditions=react-server scripts/bench/vision-reparse.ts [--per-layout 2 --split fourth-held-out,third-held-out,second-held-out,old-held-out,tune --cache /tmp/vision-ocr.json --verbose]
 */
process.env.PGLITE_DIR ??= 'memory://';
process.env.LOG_LEVEL ??= 'silent';
process.env.AI_PROVIDER = 'local';
import fs from 'node:fs';
import { parseArgs } from 'node:util';

const { values: args } = parseArgs({
  options: {
    'per-layout': { type: 'string', default: '2' },
    sets: { type: 'string', default: 'clean,degraded' },
    split: { type: 'string', default: 'fourth-held-out,third-held-out,second-held-out,old-held-out,tune' },
    kinds: { type: 'string', default: 'receipt,label' },
    layouts: { type: 'string', default: '' },
    cache: { type: 'string', default: '/tmp/vision-ocr.json' },
    verbose: { type: 'boolean', default: false },
  },
});

interface Cached {
  kind: 'receipt' | 'label';
  layout: string;
  split: string;
  set: string;
  k: number;
  text: string;
  confidence: number;
  words: import('@/lib/vision/ocr-pool').OcrWord[];
  truth: unknown;
}

async function main() {
  const { ready } = await import('@/lib/bootstrap');
  const { FIRST_PASS } = await import('@/lib/vision/local-engine');
  const { prepareForOcr } = await import('@/lib/vision/image');
  const { ocrPool, shutdownOcrPool, PSM } = await import('@/lib/vision/ocr-pool');
  const { parseReceiptText } = await import('@/lib/vision/receipt-parser');
  const { parseLabelText } = await import('@/lib/vision/label-parser');
  const { assembleLabel, assembleReceipt } = await import('@/lib/vision/assemble');
  const { benchImage } = await import('@/tests/fixtures/vision/degrade');
  const { layoutsOf, splitOf: splitOfLayout } = await import('@/tests/fixtures/vision/splits');
  const { FieldScore, scoreLabel, scoreReceipt } = await import('@/tests/fixtures/vision/score');
  const perLayout = Number(args['per-layout']);
  const only = args.layouts ? new Set(args.layouts.split(',')) : null;
  const cache: Record<string, Cached> = fs.existsSync(args.cache) ? JSON.parse(fs.readFileSync(args.cache, 'utf8')) : {};
  const db = await ready();
  const wanted: Cached[] = [];
  for (const kind of args.kinds.split(',') as ('receipt' | 'label')[]) {
    const all = layoutsOf(kind);
    const splitOf = (l: string) => splitOfLayout(kind, l);
    for (const split of args.split.split(',')) {
      if (split === 'held-out') throw new Error('held-out layouts are not re-parsed: they stay out of every decision');
      const layouts = all.filter((l) => splitOf(l) === split && (!only || only.has(l)));
      for (const set of args.sets.split(',')) {
        let i = 0;
        for (const layout of layouts)
          for (let k = 0; k < perLayout; k++, i++) {
            const key = `${kind}/${layout}/${set}/${k}/${i}`;
            if (!cache[key]) {
              const { truth, bytes } = await benchImage(kind, layout, k, i, set === 'degraded');
              const prepared = await prepareForOcr(bytes, FIRST_PASS[kind]);
              const ocr = await ocrPool().recognize(prepared, PSM.SINGLE_BLOCK, undefined, { words: true });
              cache[key] = { kind, layout, split, set, k, text: ocr.text, confidence: ocr.confidence, words: ocr.words ?? [], truth };
              fs.writeFileSync(args.cache, JSON.stringify(cache));
            }
            wanted.push(cache[key]);
          }
      }
    }
  }
  await shutdownOcrPool();
  const groups = new Map<string, { text: InstanceType<typeof FieldScore>; geo: InstanceType<typeof FieldScore> }>();
  for (const c of wanted) {
    const g = groups.get(`${c.kind} ${c.split} ${c.set}`) ?? { text: new FieldScore(), geo: new FieldScore() };
    groups.set(`${c.kind} ${c.split} ${c.set}`, g);
    for (const variant of ['text', 'geo'] as const) {
      const one = new FieldScore();
      const words = variant === 'geo' ? c.words : undefined;
      if (c.kind === 'receipt') {
        const data = await assembleReceipt(db, parseReceiptText(c.text, words), { engine: 'ocr', engineConfidence: c.confidence / 100, attemptId: null });
        scoreReceipt(one, c.truth as never, data);
      } else {
        const data = await assembleLabel(db, parseLabelText(c.text, words), 'ocr', c.confidence / 100);
        scoreLabel(one, c.truth as never, data);
      }
      g[variant].merge(one);
      if (args.verbose && variant === 'geo' && one.micro().f1 < 0.999)
        console.log(
          `${c.set} ${c.kind} ${c.layout} #${c.k} ${one.micro().f1.toFixed(3)}: ${one
            .rows()
            .filter((r) => r.f1 < 1)
            .map((r) => r.field)
            .join(', ')}`,
        );
    }
  }
  console.log('| kind split set | F1 text | F1 boxes | weakest (boxes) |');
  for (const [k, g] of groups) {
    const weak = g.geo
      .rows()
      .filter((r) => r.truth > 0)
      .sort((a, b) => a.f1 - b.f1)
      .slice(0, 3)
      .map((r) => `${r.field} ${r.f1.toFixed(2)}`)
      .join(', ');
    console.log(`| ${k} | ${g.text.micro().f1.toFixed(3)} | ${g.geo.micro().f1.toFixed(3)} | ${weak} |`);
  }
  await db.close();
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
