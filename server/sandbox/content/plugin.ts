// Plugs the content API into the core sandbox: `createSandbox({..., content: contentPlugin})`.
// Per store, the state is built from the store's catalogue ids and channels (again on every reset); the routes are
// mounted at `/stores/:hash/v3/content` after the core's store, auth and rate-limit middleware. Writes take their
// clock and UUIDs through the request tape (../request-tape.ts), so a demo copy shared by several instances replays
// them the same; `saveState`/`loadState` put the content in and out of a store snapshot (../store-snapshot.ts).
import { V2, V3, type SandboxContext } from '../core/app-env';
import type { ContentStateFactory } from '../core/store-registry';
import type { SandboxPlugin } from '../core/plugin';
import { tapedNow, tapedUuid } from '../demo-copies/request-tape';
import { ContentState, type ContentSnapshot, type IdSource } from './content-state';
import { createContentState } from './create-content-state';
import { createContentRoutes } from './routes';
import { createBlogPostRoutes } from './blog-posts';
import { createRedirectRoutes } from './redirects';

const ascending = (ids: Iterable<number>) => [...ids].sort((a, b) => a - b);

const tapedIds: IdSource = { now: () => new Date(tapedNow(Date.now)), newUuid: tapedUuid };

/** The store's content slot as a ContentState (the core types the slot `unknown`). */
export function contentOf(slot: unknown): ContentState {
  if (!(slot instanceof ContentState))
    throw new Error('The store has no content state: is contentPlugin installed?');
  return slot;
}

export const contentPlugin: SandboxPlugin & {
  createState: ContentStateFactory;
  saveState: (slot: unknown) => unknown;
  loadState: (slot: unknown, saved: unknown) => void;
} = {
  createState: ({ hash, kind, data }) =>
    createContentState({
      productIds: ascending(data.products.keys()),
      categoryIds: ascending(data.categories.keys()),
      brandIds: ascending(data.brands.keys()),
      channelIds: ascending(data.channels.keys()),
      demo: kind === 'demo',
      storeHash: hash,
      // Channels created through the channels API after start-up count too.
      isKnownChannel: (channelId) => data.channels.has(channelId),
      ids: tapedIds,
      // Read when a redirect's `to_url` is asked for, so it follows the catalogue as it is then.
      catalogPath: (kind, id) => {
        if (kind === 'product') return data.products.get(id)?.fields.custom_url.url;
        if (kind === 'brand') return data.brands.get(id)?.custom_url.url;
        return data.categories.get(id)?.url.path;
      },
    }),
  saveState: (slot) => contentOf(slot).saveState(),
  loadState: (slot, saved) => contentOf(slot).loadState(saved as ContentSnapshot),
  registerRoutes: (app) => {
    const getContent = (c: SandboxContext) => contentOf(c.get('store').content);
    app.route(`${V3}/content`, createContentRoutes(getContent));
    // Blog posts (store_content.v2.yml) and 301 redirects (redirects.v3.yml) live in the content state too.
    app.route(`${V2}/blog`, createBlogPostRoutes(getContent));
    app.route(`${V3}/storefront/redirects`, createRedirectRoutes(getContent));
  },
};
