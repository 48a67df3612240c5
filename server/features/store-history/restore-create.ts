// A deleted product made again whole from a snapshot (issue 40): the product with its variants (and so its options),
// custom fields and bulk pricing rules in one create, then each part BigCommerce takes only on its own endpoint: the
// options' types and values, images, videos, modifiers, reviews and channel assignments. The new id is reported the
// moment BigCommerce answers it (a 207 included), before any part is sent, so the undo always knows the product; a
// part that fails is named in the result with BigCommerce's words, and the rest is still written.
import { isBigCommerceError, isPartialSave, type BigCommerceClient } from '../../integrations/bigcommerce';
import type { IdMap } from './id-map';
import { isBaseVariant, pick, PRODUCT_FIELDS, VARIANT_FIELDS } from './restore-paths';
import { writePart, type PartContext } from './restore-parts';
import { droppedText, resolveReferences } from './restore-refs';

type Obj = Record<string, unknown>;
const isObj = (value: unknown): value is Obj =>
  value !== null && typeof value === 'object' && !Array.isArray(value);
const listOf = (value: unknown): Obj[] => (Array.isArray(value) ? value.filter(isObj) : []);

/** The variant fields a create takes besides those a restore updates: the stock of a product made again. */
const VARIANT_STOCK_FIELDS = ['inventory_level', 'inventory_warning_level'] as const;

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
  const productId = id;
  // Each part on its own endpoint, by the writers a restore of a product that exists uses (restore-parts.ts): the
  // options the variants made are paired by display name and given their type, order and values' data; the rest is
  // made from nothing.
  const context: PartContext = { client, productId, map, notes };
  try {
    const made = await client.products.options.list(productId, { limit: 250 });
    await writePart(context, 'options', snapshot.options, made.items);
  } catch (error) {
    notes.push(`Options not written: ${reason(error)}`);
  }
  for (const part of ['images', 'videos', 'modifiers', 'reviews', 'channels'] as const) {
    await writePart(context, part, snapshot[part], []);
  }
  return { id: productId, notes };
}
