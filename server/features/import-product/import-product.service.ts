// Import Product, the write side (issue 13; spec part 1 §3 "Import product result"; API-NOTES §6 (d)). The dump is
// analysed first (import-product.analysis.ts), then written step by step: the product without read-only fields,
// options and their values, variants matched by SKU, modifiers, images by URL, videos, custom fields, bulk pricing
// rules, reviews, channel assignments. Every step is counted and logged; a step that fails does not stop the others.
//
// Nothing is created twice. Each item is first matched with what the target already has (by the key BigCommerce keeps
// unique, or by the id map of an earlier run), so a second import of the same dump updates instead of duplicating; a
// create that failed in a way that leaves its fate unknown is looked up by that key before it is sent again
// (createOnce). A run cut short is therefore continued by running it again.
import {
  DEFAULT_COPY_SUFFIX,
  emptyImportProductResult,
  type ExistingProductAction,
  type ImportIdMap,
  type ImportProductResult,
} from '../../../common/contracts/import-product';
import type { ProductDump } from '../../../common/dumps/product-dump';
import {
  isBigCommerceError,
  modifierValueSchema,
  type BigCommerceClient,
  type Modifier,
  type Option,
  type Product,
  type Variant,
} from '../../integrations/bigcommerce';
import { createOnce } from '../../integrations/bigcommerce/resource-api';
import {
  analyseImport,
  imageKey,
  imageMadeFrom,
  imageSourceUrl,
  lower,
  notCarriedFields,
  optionVariants,
  withSuffix,
  WRITABLE_PRODUCT_FIELDS,
  type Analysis,
} from './import-product.analysis';

export type ImportProgressEvent = { done: number; total: number; step: string };

export type ImportProductCommand = {
  onExistingSku: ExistingProductAction;
  copySuffix?: string;
  idMap?: ImportIdMap;
};

export type ImportProductRunOptions = {
  signal?: AbortSignal;
  onProgress?: (progress: ImportProgressEvent) => void;
};

type Body = Record<string, unknown>;

/** Why a write failed, in one line for the logs. */
export function describeFailure(error: unknown): string {
  if (isBigCommerceError(error)) {
    const details = Object.values(error.errors).filter(Boolean).slice(0, 3).join('; ');
    const head = error.status ? `${error.status} ${error.title ?? error.message}` : error.message;
    return details ? `${head}: ${details}` : head;
  }
  return error instanceof Error ? error.message : String(error);
}

function pick(source: Record<string, unknown>, keys: readonly string[]): Body {
  const out: Body = {};
  for (const key of keys) if (source[key] !== undefined) out[key] = source[key];
  return out;
}

const VARIANT_FIELDS = [
  'price',
  'sale_price',
  'retail_price',
  'cost_price',
  'map_price',
  'weight',
  'width',
  'height',
  'depth',
  'is_free_shipping',
  'fixed_cost_shipping_price',
  'purchasing_disabled',
  'purchasing_disabled_message',
  'image_url',
  'upc',
  'mpn',
  'gtin',
  'inventory_level',
  'inventory_warning_level',
  'bin_picking_number',
] as const;

const VALUE_FIELDS = ['label', 'sort_order', 'is_default', 'value_data'] as const;

/** A variant's writable fields. A price of 0 or null means "use the product's price" and is sent as null. */
export function variantBody(variant: Record<string, unknown>): Body {
  const body = pick(variant, VARIANT_FIELDS);
  for (const key of ['price', 'sale_price', 'retail_price', 'map_price'] as const) {
    if (body[key] === 0) body[key] = null;
  }
  if (typeof body.gtin === 'number') body.gtin = String(body.gtin);
  if (body.image_url === '') delete body.image_url;
  return body;
}

function modifierValueBody(value: Record<string, unknown>): Body {
  const body = pick(value, VALUE_FIELDS);
  const adjusters = value.adjusters as Record<string, unknown> | undefined;
  if (adjusters) {
    const copy: Body = {};
    for (const key of ['price', 'weight', 'purchasing_disabled'] as const) {
      if (adjusters[key] !== undefined && adjusters[key] !== null) copy[key] = adjusters[key];
    }
    if (typeof adjusters.image_url === 'string' && adjusters.image_url) copy.image_url = adjusters.image_url;
    body.adjusters = copy;
  }
  return body;
}

class Run {
  readonly result: ImportProductResult;
  readonly idMap: ImportIdMap;
  private done = 0;

