// Product images (products_catalog.v3.yml) [PROD getProductImages … deleteProductImage]. Images can be created from
// `image_url` (JSON) or uploaded as `image_file` (multipart/form-data); the sandbox serves the files under /cdn/.
import { z } from 'zod';
import { type RouteDeps, type SandboxApp, type SandboxContext, V3 } from '../../core/app-env';
import { BcApiError, v3Data } from '../../core/envelope';
import { imageFileName } from '../demo/catalogue';
import { int, parseBody } from '../../core/body';
import { nextId, type StoreData } from '../../core/store-state';
import { imageUrls } from '../images';
import { bcDate, slugify } from '../records';
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
import type { ProductImage, ProductRecord } from '../types';

export const imageSchema = z.object({
  image_url: z.string().max(255).optional(),
  is_thumbnail: z.boolean().optional(),
  sort_order: int.optional(),
  description: z.string().optional(),
});

export const MAX_IMAGES_PER_PRODUCT = 1000;

export function assertImageUrl(url: string | undefined, key: string): void {
  if (!url || !/^https?:\/\/[^\s]+$/i.test(url)) {
    throw new BcApiError(422, "The field 'image_url' is invalid.", {
      [key]: 'image_url must be an http(s) URL.',
    });
  }
}

export function addImage(
  data: StoreData,
  record: ProductRecord,
  input: { image_url?: string; is_thumbnail?: boolean; sort_order?: number; description?: string },
  nowMs: number,
  fallbackSort: number,
  uploadedName?: string,
): ProductImage {
  if (record.images.length >= MAX_IMAGES_PER_PRODUCT)
    throw new BcApiError(422, 'A product can have at most 1000 images.');
  const id = nextId(data, 'image');
  const source = uploadedName ?? input.image_url ?? 'image.png';
  const base = (source.split('?')[0]!.split('/').pop() ?? 'image').replace(/\.[a-z0-9]+$/i, '');
  const isThumb = input.is_thumbnail ?? record.images.length === 0;
  if (isThumb) for (const img of record.images) img.is_thumbnail = false;
  const image: ProductImage = {
    id,
    product_id: record.fields.id,
    is_thumbnail: isThumb,
    sort_order: input.sort_order ?? fallbackSort,
    description: input.description ?? '',
    image_file: imageFileName(slugify(base).slice(0, 40) || 'image', id, 10000 + ((id * 7919) % 90000)),
    date_modified: bcDate(nowMs),
    source_url: input.image_url ?? null,
  };
  record.images.push(image);
  return image;
}

export function serializeImage(img: ProductImage, baseUrl: string, hash: string) {
  const { source_url: _source, ...rest } = img;
  return {
    id: rest.id,
    product_id: rest.product_id,
    is_thumbnail: rest.is_thumbnail,
    sort_order: rest.sort_order,
    description: rest.description,
    image_file: rest.image_file,
    ...imageUrls(baseUrl, hash, img),
    date_modified: rest.date_modified,
  };
}

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

export function registerProductImageRoutes(app: SandboxApp, deps: RouteDeps): void {
  const images = `${V3}/catalog/products/${PRODUCT_ID}/images`;
  const IMAGE_ID = ':image_id{[0-9]+}';

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
}
