import { localEngine } from '@/lib/vision/local-engine';
import type { VisionEngine } from '@/lib/vision/engine';

/** The real local engine behind a counter, so tests can prove when the engine ran. */
export function countingEngine(): { engine: VisionEngine; calls: { receipt: number; label: number } } {
  const calls = { receipt: 0, label: 0 };
  const engine: VisionEngine = {
    name: 'ocr',
    readReceipt: (image, signal) => {
      calls.receipt++;
      return localEngine().readReceipt(image, signal);
    },
    readLabel: (image, signal) => {
      calls.label++;
      return localEngine().readLabel(image, signal);
    },
  };
  return { engine, calls };
}

export const b64 = (b: Buffer) => b.toString('base64');
