import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import type { Worker as ThreadWorker } from 'node:worker_threads';
import { createWorker, OEM, PSM, type Worker as TesseractWorker } from 'tesseract.js';
import { config } from '@/lib/config';
import { logger } from '@/lib/log';
import type { WordBox } from '@/lib/vision/parse-common';

/**
 * One long-lived, lazily started pool of tesseract.js workers (at most VISION_OCR_WORKERS, default
 * 2). The language data comes from @tesseract.js-data/eng on disk: never a network download.
 *
 * tesseract.js alone is not crash-safe in Node: without `errorHandler` a rejected job throws
 * inside its message listener, and a worker thread that dies (uncaught error, OOM, exit) leaves
 * the job's promise pending forever while its 'error' event, having no listener, would take the
 * whole process down. The pool listens on the thread itself, fails the running job, drops the
 * worker and starts a fresh one for the next job.
 */

export interface OcrResult {
  text: string;
  /** 0..100 mean word confidence as tesseract reports it. */
  confidence: number;
  ms: number;
  /** Each word's box (pixels of the image read), in reading order, when asked for (`{ words: true }`). */
  words?: OcrWord[];
}

/** One word tesseract read, with its box, the running number of its text line and its confidence. */
export type OcrWord = WordBox & { conf: number };

/**
 * Words with their boxes from tesseract's TSV output (level 5 rows: `level page block par line
 * word left top width height conf text`); lines are numbered in reading order. The TSV is a few
 * kB of text, far lighter than the `blocks` tree (every symbol and its choices).
 */
export function wordsFromTsv(tsv: string): OcrWord[] {
  const out: OcrWord[] = [];
  let lastKey = '';
  let line = -1;
  for (const row of tsv.split('\n')) {
    const f = row.split('\t');
    if (f.length < 12 || f[0] !== '5') continue;
    const text = f.slice(11).join(' ').trim();
    if (!text) continue;
    const key = `${f[2]}.${f[3]}.${f[4]}`;
    if (key !== lastKey) {
      line++;
      lastKey = key;
    }
    const [x, y, w, h, conf] = [f[6], f[7], f[8], f[9], f[10]].map(Number);
    out.push({ text, line, x0: x, y0: y, x1: x + w, y1: y + h, conf });
  }
  return out;
}

export class OcrError extends Error {
  constructor(
    message: string,
    readonly reason: 'crash' | 'timeout' | 'failed',
  ) {
    super(message);
    this.name = 'OcrError';
  }
}

interface Slot {
  id: number;
  worker: TesseractWorker;
  thread: ThreadWorker | null;
  busy: boolean;
  dead: boolean;
  fail: ((e: OcrError) => void) | null;
}

/** Extra tesseract parameters for one job (set before it, reset to the defaults after). */
export type OcrParams = Record<string, string>;

interface Job {
  image: Buffer;
  psm: PSM;
  params?: OcrParams;
  words?: boolean;
  resolve: (r: OcrResult) => void;
  reject: (e: Error) => void;
}

const require = createRequire(import.meta.url);

/** Set before every job, so one job's extra parameters never leak into the next. */
const DEFAULT_PARAMS: OcrParams = { preserve_interword_spaces: '1', user_defined_dpi: '300', thresholding_method: '0' };

/** Directory of the bundled eng.traineddata.gz (the package on disk; never fetched). */
export function langPath(): string {
  const candidates: string[] = [];
  try {
    candidates.push(path.dirname(require.resolve('@tesseract.js-data/eng/package.json')));
  } catch {
    /* bundled server code may not resolve from its own chunk */
  }
  // Under the dev bundler require.resolve can answer a virtual path that does not exist on disk,
  // so every candidate is checked and the project's own node_modules is the fallback.
  candidates.push(path.join(/* turbopackIgnore: true */ process.cwd(), 'node_modules', '@tesseract.js-data', 'eng'));
  const dir = candidates.find((d) => fs.existsSync(path.join(d, '4.0.0_best_int'))) ?? candidates[candidates.length - 1];
  return path.join(dir, '4.0.0_best_int');
}

