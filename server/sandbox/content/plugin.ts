// Plugs the content API into the core sandbox: `createSandbox({..., content: contentPlugin})`.
// Per store, the state is built from the store's catalogue ids and channels (again on every reset); the routes are
// mounted at `/stores/:hash/v3/content` after the core's store, auth and rate-limit middleware.
import { V3 } from '../app-env';
import type { ContentStateFactory } from '../store-registry';
import type { SandboxPlugin } from '../plugin';
import { ContentState } from './content-state';
import { createContentState } from './create-content-state';
import { createContentRoutes } from './routes';

const ascending = (ids: Iterable<number>) => [...ids].sort((a, b) => a - b);

/** The store's content slot as a ContentState (the core types the slot `unknown`). */
export function contentOf(slot: unknown): ContentState {
  if (!(slot instanceof ContentState))
    throw new Error('The store has no content state: is contentPlugin installed?');
  return slot;
}

export const contentPlugin: SandboxPlugin & { createState: ContentStateFactory } = {
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
    }),
  registerRoutes: (app) => {
    app.route(
      `${V3}/content`,
      createContentRoutes((c) => contentOf(c.get('store').content)),
    );
  },
};