  constructor(
    readonly client: BigCommerceClient,
    readonly dump: ProductDump,
    readonly analysis: Analysis,
    readonly command: ImportProductCommand,
    readonly options: ImportProductRunOptions,
  ) {
    this.result = emptyImportProductResult({ id: 0, name: analysis.plan.name, sku: analysis.plan.sku });
    this.idMap = {
      product: { ...command.idMap?.product },
      variants: { ...command.idMap?.variants },
      options: { ...command.idMap?.options },
      modifiers: { ...command.idMap?.modifiers },
      images: { ...command.idMap?.images },
    };
  }

  get signal() {
    return this.options.signal;
  }

  get suffix() {
    return this.analysis.plan.action === 'copy' ? (this.command.copySuffix ?? DEFAULT_COPY_SUFFIX) : '';
  }

  log(line: string) {
    this.result.logs.push(line);
  }

  tick(step: string) {
    this.done++;
    this.options.onProgress?.({ done: this.done, total: this.analysis.plan.steps, step });
  }

  /** One counted step: stops the run only when the caller has gone (the signal). */
  async step(label: string, work: () => Promise<void>, onFailure: (error: unknown) => void) {
    this.signal?.throwIfAborted();
    try {
      await work();
    } catch (error) {
      if (this.signal?.aborted) throw error;
      onFailure(error);
    }
    this.tick(label);
  }
}

/** The product's own fields for a create or an update (categories and brand mapped to the target). */
function productBody(run: Run, forCreate: boolean): Body {
  const { dump, analysis } = run;
  const body = pick(dump, WRITABLE_PRODUCT_FIELDS);
  body.name = analysis.plan.name;
  body.sku = analysis.plan.sku;
  if (!body.sku) delete body.sku;
  body.categories = analysis.plan.categories.flatMap((category) =>
    category.targetId === null ? [] : [category.targetId],
  );
  const brand = analysis.plan.brand;
  if (brand?.targetId) body.brand_id = brand.targetId;
  else if (brand) body.brand_name = brand.name;
  else if (!forCreate) body.brand_id = 0;
  if (run.suffix) delete body.custom_url; // a copy gets a URL of its own
  // The variants' prices live on the variants; a product with options keeps its own price as the base.
  return body;
}

function isUrlClash(error: unknown): boolean {
  return (
    isBigCommerceError(error) &&
    error.status === 409 &&
    /url/i.test(
      `${error.title ?? ''} ${Object.keys(error.errors).join(' ')} ${Object.values(error.errors).join(' ')}`,
    )
  );
}

async function writeProduct(run: Run): Promise<Product> {
  const { client, analysis, signal } = run;
  const existing = analysis.existing;
  const send = async (body: Body) => {
    if (existing) return client.products.update(existing.id, body, { signal });
    return client.products.create(body as Body & { name: string }, { signal });
  };
  const body = productBody(run, !existing);
  try {
    return await send(body);
  } catch (error) {
    if (!isUrlClash(error) || body.custom_url === undefined) throw error;
    run.log(
      `The URL ${(body.custom_url as { url?: string }).url ?? ''} is taken in the target: BigCommerce gave the product a URL of its own.`,
    );
    run.result.notCarried.push('custom_url: the URL is taken in the target');
    delete body.custom_url;
    return send(body);
  }
}

async function importOptions(run: Run, productId: number): Promise<Map<string, Option>> {
  const { client, dump, signal } = run;
  const target = new Map<string, Option>();
  for (const option of await client.products.options.listAll(productId, { signal })) {
    target.set(lower(option.display_name), option);
  }
  for (const option of dump.options) {
    await run.step(
      `option ${option.display_name}`,
      async () => {
        let current = target.get(lower(option.display_name));
        if (!current) {
          const body = {
            display_name: option.display_name,
            type: option.type,
            ...pick(option, ['sort_order', 'config']),
            option_values: option.option_values.map((value) => pick(value, VALUE_FIELDS)),
          };
          current = await createOnce(
            () => client.products.options.create(productId, body, { signal }),
            async () =>
              (await client.products.options.listAll(productId, { signal })).find(
                (item) => lower(item.display_name) === lower(option.display_name),
              ),
          );
          run.log(`Option "${option.display_name}" created (${option.option_values.length} values)`);
        } else {
          // Values the target's option lacks are added to it, matched by label.
          const labels = new Set((current.option_values ?? []).map((value) => lower(value.label)));
          const added: NonNullable<Option['option_values']> = [];
          for (const value of option.option_values) {
            if (labels.has(lower(value.label))) continue;
            added.push(
              await client.products.optionValues.create(productId, current.id, pick(value, VALUE_FIELDS), {
                signal,
              }),
            );
          }
          current = { ...current, option_values: [...(current.option_values ?? []), ...added] };
          run.log(
            `Option "${option.display_name}" already there${added.length ? `, ${added.length} values added` : ''}`,
          );
        }
        target.set(lower(option.display_name), current);
        if (option.id !== undefined) run.idMap.options[String(option.id)] = current.id;
        run.result.options.success++;
      },
      (error) => {
        run.result.options.failed++;
        run.log(`Option "${option.display_name}" failed: ${describeFailure(error)}`);
      },
    );
  }
  return target;
}

