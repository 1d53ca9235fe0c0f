import { z } from 'zod';
import { LabelData, MEDIA_TYPES, ReceiptData } from '@/lib/vision/types';

/** Request bodies (specification: Receipt parse request; DECISIONS §5). */

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

export const AttemptId = z
  .string()
  .min(16)
  .max(128)
  .regex(/^[A-Za-z0-9_-]+$/, 'attemptId may contain only letters, digits, underscore and hyphen');
export const ImageBase64 = z.string().min(4).max(8_388_608).describe('raw base64 or a data URL');
export const ImageMediaType = z.enum(MEDIA_TYPES);
export const DispensaryName = z.string().max(200);
export const OrderDate = z
  .string()
  .regex(ISO_DATE, 'orderDate must be YYYY-MM-DD')
  .refine((s) => !Number.isNaN(Date.parse(`${s}T00:00:00Z`)) && new Date(`${s}T00:00:00Z`).toISOString().startsWith(s), 'orderDate is not a calendar date');

export const ParseImageBody = z.object({
  attemptId: AttemptId,
  imageBase64: ImageBase64,
  mediaType: ImageMediaType,
  dispensaryName: DispensaryName.optional(),
  orderDate: OrderDate.optional(),
});
export type ParseImageBody = z.infer<typeof ParseImageBody>;

export const ParseTextBody = z.object({
  text: z.string().min(1).max(50_000),
  dispensaryName: DispensaryName.optional(),
  orderDate: OrderDate.optional(),
});
export type ParseTextBody = z.infer<typeof ParseTextBody>;

export const LabelImage = z.object({ imageBase64: ImageBase64, mediaType: ImageMediaType });
export type LabelImage = z.infer<typeof LabelImage>;

/**
 * Batch items are checked one by one inside the handler (one bad image never fails the batch),
 * so the body schema only asks for their shape; LabelImage is the per-item rule.
 */
export const BatchBody = z.object({
  images: z
    .array(
      z.object({
        id: z.string().max(128).optional(),
        imageBase64: z.string().describe('raw base64 or a data URL, length 4 to 8388608'),
        mediaType: z.string().describe('image/jpeg, image/png or image/webp'),
      }),
    )
    .min(1)
    .max(10),
});
export type BatchBody = z.infer<typeof BatchBody>;

export const BatchEntry = z.object({
  index: z.number().int(),
  id: z.string().nullable(),
  success: z.boolean(),
  data: LabelData.optional(),
  error: z.object({ code: z.string(), message: z.string(), details: z.unknown().optional() }).optional(),
});
export const BatchData = z.object({ results: z.array(BatchEntry), succeeded: z.number().int(), failed: z.number().int() });
export type BatchData = z.infer<typeof BatchData>;

export { ReceiptData, LabelData };