class OcrPool {
  private slots: Slot[] = [];
  private starting = 0;
  private queue: Job[] = [];
  private nextId = 1;
  private idleTimer: NodeJS.Timeout | null = null;
  readonly stats = { started: 0, recycled: 0, jobs: 0, failures: 0, released: 0 };

  constructor(
    private readonly max: number,
    private readonly timeoutMs: number,
    /** Workers are terminated after this long without a job (each holds ~30–60 MB of WASM heap). */
    private readonly idleMs: number = 60_000,
  ) {}

  recognize(image: Buffer, psm: PSM = PSM.AUTO, params?: OcrParams, opts: { words?: boolean } = {}): Promise<OcrResult> {
    this.cancelIdle();
    return new Promise<OcrResult>((resolve, reject) => {
      this.queue.push({ image, psm, params, words: opts.words, resolve, reject });
      this.pump();
    });
  }

  /**
   * Start one worker now when none is running or starting, without a job for it: the engine calls
   * this as an image comes in, so a cold worker's start (the WASM module, the language data
   * unpacked and loaded: ≈ 1 s) runs on its own thread beside the image's decoding and first
   * preparation instead of after them. The readings are the same; only a cold image's wait
   * changes. A warm pool is left as it is.
   */
  warm(): void {
    if (this.size() + this.starting > 0) return;
    this.cancelIdle();
    this.spawn();
  }

  /** Underlying threads (tests simulate a crash on them). */
  threads(): ThreadWorker[] {
    return this.slots.filter((s) => !s.dead && s.thread).map((s) => s.thread as ThreadWorker);
  }

  /** How many more jobs would start at once now, without waiting for a worker (unstarted workers count: they start on demand). */
  spare(): number {
    return Math.max(0, this.max - this.slots.filter((s) => s.busy && !s.dead).length - this.queue.length);
  }

  size(): number {
    return this.slots.filter((s) => !s.dead).length;
  }

  private cancelIdle(): void {
    if (this.idleTimer) clearTimeout(this.idleTimer);
    this.idleTimer = null;
  }

  /** When nothing runs or waits, release the workers after the idle period. */
  private scheduleIdle(): void {
    if (this.queue.length || this.starting || this.slots.some((s) => s.busy) || this.size() === 0) return;
    this.cancelIdle();
    this.idleTimer = setTimeout(() => {
      this.idleTimer = null;
      if (this.queue.length || this.starting || this.slots.some((s) => s.busy)) return;
      const idle = this.slots;
      this.slots = [];
      this.stats.released += idle.length;
      logger().info({ workers: idle.length, idleMs: this.idleMs }, 'ocr workers released after idle period');
      for (const s of idle) void this.kill(s);
    }, this.idleMs);
    this.idleTimer.unref();
  }

  async shutdown(): Promise<void> {
    this.cancelIdle();
    const slots = this.slots;
    this.slots = [];
    for (const q of this.queue.splice(0)) q.reject(new OcrError('OCR pool shut down', 'failed'));
    await Promise.all(slots.map((s) => this.kill(s)));
  }

  private pump(): void {
    while (this.queue.length) {
      const idle = this.slots.find((s) => !s.busy && !s.dead);
      if (idle) {
        this.run(idle, this.queue.shift() as Job);
        continue;
      }
      if (this.size() + this.starting < this.max && this.starting < this.queue.length) {
        this.spawn();
      }
      return;
    }
  }

