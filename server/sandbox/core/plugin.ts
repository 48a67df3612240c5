// The shape of a part of the sandbox's API: the catalogue (./catalog/plugin.ts) and the content API
// (./content/plugin.ts) both plug into the core (stores, auth, quota, faults: ./index.ts) this way.
import type { RouteDeps, SandboxApp } from './app-env';
import type { ContentStateFactory } from './store-registry';

export type SandboxPlugin = {
  /** Per-store state the part keeps beside the catalogue data (made at creation and on every reset). */
  createState?: ContentStateFactory;
  /** That state as structured-clone-able data, for a store snapshot (needed by demo copies shared between instances). */
  saveState?: (slot: unknown) => unknown;
  /** Puts a state `saveState` gave back into a slot `createState` made. */
  loadState?: (slot: unknown, saved: unknown) => void;
  /** Its routes, mounted after the core's store, auth and rate-limit middleware. */
  registerRoutes: (app: SandboxApp, deps: RouteDeps) => void;
};
