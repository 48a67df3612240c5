// Variant options and their values (product-variant-options_catalog.v3.yml) [OPT getProductVariantOptions …
// deleteProductVariantOptionValue].
import { z } from 'zod';
import { type RouteDeps, type SandboxApp, V3 } from '../../core/app-env';
import { BcApiError, v3Data } from '../../core/envelope';
import { int, parseBody } from '../../core/body';
import { nextId, type StoreData } from '../../core/store-state';
import { applyValueUpdate, optionName } from '../records';
import {
  applyValueUpdates,
  pagedList,
  pathId,
  PRODUCT_ID,
  productOr404,
  readJson,
  recordProductWrite,
  rowOr404,
  v3Row,
  withoutRowOr404,
} from '../route-helpers';
import type { OptionValue, ProductOption, ProductRecord } from '../types';
import { dropVariantsUsing } from './product-variants';

export const optionValueSchema = z.object({
  label: z.string().min(1).max(255),
  sort_order: int.optional(),
  is_default: z.boolean().optional(),
  // An object or left out: the request schema is `type: object` (product-variant-options_catalog.v3.yml 358-362), so
  // `null` is refused (422), as a real store may.
  value_data: z.record(z.string(), z.unknown()).optional(),
});

/** The multiple-choice types: every variant option has one, and a modifier of one of them takes a list of values. */
export const MULTIPLE_CHOICE_TYPES = [
  'radio_buttons',
  'rectangles',
  'dropdown',
  'product_list',
  'product_list_with_images',
  'swatch',
] as const;

export const optionSchema = z.object({
  display_name: z.string().min(1).max(255),
  type: z.enum(MULTIPLE_CHOICE_TYPES),
  sort_order: int.optional(),
  config: z.record(z.string(), z.unknown()).optional(),
  option_values: z.array(optionValueSchema).max(250),
});

/** PUT of an option: every field optional; a value with the `id` of one of the option's values updates it. */
export const optionUpdateSchema = optionSchema.partial().extend({
  option_values: optionValueSchema.partial().extend({ id: int.optional() }).array().optional(),
});

/** Finds or creates the option (type `rectangles`) and value that a variant's `{option_display_name, label}` names. */
export function ensureOptionValue(
  data: StoreData,
  record: ProductRecord,
  displayName: string,
  label: string,
  nowMs: number,
) {
  let option = record.options.find((o) => o.display_name.toLowerCase() === displayName.toLowerCase());
  if (!option) {
    option = {
      id: nextId(data, 'option'),
      product_id: record.fields.id,
      name: optionName(displayName, record.fields.id, nowMs),
      display_name: displayName,
      type: 'rectangles',
      config: {},
      sort_order: record.options.length,
      option_values: [],
    };
    record.options.push(option);
  }
  let value = option.option_values.find((v) => v.label.toLowerCase() === label.toLowerCase());
  if (!value) {
    value = {
      id: nextId(data, 'optionValue'),
      label,
      sort_order: option.option_values.length,
      value_data: null,
      is_default: false,
    };
    option.option_values.push(value);
  }
  return { id: value.id, label: value.label, option_id: option.id, option_display_name: option.display_name };
}

/** Keeps the names carried in variants' option_values in step after an option or value is renamed. */
export function syncVariantOptionLabels(record: ProductRecord): void {
  for (const v of record.variants) {
    for (const ov of v.option_values) {
      const option = record.options.find((o) => o.id === ov.option_id);
      const value = option?.option_values.find((x) => x.id === ov.id);
      if (option) ov.option_display_name = option.display_name;
      if (value) ov.label = value.label;
    }
  }
}

export function serializeOption(option: ProductOption) {
  return { ...option, option_values: option.option_values.map((v) => ({ ...v })) };
}

const OPTION_ID = ':option_id{[0-9]+}';
const VALUE_ID = ':value_id{[0-9]+}';
const MAX_VALUES = 250;

function optionOr404(record: ProductRecord, id: number): ProductOption {
  return rowOr404(record.options, id, { option_id: `Option ${id} was not found.` });
}

function newValue(data: StoreData, input: z.infer<typeof optionValueSchema>, sortOrder: number): OptionValue {
  return {
    id: nextId(data, 'optionValue'),
    label: input.label,
    sort_order: input.sort_order ?? sortOrder,
    value_data: input.value_data ?? null,
    is_default: input.is_default ?? false,
  };
}

function assertUniqueLabels(values: { label: string }[]): void {
  const seen = new Set<string>();
  for (const v of values) {
    const key = v.label.toLowerCase();
    if (seen.has(key))
      throw new BcApiError(422, 'The option value label is a duplicate', {
        label: `"${v.label}" appears twice.`,
      });
    seen.add(key);
  }
}

