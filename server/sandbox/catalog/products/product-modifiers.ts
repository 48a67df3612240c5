// Product modifiers and their values (product-modifiers_catalog.v3.yml) [MOD getProductModifiers …
// deleteProductModifierValue]. A checkbox modifier gets its two values ("Yes"/"No") at creation; update them
// afterwards, as BigCommerce requires. Line numbers below are in
// ../shared/bigcommerce/openapi/catalog/product-modifiers_catalog.v3.yml.
import { z } from 'zod';
import { type RouteDeps, type SandboxApp, V3 } from '../../core/app-env';
import { BcApiError, v3Data } from '../../core/envelope';
import { int, num, parseBody } from '../../core/body';
import { nextId, type StoreData } from '../../core/store-state';
import { applyValueUpdate, defaultAdjusters, optionName } from '../records';
import {
  applyValueUpdates,
  pagedList,
  pagedRows,
  pathId,
  PRODUCT_ID,
  productOr404,
  readJson,
  recordProductWrite,
  requireFields,
  rowOr404,
  v3Row,
  withoutRowOr404,
} from '../route-helpers';
import type { Adjusters, Modifier, ModifierValue, ProductRecord } from '../types';
import { MULTIPLE_CHOICE_TYPES, optionValueSchema } from './product-variant-options';

/**
 * An adjuster, or none: `null`, or `{}` as BigCommerce answers a value without one (product-modifiers_catalog.v3.yml
 * 163-165; the request schema's `price` is an object with no required key).
 */
const adjusterSchema = z
  .union([
    z.object({ adjuster: z.enum(['relative', 'percentage']).nullable(), adjuster_value: num }),
    z.object({}).strict(),
  ])
  .nullable()
  .transform((v) =>
    v !== null && 'adjuster_value' in v ? { adjuster: v.adjuster, adjuster_value: v.adjuster_value } : null,
  );

export const modifierValueSchema = optionValueSchema.extend({
  adjusters: z
    .object({
      price: adjusterSchema.optional(),
      weight: adjusterSchema.optional(),
      image_url: z.string().optional(),
      purchasing_disabled: z.object({ status: z.boolean(), message: z.string().optional() }).optional(),
    })
    .optional(),
});

export const modifierSchema = z.object({
  display_name: z.string().min(1).max(255),
  type: z.enum([
    'date',
    'checkbox',
    'file',
    'text',
    'multi_line_text',
    'numbers_only_text',
    ...MULTIPLE_CHOICE_TYPES,
  ]),
  required: z.boolean(),
  sort_order: int.optional(),
  config: z.record(z.string(), z.unknown()).optional(),
  option_values: z.array(modifierValueSchema).max(250).optional(),
});

/** PUT of a modifier: every field optional; a value with the `id` of one of the modifier's values updates it. */
export const modifierUpdateSchema = modifierSchema.partial().extend({
  option_values: modifierValueSchema.partial().extend({ id: int.optional() }).array().optional(),
});

export function serializeModifier(modifier: Modifier) {
  return {
    ...modifier,
    option_values: modifier.option_values.map((v) => {
      const adjusters = { ...defaultAdjusters(), ...v.adjusters };
      // No adjuster reads `{}`, as BigCommerce's own example answers (product-modifiers_catalog.v3.yml 163-165).
      return {
        ...v,
        adjusters: { ...adjusters, price: adjusters.price ?? {}, weight: adjusters.weight ?? {} },
      };
    }),
  };
}

const MODIFIER_ID = ':modifier_id{[0-9]+}';
const VALUE_ID = ':value_id{[0-9]+}';
const LIST_TYPES = new Set<string>(MULTIPLE_CHOICE_TYPES);
const PRODUCT_LIST_TYPES = new Set<string>(['product_list', 'product_list_with_images']);

/** ISO-8601 ATOM, PHP's `Y-m-d\TH:i:sP`: `2025-08-15T15:52:01+00:00` (config_Full, lines 2103-2137). */
const ATOM_DATE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}[+-]\d{2}:\d{2}$/;
const DATE_CONFIG_KEYS = ['default_value', 'date_earliest_value', 'date_latest_value'] as const;

/**
 * "Date modifiers are required to be provided in ISO-8601 ATOM format. Excluding them in a request will throw a
 * server error" (lines 211 and 423): a missing date answers 500, as documented; one in another format 422.
 */
function checkDateConfig(config: Record<string, unknown> | undefined): void {
  for (const key of DATE_CONFIG_KEYS) {
    const value = config?.[key];
    if (value === undefined || value === null || value === '') {
      throw new BcApiError(500, 'Internal Server Error', { [`config.${key}`]: 'The date is missing.' });
    }
    if (typeof value !== 'string' || !ATOM_DATE.test(value) || Number.isNaN(Date.parse(value))) {
      throw new BcApiError(422, 'JSON data is missing or invalid', {
        [`config.${key}`]: `config.${key}: must be an ISO-8601 ATOM date such as 2025-08-15T15:52:01+00:00`,
      });
    }
  }
}

