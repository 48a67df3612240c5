// Reviews of a product (products_catalog.v3.yml) [PROD getProductReviews … deleteProductReview].
import { z } from 'zod';
import type { RouteDeps, SandboxApp } from '../../core/app-env';
import { intParam } from '../../core/query';
import { int } from '../../core/body';
import { nextId } from '../../core/store-state';
import { bcDate, refreshDerived } from '../records';
import { listPage, query } from '../route-helpers';
import type { Review } from '../types';
import { registerSubResourceRoutes } from './sub-resource';

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
  registerSubResourceRoutes(app, deps, {
    path: 'reviews',
    idParam: 'review_id',
    rows: 'reviews',
    list: (c, record) => {
      const page = listPage(c);
      // `status` filters by 1 (approved) or 0 (pending) [PROD getProductReviews].
      const status = intParam(query(c), 'status');
      const reviews = record.reviews.filter(
        (r) => status === undefined || (status === 1 ? r.status === 'approved' : r.status === 'pending'),
      );
      return page(reviews);
    },
    required: ['title', 'date_reviewed'],
    createSchema: reviewSchema,
    create: (record, input, data): Review => {
      const now = bcDate(deps.clock());
      return {
        id: nextId(data, 'review'),
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
    },
    updateSchema: reviewSchema.partial(),
    update: (_record, review, input) => {
      const { date_reviewed: reviewed, ...rest } = input;
      Object.assign(review, Object.fromEntries(Object.entries(rest).filter(([, v]) => v !== undefined)));
      if (reviewed !== undefined) review.date_reviewed = bcDate(Date.parse(reviewed));
      review.date_modified = bcDate(deps.clock());
    },
    // The product's `reviews_count` and `reviews_rating_sum` follow its reviews.
    afterWrite: refreshDerived,
  });
}
