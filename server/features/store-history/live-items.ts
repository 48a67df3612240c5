// A restore's calls to the store (issue 32): an item as the store holds it now, and the writes that put a snapshot's
// values back, unit by unit (restore-paths.ts). Every call goes through the BigCommerce client; each cites its source.
import type { SnapshotItemKind } from '../../../common/contracts/store-history';
import { canonicalItem } from '../../../common/store-history/field-diff';
import type { BigCommerceClient } from '../../integrations/bigcommerce';
import type { PageRegion } from '../../integrations/bigcommerce/resources/page-widgets';
import {
  fieldsBody,
  findElement,
  PRODUCT_PARTS,
  unitOf,
  variantBodies,
  type WriteUnit,
} from './restore-paths';
import { EMPTY_ID_MAP, type IdMap } from './id-map';
import { writePart } from './restore-parts';
import { orNull } from './restore-refs';
import {
  createContent,
  deleteContent,
  findContent,
  FOUND_BY_CONTENT,
  isContentKind,
  readContent,
  updateContent,
  type EarlierAttempt,
} from './live-content-items';
import { type RestoreUnit } from './restore-plan';

type Obj = Record<string, unknown>;

/** Why an item could not be written, in words the user reads in the job's outcomes. */
export class RestoreWriteError extends Error {}

export const DELETED_NOT_SUPPORTED = (kind: SnapshotItemKind) =>
  `Deleted from the store; restoring deleted ${kind.replace('-', ' ')}s is not supported yet`;

const numericId = (key: Obj): number => Number(key.id);

/**
 * The item as the store holds it now, in the shape a snapshot keeps (canonical), or null when it is gone.
 * - product: `GET /v3/catalog/products/{id}?include=variants,custom_fields` (products_catalog.v3.yml:693 getProduct);
 * - category: `GET /v3/catalog/trees/categories?category_id:in=` (category-trees_catalog.v3.yml:1202);
 * - brand: `GET /v3/catalog/brands/{id}` (brands_catalog.v3.yml:547 getBrand);
 * - widget template: `GET /v3/content/widget-templates/{uuid}` (widgets.v3.yml getWidgetTemplate);
 * - page: `GET /v3/content/page-widgets` (page-widgets.v3.yml getPageWidgets);
 * - issue 40's kinds: live-content-items.ts readContent.
 */
export async function readLive(
  client: BigCommerceClient,
  kind: SnapshotItemKind,
  key: Obj,
): Promise<unknown> {
  const item = await readRaw(client, kind, key);
  return item === null ? null : canonicalItem(item);
}

async function readRaw(client: BigCommerceClient, kind: SnapshotItemKind, key: Obj): Promise<unknown> {
  switch (kind) {
    case 'product':
      // Every part a snapshot holds (snapshot-steps.ts PRODUCT_INCLUDES), so the preview sees each part that differs.
      return orNull(() =>
        client.products.get(numericId(key), {
          include: [
            'variants',
            'images',
            'custom_fields',
            'bulk_pricing_rules',
            'options',
            'modifiers',
            'videos',
            'reviews',
            'channels',
          ],
        }),
      );
    case 'category': {
      const page = await client.categories.list({ query: { 'category_id:in': numericId(key) }, limit: 1 });
      return page.items[0] ?? null;
    }
    case 'brand':
      return orNull(() => client.brands.get(numericId(key)));
    case 'widget-template':
      return orNull(() => client.widgetTemplates.get(String(key.id)));
    case 'page':
      return client.pageWidgets.get(pageWhere(key));
    default:
      return readContent(client, kind, key);
  }
}

function pageWhere(key: Obj): { channelId: number; templateFile?: string; entityId?: string } {
  return {
    channelId: Number(key.channelId),
    ...(typeof key.templateFile === 'string' ? { templateFile: key.templateFile } : {}),
    ...(typeof key.entityId === 'string' ? { entityId: key.entityId } : {}),
  };
}

/**
 * A product or brand of this name, if the store has one (names are unique in both: products_catalog.v3.yml
 * createProduct 409, brands_catalog.v3.yml createBrand 409), or a category of this name under the same parent of the
 * same tree (a category's name is unique among its siblings: category-trees_catalog.v3.yml:973; the `name`,
 * `tree_id:in` and `parent_id:in` filters: lines 56-73): one a restore made again, or someone did. Issue 40's kinds and
 * widget templates: live-content-items.ts findContent (`earlier`: the create is a retried one).
 */
