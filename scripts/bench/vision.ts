/**
 * Vision accuracy and speed on generated receipts and labels, split BY LAYOUT: the parsers were
 * tuned on the "tune" layouts only; the held-out layouts (HELD_OUT_* in tests/fixtures/vision, the
 * fourteenth round, empty until it is written) stay out of every decision and are reported first.
 * "twentyfourth-held-out", "twentythird-held-out", "twentysecond-held-out", "twentyfirst-held-out", "twentieth-held-out", "nineteenth-held-out", "eighteenth-held-out", "seventeenth-held-out", "sixteenth-held-out", "fifteenth-held-out", "fourteenth-held-out", "thirteenth-held-out", "twelfth-held-out", "eleventh-held-out", "tenth-held-out", "ninth-held-out", "eighth-held-out", "seventh-held-out", "sixth-held-out", "fifth-held-out", "fourth-held-out", "third-held-out",
 * "second-held-out" and "old-held-out" are the earlier held-out sets (tests/fixtures/vision/splits.ts):
 * their blind runs are on record, they have been looked at since, so they are reported
 * separately as tuning data. Each image goes through the local OCR
 * engine end to end (decode → prepare → tesseract → parser → catalog matcher) and is scored field
 * by field against its ground truth (precision, recall, F1).
 *
 *   npm run bench:vision [-- --per-layout 3 --sets clean,degraded --split held-out,twentyfourth-held-out,twentythird-held-out,twentysecond-held-out,twentyfirst-held-out,twentieth-held-out,nineteenth-held-out,eighteenth-held-out,seventeenth-held-out,sixteenth-held-out,fifteenth-held-out,fourteenth-held-out,thirteenth-held-out,twelfth-held-out,eleventh-held-out,tenth-held-out,ninth-held-out,eighth-held-out,seventh-held-out,sixth-held-out,fifth-held-out,fourth-held-out,third-held-out,second-held-out,old-held-out,tune --kinds receipt,label --layouts a,b --fonts own|unseen|unseen-tune|unseen-held-out --keep --verbose]
 */
process.env.PGLITE_DIR ??= 'memory://';
process.env.LOG_LEVEL ??= 'silent';
process.env.AI_PROVIDER = 'local';

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { warmColdLine } from '@/scripts/bench/warm-cold';

const { values: args } = parseArgs({
  options: {
    'per-layout': { type: 'string', default: '3' },
    sets: { type: 'string', default: 'clean,degraded' },
    split: {
      type: 'string',
      default:
        'held-out,twentyfourth-held-out,twentythird-held-out,twentysecond-held-out,twentyfirst-held-out,twentieth-held-out,nineteenth-held-out,eighteenth-held-out,seventeenth-held-out,sixteenth-held-out,fifteenth-held-out,fourteenth-held-out,thirteenth-held-out,twelfth-held-out,eleventh-held-out,tenth-held-out,ninth-held-out,eighth-held-out,seventh-held-out,sixth-held-out,fifth-held-out,fourth-held-out,third-held-out,second-held-out,old-held-out,tune',
    },
    kinds: { type: 'string', default: 'receipt,label' },
    layouts: { type: 'string', default: '' },
    seed: { type: 'string', default: '100' },
    fonts: { type: 'string', default: 'own' },
    keep: { type: 'boolean', default: false },
    verbose: { type: 'boolean', default: false },
  },
});

