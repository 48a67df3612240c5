// Import Product, the write side (issue 13; spec part 1 §3 "Import product result"; API-NOTES §6 (d)). The dump is
// analysed first (import-product.analysis.ts), then written step by step: the product without read-only fields,
// options and their values, variants matched by SKU, modifiers, images by URL, videos, custom fields, bulk pricing
// rules, reviews, channel assignments. Every step is counted and logged; a step that fails does not stop the others.
//
// Nothing is created twice. Each item is first matched with what the target already has (by the key BigCommerce keeps
// unique, or by the id map of an earlier run), so a second import of the same dump updates instead of duplicating; a
// create that failed in a way that leaves its fate unknown is looked up by that key before it is sent again
// (createOnce). A run cut short is therefore continued by running it again. Two runs at the same time (two tabs, two
// instances) would both find nothing and both create: with `exclusive`, a run holds the lease of its store and SKU
// (issue 29), so the second waits for the first and then continues it.
import {
  DEFAULT_COPY_SUFFIX,
  emptyImportProductResult,
  MODIFIER_DATE_FIELDS,
  type ExistingProductAction,
  type ImportIdMap,
  type ImportNotice,
  type ImportProductResult,
} from '../../../common/contracts/import-product';
import { listedProductId, PRODUCT_LIST_TYPES, type ProductDump } from '../../../common/dumps/product-dump';
import { ERROR_CODES } from '../../../common/errors';
import type { BeforeWrite } from '../../jobs/before-job';
import type { Exclusive } from '../../db/lease';
import { AppError } from '../../errors';
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
  imageSource,
  listedReasonText,
  lower,
  notCarriedFields,
  optionVariants,
  variantsWithSku,
  withSuffix,
  WRITABLE_PRODUCT_FIELDS,
  type Analysis,
} from './import-product.analysis';
import {
  VARIANT_CODE_FIELDS,
  VARIANT_PRICE_FIELDS,
  VARIANT_PURCHASING_FIELDS,
} from '../../../common/catalog/product-fields';

export type ImportProgressEvent = { done: number; total: number; step: string };

export type ImportProductCommand = {
  onExistingSku: ExistingProductAction;
  copySuffix?: string;
  idMap?: ImportIdMap;
};

export type ImportProductRunOptions = {
  signal?: AbortSignal;
  onProgress?: (progress: ImportProgressEvent) => void;
  /**
   * Runs the import as the only one of its product in its store, on any instance (server/db/lease.ts): a second
   * import of the same SKU into the same store waits for the first to end, then continues it (issue 29).
   */
  exclusive?: Exclusive;
  /** Takes a snapshot of the target's product before it is updated (Store History, issue 32). */
  beforeWrite?: BeforeWrite;
};

/**
 * The lease an import holds: the target store and the dump's SKU (lower-cased, as BigCommerce compares SKUs), or its
 * name for a product without a SKU. Whatever the existing-SKU choice, every import of a dump starts from that key.
 */
export function importProductLeaseKey(storeHash: string, dump: Pick<ProductDump, 'sku' | 'name'>): string {
  const sku = lower(dump.sku);
  return `import-product:${storeHash}:${sku ? `sku:${sku}` : `name:${lower(dump.name)}`}`;
}

/** Said when another import of the same product into the same store holds it past the wait. */
export function importBusyMessage(dump: Pick<ProductDump, 'sku' | 'name'>): string {
  return `Another import of ${productLabel(dump)} into this store is running. Please wait for it to end and try again.`;
}

/** "SKU ABC-1", or `the product "Name"` without a SKU. */
function productLabel(dump: Pick<ProductDump, 'sku' | 'name'>): string {
  return dump.sku.trim() ? `SKU ${dump.sku}` : `the product "${dump.name}"`;
}

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
  ...VARIANT_PRICE_FIELDS,
  ...VARIANT_PURCHASING_FIELDS,
  'image_url',
  ...VARIANT_CODE_FIELDS,
  'inventory_level',
  'inventory_warning_level',
  'bin_picking_number',
] as const;

const VALUE_FIELDS = ['label', 'sort_order', 'is_default', 'value_data'] as const;

/**
 * A variant's writable fields, copied exactly. `null` in a price or the weight means "use the product's" and `0` is a
 * price (or weight) of its own (product-variants_catalog.v3.yml lines 2028-2057, productVariant_Base; the POST model
 * alike, lines 2231-2260): a 0 must stay 0 and a null stay null.
 */
