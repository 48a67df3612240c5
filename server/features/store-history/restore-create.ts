// A deleted product made again whole from a snapshot (issue 40): the product with its variants (and so its options),
// custom fields and bulk pricing rules in one create, then each part BigCommerce takes only on its own endpoint: the
// options' types and values, images, videos, modifiers, reviews and channel assignments. The new id is reported the
// moment BigCommerce answers it (a 207 included), before any part is sent, so the undo always knows the product; a
// part that fails is named in the result with BigCommerce's words, and the rest is still written.
import { isBigCommerceError, isPartialSave, type BigCommerceClient } from '../../integrations/bigcommerce';
import type { IdMap } from './id-map';
import { PRODUCT_FIELDS, VARIANT_FIELDS } from './restore-paths';
import { droppedText, resolveReferences } from './restore-refs';

type Obj = Record<string, unknown>;
const isObj = (value: unknown): value is Obj =>
  value !== null && typeof value === 'object' && !Array.isArray(value);
const listOf = (value: unknown): Obj[] => (Array.isArray(value) ? value.filter(isObj) : []);

/** The variant fields a create takes besides those a restore updates: the stock of a product made again. */
const VARIANT_STOCK_FIELDS = ['inventory_level', 'inventory_warning_level'] as const;

/** Whether a variant is the base variant of a product without options (it is the product itself). */
const isBaseVariant = (variant: Obj) => listOf(variant.option_values).length === 0;

function pick(source: Obj, fields: readonly string[]): Obj {
  const out: Obj = {};
  for (const field of fields) {
    const value = source[field];
    if (value !== undefined && value !== null) out[field] = value;
  }
  return out;
}

/**
 * The create body (products_catalog.v3.yml createProduct, product_Post): the writable fields as the snapshot holds
 * them, a customised URL (one BigCommerce made is made again by it), custom fields, bulk pricing rules and the
 * variants with their option values by display name and label (which make the options: product_Post.variants).
 */
export function productCreateBody(snapshot: Obj): Obj {
  const body = pick(snapshot, PRODUCT_FIELDS);
  const url = body.custom_url as Obj | undefined;
  if (url && url.is_customized === false) delete body.custom_url;
  const customFields = listOf(snapshot.custom_fields);
  if (customFields.length > 0)
    body.custom_fields = customFields.map((f) => ({ name: f.name, value: f.value }));
  const rules = listOf(snapshot.bulk_pricing_rules);
  if (rules.length > 0) {
    body.bulk_pricing_rules = rules.map((r) => pick(r, ['quantity_min', 'quantity_max', 'type', 'amount']));
  }
  const variants = listOf(snapshot.variants).filter((v) => !isBaseVariant(v));
  if (variants.length > 0) {
    body.variants = variants.map((variant) => ({
      ...pick(variant, [...VARIANT_FIELDS, ...VARIANT_STOCK_FIELDS]),
      sku: variant.sku,
      option_values: listOf(variant.option_values).map((value) => ({
        option_display_name: value.option_display_name,
        label: value.label,
      })),
    }));
  }
  return body;
}

/** What making the product again did: its new id, and each part not written, with the reason. */
export type MadeProduct = { id: number; notes: string[] };

function reason(error: unknown): string {
  return isBigCommerceError(error) ? error.message : 'an unexpected error';
}

/** The new product's id from a create's answer or a 207's saved data (a list, products_catalog.v3.yml 575-596). */
function createdId(saved: unknown): number | undefined {
  const first = Array.isArray(saved) ? (saved[0] as unknown) : saved;
  const id = isObj(first) ? Number(first.id) : NaN;
  return Number.isFinite(id) && id > 0 ? id : undefined;
}

/**
 * Makes the product again. `made(id)` is awaited as soon as the id is known (the id map and the job's backup), before
 * any part is sent.
 */
