// Plugs the content API into the core sandbox: `createSandbox({..., content: contentPlugin})`.
// Per store, the state is built from the store's catalogue ids and channels (again on every reset); the routes are
// mounted at `/stores/:hash/v3/content` after the core's store, auth and rate-limit middleware. Writes take their
// clock and UUIDs through the request tape (../request-tape.ts), so a demo copy shared by several instances replays
// them the same; `saveState`/`loadState` put the content in and out of a store snapshot (../store-snapshot.ts).
import { V3 } from '../app-env';
import type { ContentStateFactory } from '../store-registry';
import type { SandboxPlugin } from '../plugin';
import { tapedNow, tapedUuid } from '../request-tape';
import { ContentState, type ContentSnapshot, type IdSource } from './content-state';
import { createContentState } from './create-content-state';
import { createContentRoutes } from './routes';

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
    }),
  saveState: (slot) => contentOf(slot).saveState(),
  loadState: (slot, saved) => contentOf(slot).loadState(saved as ContentSnapshot),
  registerRoutes: (app) => {
    app.route(
      `${V3}/content`,
      createContentRoutes((c) => contentOf(c.get('store').content)),
    );
  },
};
