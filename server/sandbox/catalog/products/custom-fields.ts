// Custom fields of a product (products_catalog.v3.yml) [PROD getProductCustomFields … deleteProductCustomField].
import { z } from 'zod';
import { type RouteDeps, type SandboxApp, V3 } from '../../core/app-env';
import { BcApiError, v3Data } from '../../core/envelope';
import { parseBody } from '../../core/body';
import { nextId } from '../../core/store-state';
import {
  pagedList,
  pathId,
  PRODUCT_ID,
  productOr404,
  readJson,
  recordProductWrite,
  requireFields,
  rowOr404,
  withoutRowOr404,
} from '../route-helpers';
import type { ProductRecord } from '../types';

export const customFieldSchema = z.object({
  name: z.string().min(1).max(250),
  value: z.string().min(1).max(250),
});

const MAX_CUSTOM_FIELDS = 200;

export function assertCustomFieldUnique(
  record: ProductRecord,
  name: string,
  value: string,
  ignoreId?: number,
): void {
  if (record.customFields.some((cf) => cf.id !== ignoreId && cf.name === name && cf.value === value)) {
    throw new BcApiError(422, 'The custom field is a duplicate', {
      name: `A custom field with name "${name}" and value "${value}" already exists on this product.`,
    });
  }
  if (ignoreId === undefined && record.customFields.length >= MAX_CUSTOM_FIELDS) {
    throw new BcApiError(422, 'A product can have at most 200 custom fields.');
  }
}

export function registerCustomFieldRoutes(app: SandboxApp, deps: RouteDeps): void {
  const cf = `${V3}/catalog/products/${PRODUCT_ID}/custom-fields`;
  const CF_ID = ':custom_field_id{[0-9]+}';

  app.get(cf, (c) => {
    return pagedList(c, productOr404(c).customFields);
  });

  app.post(cf, async (c) => {
    const store = c.get('store');
    const record = productOr404(c);
    const body = await readJson(c);
    requireFields(body, ['name', 'value']);
    const input = parseBody(customFieldSchema, body);
    assertCustomFieldUnique(record, input.name, input.value);
    const field = { id: nextId(store.data, 'customField'), ...input };
    record.customFields.push(field);
    recordProductWrite(c, record, deps.clock());
    return v3Data(c, { ...field });
  });

  app.get(`${cf}/${CF_ID}`, (c) => {
    const field = rowOr404(productOr404(c).customFields, pathId(c, 'custom_field_id'));
    return v3Data(c, { ...field });
  });

  app.put(`${cf}/${CF_ID}`, async (c) => {
    const record = productOr404(c);
    const field = rowOr404(record.customFields, pathId(c, 'custom_field_id'));
    const input = parseBody(customFieldSchema.partial(), await readJson(c));
    assertCustomFieldUnique(record, input.name ?? field.name, input.value ?? field.value, field.id);
    if (input.name !== undefined) field.name = input.name;
    if (input.value !== undefined) field.value = input.value;
    recordProductWrite(c, record, deps.clock());
    return v3Data(c, { ...field });
  });

  app.delete(`${cf}/${CF_ID}`, (c) => {
    const record = productOr404(c);
    record.customFields = withoutRowOr404(record.customFields, pathId(c, 'custom_field_id'));
    recordProductWrite(c, record, deps.clock());
    return c.body(null, 204);
  });
}
