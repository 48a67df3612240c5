// Import Product: where an image is imported from, and which target image was made from which URL. Pure.

export type ImageSource = {
  url: string;
  /** `original`: the URL the dump names as the image's own; the others are BigCommerce's resized copies. */
  size: 'original' | 'zoom' | 'standard' | 'thumbnail';
};

const http = (value: unknown): string =>
  typeof value === 'string' && /^https?:\/\//i.test(value.trim()) ? value.trim() : '';

/**
 * Where an image is imported from. BigCommerce's REST catalogue gives no address of an image's original file:
 * `image_file` is "the local path to the original image file" (products_catalog.v3.yml line 1347), not a URL, and
 * `url_zoom` is a copy that "the API returns ... resized" when the original is larger than 1280 x 1280 (line 6641).
 * So `image_url` is used when a dump has one of its own (the productImage_Full schema lists it, line 6631, though
 * BigCommerce's examples leave it out), else the largest copy, and the result says the image was limited.
 */
export function imageSource(image: Record<string, unknown>): ImageSource | null {
  const copies = {
    zoom: http(image.url_zoom),
    standard: http(image.url_standard),
    thumbnail: http(image.url_thumbnail),
  };
  const own = http(image.image_url);
  if (own && !Object.values(copies).includes(own) && own !== http(image.url_tiny)) {
    return { url: own, size: 'original' };
  }
  for (const size of ['zoom', 'standard', 'thumbnail'] as const) {
    if (copies[size]) return { url: copies[size], size };
  }
  return null;
}

/** The URL an image is imported from; empty when the dump has none. */
export function imageSourceUrl(image: Record<string, unknown>): string {
  return imageSource(image)?.url ?? '';
}

/** The letters and digits of a URL's or a file's name, without its extension: `Tee__602.png` → `tee602`. */
export function imageKey(urlOrFile: string): string {
  const file = (urlOrFile.split('?')[0] ?? '').split('/').pop() ?? '';
  return file
    .replace(/\.[a-z0-9]+$/i, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '');
}

/**
 * Whether a target image (its `image_file`) was made from the URL with key `urlKey`. BigCommerce names an image it
 * fetched after the URL's file name, cut to a length and with `__{number}` appended; so one name starts with the
 * other once that number is taken off.
 */
export function imageMadeFrom(imageFile: string, urlKey: string): boolean {
  const file = (imageFile.split('/').pop() ?? '').replace(/\.[a-z0-9]+$/i, '').replace(/__[0-9]+$/, '');
  const fileKey = imageKey(file);
  if (fileKey.length < 6 || urlKey.length < 6) return fileKey === urlKey && fileKey !== '';
  return fileKey.startsWith(urlKey) || urlKey.startsWith(fileKey);
}
