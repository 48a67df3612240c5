// Import Product: `POST /api/import-product` `{store: {storeHash, accessToken, clientId}, productData}` (spec part 1
// §2, §3, §5, §7; issue 13). `productData` is a product dump (common/dumps/product-dump.ts); the answer is the
// import result of spec §3, with counters for every step.
import { z } from 'zod';
import { productDumpSchema } from '../dumps/product-dump';
import { IMPORT_MESSAGE_CODES } from '../import-product/message-texts';
import { toolStoreCredentialsSchema } from './tool-result';

export const IMPORT_PRODUCT_PATH = '/api/import-product';

/** Spec part 1 §5 "Import Product". */
export const IMPORT_PRODUCT_MESSAGES = {
  notJsonFile: 'Please select a JSON file',
  invalidJson: 'Invalid JSON file',
  fileRequired: 'Please select a JSON file',
} as const;

/** `POST`: the dry run against the target, same body as the import; answers `{plan}`. */
export const IMPORT_PRODUCT_DRY_RUN_PATH = '/api/import-product/dry-run';

/**
 * When the target already has a product with the dump's SKU (or, without a SKU, its name): update that product
 * (the default), leave it alone, or create a copy whose SKU (and name) get a suffix.
 */
export const EXISTING_PRODUCT_ACTIONS = ['update', 'skip', 'copy'] as const;
export const existingProductActionSchema = z.enum(EXISTING_PRODUCT_ACTIONS);
export type ExistingProductAction = z.infer<typeof existingProductActionSchema>;
export const DEFAULT_COPY_SUFFIX = '-copy';

/** Source id → target id, per kind; sent back on a re-run so that it continues instead of duplicating. */
export const importIdMapSchema = z.object({
  product: z.record(z.string(), z.number()).default({}),
  variants: z.record(z.string(), z.number()).default({}),
  options: z.record(z.string(), z.number()).default({}),
  modifiers: z.record(z.string(), z.number()).default({}),
  images: z.record(z.string(), z.number()).default({}),
});
export type ImportIdMap = z.infer<typeof importIdMapSchema>;

export const importProductOptionsSchema = z
  .object({
    onExistingSku: existingProductActionSchema.default('update'),
    /** Added to the SKU (and the variants' SKUs, the name and the custom URL) of a copy. 1–20 characters. */
    copySuffix: z.string().trim().min(1).max(20).default(DEFAULT_COPY_SUFFIX),
    /** The id map of an earlier run of the same dump into the same store. */
    idMap: importIdMapSchema.optional(),
  })
  .default({ onExistingSku: 'update', copySuffix: DEFAULT_COPY_SUFFIX });
export type ImportProductOptions = z.input<typeof importProductOptionsSchema>;

export const importProductRequestSchema = z.object({
  store: toolStoreCredentialsSchema,
  productData: productDumpSchema,
  options: importProductOptionsSchema,
});
export type ImportProductRequest = z.input<typeof importProductRequestSchema>;

/** BigCommerce's per-product limits the dry run checks (API-NOTES §6 (d)). */
export const PRODUCT_LIMITS = {
  skus: 600,
  customFields: 200,
  bulkPricingRules: 50,
  images: 1_000,
  imageBytes: 8 * 1024 * 1024,
  imageUrlLength: 255,
  optionValues: 250,
  videoIdLength: 25,
} as const;

/**
 * A note, limit, log line or step as a code and its values (issue 42), so the screen can say it in the reader's
 * language (common/import-product/message-texts.ts holds the English; the English strings are still sent beside).
 */
export const importMessageSchema = z.object({
  code: z.enum(IMPORT_MESSAGE_CODES),
  params: z.record(z.string(), z.union([z.string(), z.number()])),
});
const importMessagesSchema = z.array(importMessageSchema).optional();

export const importClashSchema = z.object({
  kind: z.enum(['sku', 'name', 'custom_url', 'variant_sku']),
  value: z.string(),
  /** The target product that holds it. */
  productId: z.number(),
  productName: z.string().nullable(),
});
export type ImportClash = z.infer<typeof importClashSchema>;

/** What the import would do, read from the target without writing (the dry run). */
export const importProductPlanSchema = z.object({
  /** create a new product, update an existing one, skip it, or create a copy with the suffix. */
  action: z.enum(['create', 'update', 'skip', 'copy']),
  /** The target product that will be updated or skipped (or whose SKU the copy avoids). */
  existingProductId: z.number().nullable(),
  /** The SKU and name the product will have in the target. */
  sku: z.string(),
  name: z.string(),
  clashes: z.array(importClashSchema),
  /** Limits the dump breaks: "42 custom fields over BigCommerce's 200". The import still tries; the store refuses. */
  limits: z.array(z.string()),
  /** The limits as messages, in the same order (absent from an older server). */
  limitMessages: importMessagesSchema,
  categories: z.array(
    z.object({
      sourceId: z.number(),
      path: z.array(z.string()),
      /** The target category at the same path (names matched case-insensitively); null: reported, not assigned. */
      targetId: z.number().nullable(),
    }),
  ),
  brand: z.object({ name: z.string(), targetId: z.number().nullable(), willCreate: z.boolean() }).nullable(),
  channels: z.array(
    z.object({
      sourceId: z.number(),
      name: z.string().nullable(),
      exists: z.boolean(),
      targetId: z.number().nullable(),
    }),
  ),
  variants: z.object({ create: z.number(), update: z.number() }),
  /** Writes the import will make (the progress counts these). */
  steps: z.number(),
  /** Plain sentences: what will happen and what will not carry over. */
  notes: z.array(z.string()),
  /** The notes as messages, in the same order (absent from an older server). */
  noteMessages: importMessagesSchema,
});
export type ImportProductPlan = z.infer<typeof importProductPlanSchema>;
export const importProductPlanResponseSchema = z.object({ plan: importProductPlanSchema });

