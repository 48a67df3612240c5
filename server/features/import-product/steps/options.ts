// Import Product, the options step: each option matched by display name, created with its values or given the values
// it lacks.
import type { Option } from '../../../integrations/bigcommerce';
import { createOnce } from '../../../integrations/bigcommerce/resource-api';
import { describeFailure, pick, type Run } from '../import-run';
import { lower } from '../import-product.analysis';
import { listedValues, valueBody } from './listed-values';

export async function importOptions(run: Run, productId: number) {
  const { client, dump, signal } = run;
  const target = run.targetOptions;
  for (const option of await client.products.options.listAll(productId, { signal })) {
    target.set(lower(option.display_name), option);
  }
  for (const option of dump.options) {
    await run.step(
      ['stepOption', { name: option.display_name }],
      async () => {
        let current = target.get(lower(option.display_name));
        const values = listedValues(
          run,
          'option',
          option,
          option.option_values.map((value) => valueBody(value)),
        );
        if (values === null) return;
        if (!current) {
          const body = {
            display_name: option.display_name,
            type: option.type,
            ...pick(option, ['sort_order', 'config']),
            option_values: values,
          };
          current = await createOnce(
            () => client.products.options.create(productId, body, { signal }),
            async () =>
              (await client.products.options.listAll(productId, { signal })).find(
                (item) => lower(item.display_name) === lower(option.display_name),
              ),
          );
          run.log('logOptionCreated', { name: option.display_name, n: values.length });
        } else {
          // Values the target's option lacks are added to it, matched by label.
          const labels = new Set((current.option_values ?? []).map((value) => lower(value.label)));
          const added: NonNullable<Option['option_values']> = [];
          for (const value of values) {
            if (labels.has(lower(String(value.label)))) continue;
            added.push(await client.products.optionValues.create(productId, current.id, value, { signal }));
          }
          current = { ...current, option_values: [...(current.option_values ?? []), ...added] };
          if (added.length) run.log('logOptionValuesAdded', { name: option.display_name, n: added.length });
          else run.log('logOptionThere', { name: option.display_name });
        }
        target.set(lower(option.display_name), current);
        if (option.id !== undefined) run.idMap.options[String(option.id)] = current.id;
        run.result.options.success++;
      },
      (error) => {
        run.result.options.failed++;
        run.log('logOptionFailed', { name: option.display_name, error: describeFailure(error) });
      },
    );
  }
}
