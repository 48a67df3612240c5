// Import Product, the custom fields step: each name and value added unless the target already has it.
import { createOnce } from '../../../integrations/bigcommerce/resource-api';
import { describeFailure, type Run } from '../import-run';

export async function importCustomFields(run: Run, productId: number) {
  const { client, dump, signal } = run;
  const have = new Set(
    (await client.products.customFields.listAll(productId, { signal })).map(
      (field) => `${field.name}\u0000${field.value}`,
    ),
  );
  for (const field of dump.custom_fields) {
    await run.step(
      ['stepCustomField', { name: field.name }],
      async () => {
        const key = `${field.name}\u0000${field.value}`;
        if (!have.has(key)) {
          await createOnce(
            () =>
              client.products.customFields.create(
                productId,
                { name: field.name, value: field.value },
                { signal },
              ),
            async () =>
              (await client.products.customFields.listAll(productId, { signal })).find(
                (item) => item.name === field.name && item.value === field.value,
              ),
          );
          have.add(key);
        }
        run.result.customFields.success++;
      },
      (error) => {
        run.result.customFields.failed++;
        run.log('logCustomFieldFailed', { name: field.name, error: describeFailure(error) });
      },
    );
  }
  if (dump.custom_fields.length > 0)
    run.log('logCustomFieldsInPlace', { n: run.result.customFields.success });
}
