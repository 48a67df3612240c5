// Import Product, the product step: the product's own fields, created or updated, its categories and brand mapped.
import { importMessage } from '../../../../common/import-product/message-texts';
import { isBigCommerceError, type Product } from '../../../integrations/bigcommerce';
import { pick, type Body, type Run } from '../import-run';
import { WRITABLE_PRODUCT_FIELDS } from '../plan-checks';

/** The product's own fields for a create or an update (categories and brand mapped to the target). */
function productBody(run: Run, forCreate: boolean): Body {
  const { dump, analysis } = run;
  const body = pick(dump, WRITABLE_PRODUCT_FIELDS);
  body.name = analysis.plan.name;
  body.sku = analysis.plan.sku;
  if (!body.sku) delete body.sku;
  const matched = analysis.plan.categories.flatMap((category) =>
    category.targetId === null ? [] : [category.targetId],
  );
  // An update replaces the product's categories with the array sent ("all product categories will be overwritten",
  // products_catalog.v3.yml 7714-7717): the target's own categories are kept, the matched ones added (issue 40).
  const kept = forCreate ? [] : (analysis.existing?.categories ?? []).map(Number);
  body.categories = [...new Set([...kept, ...matched])];
  const brand = analysis.plan.brand;
  if (brand?.targetId) body.brand_id = brand.targetId;
  else if (brand) body.brand_name = brand.name;
  else if (!forCreate) body.brand_id = 0;
  if (run.suffix) delete body.custom_url; // a copy gets a URL of its own
  // The variants' prices live on the variants; a product with options keeps its own price as the base.
  return body;
}

function isUrlClash(error: unknown): boolean {
  return (
    isBigCommerceError(error) &&
    error.status === 409 &&
    /url/i.test(
      `${error.title ?? ''} ${Object.keys(error.errors).join(' ')} ${Object.values(error.errors).join(' ')}`,
    )
  );
}

async function writeProduct(run: Run): Promise<Product> {
  const { client, analysis, signal } = run;
  const existing = analysis.existing;
  const send = async (body: Body) => {
    if (existing) return client.products.update(existing.id, body, { signal });
    return client.products.create(body as Body & { name: string }, { signal });
  };
  const body = productBody(run, !existing);
  try {
    return await send(body);
  } catch (error) {
    if (!isUrlClash(error) || body.custom_url === undefined) throw error;
    run.log('logUrlTaken', { url: (body.custom_url as { url?: string }).url ?? '' });
    run.notCarried(importMessage('notCarriedCustomUrl'));
    delete body.custom_url;
    return send(body);
  }
}

/** Writes the product itself and counts it; answers its id in the target. A failure here fails the whole import. */
export async function importProductFields(run: Run): Promise<number> {
  const { dump, analysis } = run;
  const product = await writeProduct(run);
  run.productId = product.id;
  run.tick('stepProduct');
  run.idMap.product[String(dump.id)] = product.id;
  run.result.productId = product.id;
  run.result.productName = product.name ?? analysis.plan.name;
  run.result.productSku = product.sku ?? analysis.plan.sku;
  const action =
    analysis.plan.action === 'copy' && !analysis.existing
      ? 'copied'
      : analysis.existing
        ? 'updated'
        : 'created';
  run.result.action = action;
  const logged = {
    created: 'logProductCreated',
    updated: 'logProductUpdated',
    copied: 'logProductCopied',
  } as const;
  run.log(logged[action], { id: product.id, name: run.result.productName });
  return product.id;
}
