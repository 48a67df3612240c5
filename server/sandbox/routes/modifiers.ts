// Product modifiers and their values [MOD getProductModifiers … deleteProductModifierValue]. A checkbox modifier
// gets its two values ("Yes"/"No") at creation; update them afterwards, as BigCommerce requires.
import type { z } from 'zod';
import type { RouteDeps, SandboxApp } from '../app-env';
import { V3 } from '../app-env';
import { serializeModifier } from '../catalog';
import { BcApiError, v3Data, v3List } from '../envelope';
import { fieldSelectionParams, pagingParams, selectFields } from '../query';
import { applyValueUpdate, defaultAdjusters, optionName } from '../records';
import { int, modifierSchema, modifierValueSchema, MULTIPLE_CHOICE_TYPES, parseBody } from '../schemas';
import { nextId, type StoreData } from '../store-state';
import type { Adjusters, Modifier, ModifierValue, ProductRecord } from '../types';
import {
  pagedList,
  pathId,
  productOr404,
  query,
  readJson,
  recordProductWrite,
  rowOr404,
  withoutRowOr404,
} from './helpers';
import { PRODUCT_ID } from './products';

const MODIFIER_ID = ':modifier_id{[0-9]+}';
const VALUE_ID = ':value_id{[0-9]+}';
const LIST_TYPES = new Set<string>(MULTIPLE_CHOICE_TYPES);

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
    if (typeof body === 'object' && body !== null && !Array.isArray(body)) {
      const missing = (['required', 'display_name', 'type'] as const).filter((k) => !(k in body));
      if (missing.length > 0) {
        throw new BcApiError(
          422,
          'Missing Required Fields',
          Object.fromEntries(missing.map((k) => [k, `Please provide ${k}.`])),
        );
      }
    }
    const input = parseBody(modifierSchema, body);
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
    const modifier = modifierOr404(productOr404(c), pathId(c, 'modifier_id'));
    return v3Data(c, selectFields(serializeModifier(modifier), fieldSelectionParams(query(c))));
  });

  app.put(`${base}/${MODIFIER_ID}`, async (c) => {
    const store = c.get('store');
    const record = productOr404(c);
    const modifier = modifierOr404(record, pathId(c, 'modifier_id'));
    const schema = modifierSchema.partial().extend({
      option_values: modifierValueSchema.partial().extend({ id: int.optional() }).array().optional(),
    });
    const input = parseBody(schema, await readJson(c));
    if (input.display_name !== undefined) modifier.display_name = input.display_name;
    if (input.required !== undefined) modifier.required = input.required;
    if (input.sort_order !== undefined) modifier.sort_order = input.sort_order;
    if (input.config !== undefined) modifier.config = input.config;
    if (input.type !== undefined && input.type !== modifier.type) {
      throw new BcApiError(422, 'The modifier type cannot be changed', {
        type: 'Delete and recreate the modifier.',
      });
    }
    for (const v of input.option_values ?? []) {
      const existing = v.id !== undefined ? modifier.option_values.find((x) => x.id === v.id) : undefined;
      if (existing) {
        applyValueUpdate(existing, v);
        existing.adjusters = adjustersFrom(v.adjusters, existing.adjusters);
      } else if (modifier.type !== 'checkbox' && LIST_TYPES.has(modifier.type)) {
        if (!v.label)
          throw new BcApiError(422, 'Missing Required Fields', { label: 'Please provide a label.' });
        modifier.option_values.push(
          newValue(store.data, modifier.id, { ...v, label: v.label }, modifier.option_values.length),
        );
      }
    }
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
    const q = query(c);
    const { page, limit } = pagingParams(q, 250);
    return v3List(c, serializeModifier(modifier).option_values, page, limit);
  });

  app.post(`${base}/${MODIFIER_ID}/values`, async (c) => {
    const store = c.get('store');
    const record = productOr404(c);
    const modifier = modifierOr404(record, pathId(c, 'modifier_id'));
    const input = parseBody(modifierValueSchema, await readJson(c));
    if (!LIST_TYPES.has(modifier.type)) {
      throw new BcApiError(422, `A ${modifier.type} modifier does not take values`);
    }
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
    applyValueUpdate(value, input);
    value.adjusters = adjustersFrom(input.adjusters, value.adjusters);
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
