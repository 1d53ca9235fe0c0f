import { z } from 'zod';

/** Product categories, the same names the menu scanner uses. */
export const CATEGORIES = ['Flower', 'Concentrate', 'Edible', 'Vape', 'Pre-Roll', 'Topical', 'Tincture', 'Other'] as const;
export type Category = (typeof CATEGORIES)[number];

export const STRAIN_TYPES = ['indica', 'sativa', 'hybrid'] as const;
export type StrainTypeName = (typeof STRAIN_TYPES)[number];

export const MEDIA_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
export type MediaType = (typeof MEDIA_TYPES)[number];

export type EngineName = 'ocr' | 'vision' | 'text';

export const StrainRef = z
  .object({
    id: z.string(),
    slug: z.string(),
    name: z.string(),
    matchConfidence: z.enum(['high', 'medium', 'low']),
  })
  .nullable();
export type StrainRef = z.infer<typeof StrainRef>;

export const ReceiptItem = z.object({
  productName: z.string(),
  strainName: z.string().nullable(),
  category: z.enum(CATEGORIES),
  grams: z.number().nullable(),
  quantity: z.number().nullable(),
  unitPrice: z.number().nullable(),
  price: z.number().nullable(),
  discount: z.number().nullable(),
  thcPct: z.number().nullable(),
  cbdPct: z.number().nullable(),
  type: z.enum(STRAIN_TYPES).nullable(),
  strain: StrainRef,
});
export type ReceiptItem = z.infer<typeof ReceiptItem>;

export const ReceiptData = z.object({
  attemptId: z.string().nullable(),
  dispensaryName: z.string().nullable(),
  orderDate: z.string().nullable(),
  items: z.array(ReceiptItem),
  discount: z.number().nullable(),
  subtotal: z.number().nullable(),
  tax: z.number().nullable(),
  total: z.number().nullable(),
  confidence: z.number().min(0).max(1),
  engine: z.enum(['ocr', 'vision', 'text']),
});
export type ReceiptData = z.infer<typeof ReceiptData>;

export const TerpeneReading = z.object({ name: z.string(), percentage: z.number() });

export const LabelData = z.object({
  productName: z.string().nullable(),
  strainName: z.string().nullable(),
  brand: z.string().nullable(),
  category: z.enum(CATEGORIES).nullable(),
  type: z.enum(STRAIN_TYPES).nullable(),
  thcPct: z.number().nullable(),
  cbdPct: z.number().nullable(),
  thcMg: z.number().nullable(),
  cbdMg: z.number().nullable(),
  totalCannabinoidsPct: z.number().nullable(),
  terpenes: z.array(TerpeneReading),
  netWeightGrams: z.number().nullable(),
  batchNumber: z.string().nullable(),
  harvestDate: z.string().nullable(),
  testDate: z.string().nullable(),
  packageDate: z.string().nullable(),
  labName: z.string().nullable(),
  strain: StrainRef,
  confidence: z.number().min(0).max(1),
  engine: z.enum(['ocr', 'vision']),
});
export type LabelData = z.infer<typeof LabelData>;

/** What a parser (or a vision model) reads from a receipt, before catalog matching. */
export interface ParsedReceiptItem {
  productName: string;
  strainName: string | null;
  category: Category;
  grams: number | null;
  quantity: number | null;
  unitPrice: number | null;
  price: number | null;
  discount: number | null;
  thcPct: number | null;
  cbdPct: number | null;
  type: StrainTypeName | null;
  brand: string | null;
}

export interface ParsedReceipt {
  dispensaryName: string | null;
  orderDate: string | null;
  items: ParsedReceiptItem[];
  discount: number | null;
  subtotal: number | null;
  tax: number | null;
  total: number | null;
  /** 0..1: how complete the parse looks (fields found, totals that add up). */
  coverage: number;
}

export type ParsedLabel = Omit<LabelData, 'strain' | 'confidence' | 'engine'> & { coverage: number };

/** A decoded, verified image from a request. */
export interface ImageInput {
  bytes: Buffer;
  mediaType: MediaType;
  sha256: string;
  width: number;
  height: number;
}
