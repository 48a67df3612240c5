// Import Product's messages in English: each code renders the very sentence the server wrote before it had codes
// (issue 42), so `notes`, `limits`, `logs`, `notCarried` and the progress step stay byte for byte what they were.
import { describe, expect, it } from 'vitest';
import { importMessageSchema } from '../contracts/import-product';
import {
  IMPORT_MESSAGE_CODES,
  IMPORT_MESSAGE_TEXTS_EN,
  renderImportMessage,
  type ImportMessageCode,
  type ImportMessageParams,
} from './message-texts';

/**
 * Why a product-list value is left out (listedReasonText before issue 42): the same sentence as a plan note (ending
 * with a full stop) and as a line of the logs (without one).
 */
const LISTED: Record<string, [ImportMessageParams, string]> = {
  NotInTarget: [
    { name: 'Bundle', label: 'Lid', sku: 'LID', id: 40 },
    '"Bundle": the value "Lid" is left out: no product with SKU LID (#40 in the source) is in the target',
  ],
  NoSku: [
    { name: 'Bundle', label: 'Lid', id: 40 },
    '"Bundle": the value "Lid" is left out: product #40 of the source has no SKU to find it by',
  ],
  OldDump: [
    { name: 'Bundle', label: 'Lid', id: 40 },
    '"Bundle": the value "Lid" is left out: the dump was made before dumps named the SKUs of listed products; dump the product again',
  ],
  NotInDump: [
    { name: 'Bundle', label: 'Lid', id: 40 },
    '"Bundle": the value "Lid" is left out: the dump does not describe product #40',
  ],
  NoProduct: [{ name: 'Bundle', label: 'Lid' }, '"Bundle": the value "Lid" is left out: it names no product'],
};

const listedGolden = Object.fromEntries(
  Object.entries(LISTED).flatMap(([reason, [params, sentence]]) => [
    [`noteListed${reason}`, [params, `${sentence}.`]],
    [`logListed${reason}`, [params, sentence]],
  ]),
) as Record<ImportMessageCode, [ImportMessageParams, string]>;

