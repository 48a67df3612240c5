// Import Product's messages as `{code, params}` (issue 42): the plan's notes and limits, the result's logs and what was
// not carried over, and the progress step. The server keeps sending the English sentences (spec part 1 §3 `logs[]`,
// and the agents read them), rendered from this table; the screen shows each message in the reader's language from
// the catalogue's `importProduct.messages.<code>`, whose English is this very table (client/locales/en.ts).
// The texts use the catalogue's `{param}` placeholders (client/lib/i18n.ts). BigCommerce's own words (a failure's
// `{error}`) and the names of things stay as they are, in any language.

export const IMPORT_MESSAGE_TEXTS_EN = {
  // The plan's notes (the dry run), also the first lines of the import's logs.
  noteCopyExists: 'A copy with SKU {sku} already exists (#{id}): it is updated rather than copied again.',
  noteNameClash: 'The target already has a product named "{name}" with another SKU: creating it will fail.',
  noteCustomUrl:
    'The product keeps its URL {url} when the target does not already use it; otherwise BigCommerce gives it one of its own and the result says so.',
  noteImagesFetched:
    'Images are fetched by the target from their URLs; BigCommerce refuses files over {mb} MB and those are reported.',
  noteImagesResized:
    "{n} images are copied from BigCommerce's resized copies (url_zoom: at most 1280 x 1280 px): its API gives no address of an image's original file.",
  noteListedNotInTarget:
    '"{name}": the value "{label}" is left out: no product with SKU {sku} (#{id} in the source) is in the target.',
  noteListedNoSku:
    '"{name}": the value "{label}" is left out: product #{id} of the source has no SKU to find it by.',
  noteListedOldDump:
    '"{name}": the value "{label}" is left out: the dump was made before dumps named the SKUs of listed products; dump the product again.',
  noteListedNotInDump: '"{name}": the value "{label}" is left out: the dump does not describe product #{id}.',
  noteListedNoProduct: '"{name}": the value "{label}" is left out: it names no product.',
  noteCategoriesMissing: '{n} categories do not exist in the target and are not assigned: {paths}.',
  noteBrandCreated: 'The brand "{name}" does not exist in the target and will be created.',

  // BigCommerce's per-product limits the dump breaks.
  limitSkus: '{n} SKUs (BigCommerce allows {limit} per product)',
  limitCustomFields: '{n} custom fields (BigCommerce allows {limit} per product)',
  limitBulkPricingRules: '{n} bulk pricing rules (BigCommerce allows {limit} per product)',
  limitImages: '{n} images (BigCommerce allows {limit} per product)',
  limitOptionValues: '"{name}" has {n} values (BigCommerce allows {limit})',
  limitImageUrls: '{n} image URLs longer than {limit} characters',
  limitVideoIds: '{n} video ids longer than {limit} characters',

  // What is not carried over: a field of the dump, with the reason.
  notCarriedOwnId: '{field}: the target gives its own id',
  notCarriedSetByBigCommerce: '{field}: set by BigCommerce',
  notCarriedComputed: '{field}: computed by BigCommerce',
  notCarriedStatistic: '{field}: a statistic kept by the store',
  notCarriedFromReviews: '{field}: computed from the reviews',
  notCarriedOptionSet: '{field}: legacy option sets do not exist in V3',
  notCarriedReadOnly: '{field}: read-only',
  notCarriedPrimaryImage: '{field}: read-only (the thumbnail image is imported)',
  notCarriedUnknown: '{field}: not written by the import',
  notCarriedTaxClass: "tax_class_id {id}: tax classes differ between stores; the target's default is used",
  notCarriedRelatedProducts:
    'related_products: ids of the source store; BigCommerce picks related products automatically',
  notCarriedGiftWrapping: 'gift_wrapping_options_list: gift wrapping ids of the source store',
  notCarriedCustomUrl: 'custom_url: the URL is taken in the target',
  notCarriedCategory: 'category {path}: not in the target',

  // The import's logs, in the order the steps run.
  logWaitedSku: 'Waited for another import of SKU {sku} into this store to end first',
  logWaitedName: 'Waited for another import of the product "{name}" into this store to end first',
  logSkipped: 'The target already has SKU {sku} (#{id}): skipped, nothing written',
  logBeforeKept: 'Product #{id} as it was before this import is kept in Store History',
  logBeforeNotKept: 'No snapshot of product #{id} before this import: {reason}',
  logUrlTaken: 'The URL {url} is taken in the target: BigCommerce gave the product a URL of its own.',
  logProductCreated: 'Product #{id} "{name}" created',
  logProductUpdated: 'Product #{id} "{name}" updated',
  logProductCopied: 'Product #{id} "{name}" copied',
  logListedNotInTarget:
    '"{name}": the value "{label}" is left out: no product with SKU {sku} (#{id} in the source) is in the target',
  logListedNoSku:
    '"{name}": the value "{label}" is left out: product #{id} of the source has no SKU to find it by',
  logListedOldDump:
    '"{name}": the value "{label}" is left out: the dump was made before dumps named the SKUs of listed products; dump the product again',
  logListedNotInDump: '"{name}": the value "{label}" is left out: the dump does not describe product #{id}',
  logListedNoProduct: '"{name}": the value "{label}" is left out: it names no product',
  logListLeftOut: '"{name}" is left out: none of the products it lists is in the target',
  logOptionCreated: 'Option "{name}" created ({n} values)',
  logOptionThere: 'Option "{name}" already there',
  logOptionValuesAdded: 'Option "{name}" already there, {n} values added',
  logOptionFailed: 'Option "{name}" failed: {error}',
  logVariantUpdated: 'Variant {sku} updated',
  logVariantCreated: 'Variant {sku} created',
  logVariantFailed: 'Variant {sku} failed: {error}',
  logVariantNoSkuFailed: 'Variant (no SKU) failed: {error}',
  logModifierDateMissing: 'Modifier "{name}": {field} missing; {sent} sent',
  logModifierDateUnreadable: 'Modifier "{name}": {field} "{original}" is no date; {sent} sent',
  logModifierUpdated: 'Modifier "{name}" updated',
  logModifierCreated: 'Modifier "{name}" created',
  logModifierFailed: 'Modifier "{name}" failed: {error}',
  logCheckboxUnmatched: 'Modifier "{name}": the checkbox value "{label}" has no counterpart in the target',
  logImageNoUrl: 'Image #{id} skipped: it has no URL',
  logImageThere: 'Image {image} already there',
  logImageResized: "Image {image} added from BigCommerce's {size} copy (url_zoom: at most 1280 x 1280 px)",
  logImageAdded: 'Image {image} added',
  logImageRefused: 'Image {image} refused by the target: {error}',
  logVideoAdded: 'Video {id} added',
  logVideoThere: 'Video {id} already there',
  logVideoFailed: 'Video {id} failed: {error}',
  logCustomFieldFailed: 'Custom field "{name}" failed: {error}',
  logCustomFieldsInPlace: 'Custom fields: {n} in place',
  logBulkRuleFailed: 'Bulk pricing rule {min}-{max} failed: {error}',
  logBulkRulesInPlace: 'Bulk pricing rules: {n} in place',
  logReviewIncomplete: 'Review "{title}" skipped: it has no title or review date',
  logReviewFailed: 'Review "{title}" failed: {error}',
  logReviewsSkipped: 'Reviews: {n} already there or skipped',
  logChannelMissing: 'Channel {name} does not exist in the target',
  logChannelsAssigned: 'Assigned to channels {channels}',
  logChannelsFailed: 'Channel assignment failed: {error}',

  // The step the import is on (its progress line).
  stepWaitingSku: 'Waiting for another import of SKU {sku} into this store to end',
  stepWaitingName: 'Waiting for another import of the product "{name}" into this store to end',
  stepProduct: 'product',
  stepOption: 'option {name}',
  stepVariant: 'variant {sku}',
  stepModifier: 'modifier {name}',
  stepImage: 'image {image}',
  stepImageSkipped: 'image',
  stepVideo: 'video {id}',
  stepCustomField: 'custom field {name}',
  stepBulkPricing: 'bulk pricing {min}-{max}',
  stepReview: 'review {title}',
  stepReviewSkipped: 'review',
  stepChannels: 'channels',
} as const;

export type ImportMessageCode = keyof typeof IMPORT_MESSAGE_TEXTS_EN;

export const IMPORT_MESSAGE_CODES = Object.keys(IMPORT_MESSAGE_TEXTS_EN) as [
  ImportMessageCode,
  ...ImportMessageCode[],
];

/** A message's values: names and numbers, and BigCommerce's own words, shown as they are. */
export type ImportMessageParams = Readonly<Record<string, string | number>>;

export type ImportMessage = { code: ImportMessageCode; params: ImportMessageParams };

/** A message in English: its text with each `{param}` replaced once (a value's own braces are left alone). */
export function renderImportMessage(message: ImportMessage): string {
  return IMPORT_MESSAGE_TEXTS_EN[message.code].replace(/\{(\w+)\}/g, (whole, name: string) => {
    const value = message.params[name];
    return value === undefined ? whole : String(value);
  });
}

/** A message, written where it is made: `importMessage('logVideoAdded', {id})`. */
export function importMessage(code: ImportMessageCode, params: ImportMessageParams = {}): ImportMessage {
  return { code, params };
}
