// A product's parts written in place (issue 40): each part with endpoints of its own (restore-paths.ts PRODUCT_PARTS)
// is made equal to a target list, the snapshot's for a restore and the backup's for its undo, so one writer serves both
// directions. Elements are paired with the store's by id, then by content, then by a natural key (an option's display
// name, a video's id on its host, a custom field's name); the store's elements left unpaired are deleted, the
// target's left unpaired are made, and pairs that differ are updated. Each element's write stands alone: one that
// fails is named in `notes` with BigCommerce's words, and the rest is still written.
import { isBigCommerceError, type BigCommerceClient } from '../../integrations/bigcommerce';
import type { IdMap } from './id-map';
import {
  isBaseVariant,
  PART_FIELDS,
  partElementContent,
  pick,
  sameValue,
  VARIANT_FIELDS,
  type ProductPart,
} from './restore-paths';

type Obj = Record<string, unknown>;
const isObj = (value: unknown): value is Obj =>
  value !== null && typeof value === 'object' && !Array.isArray(value);
const listOf = (value: unknown): Obj[] => (Array.isArray(value) ? value.filter(isObj) : []);

/** Where a part is written: the store, the product, the id map, and the notes of what was not written. */
export type PartContext = {
  client: BigCommerceClient;
  productId: number;
  map: IdMap;
  notes: string[];
};

const reason = (error: unknown) => (isBigCommerceError(error) ? error.message : 'an unexpected error');
const isGone = (error: unknown) => isBigCommerceError(error) && error.status === 404;

/** One element's write: a failure is noted, never the end of the part. Answers whether it was written. */
async function attempt(ctx: PartContext, what: string, write: () => Promise<unknown>): Promise<boolean> {
  try {
    await write();
    return true;
  } catch (error) {
    ctx.notes.push(`${what} not written: ${reason(error)}`);
    return false;
  }
}

/** A delete of an element gone already (a 404) is done: what the restore wanted is so. */
const removed = (remove: () => Promise<unknown>) => async () => {
  try {
    await remove();
  } catch (error) {
    if (!isGone(error)) throw error;
  }
};

type Paired = { target: Obj; live: Obj };

/**
 * Pairs the target's elements with the store's: by id, then by the same content, then by `key` when given. What is left
 * of the target is made; what is left of the store is deleted.
 */
export function pairUp(
  target: readonly Obj[],
  live: readonly Obj[],
  content: (element: Obj) => unknown,
  key?: (element: Obj) => string | undefined,
): { pairs: Paired[]; create: Obj[]; remove: Obj[] } {
  const free = new Set(live);
  const pairs: Paired[] = [];
  let left = [...target];
  const claim = (match: (t: Obj, l: Obj) => boolean) => {
    left = left.filter((t) => {
      const found = [...free].find((l) => match(t, l));
      if (!found) return true;
      free.delete(found);
      pairs.push({ target: t, live: found });
      return false;
    });
  };
  claim((t, l) => idText(t.id) !== undefined && idText(t.id) === idText(l.id));
  claim((t, l) => sameValue(content(t), content(l)));
  if (key) claim((t, l) => key(t) !== undefined && key(t) === key(l));
  return { pairs, create: left, remove: [...free] };
}

const contentOf = (part: ProductPart) => (element: Obj) => partElementContent(part, element);
const differs = (part: ProductPart, pair: Paired) =>
  !sameValue(partElementContent(part, pair.target), partElementContent(part, pair.live));
const lower = (value: unknown) => (typeof value === 'string' ? value.toLowerCase() : undefined);
/** An element's name in a note: its text when it has one, else its id. */
const named = (text: unknown, id: unknown) =>
  typeof text === 'string' && text !== ''
    ? text
    : `#${typeof id === 'number' || typeof id === 'string' ? id : '?'}`;
const idText = (id: unknown) => (typeof id === 'number' || typeof id === 'string' ? String(id) : undefined);

/** The modifiers with each product-list value's product re-pointed to the id the store knows it by now. */
export function repointModifiers(modifiers: unknown, map: IdMap): Obj[] {
  return listOf(modifiers).map((modifier) => ({
    ...modifier,
    option_values: listOf(modifier.option_values).map((value) => {
      if (!isObj(value.value_data) || typeof value.value_data.product_id !== 'number') return value;
      return {
        ...value,
        value_data: { ...value.value_data, product_id: map.resolve('product', value.value_data.product_id) },
      };
    }),
  }));
}

