// Import Product, the checks of a plan that need only the dump (and the facts the look-ups found): the fields not
// carried over, BigCommerce's per-product limits, the number of writes, and the notes. Pure: no store is read here.
import {
  PRODUCT_LIMITS,
  type ImportClash,
  type ImportProductPlan,
  type ProductListReason,
} from '../../../common/contracts/import-product';
import { listedProductId, PRODUCT_DUMP_LISTS, type ProductDump } from '../../../common/dumps/product-dump';
import { PRODUCT_OWN_VALUE_FIELDS } from '../../../common/catalog/product-fields';
import { imageSource, imageSourceUrl } from './image-source';

/**
 * Product fields BigCommerce takes on create and update [PROD product_Base_POST], less the statistics it keeps
 * itself. Everything else at the top of a dump is either a sub-resource (written by its own step), the dump's own
 * bookkeeping, or a field BigCommerce sets: those are listed as not carried over.
 */
export const WRITABLE_PRODUCT_FIELDS = PRODUCT_OWN_VALUE_FIELDS;

/** Top-level keys of a dump that an import handles in a step of its own, or that describe the dump itself. */
const HANDLED_KEYS = new Set<string>([
  ...WRITABLE_PRODUCT_FIELDS,
  'formatVersion',
  'kind',
  'dumpedAt',
  'source',
  'categories',
  'category_details',
  'brand_id',
  'brand_name',
  'channels',
  'channel_details',
  'product_list_products',
  ...PRODUCT_DUMP_LISTS,
  'tax_class_id',
  'related_products',
  'gift_wrapping_options_list',
]);

/** Why a field is not carried over, for the fields an import knows about. */
const NOT_CARRIED_REASONS: Record<string, string> = {
  id: 'the target gives its own id',
  date_created: 'set by BigCommerce',
  date_modified: 'set by BigCommerce',
  calculated_price: 'computed by BigCommerce',
  base_variant_id: 'set by BigCommerce',
  view_count: 'a statistic kept by the store',
  total_sold: 'a statistic kept by the store',
  reviews_rating_sum: 'computed from the reviews',
  reviews_count: 'computed from the reviews',
  date_last_imported: 'set by BigCommerce',
  option_set_id: 'legacy option sets do not exist in V3',
  option_set_display: 'legacy option sets do not exist in V3',
  parent_relations: 'read-only',
  primary_image: 'read-only (the thumbnail image is imported)',
};

/** Fields of a dump the import cannot carry over: read-only ones, ids of the source store, unknown ones. */
export function notCarriedFields(dump: ProductDump): string[] {
  const notes: string[] = [];
  for (const key of Object.keys(dump)) {
    if (HANDLED_KEYS.has(key)) continue;
    notes.push(`${key}: ${NOT_CARRIED_REASONS[key] ?? 'not written by the import'}`);
  }
  const taxClass = (dump as Record<string, unknown>).tax_class_id;
  if (typeof taxClass === 'number' && taxClass !== 0) {
    notes.push(`tax_class_id ${taxClass}: tax classes differ between stores; the target's default is used`);
  }
  const related = (dump as Record<string, unknown>).related_products;
  if (Array.isArray(related) && related.some((id) => id !== -1)) {
    notes.push('related_products: ids of the source store; BigCommerce picks related products automatically');
  }
  const wrapping = (dump as Record<string, unknown>).gift_wrapping_options_list;
  if (Array.isArray(wrapping) && wrapping.length > 0) {
    notes.push('gift_wrapping_options_list: gift wrapping ids of the source store');
  }
  return notes;
}

/** Source variants that are real variants (with option values); the base variant is the product itself. */
export function optionVariants(dump: ProductDump) {
  return dump.variants.filter((variant) => (variant.option_values ?? []).length > 0);
}

/** The limits of BigCommerce's the dump breaks (API-NOTES §6 (d)). The import still tries; the store refuses. */
export function planLimits(dump: ProductDump): string[] {
  const limits: string[] = [];
  const over = (count: number, limit: number, what: string) => {
    if (count > limit) limits.push(`${count} ${what} (BigCommerce allows ${limit} per product)`);
  };
  over(optionVariants(dump).length, PRODUCT_LIMITS.skus, 'SKUs');
  over(dump.custom_fields.length, PRODUCT_LIMITS.customFields, 'custom fields');
  over(dump.bulk_pricing_rules.length, PRODUCT_LIMITS.bulkPricingRules, 'bulk pricing rules');
  over(dump.images.length, PRODUCT_LIMITS.images, 'images');
  for (const option of [...dump.options, ...dump.modifiers]) {
    if (option.option_values.length > PRODUCT_LIMITS.optionValues) {
      limits.push(
        `"${option.display_name}" has ${option.option_values.length} values (BigCommerce allows ${PRODUCT_LIMITS.optionValues})`,
      );
    }
  }
  const longUrls = dump.images.filter(
    (image) => imageSourceUrl(image).length > PRODUCT_LIMITS.imageUrlLength,
  ).length;
  if (longUrls > 0)
    limits.push(`${longUrls} image URLs longer than ${PRODUCT_LIMITS.imageUrlLength} characters`);
  const longVideos = dump.videos.filter(
    (video) => video.video_id.length > PRODUCT_LIMITS.videoIdLength,
  ).length;
  if (longVideos > 0)
    limits.push(`${longVideos} video ids longer than ${PRODUCT_LIMITS.videoIdLength} characters`);
  return limits;
}