/** The target's option value ids for a source variant's option values, matched by option name and value label. */
function mapOptionValues(
  variant: ProductDump['variants'][number],
  options: Map<string, Option>,
  sourceOptionNames: Map<number, string>,
): { id: number; option_id: number }[] | string {
  const mapped: { id: number; option_id: number }[] = [];
  for (const value of variant.option_values ?? []) {
    const optionName =
      value.option_display_name ??
      (value.option_id !== undefined ? sourceOptionNames.get(value.option_id) : undefined);
    const option = optionName ? options.get(lower(optionName)) : undefined;
    const target = option?.option_values?.find((item) => lower(item.label) === lower(value.label));
    if (!option || !target)
      return `option value "${optionName ?? '?'}: ${value.label ?? '?'}" is not in the target`;
    mapped.push({ id: target.id, option_id: option.id });
  }
  return mapped;
}

async function importVariants(run: Run, productId: number, options: Map<string, Option>) {
  const { client, dump, signal } = run;
  const existing = new Map(run.analysis.existingVariants);
  if (!run.analysis.existing) {
    for (const variant of await client.products.variants.listAll(productId, { signal })) {
      if (variant.sku) existing.set(lower(variant.sku), variant);
    }
  }
  const byId = new Map<number, Variant>();
  for (const variant of existing.values()) byId.set(variant.id, variant);
  const sourceOptionNames = new Map<number, string>();
  for (const option of dump.options)
    if (option.id !== undefined) sourceOptionNames.set(option.id, option.display_name);

  for (const variant of optionVariants(dump)) {
    const sku = withSuffix(variant.sku ?? '', run.suffix);
    await run.step(
      `variant ${sku}`,
      async () => {
        const optionValues = mapOptionValues(variant, options, sourceOptionNames);
        if (typeof optionValues === 'string') throw new Error(optionValues);
        const body = { ...variantBody(variant), sku };
        const mappedId = variant.id !== undefined ? run.idMap.variants[String(variant.id)] : undefined;
        const current = existing.get(lower(sku)) ?? (mappedId !== undefined ? byId.get(mappedId) : undefined);
        let written: Variant;
        if (current) {
          written = await client.products.variants.update(productId, current.id, body, { signal });
          run.result.variants.updated++;
          run.log(`Variant ${sku} updated`);
        } else {
          written = await createOnce(
            () =>
              client.products.variants.create(
                productId,
                { ...body, option_values: optionValues },
                { signal },
              ),
            async () =>
              (
                await client.products.variants.list(productId, { query: { sku }, limit: 5, signal })
              ).items.find((item) => lower(item.sku) === lower(sku)),
          );
          run.result.variants.created++;
          run.log(`Variant ${sku} created`);
        }
        if (variant.id !== undefined) run.idMap.variants[String(variant.id)] = written.id;
      },
      (error) => {
        run.result.variants.failed++;
        run.log(`Variant ${sku || '(no SKU)'} failed: ${describeFailure(error)}`);
      },
    );
  }
}

