// Bulk pricing rules of a product (products_catalog.v3.yml) [PROD getAllBulkPricingRules … deleteBulkPricingRule].
import { z } from 'zod';
import { type RouteDeps, type SandboxApp, V3 } from '../../core/app-env';
import { BcApiError, v3Data } from '../../core/envelope';
import { int, num, parseBody } from '../../core/body';
import { nextId } from '../../core/store-state';
import {
  pagedRows,
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

export const bulkPricingRuleSchema = z.object({
  quantity_min: int,
  quantity_max: int,
  type: z.enum(['price', 'percent', 'fixed']),
  amount: num,
});

export function assertBulkRules(rules: { quantity_min: number; quantity_max: number }[]): void {
  const ranges = rules.map(
    (r) => [r.quantity_min, r.quantity_max === 0 ? Infinity : r.quantity_max] as const,
  );
  for (let i = 0; i < ranges.length; i++) {
    const [minA, maxA] = ranges[i]!;
    if (maxA < minA) {
      throw new BcApiError(422, 'The bulk pricing rule is invalid', {
        [`bulk_pricing_rules.${i}`]: 'quantity_max must be 0 or at least quantity_min.',
      });
    }
    for (let j = 0; j < i; j++) {
      const [minB, maxB] = ranges[j]!;
      if (minA <= maxB && minB <= maxA) {
        throw new BcApiError(409, 'The bulk pricing rules conflict', {
          [`bulk_pricing_rules.${i}`]: `Quantity range overlaps rule ${j}.`,
        });
      }
    }
  }
}

export function assertBulkRuleFits(
  record: ProductRecord,
  rule: { quantity_min: number; quantity_max: number },
  ignoreId?: number,
): void {
  assertBulkRules([...record.bulkPricingRules.filter((r) => r.id !== ignoreId), rule]);
}

export function registerBulkPricingRuleRoutes(app: SandboxApp, deps: RouteDeps): void {
  const bpr = `${V3}/catalog/products/${PRODUCT_ID}/bulk-pricing-rules`;
  const BPR_ID = ':bulk_pricing_rule_id{[0-9]+}';

  app.get(bpr, (c) => {
    return pagedRows(c, productOr404(c).bulkPricingRules);
  });

  app.post(bpr, async (c) => {
    const store = c.get('store');
    const record = productOr404(c);
    const body = await readJson(c);
    requireFields(body, ['quantity_min', 'quantity_max', 'type', 'amount']);
    const input = parseBody(bulkPricingRuleSchema, body);
    assertBulkRuleFits(record, input);
    const rule = { id: nextId(store.data, 'bulkPricingRule'), ...input };
    record.bulkPricingRules.push(rule);
    recordProductWrite(c, record, deps.clock());
    return v3Data(c, { ...rule });
  });

  app.get(`${bpr}/${BPR_ID}`, (c) => {
    const rule = rowOr404(productOr404(c).bulkPricingRules, pathId(c, 'bulk_pricing_rule_id'));
    return v3Data(c, { ...rule });
  });

  app.put(`${bpr}/${BPR_ID}`, async (c) => {
    const record = productOr404(c);
    const rule = rowOr404(record.bulkPricingRules, pathId(c, 'bulk_pricing_rule_id'));
    const input = parseBody(bulkPricingRuleSchema.partial(), await readJson(c));
    const next = { ...rule, ...Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined)) };
    assertBulkRuleFits(record, next, rule.id);
    Object.assign(rule, next);
    recordProductWrite(c, record, deps.clock());
    return v3Data(c, { ...rule });
  });

  app.delete(`${bpr}/${BPR_ID}`, (c) => {
    const record = productOr404(c);
    record.bulkPricingRules = withoutRowOr404(record.bulkPricingRules, pathId(c, 'bulk_pricing_rule_id'));
    recordProductWrite(c, record, deps.clock());
    return c.body(null, 204);
  });
}