export function variantBody(variant: Record<string, unknown>): Body {
  const body = pick(variant, VARIANT_FIELDS);
  if (typeof body.gtin === 'number') body.gtin = String(body.gtin);
  if (body.image_url === '') delete body.image_url;
  return body;
}

/**
 * An option or modifier value's body: `value_data` only as an object (the request schema is an object,
 * product-variant-options_catalog.v3.yml 358-362), never the `null` a dump may hold.
 */
function valueBody(value: Record<string, unknown>): Body {
  const body = pick(value, VALUE_FIELDS);
  if (body.value_data === null || typeof body.value_data !== 'object') delete body.value_data;
  return body;
}

function modifierValueBody(value: Record<string, unknown>): Body {
  const body = valueBody(value);
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
  /** The target product, once written. */
  productId = 0;
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

  notice(notice: ImportNotice) {
    this.result.notices.push(notice);
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
  const matched = analysis.plan.categories.flatMap((category) =>
    category.targetId === null ? [] : [category.targetId],
  );
  // An update replaces the product's categories with the array sent ("all product categories will be overwritten",
  // products_catalog.v3.yml 7714-7717): the target's own categories are kept, the matched ones added (issue 40).
  const kept = forCreate ? [] : (analysis.existing?.categories ?? []).map(Number);
  body.categories = [...new Set([...kept, ...matched])];
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

/**
 * The values of a product-list option or modifier, each `value_data.product_id` (an id of the source store,
 * product-modifiers_catalog.v3.yml line 30) moved to the target's product with the same SKU. A value whose product is
 * not found is left out and listed in the result, never written with the source's id, which names another product
 * or none in the target. Null when every value is left out: the option or modifier itself is then left out, since
 * an empty list offers nothing (and a required one would block the purchase). Other types pass unchanged.
 */
function listedValues(
  run: Run,
  owner: 'option' | 'modifier',
  item: { display_name: string; type: string; option_values: readonly unknown[] },
  values: Body[],
): Body[] | null {
  if (!PRODUCT_LIST_TYPES.has(item.type)) return values;
  const kept = values.flatMap((value) => {
    const data = value.value_data && typeof value.value_data === 'object' ? (value.value_data as Body) : {};
    const sourceId = listedProductId(data);
    const match = sourceId === null ? undefined : run.analysis.listed.get(sourceId);
    const targetId =
      sourceId !== null && sourceId === run.dump.id ? run.productId : (match?.targetId ?? null);
    if (targetId !== null) return [{ ...value, value_data: { ...data, product_id: targetId } }];
    const label = typeof value.label === 'string' ? value.label : '';
    const why = { sourceId, sku: match?.sku ?? null, reason: match?.reason ?? 'not_in_dump' } as const;
    run.notice({
      kind: 'product_list_value',
      owner,
      name: item.display_name,
      label,
      sourceProductId: sourceId,
      ...why,
    });
    run.log(`"${item.display_name}": the value "${label}" is left out: ${listedReasonText(why)}`);
    return [];
  });
  if (kept.length > 0 || item.option_values.length === 0) return kept;
  run.notice({ kind: 'product_list_left_out', owner, name: item.display_name });
  run.log(`"${item.display_name}" is left out: none of the products it lists is in the target`);
  return null;
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
        const values = listedValues(
          run,
          'option',
          option,
          option.option_values.map((value) => valueBody(value)),
        );
        if (values === null) return;
        if (!current) {
          const body = {
            display_name: option.display_name,
            type: option.type,
            ...pick(option, ['sort_order', 'config']),
            option_values: values,
          };
          current = await createOnce(
            () => client.products.options.create(productId, body, { signal }),
            async () =>
              (await client.products.options.listAll(productId, { signal })).find(
                (item) => lower(item.display_name) === lower(option.display_name),
              ),
          );
          run.log(`Option "${option.display_name}" created (${values.length} values)`);
        } else {
          // Values the target's option lacks are added to it, matched by label.
          const labels = new Set((current.option_values ?? []).map((value) => lower(value.label)));
          const added: NonNullable<Option['option_values']> = [];
          for (const value of values) {
            if (labels.has(lower(String(value.label)))) continue;
            added.push(await client.products.optionValues.create(productId, current.id, value, { signal }));
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
            // `GET /catalog/products/{id}/variants` takes no `sku` filter (product-variants_catalog.v3.yml lines
            // 63-67); the store-wide list does (line 1045).
            async () =>
              (await variantsWithSku(client, sku, signal)).find((item) => item.product_id === productId),
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

/** ISO-8601 ATOM, PHP's `Y-m-d\TH:i:sP`: `2025-08-15T15:52:01+00:00`. */
const ATOM_DATE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}[+-]\d{2}:\d{2}$/;

/** What a dump holds as a date, written as an ISO-8601 ATOM date-time (UTC when it is not one already), or null. */
export function atomDate(value: unknown): string | null {
  if (typeof value !== 'string' || value.trim() === '') return null;
  const text = value.trim();
  const ms = Date.parse(text);
  if (Number.isNaN(ms)) return null;
  return ATOM_DATE.test(text) ? text : new Date(ms).toISOString().replace(/\.\d{3}Z$/, '+00:00');
}

/**
 * A date modifier's config with its three dates as ISO-8601 ATOM: BigCommerce requires them so, and "Excluding them
 * in a request will throw a server error" (product-modifiers_catalog.v3.yml lines 211 and 423; config_Full, lines
 * 2103-2137). A date the dump lacks, or that does not read as a date, is filled (the default date for a limit, the
 * dump's own date when it has no date at all) and the result says so: the documents give no value to use instead.
 */
function dateConfig(run: Run, name: string, config: Body): Body {
  const dates = Object.fromEntries(
    MODIFIER_DATE_FIELDS.map((field) => [field, atomDate(config[field])]),
  ) as Record<(typeof MODIFIER_DATE_FIELDS)[number], string | null>;
  const fallback =
    dates.default_value ??
    dates.date_earliest_value ??
    dates.date_latest_value ??
    atomDate(run.dump.dumpedAt) ??
    new Date(0).toISOString().replace(/\.\d{3}Z$/, '+00:00');
  const out: Body = { ...config };
  for (const field of MODIFIER_DATE_FIELDS) {
    const sent = dates[field] ?? fallback;
    out[field] = sent;
    if (dates[field] !== null) continue;
    const raw = config[field];
    const original = typeof raw === 'string' && raw.trim() !== '' ? raw : null;
    run.notice({ kind: 'modifier_date', name, field, original, sent });
    run.log(
      `Modifier "${name}": ${field} ${original === null ? 'missing' : `"${original}" is no date`}; ${sent} sent`,
    );
  }
  return out;
}

/** A modifier's create or update body, as product-modifiers_catalog.v3.yml documents it. */
function modifierBody(run: Run, modifier: ProductDump['modifiers'][number]): Body {
  const body: Body = {
    display_name: modifier.display_name,
    type: modifier.type,
    // Required on POST (lines 200-203) and on PUT (lines 434-436) alike: always sent.
    required: modifier.required,
    ...pick(modifier, ['sort_order']),
  };
  const config =
    modifier.config && typeof modifier.config === 'object' && !Array.isArray(modifier.config)
      ? (modifier.config as Body)
      : undefined;
  // A checkbox keeps `checkbox_label` and `checked_by_default` in its config (lines 51-52), copied as they are.
  if (modifier.type === 'date') body.config = dateConfig(run, modifier.display_name, config ?? {});
  else if (config) body.config = config;
  return body;
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
        const values = listedValues(
          run,
          'modifier',
          modifier,
          modifier.option_values.map((value) => modifierValueBody(value)),
        );
        if (values === null) return;
        const body = modifierBody(run, modifier);
        let current = target.get(lower(modifier.display_name));
        if (current) {
          current = await client.products.modifiers.update(productId, current.id, body, { signal });
          run.log(`Modifier "${modifier.display_name}" updated`);
        } else {
          // "It takes two separate requests to create a new checkbox modifier with option values" (line 209):
          // BigCommerce makes its two values, which are then updated. The others take their values on create.
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

/** The checked state a checkbox value stands for: `value_data.checked_value` (line 30), or undefined. */
function checkedValue(value: { value_data?: unknown }): boolean | undefined {
  const data = value.value_data;
  const checked =
    data && typeof data === 'object' ? (data as { checked_value?: unknown }).checked_value : undefined;
  return typeof checked === 'boolean' ? checked : undefined;
}

/** Whether a target value already holds what the source value says. */
function sameValue(value: Body, match: Record<string, unknown>): boolean {
  const json = (item: unknown) => JSON.stringify(item ?? null);
  return (
    value.label === match.label &&
    ['sort_order', 'is_default'].every((key) => value[key] === undefined || value[key] === match[key]) &&
    (value.value_data === undefined || json(value.value_data) === json(match.value_data)) &&
    JSON.stringify(value.adjusters ?? {}) === JSON.stringify(normaliseAdjusters(match.adjusters))
  );
}

/**
 * The modifier's values brought to the source's: matched ones updated (label, adjusters and all), missing ones added.
 * A checkbox's two values are made by BigCommerce and matched by the state they stand for, not by label (a store may
 * call them otherwise than "Yes" and "No"); a checkbox takes no third value.
 */
async function syncModifierValues(run: Run, productId: number, modifier: Modifier, values: Body[]) {
  const { client, signal } = run;
  const base = `/v3/catalog/products/${productId}/modifiers/${modifier.id}/values`;
  const targetValues = modifier.option_values ?? [];
  const byLabel = new Map(targetValues.map((value) => [lower(value.label), value]));
  const isCheckbox = modifier.type === 'checkbox';
  for (const value of values) {
    const label = typeof value.label === 'string' ? value.label : '';
    const checked = isCheckbox ? checkedValue(value) : undefined;
    const match =
      checked !== undefined
        ? targetValues.find((item) => checkedValue(item) === checked)
        : byLabel.get(lower(label));
    if (match) {
      if (!sameValue(value, match)) await client.http.put(`${base}/${match.id}`, value, { signal });
    } else if (isCheckbox) {
      run.log(
        `Modifier "${modifier.display_name}": the checkbox value "${label}" has no counterpart in the target`,
      );
    } else if (modifier.option_values !== undefined && label) {
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
    const source = imageSource(image);
    const url = source?.url ?? '';
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
        if (source && source.size !== 'original') {
          // No REST address of the original exists (imageSource): the copy's size limits the import.
          run.notice({ kind: 'image_resized', image: label, size: source.size });
          run.log(
            `Image ${label} added from BigCommerce's ${source.size} copy (url_zoom: at most 1280 x 1280 px)`,
          );
        } else {
          run.log(`Image ${label} added`);
        }
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

/**
 * Imports `dump` into the client's store. Fails as a whole only when the product itself cannot be written, or when
 * another import of the same product into the same store is still running after the wait (`import_busy`).
 */
export async function importProduct(
  client: BigCommerceClient,
  dump: ProductDump,
  command: ImportProductCommand,
  options: ImportProductRunOptions = {},
): Promise<ImportProductResult> {
  if (!options.exclusive) return writeImport(client, dump, command, options, false);
  let waited = false;
  return options.exclusive(
    [importProductLeaseKey(client.storeHash, dump)],
    () => writeImport(client, dump, command, options, waited),
    {
      onBusy: () => new AppError(ERROR_CODES.importBusy, importBusyMessage(dump)),
      onWait: () => {
        waited = true;
        options.onProgress?.({
          done: 0,
          total: 0,
          step: `Waiting for another import of ${productLabel(dump)} into this store to end`,
        });
      },
    },
  );
}

async function writeImport(
  client: BigCommerceClient,
  dump: ProductDump,
  command: ImportProductCommand,
  options: ImportProductRunOptions,
  waited: boolean,
): Promise<ImportProductResult> {
  const { signal } = options;
  const analysis = await analyseImport(client, dump, { ...command, signal });
  const run = new Run(client, dump, analysis, command, options);
  if (waited) run.log(`Waited for another import of ${productLabel(dump)} into this store to end first`);
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

  if (analysis.existing && analysis.plan.action === 'update' && options.beforeWrite) {
    // The product it will change, as the target holds it now, kept where Store History can show and restore it.
    const id = analysis.existing.id;
    const before = await options.beforeWrite({ products: [id] });
    run.log(
      'snapshotId' in before
        ? `Product #${id} as it was before this import is kept in Store History`
        : `No snapshot of product #${id} before this import: ${before.skipped}`,
    );
  }
  const product = await writeProduct(run);
  run.productId = product.id;
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
