// Product category assignments (products_catalog.v3.yml) [PROD getProductsCategoryAssignments,
// createProductsCategoryAssignments, deleteProductsCategoryAssignments]. PUT answers 204 with no body.
import { z } from 'zod';
import { type SandboxApp, V3 } from '../../core/app-env';
import { BcApiError, v3List } from '../../core/envelope';
import { intListParam, pagingParams, unaskedOrder } from '../../core/query';
import { int, parseBody } from '../../core/body';
import { query, readJson, requireArray } from '../route-helpers';

export const categoryAssignmentSchema = z.object({ product_id: int, category_id: int });

const MAX_CATEGORIES_PER_PRODUCT = 1000;

export function registerCategoryAssignmentRoutes(app: SandboxApp): void {
  app.get(`${V3}/catalog/products/category-assignments`, (c) => {
    const q = query(c);
    const { page, limit } = pagingParams(q, 250);
    const products = intListParam(q, 'product_id:in');
    const categories = intListParam(q, 'category_id:in');
    const rows = unaskedOrder(
      [...c.get('store').data.products.values()].filter((r) => !products || products.includes(r.fields.id)),
      (r) => r.fields.id,
    ).flatMap((r) =>
      [...r.fields.categories]
        .sort((a, b) => a - b)
        .filter((cat) => !categories || categories.includes(cat))
        .map((cat) => ({ product_id: r.fields.id, category_id: cat })),
    );
    return v3List(c, rows, page, limit);
  });

  app.put(`${V3}/catalog/products/category-assignments`, async (c) => {
    const store = c.get('store');
    const rows = requireArray(await readJson(c)).map((item, i) =>
      parseBody(categoryAssignmentSchema, item, `${i}.`),
    );
    rows.forEach((row, i) => {
      const record = store.data.products.get(row.product_id);
      if (!record) {
        throw new BcApiError(422, 'Invalid product_id', {
          [`${i}.product_id`]: `Product ${row.product_id} does not exist.`,
        });
      }
      if (!store.data.categories.has(row.category_id)) {
        throw new BcApiError(422, 'Invalid category_id', {
          [`${i}.category_id`]: `Category ${row.category_id} does not exist.`,
        });
      }
      if (record.fields.categories.length >= MAX_CATEGORIES_PER_PRODUCT) {
        throw new BcApiError(422, 'A product can be in at most 1,000 categories.');
      }
    });
    for (const row of rows) {
      const record = store.data.products.get(row.product_id)!;
      if (!record.fields.categories.includes(row.category_id)) record.fields.categories.push(row.category_id);
    }
    store.stats.recordProductWrites(rows.map((r) => r.product_id));
    return c.body(null, 204);
  });

  app.delete(`${V3}/catalog/products/category-assignments`, (c) => {
    const store = c.get('store');
    const q = query(c);
    const products = intListParam(q, 'product_id:in');
    const categories = intListParam(q, 'category_id:in');
    if (!products && !categories) throw new BcApiError(422, 'At least one filter must be provided');
    const touched: number[] = [];
    for (const record of store.data.products.values()) {
      if (products && !products.includes(record.fields.id)) continue;
      const before = record.fields.categories.length;
      record.fields.categories = record.fields.categories.filter(
        (cat) => categories && !categories.includes(cat),
      );
      if (record.fields.categories.length !== before) touched.push(record.fields.id);
    }
    store.stats.recordProductWrites(touched);
    return c.body(null, 204);
  });
}
