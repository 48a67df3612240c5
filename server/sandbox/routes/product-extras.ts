// Custom fields, bulk pricing rules and reviews of a product [PROD getProductCustomFields … deleteProductReview].
import type { RouteDeps, SandboxApp } from '../app-env';
import { V3 } from '../app-env';
import { assertBulkRuleFits, assertCustomFieldUnique } from '../catalog';
import { v3Data } from '../envelope';
import { intParam } from '../query';
import { bcDate, refreshDerived } from '../records';
import { bulkPricingRuleSchema, customFieldSchema, parseBody, reviewSchema } from '../schemas';
import { nextId } from '../store-state';
import type { Review } from '../types';
import {
  listPage,
  pagedList,
  pagedRows,
  pathId,
  productOr404,
  query,
  readJson,
  recordProductWrite,
  requireFields,
  rowOr404,
  withoutRowOr404,
} from './helpers';
import { PRODUCT_ID } from './products';

export function registerProductExtraRoutes(app: SandboxApp, deps: RouteDeps): void {
  // Custom fields ------------------------------------------------------------------------------------------------
  const cf = `${V3}/catalog/products/${PRODUCT_ID}/custom-fields`;
  const CF_ID = ':custom_field_id{[0-9]+}';

  app.get(cf, (c) => {
    return pagedList(c, productOr404(c).customFields);
  });

  app.post(cf, async (c) => {
    const store = c.get('store');
    const record = productOr404(c);
    const body = await readJson(c);
    requireFields(body, ['name', 'value']);
    const input = parseBody(customFieldSchema, body);
    assertCustomFieldUnique(record, input.name, input.value);
    const field = { id: nextId(store.data, 'customField'), ...input };
    record.customFields.push(field);
    recordProductWrite(c, record, deps.clock());
    return v3Data(c, { ...field });
  });

  app.get(`${cf}/${CF_ID}`, (c) => {
    const field = rowOr404(productOr404(c).customFields, pathId(c, 'custom_field_id'));
    return v3Data(c, { ...field });
  });

  app.put(`${cf}/${CF_ID}`, async (c) => {
    const record = productOr404(c);
    const field = rowOr404(record.customFields, pathId(c, 'custom_field_id'));
    const input = parseBody(customFieldSchema.partial(), await readJson(c));
    assertCustomFieldUnique(record, input.name ?? field.name, input.value ?? field.value, field.id);
    if (input.name !== undefined) field.name = input.name;
    if (input.value !== undefined) field.value = input.value;
    recordProductWrite(c, record, deps.clock());
    return v3Data(c, { ...field });
  });

  app.delete(`${cf}/${CF_ID}`, (c) => {
    const record = productOr404(c);
    record.customFields = withoutRowOr404(record.customFields, pathId(c, 'custom_field_id'));
    recordProductWrite(c, record, deps.clock());
    return c.body(null, 204);
  });

  // Bulk pricing rules -----------------------------------------------------------------------------------------
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

  // Reviews ----------------------------------------------------------------------------------------------------
  const rv = `${V3}/catalog/products/${PRODUCT_ID}/reviews`;
  const RV_ID = ':review_id{[0-9]+}';

  app.get(rv, (c) => {
    const record = productOr404(c);
    const page = listPage(c);
    // `status` filters by 1 (approved) or 0 (pending) [PROD getProductReviews].
    const status = intParam(query(c), 'status');
    const reviews = record.reviews.filter(
      (r) => status === undefined || (status === 1 ? r.status === 'approved' : r.status === 'pending'),
    );
    return page(reviews);
  });

  app.post(rv, async (c) => {
    const store = c.get('store');
    const record = productOr404(c);
    const body = await readJson(c);
    requireFields(body, ['title', 'date_reviewed']);
    const input = parseBody(reviewSchema, body);
    const now = bcDate(deps.clock());
    const review: Review = {
      id: nextId(store.data, 'review'),
      product_id: record.fields.id,
      title: input.title,
      text: input.text ?? '',
      status: input.status ?? 'pending',
      rating: input.rating ?? 0,
      email: input.email ?? '',
      name: input.name ?? '',
      date_reviewed: bcDate(Date.parse(input.date_reviewed)),
      date_created: now,
      date_modified: now,
    };
    record.reviews.push(review);
    refreshDerived(record);
    recordProductWrite(c, record, deps.clock());
    return v3Data(c, { ...review });
  });

  app.get(`${rv}/${RV_ID}`, (c) => {
    const review = rowOr404(productOr404(c).reviews, pathId(c, 'review_id'));
    return v3Data(c, { ...review });
  });

  app.put(`${rv}/${RV_ID}`, async (c) => {
    const record = productOr404(c);
    const review = rowOr404(record.reviews, pathId(c, 'review_id'));
    const input = parseBody(reviewSchema.partial(), await readJson(c));
    const { date_reviewed: reviewed, ...rest } = input;
    Object.assign(review, Object.fromEntries(Object.entries(rest).filter(([, v]) => v !== undefined)));
    if (reviewed !== undefined) review.date_reviewed = bcDate(Date.parse(reviewed));
    review.date_modified = bcDate(deps.clock());
    refreshDerived(record);
    recordProductWrite(c, record, deps.clock());
    return v3Data(c, { ...review });
  });

  app.delete(`${rv}/${RV_ID}`, (c) => {
    const record = productOr404(c);
    record.reviews = withoutRowOr404(record.reviews, pathId(c, 'review_id'));
    refreshDerived(record);
    recordProductWrite(c, record, deps.clock());
    return c.body(null, 204);
  });
}