/**
 * A modifier's create body (product-modifiers_catalog.v3.yml:212 createProductModifier): its fields and values, a
 * product-list modifier's products re-pointed through the map (`value_data.product_id`, API-NOTES: ids of the store).
 */
export function modifierBody(modifier: Obj, map: IdMap): Obj {
  const [repointed] = repointModifiers([modifier], map);
  return {
    ...pick(modifier, ['type', 'required', 'sort_order', 'config', 'display_name']),
    option_values: listOf(repointed?.option_values).map(valueBody(PART_FIELDS.modifierValues)),
  };
}

/** A value's body: its fields, `value_data` only as an object (never null: the request schema is an object,
 * product-variant-options_catalog.v3.yml 358-362). */
const valueBody = (fields: readonly string[]) => (value: Obj) => {
  const body = pick(value, fields);
  if (!isObj(value.value_data)) delete body.value_data;
  return body;
};

/** The largest copy of an image the snapshot names: what BigCommerce downloads to make it again. */
const imageSource = (image: Obj) => image.url_zoom ?? image.image_url ?? image.url_standard;

/** Images (products_catalog.v3.yml:1304 create by `image_url`, 1610 update, 1835 delete), the thumbnail set last. */
async function writeImages(ctx: PartContext, target: Obj[], live: Obj[]): Promise<void> {
  const { client, productId } = ctx;
  const { pairs, create, remove } = pairUp(target, live, contentOf('images'));
  for (const image of remove) {
    await attempt(
      ctx,
      `Image #${String(image.id)} (deleted)`,
      removed(() => client.products.images.delete(productId, Number(image.id))),
    );
  }
  const made: Paired[] = [];
  for (const image of create) {
    await attempt(ctx, `Image ${named(image.description, image.id)}`, async () => {
      const answer = await client.products.images.create(productId, {
        image_url: imageSource(image),
        ...pick(image, ['sort_order', 'description']),
      });
      made.push({ target: image, live: answer });
    });
  }
  for (const pair of pairs) {
    const body = pick(pair.target, ['sort_order', 'description']);
    if (!sameValue(body, pick(pair.live, ['sort_order', 'description']))) {
      await attempt(ctx, `Image #${String(pair.live.id)}`, () =>
        client.products.images.update(productId, Number(pair.live.id), body),
      );
    }
  }
  // One thumbnail per product: setting it unsets the others, so the flags are put right once all is in place.
  const all = [...pairs, ...made];
  if (!all.some((p) => p.target.is_thumbnail === true)) return;
  const now = await client.products.images.listAll(productId, { limit: 250 });
  const flag = (id: unknown) => now.find((i) => String(i.id) === String(id))?.is_thumbnail;
  const wrong = all.filter((p) => (p.target.is_thumbnail === true) !== (flag(p.live.id) === true));
  for (const pair of wrong.sort(
    (a, b) => Number(a.target.is_thumbnail === true) - Number(b.target.is_thumbnail === true),
  )) {
    await attempt(ctx, `Image #${String(pair.live.id)}`, () =>
      client.products.images.update(productId, Number(pair.live.id), {
        is_thumbnail: pair.target.is_thumbnail === true,
      }),
    );
  }
}

/** Videos (products_catalog.v3.yml:1938 create, 2150 update, 2291 delete), paired by their id on the host too. */
async function writeVideos(ctx: PartContext, target: Obj[], live: Obj[]): Promise<void> {
  const { client, productId } = ctx;
  const { pairs, create, remove } = pairUp(target, live, contentOf('videos'), (v) =>
    typeof v.video_id === 'string' ? v.video_id : undefined,
  );
  for (const video of remove) {
    await attempt(
      ctx,
      `Video ${String(video.video_id)} (deleted)`,
      removed(() => client.products.videos.delete(productId, Number(video.id))),
    );
  }
  for (const pair of pairs.filter((p) => differs('videos', p))) {
    await attempt(ctx, `Video ${String(pair.target.video_id)}`, () =>
      client.products.videos.update(
        productId,
        Number(pair.live.id),
        pick(pair.target, ['video_id', 'title', 'description', 'sort_order']),
      ),
    );
  }
  for (const video of create) {
    await attempt(ctx, `Video ${String(video.video_id)}`, () =>
      client.products.videos.create(productId, pick(video, PART_FIELDS.videos)),
    );
  }
}

