// Import Product, the bulk pricing step: rules matched by their quantities, created or updated.
import { createOnce } from '../../../integrations/bigcommerce/resource-api';
import { describeFailure, pick, type Run } from '../import-run';

export async function importBulkPricing(run: Run, productId: number) {
  const { client, dump, signal } = run;
  const existing = await client.products.bulkPricingRules.listAll(productId, { signal });
  for (const rule of dump.bulk_pricing_rules) {
    await run.step(
      ['stepBulkPricing', { min: rule.quantity_min, max: rule.quantity_max }],
      async () => {
        const body = pick(rule, ['quantity_min', 'quantity_max', 'type', 'amount']);
        const match = existing.find(
          (item) => item.quantity_min === rule.quantity_min && item.quantity_max === rule.quantity_max,
        );
        if (!match) {
          await createOnce(
            () => client.products.bulkPricingRules.create(productId, body, { signal }),
            async () =>
              (await client.products.bulkPricingRules.listAll(productId, { signal })).find(
                (item) => item.quantity_min === rule.quantity_min && item.quantity_max === rule.quantity_max,
              ),
          );
        } else if (match.type !== rule.type || Number(match.amount) !== Number(rule.amount)) {
          await client.products.bulkPricingRules.update(productId, match.id, body, { signal });
        }
        run.result.bulkPricing.success++;
      },
      (error) => {
        run.result.bulkPricing.failed++;
        run.log('logBulkRuleFailed', {
          min: rule.quantity_min,
          max: rule.quantity_max,
          error: describeFailure(error),
        });
      },
    );
  }
  if (dump.bulk_pricing_rules.length > 0)
    run.log('logBulkRulesInPlace', { n: run.result.bulkPricing.success });
}