async function main() {
  const { ready } = await import('@/lib/bootstrap');
  const { loadImage } = await import('@/lib/vision/image');
  const { localEngine } = await import('@/lib/vision/local-engine');
  const { assembleLabel, assembleReceipt } = await import('@/lib/vision/assemble');
  const { ocrPool, shutdownOcrPool } = await import('@/lib/vision/ocr-pool');
  const { MEDIA } = await import('@/tests/fixtures/vision/render');
  const { benchImage } = await import('@/tests/fixtures/vision/degrade');
  const { layoutsOf, splitOf: splitOfLayout } = await import('@/tests/fixtures/vision/splits');
  const { namePools } = await import('@/tests/fixtures/vision/data');
  const { FieldScore, scoreLabel, scoreReceipt } = await import('@/tests/fixtures/vision/score');

  const db = await ready();
  const engine = localEngine();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vision-bench-'));
  const sets = args.sets.split(',');
  const splits = args.split.split(',');
  const kinds = args.kinds.split(',') as ('receipt' | 'label')[];
  const perLayout = Number(args['per-layout']);
  const only = args.layouts ? new Set(args.layouts.split(',')) : null;
  // `--fonts unseen`: every layout redrawn in typefaces no layout uses (tests/fixtures/vision/unseen-fonts.ts);
  // `unseen-tune` / `unseen-held-out`: only the tuning or only the held-out ones of those faces.
  const FONT_PARTS = { unseen: 'all', 'unseen-tune': 'tune', 'unseen-held-out': 'held-out' } as const;
  const unseenFonts = FONT_PARTS[args.fonts as keyof typeof FONT_PARTS];
  if (unseenFonts) {
    const { missingUnseenFonts, UNSEEN_FONT_PACKAGES } = await import('@/tests/fixtures/vision/unseen-fonts');
    const missing = missingUnseenFonts();
    if (missing.length) throw new Error(`--fonts unseen needs ${missing.join(', ')}: apt-get install -y ${UNSEEN_FONT_PACKAGES}`);
  } else if (args.fonts !== 'own') throw new Error('--fonts is own, unseen, unseen-tune or unseen-held-out');
  const seed0 = Number(args.seed);
  const summary: string[][] = [];
  const fieldTables: string[] = [];
  const timings: string[][] = [];
  const failing: string[] = [];
  /** Per layout and set: warm seconds and OCR passes of each image (passes do not depend on the load). */
  const perLayoutTimes = new Map<string, { ms: number[]; passes: number[] }>();
  const loadAt = () =>
    os
      .loadavg()
      .map((x) => x.toFixed(1))
      .join(' ');
  console.log(
    `names from ${namePools().source}; fonts ${args.fonts}; ${os.cpus().length} cores; load average ${os
      .loadavg()
      .map((x) => x.toFixed(1))
      .join(' ')}`,
  );

  let cold: number | null = null;
  /** Every warm image's wall and CPU milliseconds of the run (for the warm / cold line). */
  const allWarm: number[] = [];
  const allCpu: number[] = [];
  for (const kind of kinds) {
    const all = layoutsOf(kind);
    const splitOf = (l: string) => splitOfLayout(kind, l);
    for (const split of splits) {
      const layouts = all.filter((l) => splitOf(l) === split).filter((l) => !only || only.has(l));
      if (!layouts.length) continue;
      for (const set of sets) {
        const score = new FieldScore();
        const times: number[] = [];
        const cpus: number[] = [];
        let i = 0;
        for (const layout of layouts) {
          for (let k = 0; k < perLayout; k++, i++) {
            const { truth, bytes, format: fmt, font } = await benchImage(kind, layout, k, i, set === 'degraded', seed0, { unseenFonts });
            const file = path.join(dir, `${set}-${kind}-${layout}-${k}.${fmt}`);
            if (args.keep) {
              fs.writeFileSync(file, bytes);
              fs.writeFileSync(`${file}.json`, JSON.stringify(truth, null, 1));
            }
            const t0 = performance.now();
            const c0 = process.cpuUsage();
            const cpuMs = () => {
              const c = process.cpuUsage(c0);
              return (c.user + c.system) / 1000;
            };
            const jobs0 = ocrPool().stats.jobs;
            /** The image's seconds: the run's first image is the cold one, every later one warm (null for the cold one). */
            const timed = (ms: number): number | null => {
              if (cold === null) {
                cold = ms;
                return null;
              }
              times.push(ms);
              allWarm.push(ms);
              const cpu = cpuMs();
              cpus.push(cpu);
              allCpu.push(cpu);
              return ms;
            };
            let warmMs: number | null = null;
            const image = await loadImage(bytes.toString('base64'), MEDIA[fmt]);
            const one = new FieldScore();
            let data: unknown;
            if (kind === 'receipt') {
              const r = await engine.readReceipt(image);
              data = await assembleReceipt(db, r.parsed, { engine: 'ocr', engineConfidence: r.engineConfidence, attemptId: null });
              warmMs = timed(performance.now() - t0);
              scoreReceipt(one, truth as never, data as never);
            } else {
              const r = await engine.readLabel(image);
              data = await assembleLabel(db, r.parsed, 'ocr', r.engineConfidence);
              warmMs = timed(performance.now() - t0);
              scoreLabel(one, truth as never, data as never);
            }
            const key = `${kind} | ${split} | ${layout} | ${set}`;
            const lt = perLayoutTimes.get(key) ?? { ms: [], passes: [] };
            if (warmMs !== null) lt.ms.push(warmMs);
            lt.passes.push(ocrPool().stats.jobs - jobs0);
            perLayoutTimes.set(key, lt);
            score.merge(one);
            const m = one.micro();
            if (m.f1 < 0.999)
              failing.push(
                `${set} ${kind} ${layout} #${k}${unseenFonts ? ` (${font})` : ''} F1 ${m.f1.toFixed(3)}: ${one
                  .rows()
                  .filter((x) => x.f1 < 1)
                  .map((x) => x.field)
                  .join(', ')}`,
              );
            if (args.verbose && m.f1 < 0.999) console.log(file, JSON.stringify(truth), '\n  →', JSON.stringify(data));
          }
        }
        const m = score.micro();
        summary.push([
          kind,
          split,
          set,
          String(i),
          String(layouts.length),
          m.f1.toFixed(3),
          m.precision.toFixed(3),
          m.recall.toFixed(3),
          Math.min(
            ...score
              .rows()
              .filter((r) => r.truth > 0)
              .map((r) => r.f1),
          ).toFixed(3),
        ]);
        const rows = score.rows().sort((a, b) => a.f1 - b.f1);
        fieldTables.push(
          [
            `\n${kind}s, ${split} layouts (${layouts.join(', ')}), ${set}: ${i} images`,
            '| field | truth | precision | recall | F1 |',
            '|---|---:|---:|---:|---:|',
            ...rows.map((r) => `| ${r.field} | ${r.truth} | ${r.precision.toFixed(3)} | ${r.recall.toFixed(3)} | ${r.f1.toFixed(3)} |`),
          ].join('\n'),
        );
        const warm = times.reduce((a, b) => a + b, 0) / Math.max(1, times.length) / 1000;
        const sorted = [...times].sort((a, b) => a - b);
        // CPU seconds of the whole process (main thread + OCR worker threads) per image: what one
        // image costs a core, much less sensitive than wall time to the other work on the machine.
        const cpu = cpus.reduce((a, b) => a + b, 0) / Math.max(1, cpus.length) / 1000;
        timings.push([
          kind,
          split,
          set,
          warm.toFixed(2),
          ((sorted[Math.floor(sorted.length / 2)] ?? 0) / 1000).toFixed(2),
          ((sorted.at(-1) ?? 0) / 1000).toFixed(2),
          cpu.toFixed(2),
        ]);
      }
    }
  }
  for (const t of fieldTables) console.log(t);
  console.log('\nsummary (micro-averaged over all fields; min field F1 over fields with ground truth)');
  console.log('| kind | layouts | set | images | layouts n | F1 | precision | recall | weakest field F1 |');
  console.log('|---|---|---|---:|---:|---:|---:|---:|---:|');
  for (const r of summary) console.log(`| ${r.join(' | ')} |`);
  console.log(`\nseconds per image: cold (first image, incl. worker start) ${((cold ?? 0) / 1000).toFixed(2)} s; OCR passes ${ocrPool().stats.jobs}, workers ${ocrPool().size()}`);
  console.log(warmColdLine(cold, allWarm, allCpu));
  console.log('| kind | layouts | set | warm mean s | warm median s | warm max s | CPU s per image |');
  console.log('|---|---|---|---:|---:|---:|---:|');
  for (const r of timings) console.log(`| ${r.join(' | ')} |`);
  console.log('\nper layout (warm mean seconds; OCR passes per image, which do not depend on the load)');
  console.log('| kind | split | layout | set | warm mean s | OCR passes per image |');
  console.log('|---|---|---|---|---:|---:|');
  const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / Math.max(1, xs.length);
  for (const [key, t] of perLayoutTimes) console.log(`| ${key} | ${(mean(t.ms) / 1000).toFixed(2)} | ${mean(t.passes).toFixed(1)} |`);
  console.log('\nimages below F1 1.0:');
  for (const f of failing) console.log(`  ${f}`);
  console.log(`load average at the end: ${loadAt()}`);
  console.log(`\nimages and ground truth: ${dir}${args.keep ? '' : ' (removed)'}`);
  await shutdownOcrPool();
  if (!args.keep) fs.rmSync(dir, { recursive: true, force: true });
  await db.close();
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
