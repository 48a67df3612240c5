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
import {
  importMessage,
  renderImportMessage,
  type ImportMessage,
  type ImportMessageCode,
} from '../../../common/import-product/message-texts';
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
const NOT_CARRIED_REASONS: Record<string, ImportMessageCode> = {
  id: 'notCarriedOwnId',
  date_created: 'notCarriedSetByBigCommerce',
  date_modified: 'notCarriedSetByBigCommerce',
  calculated_price: 'notCarriedComputed',
  base_variant_id: 'notCarriedSetByBigCommerce',
  view_count: 'notCarriedStatistic',
  total_sold: 'notCarriedStatistic',
  reviews_rating_sum: 'notCarriedFromReviews',
  reviews_count: 'notCarriedFromReviews',
  date_last_imported: 'notCarriedSetByBigCommerce',
  option_set_id: 'notCarriedOptionSet',
  option_set_display: 'notCarriedOptionSet',
  parent_relations: 'notCarriedReadOnly',
  primary_image: 'notCarriedPrimaryImage',
};

/** Fields of a dump the import cannot carry over: read-only ones, ids of the source store, unknown ones. */
export function notCarriedMessages(dump: ProductDump): ImportMessage[] {
  const notes: ImportMessage[] = [];
  for (const key of Object.keys(dump)) {
    if (HANDLED_KEYS.has(key)) continue;
    notes.push(importMessage(NOT_CARRIED_REASONS[key] ?? 'notCarriedUnknown', { field: key }));
  }
  const taxClass = (dump as Record<string, unknown>).tax_class_id;
  if (typeof taxClass === 'number' && taxClass !== 0) {
    notes.push(importMessage('notCarriedTaxClass', { id: taxClass }));
  }
  const related = (dump as Record<string, unknown>).related_products;
  if (Array.isArray(related) && related.some((id) => id !== -1)) {
    notes.push(importMessage('notCarriedRelatedProducts'));
  }
  const wrapping = (dump as Record<string, unknown>).gift_wrapping_options_list;
  if (Array.isArray(wrapping) && wrapping.length > 0) {
    notes.push(importMessage('notCarriedGiftWrapping'));
  }
  return notes;
}

/** The same, in English. */
export function notCarriedFields(dump: ProductDump): string[] {
  return notCarriedMessages(dump).map(renderImportMessage);
}

/** Source variants that are real variants (with option values); the base variant is the product itself. */
export function optionVariants(dump: ProductDump) {
  return dump.variants.filter((variant) => (variant.option_values ?? []).length > 0);
}

