// Import Product, the videos step: each YouTube video added unless the target already has it.
import { createOnce } from '../../../integrations/bigcommerce/resource-api';
import { describeFailure, pick, type Run } from '../import-run';

export async function importVideos(run: Run, productId: number) {
  const { client, dump, signal } = run;
  const have = new Set(
    (await client.products.videos.listAll(productId, { signal })).map((video) => video.video_id),
  );
  for (const video of dump.videos) {
    await run.step(
      ['stepVideo', { id: video.video_id }],
      async () => {
        if (!have.has(video.video_id)) {
          await createOnce(
            () =>
              client.products.videos.create(
                productId,
                { type: 'youtube', ...pick(video, ['video_id', 'title', 'description', 'sort_order']) },
                { signal },
              ),
            async () =>
              (await client.products.videos.listAll(productId, { signal })).find(
                (item) => item.video_id === video.video_id,
              ),
          );
          have.add(video.video_id);
          run.log('logVideoAdded', { id: video.video_id });
        } else {
          run.log('logVideoThere', { id: video.video_id });
        }
        run.result.videos.success++;
      },
      (error) => {
        run.result.videos.failed++;
        run.log('logVideoFailed', { id: video.video_id, error: describeFailure(error) });
      },
    );
  }
}
