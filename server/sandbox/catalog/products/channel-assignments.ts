// Product channel assignments (products_catalog.v3.yml) [PROD getProductsChannelAssignments,
// createProductsChannelAssignments, deleteProductsChannelAssignments]. PUT answers 204 with no body.
import { z } from 'zod';
import { type SandboxApp, V3 } from '../../core/app-env';
import { BcApiError, v3List } from '../../core/envelope';
import { intListParam, pagingParams, unaskedOrder } from '../../core/query';
import { int, parseBody } from '../../core/body';
import { query, readJson, requireArray } from '../route-helpers';

export const channelAssignmentSchema = z.object({ product_id: int, channel_id: int });

export function registerChannelAssignmentRoutes(app: SandboxApp): void {
  app.get(`${V3}/catalog/products/channel-assignments`, (c) => {
    const q = query(c);
    const { page, limit } = pagingParams(q, 250);
    const products = intListParam(q, 'product_id:in');
    const channels = intListParam(q, 'channel_id:in');
    const rows = unaskedOrder(
      [...c.get('store').data.products.values()].filter((r) => !products || products.includes(r.fields.id)),
      (r) => r.fields.id,
    ).flatMap((r) =>
      [...r.channelIds]
        .sort((a, b) => a - b)
        .filter((ch) => !channels || channels.includes(ch))
        .map((ch) => ({ product_id: r.fields.id, channel_id: ch })),
    );
    return v3List(c, rows, page, limit);
  });

  app.put(`${V3}/catalog/products/channel-assignments`, async (c) => {
    const store = c.get('store');
    const rows = requireArray(await readJson(c)).map((item, i) =>
      parseBody(channelAssignmentSchema, item, `${i}.`),
    );
    rows.forEach((row, i) => {
      if (!store.data.products.has(row.product_id)) {
        throw new BcApiError(422, 'Invalid product_id', {
          [`${i}.product_id`]: `Product ${row.product_id} does not exist.`,
        });
      }
      if (!store.data.channels.has(row.channel_id)) {
        throw new BcApiError(422, 'Invalid channel_id', {
          [`${i}.channel_id`]: `Channel ${row.channel_id} does not exist.`,
        });
      }
    });
    for (const row of rows) {
      const record = store.data.products.get(row.product_id)!;
      if (!record.channelIds.includes(row.channel_id)) record.channelIds.push(row.channel_id);
    }
    store.stats.recordProductWrites(rows.map((r) => r.product_id));
    return c.body(null, 204);
  });

  app.delete(`${V3}/catalog/products/channel-assignments`, (c) => {
    const store = c.get('store');
    const q = query(c);
    const products = intListParam(q, 'product_id:in');
    const channels = intListParam(q, 'channel_id:in');
    if (!products && !channels) throw new BcApiError(422, 'At least one filter must be provided');
    const touched: number[] = [];
    for (const record of store.data.products.values()) {
      if (products && !products.includes(record.fields.id)) continue;
      const before = record.channelIds.length;
      record.channelIds = record.channelIds.filter((ch) => channels && !channels.includes(ch));
      if (record.channelIds.length !== before) touched.push(record.fields.id);
    }
    store.stats.recordProductWrites(touched);
    return c.body(null, 204);
  });
}