/** The limits of BigCommerce's the dump breaks (API-NOTES §6 (d)). The import still tries; the store refuses. */
export function planLimits(dump: ProductDump): ImportMessage[] {
  const limits: ImportMessage[] = [];
  const over = (n: number, limit: number, code: ImportMessageCode, name?: string) => {
    if (n > limit) limits.push(importMessage(code, { n, limit, ...(name === undefined ? {} : { name }) }));
  };
  over(optionVariants(dump).length, PRODUCT_LIMITS.skus, 'limitSkus');
  over(dump.custom_fields.length, PRODUCT_LIMITS.customFields, 'limitCustomFields');
  over(dump.bulk_pricing_rules.length, PRODUCT_LIMITS.bulkPricingRules, 'limitBulkPricingRules');
  over(dump.images.length, PRODUCT_LIMITS.images, 'limitImages');
  for (const option of [...dump.options, ...dump.modifiers]) {
    over(option.option_values.length, PRODUCT_LIMITS.optionValues, 'limitOptionValues', option.display_name);
  }
  const longUrls = dump.images.filter(
    (image) => imageSourceUrl(image).length > PRODUCT_LIMITS.imageUrlLength,
  ).length;
  if (longUrls > 0)
    limits.push(importMessage('limitImageUrls', { n: longUrls, limit: PRODUCT_LIMITS.imageUrlLength }));
  const longVideos = dump.videos.filter(
    (video) => video.video_id.length > PRODUCT_LIMITS.videoIdLength,
  ).length;
  if (longVideos > 0)
    limits.push(importMessage('limitVideoIds', { n: longVideos, limit: PRODUCT_LIMITS.videoIdLength }));
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

const LISTED_CODES = {
  note: {
    no_product: 'noteListedNoProduct',
    not_in_target: 'noteListedNotInTarget',
    no_sku: 'noteListedNoSku',
    old_dump: 'noteListedOldDump',
    not_in_dump: 'noteListedNotInDump',
  },
  log: {
    no_product: 'logListedNoProduct',
    not_in_target: 'logListedNotInTarget',
    no_sku: 'logListedNoSku',
    old_dump: 'logListedOldDump',
    not_in_dump: 'logListedNotInDump',
  },
} as const satisfies Record<string, Record<ProductListReason | 'no_product', ImportMessageCode>>;

/** Why the value `label` of the product list `name` is left out: a plan note, or a line of the logs. */
export function listedValueMessage(
  kind: keyof typeof LISTED_CODES,
  name: string,
  label: string,
  match: ListedFacts,
): ImportMessage {
  const why = match.sourceId === null ? 'no_product' : (match.reason ?? 'not_in_dump');
  return importMessage(LISTED_CODES[kind][why], {
    name,
    label,
    ...(match.sourceId === null ? {} : { id: match.sourceId }),
    ...(why === 'not_in_target' ? { sku: match.sku ?? '' } : {}),
  });
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

/** The plan's notes: what will happen and what will not carry over. */
export function planNotes(facts: PlanFacts): ImportMessage[] {
  const { dump, action, copy, listed, categories, brand } = facts;
  const notes: ImportMessage[] = [];
  if (copy) notes.push(importMessage('noteCopyExists', { sku: copy.key, id: copy.id }));
  if (action === 'create' && facts.clashes.some((clash) => clash.kind === 'name')) {
    notes.push(importMessage('noteNameClash', { name: dump.name }));
  }
  const customUrl = (dump as { custom_url?: { url?: string } }).custom_url?.url;
  if (customUrl && action !== 'skip') {
    // BigCommerce has no lookup of products by URL, so a taken URL shows when the product is written: the import then
    // lets BigCommerce give the product a URL of its own and says so.
    notes.push(importMessage('noteCustomUrl', { url: customUrl }));
  }
  if (dump.images.length > 0) {
    notes.push(importMessage('noteImagesFetched', { mb: PRODUCT_LIMITS.imageBytes / 1024 / 1024 }));
  }
  const resized = dump.images.filter((image) => {
    const source = imageSource(image);
    return source !== null && source.size !== 'original';
  }).length;
  if (resized > 0) notes.push(importMessage('noteImagesResized', { n: resized }));
  for (const owner of [...dump.options, ...dump.modifiers]) {
    for (const value of owner.option_values) {
      const id = listedProductId(value.value_data);
      const match = id === null ? undefined : listed.get(id);
      if (!match?.reason) continue;
      notes.push(listedValueMessage('note', owner.display_name, value.label, match));
    }
  }
  const missingCategories = categories.filter((category) => category.targetId === null);
  if (missingCategories.length > 0) {
    notes.push(
      importMessage('noteCategoriesMissing', {
        n: missingCategories.length,
        paths: missingCategories.map(categoryPath).join('; '),
      }),
    );
  }
  if (brand?.willCreate) notes.push(importMessage('noteBrandCreated', { name: brand.name }));
  return notes;
}

/** A category as its path of names, `Kitchen > Kettles`, or `#12` when the dump names none. */
export function categoryPath(category: { path: readonly string[]; sourceId: number }): string {
  return category.path.length ? category.path.join(' > ') : `#${category.sourceId}`;
}
