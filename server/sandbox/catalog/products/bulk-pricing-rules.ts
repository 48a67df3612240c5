// Bulk pricing rules of a product (products_catalog.v3.yml) [PROD getAllBulkPricingRules … deleteBulkPricingRule].
import { z } from 'zod';
import type { RouteDeps, SandboxApp } from '../../core/app-env';
import { BcApiError } from '../../core/envelope';
import { int, num } from '../../core/body';
import { nextId } from '../../core/store-state';
import { pagedRows } from '../route-helpers';
import type { ProductRecord } from '../types';
import { registerSubResourceRoutes } from './sub-resource';

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
  registerSubResourceRoutes(app, deps, {
    path: 'bulk-pricing-rules',
    idParam: 'bulk_pricing_rule_id',
    rows: 'bulkPricingRules',
    list: (c, record) => pagedRows(c, record.bulkPricingRules),
    required: ['quantity_min', 'quantity_max', 'type', 'amount'],
    createSchema: bulkPricingRuleSchema,
    create: (record, input, data) => {
      assertBulkRuleFits(record, input);
      return { id: nextId(data, 'bulkPricingRule'), ...input };
    },
    updateSchema: bulkPricingRuleSchema.partial(),
    update: (record, rule, input) => {
      const next = {
        ...rule,
        ...Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined)),
      };
      assertBulkRuleFits(record, next, rule.id);
      Object.assign(rule, next);
    },
  });
}
