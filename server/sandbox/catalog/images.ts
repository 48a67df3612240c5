// Product image URLs and the image files the sandbox serves itself (small generated PNGs, or uploaded bytes).
import { deflateSync } from 'node:zlib';
import type { ProductImage } from './types';

/** BigCommerce's stencil sizes for url_zoom, url_standard, url_thumbnail and url_tiny. */
export const IMAGE_SIZES = {
  url_zoom: '1280x1280',
  url_standard: '500x659',
  url_thumbnail: '220x290',
  url_tiny: '44x58',
} as const;

export type ImageUrls = { [K in keyof typeof IMAGE_SIZES]: string };

/** The path (below the mount point) of one size of an image. */
export function imagePath(
  hash: string,
  img: Pick<ProductImage, 'id' | 'product_id' | 'image_file'>,
  size: string,
): string {
  const file = img.image_file.split('/').pop() ?? 'image.png';
  return `/cdn/s-${hash}/images/stencil/${size}/products/${img.product_id}/${img.id}/${file}?c=1`;
}

export function imageUrls(baseUrl: string, hash: string, img: ProductImage): ImageUrls {
  return {
    url_zoom: baseUrl + imagePath(hash, img, IMAGE_SIZES.url_zoom),
    url_standard: baseUrl + imagePath(hash, img, IMAGE_SIZES.url_standard),
    url_thumbnail: baseUrl + imagePath(hash, img, IMAGE_SIZES.url_thumbnail),
    url_tiny: baseUrl + imagePath(hash, img, IMAGE_SIZES.url_tiny),
  };
}

/** The original (the `image_file` path) is served at `/cdn/s-{hash}/product_images/{image_file}`. */
export function originalImagePath(hash: string, img: Pick<ProductImage, 'image_file'>): string {
  return `/cdn/s-${hash}/product_images/${img.image_file}`;
}

const PALETTE: [number, number, number][] = [
  [183, 71, 42],
  [46, 83, 57],
  [27, 42, 74],
  [212, 160, 23],
  [91, 103, 112],
  [142, 201, 232],
  [216, 204, 180],
  [120, 72, 140],
  [60, 140, 120],
  [200, 90, 120],
  [90, 120, 200],
  [160, 160, 60],
];

let crcTable: Uint32Array | null = null;
function crc32(bytes: Uint8Array): number {
  if (!crcTable) {
    crcTable = new Uint32Array(256);
    for (let n = 0; n < 256; n++) {
      let c = n;
      for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
      crcTable[n] = c >>> 0;
    }
  }
  let crc = 0xffffffff;
  for (const b of bytes) crc = crcTable[(crc ^ b) & 0xff]! ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Uint8Array): Buffer {
  const out = Buffer.alloc(12 + data.length);
  out.writeUInt32BE(data.length, 0);
  out.write(type, 4, 'ascii');
  Buffer.from(data).copy(out, 8);
  out.writeUInt32BE(crc32(out.subarray(4, 8 + data.length)), 8 + data.length);
  return out;
}

/** A small RGB PNG: a colour band design keyed by `seed`, so each image looks different but stays the same. */
export function renderPng(width: number, height: number, seed: number): Buffer {
  const a = PALETTE[seed % PALETTE.length]!;
  const b = PALETTE[(seed * 7 + 3) % PALETTE.length]!;
  const raw = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y++) {
    const row = y * (width * 3 + 1);
    raw[row] = 0;
    for (let x = 0; x < width; x++) {
      const inBand = (x + y) % Math.max(8, Math.floor(width / 4)) < Math.max(4, Math.floor(width / 8));
      const [r, g, bl] = inBand ? a : b;
      const i = row + 1 + x * 3;
      raw[i] = r;
      raw[i + 1] = g;
      raw[i + 2] = bl;
    }
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // colour type: RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', new Uint8Array()),
  ]);
}

const cache = new Map<string, Buffer>();
const CACHE_MAX = 64;

