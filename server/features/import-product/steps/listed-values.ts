// Import Product: the values of product-list options and modifiers, their products named in the target (shared by
// the options and modifiers steps), and an option or modifier value's body.
import { listedProductId, PRODUCT_LIST_TYPES } from '../../../../common/dumps/product-dump';
import { pick, type Body, type Run } from '../import-run';
import { listedValueMessage } from '../plan-checks';

const VALUE_FIELDS = ['label', 'sort_order', 'is_default', 'value_data'] as const;

/**
 * An option or modifier value's body: `value_data` only as an object (the request schema is an object,
 * product-variant-options_catalog.v3.yml 358-362), never the `null` a dump may hold.
 */
export function valueBody(value: Record<string, unknown>): Body {
  const body = pick(value, VALUE_FIELDS);
  if (body.value_data === null || typeof body.value_data !== 'object') delete body.value_data;
  return body;
}

/**
 * The values of a product-list option or modifier, each `value_data.product_id` (an id of the source store,
 * product-modifiers_catalog.v3.yml line 30) moved to the target's product with the same SKU. A value whose product is
 * not found is left out and listed in the result, never written with the source's id, which names another product
 * or none in the target. Null when every value is left out: the option or modifier itself is then left out, since
 * an empty list offers nothing (and a required one would block the purchase). Other types pass unchanged.
 */
export function listedValues(
  run: Run,
  owner: 'option' | 'modifier',
  item: { display_name: string; type: string; option_values: readonly unknown[] },
  values: Body[],
): Body[] | null {
  if (!PRODUCT_LIST_TYPES.has(item.type)) return values;
  const kept = values.flatMap((value) => {
    const data = value.value_data && typeof value.value_data === 'object' ? (value.value_data as Body) : {};
    const sourceId = listedProductId(data);
    const match = sourceId === null ? undefined : run.analysis.listed.get(sourceId);
    const targetId =
      sourceId !== null && sourceId === run.dump.id ? run.productId : (match?.targetId ?? null);
    if (targetId !== null) return [{ ...value, value_data: { ...data, product_id: targetId } }];
    const label = typeof value.label === 'string' ? value.label : '';
    const why = { sourceId, sku: match?.sku ?? null, reason: match?.reason ?? 'not_in_dump' } as const;
    run.notice({
      kind: 'product_list_value',
      owner,
      name: item.display_name,
      label,
      sourceProductId: sourceId,
      ...why,
    });
    run.logMessage(listedValueMessage('log', item.display_name, label, why));
    return [];
  });
  if (kept.length > 0 || item.option_values.length === 0) return kept;
  run.notice({ kind: 'product_list_left_out', owner, name: item.display_name });
  run.log('logListLeftOut', { name: item.display_name });
  return null;
}
