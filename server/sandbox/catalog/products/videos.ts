// Product videos (products_catalog.v3.yml) [PROD getProductVideos … deleteProductVideo].
import { z } from 'zod';
import { type RouteDeps, type SandboxApp, V3 } from '../../core/app-env';
import { BcApiError, v3Data } from '../../core/envelope';
import { int, parseBody, str } from '../../core/body';
import { nextId } from '../../core/store-state';
import {
  pagedList,
  pathId,
  PRODUCT_ID,
  productOr404,
  readJson,
  recordProductWrite,
  rowOr404,
  v3Row,
} from '../route-helpers';
import type { ProductRecord, ProductVideo } from '../types';

export const videoSchema = z.object({
  video_id: z.string().min(1).max(25),
  type: z.literal('youtube').optional(),
  title: str(255).optional(),
  description: z.string().optional(),
  sort_order: int.optional(),
});

function videoOr404(record: ProductRecord, id: number): ProductVideo {
  return rowOr404(record.videos, id, { id: `Video ${id} was not found.` });
}

export function registerProductVideoRoutes(app: SandboxApp, deps: RouteDeps): void {
  const videos = `${V3}/catalog/products/${PRODUCT_ID}/videos`;
  const VIDEO_ID = ':id{[0-9]+}';

  app.get(videos, (c) => {
    return pagedList(c, productOr404(c).videos);
  });

  app.post(videos, async (c) => {
    const store = c.get('store');
    const record = productOr404(c);
    const body = await readJson(c);
    if (typeof body === 'object' && body !== null && !('video_id' in body)) {
      throw new BcApiError(422, 'Missing Required Fields', { video_id: 'Please provide a video_id.' });
    }
    const input = parseBody(videoSchema, body);
    const video: ProductVideo = {
      id: nextId(store.data, 'video'),
      product_id: record.fields.id,
      type: 'youtube',
      video_id: input.video_id,
      title: input.title ?? '',
      description: input.description ?? '',
      sort_order: input.sort_order ?? record.videos.length,
      length: '',
    };
    record.videos.push(video);
    recordProductWrite(c, record, deps.clock());
    return v3Data(c, { ...video });
  });

  app.get(`${videos}/${VIDEO_ID}`, (c) => {
    const video = videoOr404(productOr404(c), pathId(c, 'id'));
    return v3Row(c, video);
  });

  app.put(`${videos}/${VIDEO_ID}`, async (c) => {
    const record = productOr404(c);
    const video = videoOr404(record, pathId(c, 'id'));
    const input = parseBody(videoSchema.partial(), await readJson(c));
    if (input.video_id !== undefined) video.video_id = input.video_id;
    if (input.title !== undefined) video.title = input.title;
    if (input.description !== undefined) video.description = input.description;
    if (input.sort_order !== undefined) video.sort_order = input.sort_order;
    recordProductWrite(c, record, deps.clock());
    return v3Data(c, { ...video });
  });

  app.delete(`${videos}/${VIDEO_ID}`, (c) => {
    const record = productOr404(c);
    const video = videoOr404(record, pathId(c, 'id'));
    record.videos = record.videos.filter((v) => v.id !== video.id);
    recordProductWrite(c, record, deps.clock());
    return c.body(null, 204);
  });
}