async function importModifiers(run: Run, productId: number) {
  const { client, dump, signal } = run;
  const target = new Map<string, Modifier>();
  for (const modifier of await client.products.modifiers.listAll(productId, { signal })) {
    target.set(lower(modifier.display_name), modifier);
  }
  for (const modifier of dump.modifiers) {
    await run.step(
      `modifier ${modifier.display_name}`,
      async () => {
        const body: Body = {
          display_name: modifier.display_name,
          type: modifier.type,
          required: modifier.required,
          ...pick(modifier, ['sort_order', 'config']),
        };
        const values = modifier.option_values.map((value) => modifierValueBody(value));
        let current = target.get(lower(modifier.display_name));
        if (current) {
          current = await client.products.modifiers.update(productId, current.id, body, { signal });
          run.log(`Modifier "${modifier.display_name}" updated`);
        } else {
          // A checkbox modifier is created with its two values; the others take their values on create.
          const createBody = modifier.type === 'checkbox' ? body : { ...body, option_values: values };
          current = await createOnce(
            () => client.products.modifiers.create(productId, createBody, { signal }),
            async () =>
              (await client.products.modifiers.listAll(productId, { signal })).find(
                (item) => lower(item.display_name) === lower(modifier.display_name),
              ),
          );
          run.log(`Modifier "${modifier.display_name}" created`);
        }
        await syncModifierValues(run, productId, current, values);
        target.set(lower(modifier.display_name), current);
        if (modifier.id !== undefined) run.idMap.modifiers[String(modifier.id)] = current.id;
        run.result.modifiers.success++;
      },
      (error) => {
        run.result.modifiers.failed++;
        run.log(`Modifier "${modifier.display_name}" failed: ${describeFailure(error)}`);
      },
    );
  }
}

/** The modifier's values brought to the source's: same labels updated (adjusters and all), missing ones added. */
async function syncModifierValues(run: Run, productId: number, modifier: Modifier, values: Body[]) {
  const { client, signal } = run;
  const base = `/v3/catalog/products/${productId}/modifiers/${modifier.id}/values`;
  const current = new Map((modifier.option_values ?? []).map((value) => [lower(value.label), value]));
  for (const value of values) {
    const match = current.get(lower(typeof value.label === 'string' ? value.label : ''));
    if (match) {
      const same = ['sort_order', 'is_default'].every(
        (key) => value[key] === undefined || value[key] === match[key],
      );
      if (
        same &&
        JSON.stringify(value.adjusters ?? {}) === JSON.stringify(normaliseAdjusters(match.adjusters))
      )
        continue;
      await client.http.put(`${base}/${match.id}`, value, { signal });
    } else if (modifier.option_values !== undefined && value.label) {
      await client.http.post(base, value, { signal, schema: modifierValueSchema });
    }
  }
}

function normaliseAdjusters(adjusters: unknown): Body {
  if (!adjusters || typeof adjusters !== 'object') return {};
  const out: Body = {};
  for (const [key, value] of Object.entries(adjusters as Body)) {
    if (value === null || value === undefined || value === '') continue;
    out[key] = value;
  }
  return out;
}

async function importImages(run: Run, productId: number) {
  const { client, dump, signal } = run;
  const target = await client.products.images.listAll(productId, { signal });
  const ids = new Set(target.map((image) => image.id));
  /** Target images already matched to a source image: one target image stands for one source image. */
  const used = new Set<number>(
    dump.images.flatMap((image) => {
      const mapped = image.id !== undefined ? run.idMap.images[String(image.id)] : undefined;
      return mapped !== undefined && ids.has(mapped) ? [mapped] : [];
    }),
  );
  const matches = (key: string) =>
    target.find((image) => !used.has(image.id) && imageMadeFrom(image.image_file ?? '', key))?.id;
  for (const image of dump.images) {
    const url = imageSourceUrl(image);
    const label = url.split('?')[0]?.split('/').pop() ?? `#${image.id ?? '?'}`;
    if (!url) {
      run.result.images.skipped++;
      run.log(`Image #${image.id ?? '?'} skipped: it has no URL`);
      run.tick('image');
      continue;
    }
    await run.step(
      `image ${label}`,
      async () => {
        const mapped = image.id !== undefined ? run.idMap.images[String(image.id)] : undefined;
        const existing =
          (mapped !== undefined && ids.has(mapped) ? mapped : undefined) ?? matches(imageKey(url));
        if (existing !== undefined) {
          used.add(existing);
          if (image.id !== undefined) run.idMap.images[String(image.id)] = existing;
          run.result.images.skipped++;
          run.log(`Image ${label} already there`);
          return;
        }
        const key = imageKey(url);
        const created = await createOnce(
          () =>
            client.products.images.create(
              productId,
              { image_url: url, ...pick(image, ['is_thumbnail', 'sort_order', 'description']) },
              { signal },
            ),
          async () =>
            (await client.products.images.listAll(productId, { signal })).find(
              (item) => !ids.has(item.id) && imageMadeFrom(item.image_file ?? '', key),
            ),
        );
        ids.add(created.id);
        used.add(created.id);
        if (image.id !== undefined) run.idMap.images[String(image.id)] = created.id;
        run.result.images.success++;
        run.log(`Image ${label} added`);
      },
      (error) => {
        run.result.images.failed++;
        run.log(`Image ${label} refused by the target: ${describeFailure(error)}`);
      },
    );
  }
}

