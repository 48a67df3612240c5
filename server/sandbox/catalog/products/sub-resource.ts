// The routes of a product sub-resource that is a plain list of rows on the product (custom fields, bulk pricing
// rules and reviews of products_catalog.v3.yml): list and create at /catalog/products/{product_id}/<path>, get,
// update and delete at …/<path>/{<id>}. Each handler takes the same steps: find the product (404), find the row
// (404), read and parse the body, apply the module's rule, record the product's write, answer the row. The module
// gives what differs: its list (filters, field selection), its schemas and required fields, its rule on create and
// update, and what follows a write (reviews refresh the product's rating).
import type { z } from 'zod';
import { parseBody } from '../../core/body';
import { type RouteDeps, type SandboxApp, type SandboxContext, V3 } from '../../core/app-env';
import { v3Data } from '../../core/envelope';
import type { StoreData } from '../../core/store-state';
import {
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

/** The product's lists of rows with ids. */
type RowListKey = {
  [K in keyof ProductRecord]: ProductRecord[K] extends { id: number }[] ? K : never;
}[keyof ProductRecord];

export type SubResource<K extends RowListKey, Create extends z.ZodType, Update extends z.ZodType> = {
  /** The path below a product (`custom-fields`), the name of the row id's path parameter (`custom_field_id`). */
  path: string;
  idParam: string;
  /** Where the product keeps the rows. */
  rows: K;
  /** GET of the list: one page of the product's rows. */
  list(c: SandboxContext, record: ProductRecord): Response;
  /** POST: the fields BigCommerce requires (422 "Missing Required Fields") and the body's schema. */
  required: readonly string[];
  createSchema: Create;
  /** The new row, once the module's rule holds; its id comes from the store's counter in `data`. */
  create(record: ProductRecord, input: z.infer<Create>, data: StoreData): ProductRecord[K][number];
  /** PUT: the body's schema (no field required) and the change to `row`, once the module's rule holds. */
  updateSchema: Update;
  update(record: ProductRecord, row: ProductRecord[K][number], input: z.infer<Update>): void;
  /** After each write, before the product's `date_modified` moves. */
  afterWrite?: (record: ProductRecord) => void;
};

export function registerSubResourceRoutes<
  K extends RowListKey,
  Create extends z.ZodType,
  Update extends z.ZodType,
>(app: SandboxApp, deps: RouteDeps, spec: SubResource<K, Create, Update>): void {
  type Row = ProductRecord[K][number];
  const rowsOf = (record: ProductRecord) => record[spec.rows] as Row[];
  const written = (c: SandboxContext, record: ProductRecord) => {
    spec.afterWrite?.(record);
    recordProductWrite(c, record, deps.clock());
  };
  const list = `${V3}/catalog/products/${PRODUCT_ID}/${spec.path}`;
  const one = `${list}/:${spec.idParam}{[0-9]+}`;

  app.get(list, (c) => spec.list(c, productOr404(c)));

  app.post(list, async (c) => {
    const store = c.get('store');
    const record = productOr404(c);
    const body = await readJson(c);
    requireFields(body, spec.required);
    const row = spec.create(record, parseBody(spec.createSchema, body), store.data);
    rowsOf(record).push(row);
    written(c, record);
    return v3Data(c, { ...row });
  });

  app.get(one, (c) => {
    const row = rowOr404(rowsOf(productOr404(c)), pathId(c, spec.idParam));
    return v3Data(c, { ...row });
  });

  app.put(one, async (c) => {
    const record = productOr404(c);
    const row = rowOr404(rowsOf(record), pathId(c, spec.idParam));
    spec.update(record, row, parseBody(spec.updateSchema, await readJson(c)));
    written(c, record);
    return v3Data(c, { ...row });
  });

  app.delete(one, (c) => {
    const record = productOr404(c);
    const rows = withoutRowOr404(rowsOf(record), pathId(c, spec.idParam));
    (record as Record<K, Row[]>)[spec.rows] = rows;
    written(c, record);
    return c.body(null, 204);
  });
}