/** A progress line of the streamed import (`Accept: application/x-ndjson`): writes done of the planned total. */
export const importProgressSchema = z.object({
  type: z.literal('progress'),
  done: z.number(),
  total: z.number(),
  step: z.string(),
  /** The step as a message (absent from an older server). */
  stepMessage: importMessageSchema.optional(),
});
export type ImportProgress = z.infer<typeof importProgressSchema>;

const successFailed = z.object({ success: z.number(), failed: z.number() });

/** Why a value of a product-list option or modifier was left out (its product could not be named in the target). */
export const PRODUCT_LIST_REASONS = ['not_in_target', 'no_sku', 'not_in_dump', 'old_dump'] as const;
export type ProductListReason = (typeof PRODUCT_LIST_REASONS)[number];
/** The date fields of a date modifier's config that BigCommerce requires as ISO-8601 ATOM. */
export const MODIFIER_DATE_FIELDS = ['default_value', 'date_earliest_value', 'date_latest_value'] as const;

/**
 * What the import left out or could only copy in part, item by item, so the screen can say it in the user's language:
 * a product-list value whose product the target lacks (never written with the source's id), a product-list option or
 * modifier none of whose products is there, an image copied from a resized copy, a date the dump lacked.
 */
export const importNoticeSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('product_list_value'),
    owner: z.enum(['option', 'modifier']),
    name: z.string(),
    label: z.string(),
    /** The listed product's id in the source store; null when the value named none. */
    sourceProductId: z.number().nullable(),
    sku: z.string().nullable(),
    reason: z.enum(PRODUCT_LIST_REASONS),
  }),
  z.object({
    kind: z.literal('product_list_left_out'),
    owner: z.enum(['option', 'modifier']),
    name: z.string(),
  }),
  z.object({
    kind: z.literal('image_resized'),
    image: z.string(),
    /** The BigCommerce size it was copied from: zoom is at most 1280 x 1280 px, the others smaller. */
    size: z.enum(['zoom', 'standard', 'thumbnail']),
  }),
  z.object({
    kind: z.literal('modifier_date'),
    name: z.string(),
    field: z.enum(MODIFIER_DATE_FIELDS),
    /** What the dump held there (null: nothing). */
    original: z.string().nullable(),
    /** The ISO-8601 ATOM date sent instead. */
    sent: z.string(),
  }),
]);
export type ImportNotice = z.infer<typeof importNoticeSchema>;

/** Spec part 1 §3 "Import product result". */
export const importProductResultSchema = z.object({
  productId: z.number(),
  productName: z.string(),
  productSku: z.string(),
  options: successFailed,
  modifiers: successFailed,
  variants: z.object({ created: z.number(), updated: z.number(), failed: z.number() }),
  images: z.object({ success: z.number(), failed: z.number(), skipped: z.number() }),
  videos: successFailed,
  customFields: successFailed,
  bulkPricing: successFailed,
  reviews: z.object({ success: z.number(), failed: z.number(), skipped: z.number() }),
  channels: z.object({ success: z.number(), error: z.number() }),
  logs: z.array(z.string()),
  /** `logs` as messages, in the same order (absent from an older server). */
  logMessages: importMessagesSchema,
  /** What happened to the product itself. */
  action: z.enum(['created', 'updated', 'skipped', 'copied']).default('created'),
  /** Source ids → target ids (send back as `options.idMap` to continue a run that stopped). */
  idMap: importIdMapSchema.default({ product: {}, variants: {}, options: {}, modifiers: {}, images: {} }),
  /** Fields and items BigCommerce does not let an import carry over, and categories not found in the target. */
  notCarried: z.array(z.string()).default([]),
  /** `notCarried` as messages, in the same order (absent from an older server). */
  notCarriedMessages: importMessagesSchema,
  /** Items left out or copied in part, with the reason (shown in the user's language). */
  notices: z.array(importNoticeSchema).default([]),
});
export type ImportProductResult = z.infer<typeof importProductResultSchema>;

export const importProductResponseSchema = z.object({ results: importProductResultSchema });

/** An empty result for a product: every counter at 0, ready to be counted step by step. */
export function emptyImportProductResult(product: {
  id: number;
  name: string;
  sku: string;
}): ImportProductResult {
  return {
    productId: product.id,
    productName: product.name,
    productSku: product.sku,
    options: { success: 0, failed: 0 },
    modifiers: { success: 0, failed: 0 },
    variants: { created: 0, updated: 0, failed: 0 },
    images: { success: 0, failed: 0, skipped: 0 },
    videos: { success: 0, failed: 0 },
    customFields: { success: 0, failed: 0 },
    bulkPricing: { success: 0, failed: 0 },
    reviews: { success: 0, failed: 0, skipped: 0 },
    channels: { success: 0, error: 0 },
    logs: [],
    action: 'created',
    idMap: { product: {}, variants: {}, options: {}, modifiers: {}, images: {} },
    notCarried: [],
    notices: [],
  };
}