/**
 * Bulk pricing rules (products_catalog.v3.yml:3373 create, 3651 delete): the rules not in the target are deleted
 * first and the missing ones made after, never updated one by one, as quantity ranges must not overlap at any time
 * (a conflicting rule is a 409: createProduct 409).
 */
async function writeBulkPricingRules(ctx: PartContext, target: Obj[], live: Obj[]): Promise<void> {
  const { client, productId } = ctx;
  const content = contentOf('bulk_pricing_rules');
  const { pairs, create, remove } = pairUp(
    target.map((r) => ({ ...r, id: undefined })),
    live,
    content,
  );
  const stale = pairs.filter((p) => differs('bulk_pricing_rules', p));
  for (const rule of [...remove, ...stale.map((p) => p.live)]) {
    await attempt(
      ctx,
      `Bulk pricing rule ${String(rule.quantity_min)}-${String(rule.quantity_max)} (deleted)`,
      removed(() => client.products.bulkPricingRules.delete(productId, Number(rule.id))),
    );
  }
  for (const rule of [...create, ...stale.map((p) => p.target)]) {
    await attempt(ctx, `Bulk pricing rule ${String(rule.quantity_min)}-${String(rule.quantity_max)}`, () =>
      client.products.bulkPricingRules.create(productId, content(rule) as Obj),
    );
  }
}

/** Reviews (products_catalog.v3.yml:4191 create, 4483 update, 4646 delete). */
async function writeReviews(ctx: PartContext, target: Obj[], live: Obj[]): Promise<void> {
  const { client, productId } = ctx;
  const { pairs, create, remove } = pairUp(target, live, contentOf('reviews'));
  for (const review of remove) {
    await attempt(
      ctx,
      `Review ${String(review.title)} (deleted)`,
      removed(() => client.products.reviews.delete(productId, Number(review.id))),
    );
  }
  for (const pair of pairs.filter((p) => differs('reviews', p))) {
    await attempt(ctx, `Review ${String(pair.target.title)}`, () =>
      client.products.reviews.update(productId, Number(pair.live.id), pick(pair.target, PART_FIELDS.reviews)),
    );
  }
  for (const review of create) {
    await attempt(ctx, `Review ${String(review.title)}`, () =>
      client.products.reviews.create(productId, pick(review, PART_FIELDS.reviews)),
    );
  }
}

/**
 * Custom fields (products_catalog.v3.yml:3252 create, 3318 update, 3347 delete), by id: two fields may share a name,
 * and each is written. Deleted first, then updated, then made, so a name and value freed by one is free for the next.
 */
async function writeCustomFields(ctx: PartContext, target: Obj[], live: Obj[]): Promise<void> {
  const { client, productId } = ctx;
  const { pairs, create, remove } = pairUp(target, live, contentOf('custom_fields'), (f) =>
    typeof f.name === 'string' ? f.name : undefined,
  );
  for (const field of remove) {
    await attempt(
      ctx,
      `Custom field ${String(field.name)} (deleted)`,
      removed(() => client.products.customFields.delete(productId, Number(field.id))),
    );
  }
  for (const pair of pairs.filter((p) => differs('custom_fields', p))) {
    await attempt(ctx, `Custom field ${String(pair.target.name)}`, () =>
      client.products.customFields.update(
        productId,
        Number(pair.live.id),
        pick(pair.target, ['name', 'value']),
      ),
    );
  }
  for (const field of create) {
    await attempt(ctx, `Custom field ${String(field.name)}`, () =>
      client.products.customFields.create(productId, pick(field, ['name', 'value'])),
    );
  }
}

/**
 * Channel assignments: the missing ones made (products_catalog.v3.yml:4690 createProductsChannelAssignments, PUT 204),
 * those not in the target removed (4715 deleteProductsChannelAssignments, by `product_id:in` and `channel_id:in`).
 */
async function writeChannels(ctx: PartContext, target: unknown[], live: unknown[]): Promise<void> {
  const { client, productId } = ctx;
  const want = new Set(target.map(Number));
  const have = new Set(live.map(Number));
  const add = [...want].filter((c) => !have.has(c));
  const drop = [...have].filter((c) => !want.has(c));
  if (add.length > 0) {
    await attempt(ctx, `Channels ${add.join(', ')}`, () =>
      client.assignments.channels.assign(
        add.map((channel) => ({ product_id: productId, channel_id: channel })),
      ),
    );
  }
  if (drop.length > 0) {
    await attempt(ctx, `Channels ${drop.join(', ')} (removed)`, () =>
      client.assignments.channels.unassign([productId], drop),
    );
  }
}