  private spawn(): void {
    this.starting++;
    const id = this.nextId++;
    // The handler is bound late so it can reference its own slot.
    let slot: Slot | null = null;
    const errorHandler = (err: unknown) => {
      logger().warn({ worker: id, err: String(err) }, 'ocr worker reported an error');
    };
    createWorker('eng', OEM.LSTM_ONLY, { langPath: langPath(), gzip: true, cacheMethod: 'none', errorHandler })
      .then((worker) => {
        const thread = (worker as unknown as { worker?: ThreadWorker }).worker ?? null;
        slot = { id, worker, thread, busy: false, dead: false, fail: null };
        const s = slot;
        if (thread) {
          thread.on('error', (e) => this.onDeath(s, `worker thread error: ${e.message}`));
          thread.on('exit', (code) => this.onDeath(s, `worker thread exited with code ${code}`));
          thread.unref();
        }
        this.stats.started++;
        this.slots.push(s);
      })
      .catch((e: unknown) => {
        this.stats.failures++;
        logger().error({ err: String(e) }, 'ocr worker failed to start');
        const job = this.queue.shift();
        job?.reject(new OcrError(`OCR engine failed to start: ${String(e)}`, 'failed'));
      })
      .finally(() => {
        this.starting--;
        this.pump();
        // A worker started ahead (`warm`) whose job never came is released like an idle one.
        this.scheduleIdle();
      });
  }

  private run(slot: Slot, job: Job): void {
    slot.busy = true;
    slot.thread?.ref();
    this.stats.jobs++;
    const t0 = Date.now();
    let settled = false;
    const finish = (fn: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      slot.fail = null;
      slot.busy = false;
      if (!slot.dead) slot.thread?.unref();
      fn();
      this.pump();
      this.scheduleIdle();
    };
    const timer = setTimeout(() => {
      this.stats.failures++;
      finish(() => job.reject(new OcrError(`OCR timed out after ${this.timeoutMs} ms`, 'timeout')));
      void this.retire(slot, 'timeout');
    }, this.timeoutMs);
    slot.fail = (e) => finish(() => job.reject(e));
    slot.worker
      .setParameters({ ...DEFAULT_PARAMS, ...job.params, tessedit_pageseg_mode: job.psm })
      .then(() => slot.worker.recognize(job.image, {}, { text: true, tsv: Boolean(job.words) }))
      .then((r) =>
        finish(() =>
          job.resolve({
            text: r.data.text ?? '',
            confidence: r.data.confidence ?? 0,
            ms: Date.now() - t0,
            ...(job.words ? { words: wordsFromTsv(r.data.tsv ?? '') } : {}),
          }),
        ),
      )
      .catch((e: unknown) => {
        this.stats.failures++;
        finish(() => job.reject(new OcrError(`OCR failed: ${String(e)}`, 'failed')));
        // A worker that rejected a job may be in a bad state: recycle it.
        void this.retire(slot, 'job error');
      });
  }

  private onDeath(slot: Slot, why: string): void {
    if (slot.dead) return;
    slot.dead = true;
    this.stats.recycled++;
    this.slots = this.slots.filter((s) => s !== slot);
    logger().warn({ worker: slot.id, why }, 'ocr worker died; it will be replaced');
    slot.fail?.(new OcrError(`OCR worker crashed: ${why}`, 'crash'));
    this.pump();
  }

  private async retire(slot: Slot, why: string): Promise<void> {
    if (slot.dead) return;
    slot.dead = true;
    this.stats.recycled++;
    this.slots = this.slots.filter((s) => s !== slot);
    logger().info({ worker: slot.id, why }, 'recycling ocr worker');
    await this.kill(slot);
    this.pump();
  }

  private async kill(slot: Slot): Promise<void> {
    slot.dead = true;
    try {
      await slot.worker.terminate();
    } catch {
      /* already gone */
    }
  }
}

const g = globalThis as unknown as { __ciOcrPool?: OcrPool };

/** The process-wide pool (survives Next dev hot reloads). */
export function ocrPool(): OcrPool {
  if (!g.__ciOcrPool) {
    // Never more workers than cores: OCR is CPU bound, extra threads only add switching.
    g.__ciOcrPool = new OcrPool(Math.max(1, Math.min(config().vision.ocrWorkers, os.availableParallelism())), config().vision.ocrTimeoutMs, config().hotpath.ocrIdleMs);
  }
  return g.__ciOcrPool;
}

export async function shutdownOcrPool(): Promise<void> {
  const pool = g.__ciOcrPool;
  g.__ciOcrPool = undefined;
  await pool?.shutdown();
}

export { PSM };
export type { OcrPool };
