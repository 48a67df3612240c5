// Import Product, the modifiers step: each modifier matched by display name, created or updated, its values brought
// to the source's; a date modifier's dates written as BigCommerce requires them.
import { MODIFIER_DATE_FIELDS } from '../../../../common/contracts/import-product';
import type { ProductDump } from '../../../../common/dumps/product-dump';
import { modifierValueSchema, type Modifier } from '../../../integrations/bigcommerce';
import { createOnce } from '../../../integrations/bigcommerce/resource-api';
import { describeFailure, pick, type Body, type Run } from '../import-run';
import { lower } from '../import-product.analysis';
import { listedValues, valueBody } from './listed-values';

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
    if (original === null) run.log('logModifierDateMissing', { name, field, sent });
    else run.log('logModifierDateUnreadable', { name, field, original, sent });
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

export async function importModifiers(run: Run, productId: number) {
  const { client, dump, signal } = run;
  const target = new Map<string, Modifier>();
  for (const modifier of await client.products.modifiers.listAll(productId, { signal })) {
    target.set(lower(modifier.display_name), modifier);
  }
  for (const modifier of dump.modifiers) {
    await run.step(
      ['stepModifier', { name: modifier.display_name }],
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
          run.log('logModifierUpdated', { name: modifier.display_name });
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
          run.log('logModifierCreated', { name: modifier.display_name });
        }
        await syncModifierValues(run, productId, current, values);
        target.set(lower(modifier.display_name), current);
        if (modifier.id !== undefined) run.idMap.modifiers[String(modifier.id)] = current.id;
        run.result.modifiers.success++;
      },
      (error) => {
        run.result.modifiers.failed++;
        run.log('logModifierFailed', { name: modifier.display_name, error: describeFailure(error) });
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
      run.log('logCheckboxUnmatched', { name: modifier.display_name, label });
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