/**
 * A product-list value names a product by `value_data.product_id` (line 30; "The `product list` type option requires
 * a `product_id`", line 1124). The sandbox also refuses an id that is no product of the store: an id from another
 * store must not pass silently (BigCommerce does not document the answer; 422 is its status for invalid data).
 */
function checkProductListValue(
  data: StoreData,
  valueData: Record<string, unknown> | null | undefined,
  key: string,
): void {
  const id = valueData?.product_id;
  if (typeof id !== 'number' || !Number.isInteger(id)) {
    throw new BcApiError(422, 'JSON data is missing or invalid', {
      [`${key}value_data.product_id`]: 'A product list value requires a product_id.',
    });
  }
  if (!data.products.has(id)) {
    throw new BcApiError(422, 'The product list names a product that does not exist', {
      [`${key}value_data.product_id`]: `Product ${id} does not exist.`,
    });
  }
}

type ValueInput = z.infer<typeof modifierValueSchema>;

function modifierOr404(record: ProductRecord, id: number): Modifier {
  return rowOr404(record.modifiers, id, { modifier_id: `Modifier ${id} was not found.` });
}

function adjustersFrom(input: ValueInput['adjusters'], current: Adjusters = defaultAdjusters()): Adjusters {
  if (!input) return current;
  return {
    price: input.price !== undefined ? input.price : current.price,
    weight: input.weight !== undefined ? input.weight : current.weight,
    image_url: input.image_url ?? current.image_url,
    purchasing_disabled: input.purchasing_disabled
      ? { status: input.purchasing_disabled.status, message: input.purchasing_disabled.message ?? '' }
      : current.purchasing_disabled,
  };
}

/** A modifier value's fields sent (its adjusters too) change, the others stay. */
function updateValue(value: ModifierValue, input: Partial<ValueInput>): void {
  applyValueUpdate(value, input);
  value.adjusters = adjustersFrom(input.adjusters, value.adjusters);
}

function newValue(data: StoreData, modifierId: number, input: ValueInput, sortOrder: number): ModifierValue {
  return {
    id: nextId(data, 'optionValue'),
    option_id: modifierId,
    label: input.label,
    sort_order: input.sort_order ?? sortOrder,
    value_data: input.value_data ?? null,
    is_default: input.is_default ?? false,
    adjusters: adjustersFrom(input.adjusters),
  };
}