export function registerOptionRoutes(app: SandboxApp, deps: RouteDeps): void {
  const base = `${V3}/catalog/products/${PRODUCT_ID}/options`;

  app.get(base, (c) => {
    return pagedList(c, productOr404(c).options, serializeOption);
  });

  app.post(base, async (c) => {
    const store = c.get('store');
    const record = productOr404(c);
    const input = parseBody(optionSchema, await readJson(c));
    if (record.options.some((o) => o.display_name.toLowerCase() === input.display_name.toLowerCase())) {
      throw new BcApiError(409, 'The option display name is a duplicate', {
        display_name: `Product ${record.fields.id} already has an option "${input.display_name}".`,
      });
    }
    assertUniqueLabels(input.option_values);
    const option: ProductOption = {
      id: nextId(store.data, 'option'),
      product_id: record.fields.id,
      name: optionName(input.display_name, record.fields.id, deps.clock()),
      display_name: input.display_name,
      type: input.type,
      config: input.config ?? {},
      sort_order: input.sort_order ?? record.options.length,
      option_values: [],
    };
    option.option_values = input.option_values.map((v, i) => newValue(store.data, v, i));
    record.options.push(option);
    recordProductWrite(c, record, deps.clock());
    return v3Data(c, serializeOption(option));
  });

  app.get(`${base}/${OPTION_ID}`, (c) => {
    return v3Row(c, serializeOption(optionOr404(productOr404(c), pathId(c, 'option_id'))));
  });

  app.put(`${base}/${OPTION_ID}`, async (c) => {
    const store = c.get('store');
    const record = productOr404(c);
    const option = optionOr404(record, pathId(c, 'option_id'));
    const input = parseBody(optionUpdateSchema, await readJson(c));
    if (
      input.display_name !== undefined &&
      record.options.some(
        (o) => o.id !== option.id && o.display_name.toLowerCase() === input.display_name!.toLowerCase(),
      )
    ) {
      throw new BcApiError(409, 'The option display name is a duplicate', {
        display_name: `"${input.display_name}" is taken.`,
      });
    }
    if (input.display_name !== undefined) option.display_name = input.display_name;
    if (input.type !== undefined) option.type = input.type;
    if (input.sort_order !== undefined) option.sort_order = input.sort_order;
    if (input.config !== undefined) option.config = input.config;
    applyValueUpdates(option.option_values, input.option_values, applyValueUpdate, (v) => {
      if (option.option_values.length >= MAX_VALUES)
        throw new BcApiError(422, 'An option can have at most 250 values.');
      option.option_values.push(newValue(store.data, v, option.option_values.length));
    });
    assertUniqueLabels(option.option_values);
    syncVariantOptionLabels(record);
    recordProductWrite(c, record, deps.clock());
    return v3Data(c, serializeOption(option));
  });

  app.delete(`${base}/${OPTION_ID}`, (c) => {
    const store = c.get('store');
    const record = productOr404(c);
    const option = optionOr404(record, pathId(c, 'option_id'));
    record.options = record.options.filter((o) => o.id !== option.id);
    dropVariantsUsing(store.data, record, new Set(option.option_values.map((v) => v.id)));
    recordProductWrite(c, record, deps.clock());
    return c.body(null, 204);
  });

  app.get(`${base}/${OPTION_ID}/values`, (c) => {
    const option = optionOr404(productOr404(c), pathId(c, 'option_id'));
    return pagedList(c, option.option_values);
  });

  app.post(`${base}/${OPTION_ID}/values`, async (c) => {
    const store = c.get('store');
    const record = productOr404(c);
    const option = optionOr404(record, pathId(c, 'option_id'));
    const input = parseBody(optionValueSchema, await readJson(c));
    if (option.option_values.length >= MAX_VALUES)
      throw new BcApiError(422, 'An option can have at most 250 values.');
    assertUniqueLabels([...option.option_values, input]);
    const value = newValue(store.data, input, option.option_values.length);
    option.option_values.push(value);
    recordProductWrite(c, record, deps.clock());
    return v3Data(c, { ...value });
  });

  app.get(`${base}/${OPTION_ID}/values/${VALUE_ID}`, (c) => {
    const option = optionOr404(productOr404(c), pathId(c, 'option_id'));
    return v3Row(c, rowOr404(option.option_values, pathId(c, 'value_id')));
  });

  app.put(`${base}/${OPTION_ID}/values/${VALUE_ID}`, async (c) => {
    const record = productOr404(c);
    const option = optionOr404(record, pathId(c, 'option_id'));
    const value = rowOr404(option.option_values, pathId(c, 'value_id'));
    const input = parseBody(optionValueSchema.partial(), await readJson(c));
    if (input.label !== undefined) {
      assertUniqueLabels([...option.option_values.filter((v) => v.id !== value.id), { label: input.label }]);
    }
    applyValueUpdate(value, input);
    syncVariantOptionLabels(record);
    recordProductWrite(c, record, deps.clock());
    return v3Data(c, { ...value });
  });

  app.delete(`${base}/${OPTION_ID}/values/${VALUE_ID}`, (c) => {
    const store = c.get('store');
    const record = productOr404(c);
    const option = optionOr404(record, pathId(c, 'option_id'));
    const id = pathId(c, 'value_id');
    option.option_values = withoutRowOr404(option.option_values, id);
    dropVariantsUsing(store.data, record, new Set([id]));
    recordProductWrite(c, record, deps.clock());
    return c.body(null, 204);
  });
}
