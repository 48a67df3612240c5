// Import Product, the reviews step: each dated, titled review added unless the target already has it.
import { createOnce } from '../../../integrations/bigcommerce/resource-api';
import { describeFailure, pick, type Run } from '../import-run';
import { lower } from '../import-product.analysis';

export async function importReviews(run: Run, productId: number) {
  const { client, dump, signal } = run;
  const key = (review: { title?: string; name?: string; date_reviewed?: string }) =>
    `${lower(review.title)}\u0000${lower(review.name)}\u0000${review.date_reviewed ? Date.parse(review.date_reviewed) : ''}`;
  const have = new Set((await client.products.reviews.listAll(productId, { signal })).map(key));
  for (const review of dump.reviews) {
    const r = review as { title: string; name?: string; date_reviewed?: string };
    if (!r.date_reviewed || !r.title) {
      run.result.reviews.skipped++;
      run.log('logReviewIncomplete', { title: r.title });
      run.tick('stepReviewSkipped');
      continue;
    }
    if (have.has(key(r))) {
      run.result.reviews.skipped++;
      run.tick('stepReviewSkipped');
      continue;
    }
    await run.step(
      ['stepReview', { title: r.title }],
      async () => {
        await createOnce(
          () =>
            client.products.reviews.create(
              productId,
              pick(review, ['title', 'text', 'status', 'rating', 'email', 'name', 'date_reviewed']),
              { signal },
            ),
          async () =>
            (await client.products.reviews.listAll(productId, { signal })).find(
              (item) => key(item) === key(r),
            ),
        );
        have.add(key(r));
        run.result.reviews.success++;
      },
      (error) => {
        run.result.reviews.failed++;
        run.log('logReviewFailed', { title: r.title, error: describeFailure(error) });
      },
    );
  }
  if (run.result.reviews.skipped > 0) run.log('logReviewsSkipped', { n: run.result.reviews.skipped });
}
