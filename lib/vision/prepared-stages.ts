import type { PageAnalysis } from '@/lib/vision/page-analysis';
import type { PrepareOptions } from '@/lib/vision/image';

/** A page after the first part of its preparation (image.ts `pageStage`): grey pixels and what the steps after it need. */
export interface Stage {
  page: PageAnalysis;
  /** Text-row height after scaling, in pixels. */
  rowPx: number;
  flat: { data: Buffer; width: number; height: number };
}

/**
 * The options the first part of a preparation depends on; every other option (`gridRules`,
 * `tightRules`, `creases`, `faded`, `stretchFaded`, `bandLevels`, `normalise`, `sharpen`,
 * `threshold`) acts after it.
 */
const STAGE_OPTIONS = [
  'deskew',
  'rules',
  'median',
  'rowHeight',
  'targetWidth',
  'bands',
  'leaders',
  'lightLeaders',
  'glare',
  'codes',
  'chartBars',
  'chartMarks',
  'midBands',
] as const;

/** Preparations of one page with the same key share their first part. */
export function stageKey(opts: PrepareOptions): string {
  return JSON.stringify(STAGE_OPTIONS.map((k) => opts[k] ?? null));
}

const stages = new WeakMap<Buffer, Map<string, Promise<Stage>>>();

/**
 * A page's first preparation stage, computed once per page and `stageKey`: a label's grid re-read
 * (label-grid.ts: the first preparation plus its table rules erased) and a receipt's faded-print
 * rescue (the first plus its ink stretched) prepared the whole page again, every eraser and sweep
 * of the first preparation included (a profile of degraded twentieth-round labels: 0.3–1 CPU s
 * a preparation, codes' finder search and the chart erasers the most of it), to change one step
 * after them. Each caller gets its own copy of the pixels (the later steps edit them in place), so
 * the result is the same pixels as before. Keyed by the bytes' Buffer, so the stage goes with the
 * page (as `analysedPage`).
 */
export async function sharedStage(bytes: Buffer, opts: PrepareOptions, compute: () => Promise<Stage>): Promise<Stage> {
  let byKey = stages.get(bytes);
  if (!byKey) stages.set(bytes, (byKey = new Map()));
  const key = stageKey(opts);
  let stage = byKey.get(key);
  if (!stage) {
    stage = compute();
    // A failed stage is not kept: the next preparation tries again.
    stage.catch(() => byKey.delete(key));
    byKey.set(key, stage);
  }
  const s = await stage;
  return { ...s, flat: { ...s.flat, data: Buffer.from(s.flat.data) } };
}
