// Custom fields of a product (products_catalog.v3.yml) [PROD getProductCustomFields … deleteProductCustomField].
import { z } from 'zod';
import type { RouteDeps, SandboxApp } from '../../core/app-env';
import { BcApiError } from '../../core/envelope';
import { nextId } from '../../core/store-state';
import { pagedList } from '../route-helpers';
import type { ProductRecord } from '../types';
import { registerSubResourceRoutes } from './sub-resource';

/**
 * A custom field's body: `name` and `value` of 1-250 characters, both required on POST, neither on PUT (customFieldPost
 * and customFieldPut, products_catalog.v3.yml 9116-9156). Name-value pairs are unique inside a product and a product
 * has at most 200 (createProductCustomField 3242-3250, updateProductCustomField 3309-3317); either refusal is the
 * documented 422 (3272-3273, 3338-3339).
 */
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
  registerSubResourceRoutes(app, deps, {
    path: 'custom-fields',
    idParam: 'custom_field_id',
    rows: 'customFields',
    list: (c, record) => pagedList(c, record.customFields),
    required: ['name', 'value'],
    createSchema: customFieldSchema,
    create: (record, input, data) => {
      assertCustomFieldUnique(record, input.name, input.value);
      return { id: nextId(data, 'customField'), ...input };
    },
    updateSchema: customFieldSchema.partial(),
    update: (record, field, input) => {
      assertCustomFieldUnique(record, input.name ?? field.name, input.value ?? field.value, field.id);
      if (input.name !== undefined) field.name = input.name;
      if (input.value !== undefined) field.value = input.value;
    },
  });
}