/** Renders (or reuses) the PNG for a stencil size like `500x659`; the original is served at 640x640. */
export function placeholderPng(size: string | null, seed: number): Buffer {
  const match = size ? /^(\d{1,4})x(\d{1,4})$/.exec(size) : null;
  const width = Math.min(1280, Math.max(1, Number(match?.[1] ?? 640)));
  const height = Math.min(1280, Math.max(1, Number(match?.[2] ?? 640)));
  const key = `${width}x${height}:${seed % PALETTE.length}`;
  let png = cache.get(key);
  if (!png) {
    png = renderPng(width, height, seed % PALETTE.length);
    if (cache.size >= CACHE_MAX) cache.delete(cache.keys().next().value!);
    cache.set(key, png);
  }
  return png;
}

/** Width and height read from a PNG, GIF or JPEG header; null for other formats or a header that does not parse. */
export function imageDimensions(bytes: Uint8Array): { width: number; height: number } | null {
  const at = (i: number) => bytes[i] ?? 0;
  const be16 = (i: number) => (at(i) << 8) | at(i + 1);
  if (at(0) === 0x89 && at(1) === 0x50 && at(2) === 0x4e && at(3) === 0x47 && bytes.length >= 24) {
    const be32 = (i: number) => ((at(i) << 24) | (at(i + 1) << 16) | (at(i + 2) << 8) | at(i + 3)) >>> 0;
    return { width: be32(16), height: be32(20) };
  }
  if (at(0) === 0x47 && at(1) === 0x49 && at(2) === 0x46 && bytes.length >= 10) {
    return { width: at(6) | (at(7) << 8), height: at(8) | (at(9) << 8) };
  }
  if (at(0) === 0xff && at(1) === 0xd8) {
    let i = 2;
    while (i + 9 < bytes.length) {
      if (at(i) !== 0xff) return null;
      const marker = at(i + 1);
      if (marker === 0xff) {
        i++;
        continue;
      }
      // Start-of-frame markers carry the size; C4, C8 and CC are other segments.
      if (marker >= 0xc0 && marker <= 0xcf && ![0xc4, 0xc8, 0xcc].includes(marker)) {
        return { width: be16(i + 7), height: be16(i + 5) };
      }
      i += marker === 0x01 || (marker >= 0xd0 && marker <= 0xd9) ? 2 : 2 + be16(i + 2);
    }
  }
  return null;
}

/** The largest size of the same proportions that fits in the box; the image itself when it already fits. */
export function fitWithin(
  image: { width: number; height: number },
  box: { width: number; height: number },
): { width: number; height: number } {
  if (image.width <= box.width && image.height <= box.height) return image;
  const scale = Math.min(box.width / image.width, box.height / image.height);
  return {
    width: Math.max(1, Math.round(image.width * scale)),
    height: Math.max(1, Math.round(image.height * scale)),
  };
}

/**
 * One stencil size of an uploaded file. BigCommerce serves `url_zoom` resized when the original is larger than
 * 1280 x 1280 (products_catalog.v3.yml line 6641, productImage_Full), and the other sizes likewise: an upload larger
 * than the size asked for is answered with a generated PNG of the fitted dimensions (the sandbox does not scale the
 * picture itself); a smaller one, or one whose size it cannot read, as sent.
 */
export function stencilCopy(
  upload: { bytes: Uint8Array; contentType: string },
  size: string,
  seed: number,
): { bytes: Uint8Array; contentType: string } {
  const box = /^(\d{1,4})x(\d{1,4})$/.exec(size);
  const original = imageDimensions(upload.bytes);
  if (!box || !original) return upload;
  const fitted = fitWithin(original, { width: Number(box[1]), height: Number(box[2]) });
  if (fitted === original) return upload;
  return { bytes: renderPng(fitted.width, fitted.height, seed % PALETTE.length), contentType: 'image/png' };
}
