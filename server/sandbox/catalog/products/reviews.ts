// Reviews of a product (products_catalog.v3.yml) [PROD getProductReviews … deleteProductReview].
import { z } from 'zod';
import { type RouteDeps, type SandboxApp, V3 } from '../../core/app-env';
import { v3Data } from '../../core/envelope';
import { intParam } from '../../core/query';
import { int, parseBody } from '../../core/body';
import { nextId } from '../../core/store-state';
import { bcDate, refreshDerived } from '../records';
import {
  listPage,
  pathId,
  PRODUCT_ID,
  productOr404,
  query,
  readJson,
  recordProductWrite,
  requireFields,
  rowOr404,
  withoutRowOr404,
} from '../route-helpers';
import type { Review } from '../types';

export const reviewSchema = z.object({
  title: z.string().min(1).max(255),
  text: z.string().optional(),
  status: z.enum(['approved', 'disapproved', 'pending']).optional(),
  rating: int.pipe(z.number().min(0).max(5)).optional(),
  email: z.string().max(255).optional(),
  name: z.string().max(255).optional(),
  date_reviewed: z.string().refine((s) => !Number.isNaN(Date.parse(s)), 'must be an ISO-8601 date'),
});

export function registerReviewRoutes(app: SandboxApp, deps: RouteDeps): void {
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