export function registerModifierRoutes(app: SandboxApp, deps: RouteDeps): void {
  const base = `${V3}/catalog/products/${PRODUCT_ID}/modifiers`;

  app.get(base, (c) => {
    return pagedList(c, productOr404(c).modifiers, serializeModifier);
  });

  app.post(base, async (c) => {
    const store = c.get('store');
    const record = productOr404(c);
    const body = await readJson(c);
    requireFields(body, ['required', 'display_name', 'type']);
    const input = parseBody(modifierSchema, body);
    if (input.type === 'date') checkDateConfig(input.config);
    if (PRODUCT_LIST_TYPES.has(input.type)) {
      (input.option_values ?? []).forEach((v, i) =>
        checkProductListValue(store.data, v.value_data, `option_values.${i}.`),
      );
    }
    const all = [...record.options, ...record.modifiers];
    if (all.some((o) => o.display_name.toLowerCase() === input.display_name.toLowerCase())) {
      throw new BcApiError(409, 'The modifier display name is a duplicate', {
        display_name: `"${input.display_name}" is taken.`,
      });
    }
    const id = nextId(store.data, 'option');
    const modifier: Modifier = {
      id,
      product_id: record.fields.id,
      name: optionName(input.display_name, record.fields.id, deps.clock()),
      display_name: input.display_name,
      type: input.type,
      required: input.required,
      sort_order: input.sort_order ?? all.length,
      config: input.config ?? {},
      option_values: [],
    };
    if (input.type === 'checkbox') {
      modifier.option_values = [
        newValue(store.data, id, { label: 'Yes', value_data: { checked_value: true } }, 0),
        newValue(store.data, id, { label: 'No', value_data: { checked_value: false }, is_default: true }, 1),
      ];
    } else if (LIST_TYPES.has(input.type)) {
      modifier.option_values = (input.option_values ?? []).map((v, i) => newValue(store.data, id, v, i));
    }
    record.modifiers.push(modifier);
    recordProductWrite(c, record, deps.clock());
    return v3Data(c, serializeModifier(modifier));
  });

  app.get(`${base}/${MODIFIER_ID}`, (c) => {
    return v3Row(c, serializeModifier(modifierOr404(productOr404(c), pathId(c, 'modifier_id'))));
  });

  app.put(`${base}/${MODIFIER_ID}`, async (c) => {
    const store = c.get('store');
    const record = productOr404(c);
    const modifier = modifierOr404(record, pathId(c, 'modifier_id'));
    const body = await readJson(c);
    // The Modifier Put model requires `required` and `type` (lines 434-436).
    requireFields(body, ['required', 'type']);
    const input = parseBody(modifierUpdateSchema, body);
    if (modifier.type === 'date') checkDateConfig(input.config);
    if (PRODUCT_LIST_TYPES.has(modifier.type)) {
      (input.option_values ?? []).forEach((v, i) => {
        if (v.value_data !== undefined || v.id === undefined)
          checkProductListValue(store.data, v.value_data, `option_values.${i}.`);
      });
    }
    if (input.display_name !== undefined) modifier.display_name = input.display_name;
    if (input.required !== undefined) modifier.required = input.required;
    if (input.sort_order !== undefined) modifier.sort_order = input.sort_order;
    if (input.config !== undefined) modifier.config = input.config;
    if (input.type !== undefined && input.type !== modifier.type) {
      throw new BcApiError(422, 'The modifier type cannot be changed', {
        type: 'Delete and recreate the modifier.',
      });
    }
    const addValue = (v: ValueInput) => {
      modifier.option_values.push(newValue(store.data, modifier.id, v, modifier.option_values.length));
    };
    // New values only on a list type (a checkbox keeps the two it was created with).
    const takesValues = modifier.type !== 'checkbox' && LIST_TYPES.has(modifier.type);
    applyValueUpdates(
      modifier.option_values,
      input.option_values,
      updateValue,
      takesValues ? addValue : undefined,
    );
    recordProductWrite(c, record, deps.clock());
    return v3Data(c, serializeModifier(modifier));
  });

  app.delete(`${base}/${MODIFIER_ID}`, (c) => {
    const record = productOr404(c);
    const modifier = modifierOr404(record, pathId(c, 'modifier_id'));
    record.modifiers = record.modifiers.filter((m) => m.id !== modifier.id);
    recordProductWrite(c, record, deps.clock());
    return c.body(null, 204);
  });

  app.get(`${base}/${MODIFIER_ID}/values`, (c) => {
    const modifier = modifierOr404(productOr404(c), pathId(c, 'modifier_id'));
    return pagedRows(c, serializeModifier(modifier).option_values);
  });

  app.post(`${base}/${MODIFIER_ID}/values`, async (c) => {
    const store = c.get('store');
    const record = productOr404(c);
    const modifier = modifierOr404(record, pathId(c, 'modifier_id'));
    const input = parseBody(modifierValueSchema, await readJson(c));
    if (!LIST_TYPES.has(modifier.type)) {
      throw new BcApiError(422, `A ${modifier.type} modifier does not take values`);
    }
    if (PRODUCT_LIST_TYPES.has(modifier.type)) checkProductListValue(store.data, input.value_data, '');
    if (modifier.option_values.length >= 250)
      throw new BcApiError(422, 'A modifier can have at most 250 values.');
    const value = newValue(store.data, modifier.id, input, modifier.option_values.length);
    modifier.option_values.push(value);
    recordProductWrite(c, record, deps.clock());
    return v3Data(c, { ...value });
  });

  app.get(`${base}/${MODIFIER_ID}/values/${VALUE_ID}`, (c) => {
    const modifier = modifierOr404(productOr404(c), pathId(c, 'modifier_id'));
    const value = rowOr404(modifier.option_values, pathId(c, 'value_id'));
    return v3Data(c, { ...value });
  });

  app.put(`${base}/${MODIFIER_ID}/values/${VALUE_ID}`, async (c) => {
    const record = productOr404(c);
    const modifier = modifierOr404(record, pathId(c, 'modifier_id'));
    const value = rowOr404(modifier.option_values, pathId(c, 'value_id'));
    const input = parseBody(modifierValueSchema.partial(), await readJson(c));
    if (PRODUCT_LIST_TYPES.has(modifier.type) && input.value_data !== undefined) {
      checkProductListValue(c.get('store').data, input.value_data, '');
    }
    updateValue(value, input);
    recordProductWrite(c, record, deps.clock());
    return v3Data(c, { ...value });
  });

  app.delete(`${base}/${MODIFIER_ID}/values/${VALUE_ID}`, (c) => {
    const record = productOr404(c);
    const modifier = modifierOr404(record, pathId(c, 'modifier_id'));
    modifier.option_values = withoutRowOr404(modifier.option_values, pathId(c, 'value_id'));
    recordProductWrite(c, record, deps.clock());
    return c.body(null, 204);
  });
}