async function importVideos(run: Run, productId: number) {
  const { client, dump, signal } = run;
  const have = new Set(
    (await client.products.videos.listAll(productId, { signal })).map((video) => video.video_id),
  );
  for (const video of dump.videos) {
    await run.step(
      `video ${video.video_id}`,
      async () => {
        if (!have.has(video.video_id)) {
          await createOnce(
            () =>
              client.products.videos.create(
                productId,
                { type: 'youtube', ...pick(video, ['video_id', 'title', 'description', 'sort_order']) },
                { signal },
              ),
            async () =>
              (await client.products.videos.listAll(productId, { signal })).find(
                (item) => item.video_id === video.video_id,
              ),
          );
          have.add(video.video_id);
          run.log(`Video ${video.video_id} added`);
        } else {
          run.log(`Video ${video.video_id} already there`);
        }
        run.result.videos.success++;
      },
      (error) => {
        run.result.videos.failed++;
        run.log(`Video ${video.video_id} failed: ${describeFailure(error)}`);
      },
    );
  }
}

async function importCustomFields(run: Run, productId: number) {
  const { client, dump, signal } = run;
  const have = new Set(
    (await client.products.customFields.listAll(productId, { signal })).map(
      (field) => `${field.name}\u0000${field.value}`,
    ),
  );
  for (const field of dump.custom_fields) {
    await run.step(
      `custom field ${field.name}`,
      async () => {
        const key = `${field.name}\u0000${field.value}`;
        if (!have.has(key)) {
          await createOnce(
            () =>
              client.products.customFields.create(
                productId,
                { name: field.name, value: field.value },
                { signal },
              ),
            async () =>
              (await client.products.customFields.listAll(productId, { signal })).find(
                (item) => item.name === field.name && item.value === field.value,
              ),
          );
          have.add(key);
        }
        run.result.customFields.success++;
      },
      (error) => {
        run.result.customFields.failed++;
        run.log(`Custom field "${field.name}" failed: ${describeFailure(error)}`);
      },
    );
  }
  if (dump.custom_fields.length > 0) run.log(`Custom fields: ${run.result.customFields.success} in place`);
}

async function importBulkPricing(run: Run, productId: number) {
  const { client, dump, signal } = run;
  const existing = await client.products.bulkPricingRules.listAll(productId, { signal });
  for (const rule of dump.bulk_pricing_rules) {
    await run.step(
      `bulk pricing ${rule.quantity_min}-${rule.quantity_max}`,
      async () => {
        const body = pick(rule, ['quantity_min', 'quantity_max', 'type', 'amount']);
        const match = existing.find(
          (item) => item.quantity_min === rule.quantity_min && item.quantity_max === rule.quantity_max,
        );
        if (!match) {
          await createOnce(
            () => client.products.bulkPricingRules.create(productId, body, { signal }),
            async () =>
              (await client.products.bulkPricingRules.listAll(productId, { signal })).find(
                (item) => item.quantity_min === rule.quantity_min && item.quantity_max === rule.quantity_max,
              ),
          );
        } else if (match.type !== rule.type || Number(match.amount) !== Number(rule.amount)) {
          await client.products.bulkPricingRules.update(productId, match.id, body, { signal });
        }
        run.result.bulkPricing.success++;
      },
      (error) => {
        run.result.bulkPricing.failed++;
        run.log(
          `Bulk pricing rule ${rule.quantity_min}-${rule.quantity_max} failed: ${describeFailure(error)}`,
        );
      },
    );
  }
  if (dump.bulk_pricing_rules.length > 0)
    run.log(`Bulk pricing rules: ${run.result.bulkPricing.success} in place`);
}

