import { resolveAiProvider, visionModel } from '@/lib/ai/provider';
import { warnOnce } from '@/lib/log';
import { localEngine } from '@/lib/vision/local-engine';
import { modelEngine } from '@/lib/vision/model-engine';
import type { ImageInput, ParsedLabel, ParsedReceipt } from '@/lib/vision/types';

/**
 * A vision engine reads an image into the parsed (not yet catalog-matched) shape. `local` is
 * offline OCR + parsers; `vision` is a hosted model with image input and a zod schema.
 */
export interface EngineReading<T> {
  parsed: T;
  /** 0..1 reading confidence from the engine itself (OCR word confidence); null when it has none. */
  engineConfidence: number | null;
}

export interface VisionEngine {
  readonly name: 'ocr' | 'vision';
  readReceipt(image: ImageInput, signal?: AbortSignal): Promise<EngineReading<ParsedReceipt>>;
  readLabel(image: ImageInput, signal?: AbortSignal): Promise<EngineReading<ParsedLabel>>;
}

const g = globalThis as unknown as { __ciVisionEngine?: VisionEngine | null };

/** Replace the engine (tests count calls through a wrapper); null restores the configured one. */
export function setVisionEngine(engine: VisionEngine | null): void {
  g.__ciVisionEngine = engine;
}

/** The configured engine: a hosted model when AI_PROVIDER names a usable one, else local OCR. */
export function visionEngine(): VisionEngine {
  if (g.__ciVisionEngine) return g.__ciVisionEngine;
  const status = resolveAiProvider();
  if (status.name !== 'local') {
    const model = visionModel();
    if (model) return modelEngine(model);
    warnOnce('vision-provider', { provider: status.name, reason: status.reason }, 'vision model not usable; falling back to local OCR');
  }
  return localEngine();
}
