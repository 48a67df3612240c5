// In-memory state of one sandbox store: its catalogue data plus the per-store runtime (rate limiter, faults, stats).
import type {
  Brand,
  Category,
  CategoryTree,
  Channel,
  ProductRecord,
  StoreInformation,
} from '../catalog/types';

/** Id sequences. They start above zero, like a store that has lived a little (products from 77, …). */
export type Sequences = {
  product: number;
  variant: number;
  skuId: number;
  option: number;
  optionValue: number;
  image: number;
  video: number;
  customField: number;
  bulkPricingRule: number;
  review: number;
  brand: number;
  category: number;
  tree: number;
};

export const INITIAL_SEQUENCES: Sequences = {
  product: 77,
  variant: 101,
  skuId: 40,
  option: 32,
  optionValue: 68,
  image: 210,
  video: 11,
  customField: 5,
  bulkPricingRule: 3,
  review: 7,
  brand: 36,
  category: 18,
  tree: 1,
};

export type UploadedImage = { bytes: Uint8Array; contentType: string };

/**
 * Seam for the widgets engineer's `sandbox/content/` module: per-store content state (widget templates, widgets,
 * placements, page widgets). `store-registry.ts` fills it through the `ContentPlugin` given to `createSandbox`.
 */
export type ContentSlot = unknown;

export type StoreData = {
  hash: string;
  info: StoreInformation;
  products: Map<number, ProductRecord>;
  brands: Map<number, Brand>;
  trees: Map<number, CategoryTree>;
  categories: Map<number, Category>;
  channels: Map<number, Channel>;
  /** Bytes of images uploaded as multipart `image_file`, by image id. */
  uploads: Map<number, UploadedImage>;
  seq: Sequences;
};

export function createStoreData(hash: string, info: StoreInformation): StoreData {
  return {
    hash,
    info,
    products: new Map(),
    brands: new Map(),
    trees: new Map(),
    categories: new Map(),
    channels: new Map(),
    uploads: new Map(),
    seq: { ...INITIAL_SEQUENCES },
  };
}

/** Returns the next id of a sequence and advances it. */
export function nextId(data: StoreData, key: keyof Sequences): number {
  const id = data.seq[key];
  data.seq[key] = id + 1;
  return id;
}