/**
 * Variant options and their values (product-variant-options_catalog.v3.yml: 129 create, 829 update, 1436 delete;
 * values 1569 create, 1810 update, 1962 delete), paired by display name too (unique in a product). An option or value
 * deleted takes the variants made of it with it, as the target's variants are made of the target's values only.
 */
export async function writeOptions(ctx: PartContext, target: Obj[], live: Obj[]): Promise<void> {
  const { client, productId } = ctx;
  const { pairs, create, remove } = pairUp(target, live, contentOf('options'), (o) => lower(o.display_name));
  for (const option of remove) {
    await attempt(
      ctx,
      `Option ${String(option.display_name)} (deleted)`,
      removed(() => client.products.options.delete(productId, Number(option.id))),
    );
  }
  for (const pair of pairs.filter((p) => differs('options', p))) {
    const optionId = Number(pair.live.id);
    const name = `Option ${String(pair.target.display_name)}`;
    const values = pairUp(
      listOf(pair.target.option_values),
      listOf(pair.live.option_values),
      valueBody(PART_FIELDS.optionValues),
      (v) => lower(v.label),
    );
    for (const value of values.remove) {
      await attempt(
        ctx,
        `${name}: value ${String(value.label)} (deleted)`,
        removed(() => client.products.optionValues.delete(productId, optionId, Number(value.id))),
      );
    }
    await attempt(ctx, name, () =>
      client.products.options.update(productId, optionId, {
        ...pick(pair.target, PART_FIELDS.options),
        option_values: values.pairs.map((v) => ({
          id: Number(v.live.id),
          ...valueBody(PART_FIELDS.optionValues)(v.target),
        })),
      }),
    );
    for (const value of values.create) {
      await attempt(ctx, `${name}: value ${String(value.label)}`, () =>
        client.products.optionValues.create(productId, optionId, valueBody(PART_FIELDS.optionValues)(value)),
      );
    }
  }
  for (const option of create) {
    await attempt(ctx, `Option ${String(option.display_name)}`, () =>
      client.products.options.create(productId, {
        ...pick(option, PART_FIELDS.options),
        option_values: listOf(option.option_values).map(valueBody(PART_FIELDS.optionValues)),
      }),
    );
  }
}

/**
 * Modifiers (product-modifiers_catalog.v3.yml: 212 create, 424 update, 990 delete; values 1081, 1421, 1694). A
 * modifier whose type changed is made again (the type of one is not changed in place). A value a create does not
 * take as sent (a checkbox's two values are made with it: "It takes two separate requests to create a new checkbox
 * modifier with option values", line 209) is updated after.
 */
async function writeModifiers(ctx: PartContext, target: Obj[], live: Obj[]): Promise<void> {
  const { client, productId, map } = ctx;
  const wanted = repointModifiers(target, map);
  const matched = pairUp(wanted, live, contentOf('modifiers'), (m) => lower(m.display_name));
  const retyped = matched.pairs.filter((p) => differs('modifiers', p) && p.target.type !== p.live.type);
  const updated = matched.pairs.filter((p) => differs('modifiers', p) && p.target.type === p.live.type);
  const values = (modifierId: number, name: string, wantedValues: Obj[], liveValues: Obj[]) => {
    const paired = pairUp(wantedValues, liveValues, valueBody(PART_FIELDS.modifierValues), (v) =>
      lower(v.label),
    );
    return { paired, modifierId, name };
  };
  const writeValues = async ({ paired, modifierId, name }: ReturnType<typeof values>, create: boolean) => {
    for (const value of paired.remove) {
      await attempt(
        ctx,
        `${name}: value ${String(value.label)} (deleted)`,
        removed(() => client.products.modifierValues.delete(productId, modifierId, Number(value.id))),
      );
    }
    for (const pair of paired.pairs) {
      const body = valueBody(PART_FIELDS.modifierValues)(pair.target);
      if (sameValue(body, valueBody(PART_FIELDS.modifierValues)(pair.live))) continue;
      await attempt(ctx, `${name}: value ${String(pair.target.label)}`, () =>
        client.products.modifierValues.update(productId, modifierId, Number(pair.live.id), body),
      );
    }
    if (!create) return;
    for (const value of paired.create) {
      await attempt(ctx, `${name}: value ${String(value.label)}`, () =>
        client.products.modifierValues.create(
          productId,
          modifierId,
          valueBody(PART_FIELDS.modifierValues)(value),
        ),
      );
    }
  };
  for (const modifier of [...matched.remove, ...retyped.map((p) => p.live)]) {
    await attempt(
      ctx,
      `Modifier ${String(modifier.display_name)} (deleted)`,
      removed(() => client.products.modifiers.delete(productId, Number(modifier.id))),
    );
  }
  for (const pair of updated) {
    const name = `Modifier ${String(pair.target.display_name)}`;
    const modifierId = Number(pair.live.id);
    // The Modifier Put model requires `required` and `type` (product-modifiers_catalog.v3.yml 434-436).
    const written = await attempt(ctx, name, () =>
      client.products.modifiers.update(productId, modifierId, pick(pair.target, PART_FIELDS.modifiers)),
    );
    if (written) {
      await writeValues(
        values(modifierId, name, listOf(pair.target.option_values), listOf(pair.live.option_values)),
        true,
      );
    }
  }
  for (const modifier of [...matched.create, ...retyped.map((p) => p.target)]) {
    const name = `Modifier ${String(modifier.display_name)}`;
    let made: Obj | undefined;
    await attempt(ctx, name, async () => {
      made = await client.products.modifiers.create(productId, modifierBody(modifier, EMPTY_MAP));
    });
    if (made) {
      await writeValues(
        values(Number(made.id), name, listOf(modifier.option_values), listOf(made.option_values)),
        false,
      );
    }
  }
}

