// Product images and videos [PROD getProductImages … deleteProductVideo]. Images can be created from `image_url`
// (JSON) or uploaded as `image_file` (multipart/form-data); the sandbox serves the files under /cdn/.
import type { RouteDeps, SandboxApp, SandboxContext } from '../app-env';
import { V3 } from '../app-env';
import { addImage, serializeImage } from '../catalog';
import { BcApiError, v3Data } from '../envelope';
import { bcDate } from '../records';
import { imageSchema, parseBody, videoSchema } from '../schemas';
import { nextId } from '../store-state';
import type { ProductImage, ProductRecord, ProductVideo } from '../types';
import { pagedList, pathId, productOr404, readJson, recordProductWrite, rowOr404, v3Row } from './helpers';
import { PRODUCT_ID } from './products';

const MAX_UPLOAD_BYTES = 8 * 1024 * 1024;
const IMAGE_TYPES = new Set([
  'image/bmp',
  'image/gif',
  'image/jpeg',
  'image/png',
  'image/webp',
  'image/vnd.wap.wbmp',
  'image/x-xbitmap',
]);

function imageOr404(record: ProductRecord, id: number): ProductImage {
  return rowOr404(record.images, id, { image_id: `Image ${id} was not found.` });
}

function videoOr404(record: ProductRecord, id: number): ProductVideo {
  return rowOr404(record.videos, id, { id: `Video ${id} was not found.` });
}

async function createImageFromRequest(
  c: SandboxContext,
  record: ProductRecord,
  nowMs: number,
): Promise<ProductImage> {
  const data = c.get('store').data;
  const contentType = c.req.header('Content-Type') ?? '';
  if (contentType.startsWith('multipart/form-data')) {
    const form = await c.req.parseBody();
    const file = form.image_file;
    if (!(file instanceof File)) {
      throw new BcApiError(422, 'image_file must be present if uploading by file', {
        image_file: 'Send the file as image_file.',
      });
    }
    if (file.size > MAX_UPLOAD_BYTES) throw new BcApiError(413, 'The image file is larger than 8 MB.');
    if (file.type && !IMAGE_TYPES.has(file.type)) {
      throw new BcApiError(422, 'The image type is not supported', {
        image_file: `${file.type} is not BMP, GIF, JPEG, PNG, WBMP, XBM or WEBP.`,
      });
    }
    const str = (k: string) => (typeof form[k] === 'string' ? form[k] : undefined);
    const img = addImage(
      data,
      record,
      {
        ...(str('is_thumbnail') !== undefined ? { is_thumbnail: str('is_thumbnail') === 'true' } : {}),
        ...(str('sort_order') !== undefined ? { sort_order: Number(str('sort_order')) } : {}),
        ...(str('description') !== undefined ? { description: str('description') } : {}),
      },
      nowMs,
      record.images.length,
      file.name,
    );
    data.uploads.set(img.id, {
      bytes: new Uint8Array(await file.arrayBuffer()),
      contentType: file.type || 'application/octet-stream',
    });
    return img;
  }
  const input = parseBody(imageSchema, await readJson(c));
  if (!input.image_url) {
    throw new BcApiError(422, 'image_url must be present if uploading by url');
  }
  if (!/^https?:\/\/\S+$/i.test(input.image_url))
    throw new BcApiError(422, "The field 'image_url' is invalid.");
  return addImage(data, record, input, nowMs, record.images.length);
}

export function registerProductMediaRoutes(app: SandboxApp, deps: RouteDeps): void {
  const images = `${V3}/catalog/products/${PRODUCT_ID}/images`;
  const videos = `${V3}/catalog/products/${PRODUCT_ID}/videos`;
  const IMAGE_ID = ':image_id{[0-9]+}';
  const VIDEO_ID = ':id{[0-9]+}';

  app.get(images, (c) => {
    const record = productOr404(c);
    const sorted = [...record.images].sort((a, b) => a.sort_order - b.sort_order || a.id - b.id);
    const baseUrl = deps.baseUrl(c);
    const hash = c.get('store').spec.hash;
    return pagedList(c, sorted, (i) => serializeImage(i, baseUrl, hash));
  });

  app.post(images, async (c) => {
    const store = c.get('store');
    const record = productOr404(c);
    const img = await createImageFromRequest(c, record, deps.clock());
    recordProductWrite(c, record, deps.clock());
    return v3Data(c, serializeImage(img, deps.baseUrl(c), store.spec.hash));
  });

  app.get(`${images}/${IMAGE_ID}`, (c) => {
    const img = imageOr404(productOr404(c), pathId(c, 'image_id'));
    return v3Row(c, serializeImage(img, deps.baseUrl(c), c.get('store').spec.hash));
  });

  app.put(`${images}/${IMAGE_ID}`, async (c) => {
    const store = c.get('store');
    const record = productOr404(c);
    const img = imageOr404(record, pathId(c, 'image_id'));
    const input = parseBody(imageSchema, await readJson(c));
    if (input.image_url !== undefined) {
      if (!/^https?:\/\/\S+$/i.test(input.image_url))
        throw new BcApiError(422, "The field 'image_url' is invalid.");
      img.source_url = input.image_url;
      store.data.uploads.delete(img.id);
    }
    if (input.is_thumbnail === true)
      for (const other of record.images) other.is_thumbnail = other.id === img.id;
    else if (input.is_thumbnail === false) img.is_thumbnail = false;
    if (input.sort_order !== undefined) img.sort_order = input.sort_order;
    if (input.description !== undefined) img.description = input.description;
    img.date_modified = bcDate(deps.clock());
    recordProductWrite(c, record, deps.clock());
    return v3Data(c, serializeImage(img, deps.baseUrl(c), store.spec.hash));
  });

  app.delete(`${images}/${IMAGE_ID}`, (c) => {
    const store = c.get('store');
    const record = productOr404(c);
    const img = imageOr404(record, pathId(c, 'image_id'));
    record.images = record.images.filter((i) => i.id !== img.id);
    store.data.uploads.delete(img.id);
    if (img.is_thumbnail && record.images[0]) record.images[0].is_thumbnail = true;
    recordProductWrite(c, record, deps.clock());
    return c.body(null, 204);
  });

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