export async function findByName(
  client: BigCommerceClient,
  kind: SnapshotItemKind,
  name: string,
  body: Obj = {},
  earlier?: EarlierAttempt,
): Promise<Obj | null> {
  if (kind === 'product') {
    const page = await client.products.list({
      query: { name, include: 'variants,custom_fields' },
      limit: 5,
    });
    return (page.items.find((p) => p.name === name) as Obj | undefined) ?? null;
  }
  if (kind === 'brand') {
    const page = await client.brands.list({ query: { name }, limit: 5 });
    return (page.items.find((b) => b.name === name) as Obj | undefined) ?? null;
  }
  // By content, not by name: `body` is the whole create body.
  if (FOUND_BY_CONTENT.includes(kind)) return findContent(client, kind, body, earlier);
  if (isContentKind(kind)) return findContent(client, kind, { ...body, name });
  if (kind === 'category' && body.tree_id !== undefined) {
    const page = await client.categories.list({
      query: {
        name,
        'tree_id:in': Number(body.tree_id),
        'parent_id:in': Number(body.parent_id ?? 0),
      },
      limit: 5,
    });
    const same = page.items.find(
      (c) =>
        typeof c.name === 'string' &&
        c.name.toLowerCase() === name.toLowerCase() &&
        Number(c.parent_id ?? 0) === Number(body.parent_id ?? 0),
    );
    return same ? { ...same, id: same.category_id } : null;
  }
  return null;
}

/** Parsed units of an item, each with the value to write. */
export function writeUnits(kind: SnapshotItemKind, units: readonly RestoreUnit[]) {
  return units.flatMap((u) => {
    const unit = unitOf(kind, u.path);
    return unit ? [{ unit, value: u.value }] : [];
  });
}

/**
 * Writes the units of an item that exists (`live`, as read just before). Top-level fields go in one update; each
 * variant's fields in one variant update; custom fields one by one (made again when gone, deleted when the restored
 * value is none); then a product's parts, each made equal to the value written (restore-parts.ts), product-list
 * modifiers re-pointed through `map`.
 */
export async function writeUpdate(
  client: BigCommerceClient,
  kind: SnapshotItemKind,
  key: Obj,
  live: unknown,
  units: readonly { unit: WriteUnit; value: unknown }[],
  map: IdMap = EMPTY_ID_MAP,
): Promise<string[]> {
  const notes: string[] = [];
  const body = fieldsBody(units);
  const hasFields = Object.keys(body).length > 0;
  switch (kind) {
    case 'product': {
      const id = numericId(key);
      // products_catalog.v3.yml:831 updateProduct: only the fields sent change.
      if (hasFields) await client.products.update(id, body);
      const item = (live ?? {}) as Obj;
      for (const { select, body: variantBody } of variantBodies(units)) {
        const variant = findElement(item.variants, select);
        if (!variant) {
          // One variant gone is named, and the rest of the item is still written (issue 40).
          notes.push(
            `The variant ${select.key === 'sku' ? select.value : `#${select.value}`} is no longer in the store, so it was not written`,
          );
          continue;
        }
        // product-variants_catalog.v3.yml:436 updateProductVariant.
        await client.products.variants.update(id, Number(variant.id), variantBody);
      }
      for (const { unit, value } of units) {
        if (unit.type !== 'custom-field') continue;
        const current = findElement(item.custom_fields, unit.select);
        if (!current && unit.select.key !== 'name') {
          // Named by an id the store no longer has: there is no name to make it again by.
          notes.push(
            `The custom field #${unit.select.value} is no longer in the store, so it was not written`,
          );
          continue;
        }
        const name = current && typeof current.name === 'string' ? current.name : unit.select.value;
        if (value === null || value === undefined) {
          // products_catalog.v3.yml:3347 deleteProductCustomField.
          if (current) await client.products.customFields.delete(id, Number(current.id));
        } else if (current) {
          // products_catalog.v3.yml:3318 updateProductCustomField.
          await client.products.customFields.update(id, Number(current.id), { name, value });
        } else {
          // products_catalog.v3.yml:3252 createProductCustomField.
          await client.products.customFields.create(id, { name, value });
        }
      }
      // Each part after the fields, in PRODUCT_PARTS order: options before the variants made of them.
      const context = { client, productId: id, map, notes };
      for (const part of PRODUCT_PARTS) {
        const unit = units.find((u) => u.unit.type === 'part' && u.unit.part === part);
        if (unit) await writePart(context, part, unit.value, item[part]);
      }
      return notes;
    }
    case 'category':
      // category-trees_catalog.v3.yml:255 updateCategories: by `category_id`, only the fields sent change.
      if (hasFields) await client.categories.update([{ category_id: numericId(key), ...body }]);
      return notes;
    case 'brand': {
      // brands_catalog.v3.yml:623 updateBrand: `name` is required in the body, so the current one goes when unchanged.
      const name = body.name ?? (live as Obj | null)?.name;
      if (hasFields) await client.brands.update(numericId(key), { ...body, name });
      return notes;
    }
    case 'widget-template': {
      // widgets.v3.yml:190 updateWidgetTemplate in place (no `create_new_version`, 1268-1270): the current version
      // changes, so every widget on it renders the restored template. A widget on an older version (version_uuid,
      // 1358-1360) follows only when upgraded (`upgrade: true`, 1402-1404): each is, so the storefront renders what
      // the snapshot held (issue 40). `widget_template_uuid` is a documented filter of getWidgets.
      if (!hasFields) return notes;
      const uuid = String(key.id);
      const template = await client.widgetTemplates.updateInPlace(uuid, body);
      const widgets = await client.widgets.listAll({ query: { widget_template_uuid: uuid } });
      for (const widget of widgets) {
        const current = template.current_version_uuid ?? widget.widget_template?.current_version_uuid;
        if (current && widget.version_uuid && widget.version_uuid !== current) {
          await client.widgets.update(widget.uuid, { upgrade: true });
        }
      }
      return notes;
    }
    case 'page': {
      // page-widgets.v3.yml:54 createPageWidgets: the page's whole content, as the snapshot holds it.
      const regions = units.find((u) => u.unit.type === 'page')?.value;
      const where = pageWhere(key);
      await client.pageWidgets.publish({
        channel_id: where.channelId,
        ...(where.templateFile ? { template_file: where.templateFile } : {}),
        ...(where.entityId ? { entity_id: where.entityId } : {}),
        regions: (Array.isArray(regions) ? regions : []) as PageRegion[],
      });
      return notes;
    }
    default:
      await updateContent(client, kind, key, live, body);
      return notes;
  }
}