/** Each code with values, and the sentence as the server wrote it before (the template strings, filled in by hand). */
const GOLDEN: Record<ImportMessageCode, [ImportMessageParams, string]> = {
  ...listedGolden,
  noteCopyExists: [
    { sku: 'K-1-copy', id: 9 },
    'A copy with SKU K-1-copy already exists (#9): it is updated rather than copied again.',
  ],
  noteNameClash: [
    { name: 'Kettle' },
    'The target already has a product named "Kettle" with another SKU: creating it will fail.',
  ],
  noteCustomUrl: [
    { url: '/kettle/' },
    'The product keeps its URL /kettle/ when the target does not already use it; otherwise BigCommerce gives it one of its own and the result says so.',
  ],
  noteImagesFetched: [
    { mb: 8 },
    'Images are fetched by the target from their URLs; BigCommerce refuses files over 8 MB and those are reported.',
  ],
  noteImagesResized: [
    { n: 3 },
    "3 images are copied from BigCommerce's resized copies (url_zoom: at most 1280 x 1280 px): its API gives no address of an image's original file.",
  ],
  noteCategoriesMissing: [
    { n: 2, paths: 'Kitchen > Kettles; #6' },
    '2 categories do not exist in the target and are not assigned: Kitchen > Kettles; #6.',
  ],
  noteBrandCreated: [{ name: 'Acme' }, 'The brand "Acme" does not exist in the target and will be created.'],
  limitSkus: [{ n: 601, limit: 600 }, '601 SKUs (BigCommerce allows 600 per product)'],
  limitCustomFields: [{ n: 201, limit: 200 }, '201 custom fields (BigCommerce allows 200 per product)'],
  limitBulkPricingRules: [{ n: 51, limit: 50 }, '51 bulk pricing rules (BigCommerce allows 50 per product)'],
  limitImages: [{ n: 1001, limit: 1000 }, '1001 images (BigCommerce allows 1000 per product)'],
  limitOptionValues: [{ name: 'Size', n: 251, limit: 250 }, '"Size" has 251 values (BigCommerce allows 250)'],
  limitImageUrls: [{ n: 2, limit: 255 }, '2 image URLs longer than 255 characters'],
  limitVideoIds: [{ n: 1, limit: 25 }, '1 video ids longer than 25 characters'],
  notCarriedOwnId: [{ field: 'id' }, 'id: the target gives its own id'],
  notCarriedSetByBigCommerce: [{ field: 'date_created' }, 'date_created: set by BigCommerce'],
  notCarriedComputed: [{ field: 'calculated_price' }, 'calculated_price: computed by BigCommerce'],
  notCarriedStatistic: [{ field: 'view_count' }, 'view_count: a statistic kept by the store'],
  notCarriedFromReviews: [{ field: 'reviews_count' }, 'reviews_count: computed from the reviews'],
  notCarriedOptionSet: [{ field: 'option_set_id' }, 'option_set_id: legacy option sets do not exist in V3'],
  notCarriedReadOnly: [{ field: 'parent_relations' }, 'parent_relations: read-only'],
  notCarriedPrimaryImage: [
    { field: 'primary_image' },
    'primary_image: read-only (the thumbnail image is imported)',
  ],
  notCarriedUnknown: [{ field: 'a_new_field' }, 'a_new_field: not written by the import'],
  notCarriedTaxClass: [
    { id: 4 },
    "tax_class_id 4: tax classes differ between stores; the target's default is used",
  ],
  notCarriedRelatedProducts: [
    {},
    'related_products: ids of the source store; BigCommerce picks related products automatically',
  ],
  notCarriedGiftWrapping: [{}, 'gift_wrapping_options_list: gift wrapping ids of the source store'],
  notCarriedCustomUrl: [{}, 'custom_url: the URL is taken in the target'],
  notCarriedCategory: [{ path: 'Kitchen > Kettles' }, 'category Kitchen > Kettles: not in the target'],
  logWaitedSku: [{ sku: 'K-1' }, 'Waited for another import of SKU K-1 into this store to end first'],
  logWaitedName: [
    { name: 'Kettle' },
    'Waited for another import of the product "Kettle" into this store to end first',
  ],
  logSkipped: [{ sku: 'K-1', id: 12 }, 'The target already has SKU K-1 (#12): skipped, nothing written'],
  logBeforeKept: [{ id: 12 }, 'Product #12 as it was before this import is kept in Store History'],
  logBeforeNotKept: [
    { id: 12, reason: 'Store History is full' },
    'No snapshot of product #12 before this import: Store History is full',
  ],
  logUrlTaken: [
    { url: '/kettle/' },
    'The URL /kettle/ is taken in the target: BigCommerce gave the product a URL of its own.',
  ],
  logProductCreated: [{ id: 12, name: 'Kettle' }, 'Product #12 "Kettle" created'],
  logProductUpdated: [{ id: 12, name: 'Kettle' }, 'Product #12 "Kettle" updated'],
  logProductCopied: [{ id: 12, name: 'Kettle-copy' }, 'Product #12 "Kettle-copy" copied'],
  logListLeftOut: [
    { name: 'Bundle' },
    '"Bundle" is left out: none of the products it lists is in the target',
  ],
  logOptionCreated: [{ name: 'Size', n: 3 }, 'Option "Size" created (3 values)'],
  logOptionThere: [{ name: 'Size' }, 'Option "Size" already there'],
  logOptionValuesAdded: [{ name: 'Size', n: 2 }, 'Option "Size" already there, 2 values added'],
  logOptionFailed: [
    { name: 'Size', error: '422 Unprocessable Entity' },
    'Option "Size" failed: 422 Unprocessable Entity',
  ],
  logVariantUpdated: [{ sku: 'K-1-S' }, 'Variant K-1-S updated'],
  logVariantCreated: [{ sku: 'K-1-S' }, 'Variant K-1-S created'],
  logVariantFailed: [{ sku: 'K-1-S', error: 'boom' }, 'Variant K-1-S failed: boom'],
  logVariantNoSkuFailed: [{ error: 'boom' }, 'Variant (no SKU) failed: boom'],
  logModifierDateMissing: [
    { name: 'Delivery', field: 'date_earliest_value', sent: '2025-08-15T00:00:00+00:00' },
    'Modifier "Delivery": date_earliest_value missing; 2025-08-15T00:00:00+00:00 sent',
  ],
  logModifierDateUnreadable: [
    { name: 'Delivery', field: 'default_value', original: 'soon', sent: '2025-08-15T00:00:00+00:00' },
    'Modifier "Delivery": default_value "soon" is no date; 2025-08-15T00:00:00+00:00 sent',
  ],
  logModifierUpdated: [{ name: 'Note' }, 'Modifier "Note" updated'],
  logModifierCreated: [{ name: 'Note' }, 'Modifier "Note" created'],
  logModifierFailed: [{ name: 'Note', error: 'boom' }, 'Modifier "Note" failed: boom'],
  logCheckboxUnmatched: [
    { name: 'Gift', label: 'Maybe' },
    'Modifier "Gift": the checkbox value "Maybe" has no counterpart in the target',
  ],
  logImageNoUrl: [{ id: 5 }, 'Image #5 skipped: it has no URL'],
  logImageThere: [{ image: 'tee.png' }, 'Image tee.png already there'],
  logImageResized: [
    { image: 'tee.png', size: 'zoom' },
    "Image tee.png added from BigCommerce's zoom copy (url_zoom: at most 1280 x 1280 px)",
  ],
  logImageAdded: [{ image: 'tee.png' }, 'Image tee.png added'],
  logImageRefused: [
    { image: 'tee.png', error: '413 Too large' },
    'Image tee.png refused by the target: 413 Too large',
  ],
  logVideoAdded: [{ id: 'dQw4w9WgXcQ' }, 'Video dQw4w9WgXcQ added'],
  logVideoThere: [{ id: 'dQw4w9WgXcQ' }, 'Video dQw4w9WgXcQ already there'],
  logVideoFailed: [{ id: 'dQw4w9WgXcQ', error: 'boom' }, 'Video dQw4w9WgXcQ failed: boom'],
  logCustomFieldFailed: [{ name: 'Material', error: 'boom' }, 'Custom field "Material" failed: boom'],
  logCustomFieldsInPlace: [{ n: 4 }, 'Custom fields: 4 in place'],
  logBulkRuleFailed: [{ min: 1, max: 5, error: 'boom' }, 'Bulk pricing rule 1-5 failed: boom'],
  logBulkRulesInPlace: [{ n: 2 }, 'Bulk pricing rules: 2 in place'],
  logReviewIncomplete: [{ title: 'Good' }, 'Review "Good" skipped: it has no title or review date'],
  logReviewFailed: [{ title: 'Good', error: 'boom' }, 'Review "Good" failed: boom'],
  logReviewsSkipped: [{ n: 3 }, 'Reviews: 3 already there or skipped'],
  logChannelMissing: [{ name: '#2' }, 'Channel #2 does not exist in the target'],
  logChannelsAssigned: [{ channels: 'Main, 3' }, 'Assigned to channels Main, 3'],
  logChannelsFailed: [{ error: 'boom' }, 'Channel assignment failed: boom'],
  stepWaitingSku: [{ sku: 'K-1' }, 'Waiting for another import of SKU K-1 into this store to end'],
  stepWaitingName: [
    { name: 'Kettle' },
    'Waiting for another import of the product "Kettle" into this store to end',
  ],
  stepProduct: [{}, 'product'],
  stepOption: [{ name: 'Size' }, 'option Size'],
  stepVariant: [{ sku: 'K-1-S' }, 'variant K-1-S'],
  stepModifier: [{ name: 'Note' }, 'modifier Note'],
  stepImage: [{ image: 'tee.png' }, 'image tee.png'],
  stepImageSkipped: [{}, 'image'],
  stepVideo: [{ id: 'dQw4w9WgXcQ' }, 'video dQw4w9WgXcQ'],
  stepCustomField: [{ name: 'Material' }, 'custom field Material'],
  stepBulkPricing: [{ min: 1, max: 5 }, 'bulk pricing 1-5'],
  stepReview: [{ title: 'Good' }, 'review Good'],
  stepReviewSkipped: [{}, 'review'],
  stepChannels: [{}, 'channels'],
};

describe('Import Product messages in English', () => {
  it('render each code as the sentence the server wrote before it had codes', () => {
    for (const code of IMPORT_MESSAGE_CODES) {
      const [params, sentence] = GOLDEN[code];
      expect(renderImportMessage({ code, params }), code).toBe(sentence);
    }
  });

  it('give every code a text, and the golden list every code', () => {
    expect(Object.keys(GOLDEN).sort()).toEqual([...IMPORT_MESSAGE_CODES].sort());
    for (const code of IMPORT_MESSAGE_CODES) expect(IMPORT_MESSAGE_TEXTS_EN[code].trim(), code).not.toBe('');
  });

  it('fill each placeholder once, leaving the braces of a value alone', () => {
    expect(renderImportMessage({ code: 'logVariantFailed', params: { sku: '{error}', error: 'boom' } })).toBe(
      'Variant {error} failed: boom',
    );
  });

  it('are what the contract takes: a known code and its values', () => {
    expect(importMessageSchema.safeParse({ code: 'logVideoAdded', params: { id: 'x' } }).success).toBe(true);
    expect(importMessageSchema.safeParse({ code: 'nope', params: {} }).success).toBe(false);
  });
});