/** The target modifiers are re-pointed once, on entry: made from them, they are not re-pointed twice. */
const EMPTY_MAP: IdMap = { resolve: (_kind, id) => id, has: () => false, madeFrom: () => [] };

/** The variant fields a create takes: those a restore updates, the stock of a variant made again, and its SKU. */
const VARIANT_CREATE_FIELDS = [...VARIANT_FIELDS, 'inventory_level', 'inventory_warning_level', 'sku'];

/**
 * Which variants there are (product-variants_catalog.v3.yml:227 createProductVariant with its option values by
 * option display name and label, 2358-2389; 523 deleteProductVariant): one added since is deleted, one gone since is
 * made again with its fields and stock (a variant gone has no stock of its own left to keep). The store's variants are
 * read again, as the options written before may have taken some with them. The base variant is the product itself.
 */
async function writeVariants(ctx: PartContext, target: Obj[]): Promise<void> {
  const { client, productId } = ctx;
  const live = (await client.products.variants.listAll(productId, { limit: 250 })) as Obj[];
  const { create, remove } = pairUp(
    target.filter((v) => !isBaseVariant(v)).map((v) => ({ ...v, id: undefined })),
    live.filter((v) => !isBaseVariant(v)),
    contentOf('variants'),
  );
  for (const variant of remove) {
    await attempt(
      ctx,
      `Variant ${named(variant.sku, variant.id)} (deleted)`,
      removed(() => client.products.variants.delete(productId, Number(variant.id))),
    );
  }
  for (const variant of create) {
    await attempt(ctx, `Variant ${named(variant.sku, variant.id)}`, () =>
      client.products.variants.create(productId, {
        ...pick(variant, VARIANT_CREATE_FIELDS),
        option_values: listOf(variant.option_values).map((value) => ({
          option_display_name: value.option_display_name,
          label: value.label,
        })),
      }),
    );
  }
}

/**
 * Makes a product's part equal to `target` (the snapshot's list, or the backup's for an undo); `live` is the part as
 * the store held it when read (the variants are read again here).
 */
export async function writePart(
  ctx: PartContext,
  part: ProductPart,
  target: unknown,
  live: unknown,
): Promise<void> {
  const wanted = listOf(target);
  const current = listOf(live);
  switch (part) {
    case 'images':
      return writeImages(ctx, wanted, current);
    case 'videos':
      return writeVideos(ctx, wanted, current);
    case 'bulk_pricing_rules':
      return writeBulkPricingRules(ctx, wanted, current);
    case 'reviews':
      return writeReviews(ctx, wanted, current);
    case 'custom_fields':
      return writeCustomFields(ctx, wanted, current);
    case 'channels':
      return writeChannels(ctx, Array.isArray(target) ? target : [], Array.isArray(live) ? live : []);
    case 'options':
      return writeOptions(ctx, wanted, current);
    case 'modifiers':
      return writeModifiers(ctx, wanted, current);
    case 'variants':
      return writeVariants(ctx, wanted);
  }
}
