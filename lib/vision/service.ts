import type { Queryable } from '@/lib/db';
import { ApiError } from '@/lib/errors';
import { logger } from '@/lib/log';
import { assembleLabel, assembleReceipt } from '@/lib/vision/assemble';
import { runAttemptOnce } from '@/lib/vision/repo';
import { visionEngine, type VisionEngine } from '@/lib/vision/engine';
import { loadImage } from '@/lib/vision/image';
import { OcrError } from '@/lib/vision/ocr-pool';
import { parseReceiptText } from '@/lib/vision/receipt-parser';
import { LabelImage, type BatchBody, type BatchData, type ParseImageBody, type ParseTextBody } from '@/lib/vision/schemas';
import type { ImageInput, LabelData, ReceiptData } from '@/lib/vision/types';

/** Domain entry points behind the receipt and scanner routes. */

/** Engine failures the client can retry: a crashed or timed-out OCR worker (already replaced). */
async function withEngine<T>(fn: (engine: VisionEngine) => Promise<T>): Promise<T> {
  const engine = visionEngine();
  try {
    return await fn(engine);
  } catch (e) {
    if (e instanceof OcrError && e.reason === 'crash') {
      // The pool has replaced the worker; one retry on a fresh one.
      try {
        return await fn(engine);
      } catch (e2) {
        throw toApiError(e2);
      }
    }
    throw toApiError(e);
  }
}

function toApiError(e: unknown): unknown {
  if (e instanceof OcrError) return new ApiError('SERVICE_UNAVAILABLE', 'The OCR engine could not read the image; retry later', { reason: e.reason });
  return e;
}

export async function parseReceiptImage(db: Queryable, userId: string, body: ParseImageBody, signal?: AbortSignal): Promise<ReceiptData> {
  const image = await loadImage(body.imageBase64, body.mediaType);
  const { result } = await runAttemptOnce(
    db,
    { userId, attemptId: body.attemptId, imageSha256: image.sha256 },
    () =>
      withEngine(async (engine) => {
        const reading = await engine.readReceipt(image, signal);
        return assembleReceipt(db, reading.parsed, {
          engine: engine.name,
          engineConfidence: reading.engineConfidence,
          attemptId: body.attemptId,
          dispensaryName: body.dispensaryName,
          orderDate: body.orderDate,
        });
      }),
    { signal },
  );
  return result;
}

export async function parseReceiptTextBody(db: Queryable, body: ParseTextBody): Promise<ReceiptData> {
  const parsed = parseReceiptText(body.text);
  return assembleReceipt(db, parsed, { engine: 'text', engineConfidence: null, attemptId: null, dispensaryName: body.dispensaryName, orderDate: body.orderDate });
}

async function readLabel(db: Queryable, image: ImageInput, signal?: AbortSignal): Promise<LabelData> {
  return withEngine(async (engine) => {
    const reading = await engine.readLabel(image, signal);
    return assembleLabel(db, reading.parsed, engine.name, reading.engineConfidence);
  });
}

export async function analyzeLabel(db: Queryable, body: LabelImage, signal?: AbortSignal): Promise<LabelData> {
  return readLabel(db, await loadImage(body.imageBase64, body.mediaType), signal);
}

/** Each image on its own: a bad one becomes an error entry, never a failed batch. */
export async function analyzeBatch(db: Queryable, body: BatchBody, signal?: AbortSignal): Promise<BatchData> {
  const results: BatchData['results'] = [];
  for (const [index, item] of body.images.entries()) {
    const id = item.id ?? null;
    try {
      const valid = LabelImage.safeParse(item);
      if (!valid.success) {
        const issue = valid.error.issues[0];
        throw new ApiError(
          'VALIDATION_ERROR',
          `${issue.path.join('.')}: ${issue.message}`,
          valid.error.issues.map((i) => ({ path: i.path, message: i.message, code: i.code })),
        );
      }
      results.push({ index, id, success: true, data: await analyzeLabel(db, valid.data, signal) });
    } catch (e) {
      if (signal?.aborted) throw e;
      if (!(e instanceof ApiError)) logger().error({ index, err: (e as Error)?.message }, 'label batch item failed');
      const err = e instanceof ApiError ? e : new ApiError('INTERNAL_ERROR');
      results.push({ index, id, success: false, error: { code: err.code, message: err.message, ...(err.details !== undefined ? { details: err.details } : {}) } });
    }
  }
  const succeeded = results.filter((r) => r.success).length;
  return { results, succeeded, failed: results.length - succeeded };
}
