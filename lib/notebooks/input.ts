/** Request bodies of the notebook streaming endpoints (specification: Order item and order metadata). */
import { z } from 'zod';

const strainType = z.preprocess((v) => (typeof v === 'string' ? v.trim().toLowerCase() : v), z.enum(['sativa', 'indica', 'hybrid']));

export const OrderItem = z.object({
  strainName: z.string().trim().min(1).max(200),
  grams: z.number().positive().max(10_000),
  price: z.number().min(0).max(1_000_000).optional(),
  thcPct: z.number().min(0).max(100).optional(),
  cbdPct: z.number().min(0).max(100).optional(),
  type: strainType.optional(),
  terpenes: z
    .array(z.object({ name: z.string().trim().min(1).max(60), percentage: z.number().min(0).max(100) }))
    .max(30)
    .optional(),
  effects: z.array(z.string().trim().min(1).max(60)).max(30).optional(),
  aromas: z.array(z.string().trim().min(1).max(60)).max(30).optional(),
});
export type OrderItemInput = z.infer<typeof OrderItem>;

export const OrderMetadata = z.object({
  dispensaryName: z.string().max(200).optional(),
  orderDate: z.string().max(40).optional(),
  totalSpent: z.number().min(0).max(10_000_000).optional(),
});
export type OrderMetadataInput = z.infer<typeof OrderMetadata>;

export const OrderInput = z.object({
  orderItems: z.array(OrderItem).max(50).optional(),
  orderMetadata: OrderMetadata.optional(),
});
export type OrderInputT = z.infer<typeof OrderInput>;

export const SectionRequest = OrderInput.extend({
  previousSections: z.record(z.string(), z.unknown()).optional(),
});
export type SectionRequestT = z.infer<typeof SectionRequest>;

export const BatchRequest = OrderInput.extend({
  sectionKeys: z.array(z.string().max(64)).min(1).max(32),
});
export type BatchRequestT = z.infer<typeof BatchRequest>;

/** Response shapes for the OpenAPI document. */
export const SectionDescriptorSchema = z.object({
  key: z.string(),
  label: z.string(),
  tab: z.string(),
  order: z.number().int(),
  strategy: z.enum(['ai', 'computed']),
  estimatedTokens: z.number().int(),
});
export const SectionsResponse = z.object({ sections: z.array(SectionDescriptorSchema), totalSections: z.number().int() });
export const SectionsQuery = z.object({ include: z.enum(['ai', 'all']).optional() });
export const NotebookHealthSchema = z.object({
  available: z.boolean(),
  service: z.string(),
  timestamp: z.string(),
  aiSectionsCount: z.number().int(),
  provider: z.string(),
});
export const SavedNotebookSchema = z.object({
  id: z.string(),
  requestId: z.string(),
  sectionKeys: z.array(z.string()),
  completedSections: z.number().int(),
  totalSections: z.number().int(),
  results: z.record(z.string(), z.unknown()),
  errors: z.record(z.string(), z.string()),
  computed: z.record(z.string(), z.unknown()),
  order: z.unknown(),
  provider: z.string(),
  model: z.string(),
  createdAt: z.string(),
});