export async function createProductWhole(
  client: BigCommerceClient,
  snapshot: Obj,
  map: IdMap,
  made: (id: number) => Promise<void>,
): Promise<MadeProduct> {
  const notes: string[] = [];
  const { body, dropped } = await resolveReferences(client, 'product', productCreateBody(snapshot), map);
  if (dropped.length > 0) notes.push(droppedText(dropped));
  let id: number | undefined;
  try {
    id = createdId(await client.products.create(body as Obj & { name: string }));
  } catch (error) {
    if (!isPartialSave(error)) throw error;
    // Saved in part: the product exists; what failed is named.
    id = createdId(error.saved);
    notes.push(`Saved in part: ${error.message}`);
  }
  if (id === undefined) throw new Error('BigCommerce did not answer the new product id');
  await made(id);
  const part = async (name: string, write: () => Promise<unknown>) => {
    try {
      await write();
    } catch (error) {
      notes.push(`${name} not written: ${reason(error)}`);
    }
  };
  const productId = id;
  await part('Options', () => restoreOptions(client, productId, listOf(snapshot.options)));
  for (const image of listOf(snapshot.images)) {
    // products_catalog.v3.yml createProductImage: by `image_url` (the snapshot's largest copy, url_zoom).
    const imageUrl = image.url_zoom ?? image.image_url ?? image.url_standard;
    await part(`Image ${String(image.id)}`, () =>
      client.products.images.create(productId, {
        image_url: imageUrl,
        ...pick(image, ['is_thumbnail', 'sort_order', 'description']),
      }),
    );
  }
  for (const video of listOf(snapshot.videos)) {
    // products_catalog.v3.yml createProductVideo.
    await part(`Video ${String(video.video_id)}`, () =>
      client.products.videos.create(
        productId,
        pick(video, ['video_id', 'type', 'title', 'description', 'sort_order']),
      ),
    );
  }
  for (const modifier of listOf(snapshot.modifiers)) {
    await part(`Modifier ${String(modifier.display_name)}`, () =>
      client.products.modifiers.create(productId, modifierBody(modifier, map)),
    );
  }
  for (const review of listOf(snapshot.reviews)) {
    // products_catalog.v3.yml createProductReview.
    await part(`Review ${String(review.title)}`, () =>
      client.products.reviews.create(
        productId,
        pick(review, ['title', 'text', 'status', 'rating', 'email', 'name', 'date_reviewed']),
      ),
    );
  }
  const channels = Array.isArray(snapshot.channels) ? snapshot.channels.map(Number) : [];
  if (channels.length > 0) {
    // products_catalog.v3.yml createProductChannelAssignments (PUT, 204).
    await part('Channels', () =>
      client.assignments.channels.assign(
        channels.map((channel) => ({ product_id: productId, channel_id: channel })),
      ),
    );
  }
  return { id: productId, notes };
}

/**
 * The options the variants made, given back their type, sort order and values' data (a swatch's colours): the create
 * makes each option of a default type (product-variant-options_catalog.v3.yml updateOption).
 */
async function restoreOptions(client: BigCommerceClient, productId: number, options: Obj[]): Promise<void> {
  if (options.length === 0) return;
  const made = await client.products.options.list(productId, { limit: 250 });
  for (const option of options) {
    const live = made.items.find((o) => o.display_name === option.display_name);
    if (!live) continue;
    const values = listOf(option.option_values).flatMap((value) => {
      const liveValue = live.option_values?.find((v) => v.label === value.label);
      if (!liveValue) return [];
      return [
        {
          id: liveValue.id,
          label: value.label,
          ...pick(value, ['sort_order', 'is_default']),
          // An object or left out: never null (the request schema is an object, product-variant-options 358-362).
          ...(isObj(value.value_data) ? { value_data: value.value_data } : {}),
        },
      ];
    });
    await client.products.options.update(productId, Number(live.id), {
      ...pick(option, ['type', 'sort_order', 'config']),
      display_name: option.display_name,
      option_values: values,
    });
  }
}

/**
 * A modifier's create body (product-modifiers_catalog.v3.yml createModifier): its fields and values, a product-list
 * modifier's products re-pointed through the map (`value_data.product_id`, API-NOTES: ids of the store).
 */
export function modifierBody(modifier: Obj, map: IdMap): Obj {
  return {
    ...pick(modifier, ['type', 'required', 'sort_order', 'config', 'display_name', 'name']),
    option_values: listOf(modifier.option_values).map((value) => {
      const data = isObj(value.value_data) ? { ...value.value_data } : undefined;
      if (data && typeof data.product_id === 'number')
        data.product_id = map.resolve('product', data.product_id);
      return {
        ...pick(value, ['label', 'sort_order', 'is_default', 'adjusters']),
        ...(data ? { value_data: data } : {}),
      };
    }),
  };
}
