// Builds the content of one sandbox store: built-in widget templates always, the demo content when asked for.
import { ContentState, type IdSource } from './content-state';
import { DEFAULT_DEMO_SEED, seedDemoContent } from './demo/demo-content';
import type { StorefrontContext } from './storefront-context';

export type ContentRefs = {
  /** Catalogue ids the demo snapshots point at (product, category and brand pages; product widgets). */
  productIds: number[];
  categoryIds: number[];
  brandIds: number[];
  /** The store's channels; the first is the default channel of every write. */
  channelIds: number[];
  /** true: the demo content; false: what a fresh store has (built-in templates only). */
  demo: boolean;
  seed?: number;
  /** Used in demo image URLs (`https://cdn11.bigcommerce.com/s-<hash>/…`); defaults to `sandbox-demo`. */
  storeHash?: string;
  /** Lets channels created after start-up count as known; defaults to membership in `channelIds`. */
  isKnownChannel?: (channelId: number) => boolean;
  /** The clock and UUIDs of writes after the seed (default: the system's). */
  ids?: IdSource;
  /** Storefront paths of catalogue objects, for redirects' `to_url` (default: none known). */
  catalogPath?: StorefrontContext['catalogPath'];
};

/** Builds the content of one sandbox store. The same refs and seed always give the same content. */
export function createContentState(refs: ContentRefs): ContentState {
  const state = new ContentState({
    channelIds: refs.channelIds,
    isKnownChannel: refs.isKnownChannel,
    ...(refs.ids ? { ids: refs.ids } : {}),
    ...(refs.storeHash ? { storeHash: refs.storeHash } : {}),
    ...(refs.catalogPath ? { catalogPath: refs.catalogPath } : {}),
  });
  if (refs.demo) seedDemoContent(state, refs, refs.seed ?? DEFAULT_DEMO_SEED);
  return state;
}