/**
 * Makes a deleted item again from the snapshot (`create`): a product (products_catalog.v3.yml:460 createProduct, with
 * its custom fields; its variants' options, images and videos are not made again), a category
 * (category-trees_catalog.v3.yml createCategories, in its tree under its parent) or a brand (brands_catalog.v3.yml
 * createBrand). Answers the new id.
 */
export async function writeCreate(
  client: BigCommerceClient,
  kind: SnapshotItemKind,
  body: Obj,
): Promise<number | string> {
  switch (kind) {
    case 'product': {
      const created = await client.products.create(body as Obj & { name: string });
      return Number(created.id);
    }
    case 'category': {
      const answer = await client.categories.create([body]);
      const made = answer.data?.[0];
      if (!made) throw new RestoreWriteError('BigCommerce did not answer the new category');
      return Number(made.category_id);
    }
    case 'brand': {
      const created = await client.brands.create(body as Obj & { name: string });
      return Number(created.id);
    }
    case 'page':
      throw new RestoreWriteError(DELETED_NOT_SUPPORTED(kind));
    default:
      // Widget templates and issue 40's kinds (live-content-items.ts).
      return createContent(client, kind, body);
  }
}

/** Whether a category has a category under it (deleting it would delete those too). */
export async function hasSubcategories(client: BigCommerceClient, categoryId: number): Promise<boolean> {
  // category-trees_catalog.v3.yml:63 `parent_id:in` (getAllCategories).
  const page = await client.categories.list({ query: { 'parent_id:in': categoryId }, limit: 1 });
  return page.items.length > 0;
}

/**
 * Deletes an item a restore made again (its undo). Answers false when it was gone already (a 404, or a category the
 * list no longer names). Each delete is idempotent, so a retried one does no harm:
 * - product: `DELETE /v3/catalog/products/{product_id}` (products_catalog.v3.yml:1187 deleteProduct, 204);
 * - category: `DELETE /v3/catalog/trees/categories?category_id:in=` (category-trees_catalog.v3.yml:256
 *   deleteTreeCategories, 202; the filter at line 266); it deletes the categories under it too, so the caller checks
 *   first that there are none (hasSubcategories);
 * - brand: `DELETE /v3/catalog/brands/{brand_id}` (brands_catalog.v3.yml:884 deleteBrand, 204, 404).
 */
export async function deleteItem(
  client: BigCommerceClient,
  kind: SnapshotItemKind,
  key: Obj,
): Promise<boolean> {
  const id = numericId(key);
  switch (kind) {
    case 'page':
      throw new RestoreWriteError(`A ${kind} made again cannot be deleted`);
    case 'widget-template':
    case 'widget':
    case 'placement':
    case 'web-page':
    case 'blog-post':
    case 'redirect':
      return deleteContent(client, kind, key);
    case 'product':
      return (await orNull(() => client.products.delete(id).then(() => true))) ?? false;
    case 'category': {
      if ((await readRaw(client, 'category', key)) === null) return false;
      await client.http.delete('/v3/catalog/trees/categories', { query: { 'category_id:in': id } });
      return true;
    }
    case 'brand':
      return (await orNull(() => client.http.delete(`/v3/catalog/brands/${id}`).then(() => true))) ?? false;
  }
}