async function importReviews(run: Run, productId: number) {
  const { client, dump, signal } = run;
  const key = (review: { title?: string; name?: string; date_reviewed?: string }) =>
    `${lower(review.title)}\u0000${lower(review.name)}\u0000${review.date_reviewed ? Date.parse(review.date_reviewed) : ''}`;
  const have = new Set((await client.products.reviews.listAll(productId, { signal })).map(key));
  for (const review of dump.reviews) {
    const r = review as { title: string; name?: string; date_reviewed?: string };
    if (!r.date_reviewed || !r.title) {
      run.result.reviews.skipped++;
      run.log(`Review "${r.title}" skipped: it has no title or review date`);
      run.tick('review');
      continue;
    }
    if (have.has(key(r))) {
      run.result.reviews.skipped++;
      run.tick('review');
      continue;
    }
    await run.step(
      `review ${r.title}`,
      async () => {
        await createOnce(
          () =>
            client.products.reviews.create(
              productId,
              pick(review, ['title', 'text', 'status', 'rating', 'email', 'name', 'date_reviewed']),
              { signal },
            ),
          async () =>
            (await client.products.reviews.listAll(productId, { signal })).find(
              (item) => key(item) === key(r),
            ),
        );
        have.add(key(r));
        run.result.reviews.success++;
      },
      (error) => {
        run.result.reviews.failed++;
        run.log(`Review "${r.title}" failed: ${describeFailure(error)}`);
      },
    );
  }
  if (run.result.reviews.skipped > 0)
    run.log(`Reviews: ${run.result.reviews.skipped} already there or skipped`);
}

async function assignChannels(run: Run, productId: number) {
  const { client, signal } = run;
  const channels = run.analysis.plan.channels;
  if (channels.length === 0) return;
  const found = channels.filter((channel) => channel.targetId !== null);
  for (const channel of channels.filter((item) => item.targetId === null)) {
    run.result.channels.error++;
    run.log(`Channel ${channel.name ?? `#${channel.sourceId}`} does not exist in the target`);
  }
  await run.step(
    'channels',
    async () => {
      if (found.length === 0) return;
      await client.assignments.channels.assign(
        found.map((channel) => ({ product_id: productId, channel_id: channel.targetId! })),
        { signal },
      );
      run.result.channels.success += found.length;
      run.log(`Assigned to channels ${found.map((channel) => channel.name ?? channel.targetId).join(', ')}`);
    },
    (error) => {
      run.result.channels.error += found.length;
      run.log(`Channel assignment failed: ${describeFailure(error)}`);
    },
  );
}

/** Imports `dump` into the client's store. Fails as a whole only when the product itself cannot be written. */
export async function importProduct(
  client: BigCommerceClient,
  dump: ProductDump,
  command: ImportProductCommand,
  options: ImportProductRunOptions = {},
): Promise<ImportProductResult> {
  const { signal } = options;
  const analysis = await analyseImport(client, dump, { ...command, signal });
  const run = new Run(client, dump, analysis, command, options);
  run.result.notCarried.push(...notCarriedFields(dump));
  for (const category of analysis.plan.categories.filter((item) => item.targetId === null)) {
    run.result.notCarried.push(
      `category ${category.path.length ? category.path.join(' > ') : `#${category.sourceId}`}: not in the target`,
    );
  }
  for (const note of analysis.plan.notes) run.log(note);

  if (analysis.plan.action === 'skip') {
    run.result.action = 'skipped';
    run.result.productId = analysis.existing?.id ?? 0;
    run.log(`The target already has SKU ${dump.sku} (#${run.result.productId}): skipped, nothing written`);
    return { ...run.result, idMap: run.idMap };
  }

  const product = await writeProduct(run);
  run.tick('product');
  run.idMap.product[String(dump.id)] = product.id;
  run.result.productId = product.id;
  run.result.productName = product.name ?? analysis.plan.name;
  run.result.productSku = product.sku ?? analysis.plan.sku;
  run.result.action =
    analysis.plan.action === 'copy' && !analysis.existing
      ? 'copied'
      : analysis.existing
        ? 'updated'
        : 'created';
  run.log(`Product #${product.id} "${run.result.productName}" ${run.result.action}`);

  const options_ = await importOptions(run, product.id);
  await importVariants(run, product.id, options_);
  await importModifiers(run, product.id);
  await importImages(run, product.id);
  await importVideos(run, product.id);
  await importCustomFields(run, product.id);
  await importBulkPricing(run, product.id);
  await importReviews(run, product.id);
  await assignChannels(run, product.id);
  return { ...run.result, idMap: run.idMap };
}
