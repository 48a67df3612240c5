// Import Product, the images step: each image fetched by the target from its URL, unless the target already has it.
import { createOnce } from '../../../integrations/bigcommerce/resource-api';
import { describeFailure, pick, type Run } from '../import-run';
import { imageKey, imageMadeFrom, imageSource } from '../image-source';

export async function importImages(run: Run, productId: number) {
  const { client, dump, signal } = run;
  const target = await client.products.images.listAll(productId, { signal });
  const ids = new Set(target.map((image) => image.id));
  /** Target images already matched to a source image: one target image stands for one source image. */
  const used = new Set<number>(
    dump.images.flatMap((image) => {
      const mapped = image.id !== undefined ? run.idMap.images[String(image.id)] : undefined;
      return mapped !== undefined && ids.has(mapped) ? [mapped] : [];
    }),
  );
  const matches = (key: string) =>
    target.find((image) => !used.has(image.id) && imageMadeFrom(image.image_file ?? '', key))?.id;
  for (const image of dump.images) {
    const source = imageSource(image);
    const url = source?.url ?? '';
    const label = url.split('?')[0]?.split('/').pop() ?? `#${image.id ?? '?'}`;
    if (!url) {
      run.result.images.skipped++;
      run.log('logImageNoUrl', { id: image.id ?? '?' });
      run.tick('stepImageSkipped');
      continue;
    }
    await run.step(
      ['stepImage', { image: label }],
      async () => {
        const mapped = image.id !== undefined ? run.idMap.images[String(image.id)] : undefined;
        const existing =
          (mapped !== undefined && ids.has(mapped) ? mapped : undefined) ?? matches(imageKey(url));
        if (existing !== undefined) {
          used.add(existing);
          if (image.id !== undefined) run.idMap.images[String(image.id)] = existing;
          run.result.images.skipped++;
          run.log('logImageThere', { image: label });
          return;
        }
        const key = imageKey(url);
        const created = await createOnce(
          () =>
            client.products.images.create(
              productId,
              { image_url: url, ...pick(image, ['is_thumbnail', 'sort_order', 'description']) },
              { signal },
            ),
          async () =>
            (await client.products.images.listAll(productId, { signal })).find(
              (item) => !ids.has(item.id) && imageMadeFrom(item.image_file ?? '', key),
            ),
        );
        ids.add(created.id);
        used.add(created.id);
        if (image.id !== undefined) run.idMap.images[String(image.id)] = created.id;
        run.result.images.success++;
        if (source && source.size !== 'original') {
          // No REST address of the original exists (imageSource): the copy's size limits the import.
          run.notice({ kind: 'image_resized', image: label, size: source.size });
          run.log('logImageResized', { image: label, size: source.size });
        } else {
          run.log('logImageAdded', { image: label });
        }
      },
      (error) => {
        run.result.images.failed++;
        run.log('logImageRefused', { image: label, error: describeFailure(error) });
      },
    );
  }
}