/** The writes an import makes, one progress tick each: the product, then each item of each step; none for a skip. */
export function planSteps(
  dump: ProductDump,
  action: ImportProductPlan['action'],
  channels: readonly unknown[],
): number {
  if (action === 'skip') return 0;
  return (
    1 +
    dump.options.length +
    optionVariants(dump).length +
    dump.modifiers.length +
    dump.images.length +
    dump.videos.length +
    dump.custom_fields.length +
    dump.bulk_pricing_rules.length +
    dump.reviews.length +
    (channels.length > 0 ? 1 : 0)
  );
}

/** Why a product-list value has no product in the target (null: it has one). */
export type ListedFacts = {
  sourceId: number | null;
  sku: string | null;
  reason: ProductListReason | null;
};

/** Why a product-list value is left out, in a sentence (plan notes and logs). */
export function listedReasonText(match: {
  sourceId: number | null;
  sku: string | null;
  reason: ProductListReason | null;
}): string {
  if (match.sourceId === null) return 'it names no product';
  switch (match.reason) {
    case 'not_in_target':
      return `no product with SKU ${match.sku ?? ''} (#${match.sourceId} in the source) is in the target`;
    case 'no_sku':
      return `product #${match.sourceId} of the source has no SKU to find it by`;
    case 'old_dump':
      return 'the dump was made before dumps named the SKUs of listed products; dump the product again';
    default:
      return `the dump does not describe product #${match.sourceId}`;
  }
}

/** What the store look-ups found, for the notes of a plan. */
export type PlanFacts = {
  dump: ProductDump;
  action: ImportProductPlan['action'];
  clashes: readonly ImportClash[];
  /** An earlier copy in the target (a copy is updated rather than copied again): its SKU (or name) and id. */
  copy: { key: string; id: number } | null;
  listed: ReadonlyMap<number, ListedFacts>;
  categories: readonly ImportProductPlan['categories'][number][];
  brand: ImportProductPlan['brand'];
};

/** The plan's notes, in plain sentences: what will happen and what will not carry over. */
export function planNotes(facts: PlanFacts): string[] {
  const { dump, action, copy, listed, categories, brand } = facts;
  const notes: string[] = [];
  if (copy) {
    notes.push(
      `A copy with SKU ${copy.key} already exists (#${copy.id}): it is updated rather than copied again.`,
    );
  }
  if (action === 'create' && facts.clashes.some((clash) => clash.kind === 'name')) {
    notes.push(
      `The target already has a product named "${dump.name}" with another SKU: creating it will fail.`,
    );
  }
  const customUrl = (dump as { custom_url?: { url?: string } }).custom_url?.url;
  if (customUrl && action !== 'skip') {
    // BigCommerce has no lookup of products by URL, so a taken URL shows when the product is written: the import then
    // lets BigCommerce give the product a URL of its own and says so.
    notes.push(
      `The product keeps its URL ${customUrl} when the target does not already use it; otherwise BigCommerce gives it one of its own and the result says so.`,
    );
  }
  if (dump.images.length > 0) {
    notes.push(
      `Images are fetched by the target from their URLs; BigCommerce refuses files over ${PRODUCT_LIMITS.imageBytes / 1024 / 1024} MB and those are reported.`,
    );
  }
  const resized = dump.images.filter((image) => {
    const source = imageSource(image);
    return source !== null && source.size !== 'original';
  }).length;
  if (resized > 0) {
    notes.push(
      `${resized} images are copied from BigCommerce's resized copies (url_zoom: at most 1280 x 1280 px): its API gives no address of an image's original file.`,
    );
  }
  for (const owner of [...dump.options, ...dump.modifiers]) {
    for (const value of owner.option_values) {
      const id = listedProductId(value.value_data);
      const match = id === null ? undefined : listed.get(id);
      if (!match?.reason) continue;
      notes.push(
        `"${owner.display_name}": the value "${value.label}" is left out: ${listedReasonText(match)}.`,
      );
    }
  }
  const missingCategories = categories.filter((category) => category.targetId === null);
  if (missingCategories.length > 0) {
    notes.push(
      `${missingCategories.length} categories do not exist in the target and are not assigned: ${missingCategories
        .map((category) => (category.path.length ? category.path.join(' > ') : `#${category.sourceId}`))
        .join('; ')}.`,
    );
  }
  if (brand?.willCreate)
    notes.push(`The brand "${brand.name}" does not exist in the target and will be created.`);
  return notes;
}
