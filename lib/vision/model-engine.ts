import { generateText, Output } from 'ai';
import type { LanguageModelV3 } from '@ai-sdk/provider';
import { z } from 'zod';
import { ApiError } from '@/lib/errors';
import { logger } from '@/lib/log';
import type { EngineReading, VisionEngine } from '@/lib/vision/engine';
import { labelCoverage } from '@/lib/vision/label-parser';
import { receiptCoverage } from '@/lib/vision/receipt-photo';
import { terpeneName } from '@/lib/vision/terpenes';
import { CATEGORIES, STRAIN_TYPES, type ImageInput, type ParsedLabel, type ParsedReceipt } from '@/lib/vision/types';

/**
 * Hosted vision model engine: the image plus a zod schema through the AI SDK (structured output),
 * normalised into the same parsed shapes the OCR parsers produce, so catalog matching and the
 * response are identical whichever engine read the image.
 */

const n = z.number().nullable();
const s = z.string().nullable();

export const ReceiptExtraction = z.object({
  dispensaryName: s.describe('store name as printed at the top'),
  orderDate: s.describe('purchase date as YYYY-MM-DD'),
  items: z.array(
    z.object({
      productName: z.string().describe('product name as printed, without weight and price'),
      strainName: s.describe('strain name when the product names one'),
      brand: s,
      category: z.enum(CATEGORIES),
      grams: n.describe('weight in grams; 1/8 oz = 3.5'),
      quantity: n,
      unitPrice: n,
      price: n.describe('line amount as printed'),
      discount: n.describe('discount on this line as a positive number'),
      thcPct: n,
      cbdPct: n,
      type: z.enum(STRAIN_TYPES).nullable(),
    }),
  ),
  discount: n.describe('order-level discount as a positive number'),
  subtotal: n,
  tax: n.describe('sum of all taxes'),
  total: n,
});

export const LabelExtraction = z.object({
  productName: s,
  strainName: s,
  brand: s,
  category: z.enum(CATEGORIES).nullable(),
  type: z.enum(STRAIN_TYPES).nullable(),
  thcPct: n.describe('total THC in percent'),
  cbdPct: n.describe('total CBD in percent'),
  thcMg: n.describe('THC in mg when printed in mg'),
  cbdMg: n,
  totalCannabinoidsPct: n,
  terpenes: z.array(z.object({ name: z.string(), percentage: z.number() })),
  netWeightGrams: n,
  batchNumber: s,
  harvestDate: s.describe('YYYY-MM-DD'),
  testDate: s.describe('YYYY-MM-DD'),
  packageDate: s.describe('YYYY-MM-DD'),
  labName: s,
});

const RECEIPT_PROMPT =
  'Read this cannabis dispensary receipt. Extract every purchased line item exactly as printed (no invented items), weights in grams, amounts as numbers without currency symbols, dates as YYYY-MM-DD. Use null for anything not printed.';
const LABEL_PROMPT =
  'Read this cannabis product label. Extract the printed facts: names, brand, potency (percent, or mg for edibles), terpenes with percentages, net weight in grams, batch/lot, dates as YYYY-MM-DD and the testing lab. Use null for anything not printed.';

async function extract<S extends z.ZodType>(model: LanguageModelV3, schema: S, prompt: string, image: ImageInput, signal?: AbortSignal): Promise<z.output<S>> {
  try {
    const result = await generateText({
      model,
      output: Output.object({ schema }),
      abortSignal: signal,
      maxRetries: 1,
      messages: [
        {
          role: 'user',
          content: [
            { type: 'text', text: prompt },
            { type: 'image', image: image.bytes, mediaType: image.mediaType },
          ],
        },
      ],
    });
    return result.output as z.output<S>;
  } catch (e) {
    if (signal?.aborted) throw e;
    logger().warn({ err: (e as Error).message }, 'vision model extraction failed');
    throw new ApiError('EXTERNAL_SERVICE_ERROR', 'The vision model could not read the image', { engine: 'vision' });
  }
}

export function modelEngine(model: LanguageModelV3): VisionEngine {
  return {
    name: 'vision',
    async readReceipt(image, signal): Promise<EngineReading<ParsedReceipt>> {
      const r = await extract(model, ReceiptExtraction, RECEIPT_PROMPT, image, signal);
      const items = r.items.map((it) => ({ ...it, discount: it.discount === null ? null : Math.abs(it.discount) }));
      const discount = r.discount === null ? null : Math.abs(r.discount);
      return { parsed: { ...r, items, discount, coverage: receiptCoverage(items, r.subtotal, r.tax, r.total, discount) }, engineConfidence: null };
    },
    async readLabel(image, signal): Promise<EngineReading<ParsedLabel>> {
      const r = await extract(model, LabelExtraction, LABEL_PROMPT, image, signal);
      const terpenes = r.terpenes.map((t) => ({ name: terpeneName(t.name) ?? t.name.toLowerCase(), percentage: t.percentage }));
      const parsed = { ...r, terpenes };
      return { parsed: { ...parsed, coverage: labelCoverage(parsed) }, engineConfidence: null };
    },
  };
}
