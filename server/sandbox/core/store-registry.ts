// The sandbox's stores: what one store is (data, credentials, rate limiter, faults, statistics, budget), and the
// registry of the stores made explicitly.
import { isValidStoreHash } from '../../../common/stores/store-hash';
import { FaultInjector } from './faults';
import { generateStoreData, type StoreKind } from '../catalog/demo/index';
import { DEFAULT_RATE_LIMIT, FixedWindowLimiter, type RateLimitSettings } from './rate-limit';
import { StoreStats } from './stats';
import { DEFAULT_STORE_BUDGET_BYTES, measureBytes, StoreBudget } from './store-budget';
import type { ContentSlot, StoreData } from './store-state';

export type StoreSpec = {
  hash: string;
  token: string;
  kind: StoreKind;
  name?: string;
  /** A second token with read-only scopes: GETs pass, anything else answers 403 (missing scope). */
  readOnlyToken?: string;
};

export type SandboxStore = {
  readonly spec: StoreSpec;
  data: StoreData;
  /** Filled by the content plugin (sandbox/content/, widgets); `undefined` when no plugin is installed. */
  content: ContentSlot;
  limiter: FixedWindowLimiter;
  faults: FaultInjector;
  stats: StoreStats;
  /** What it may hold beyond its seed (store-budget.ts). */
  budget: StoreBudget;
};

/** What the widgets module plugs in: a per-store state factory (called at creation and on every reset). */
export type ContentStateFactory = (refs: { hash: string; kind: StoreKind; data: StoreData }) => ContentSlot;

export const DEMO_STORES: StoreSpec[] = [
  { hash: 'sandbox-demo', token: 'demo-token', kind: 'demo' },
  { hash: 'sandbox-empty', token: 'empty-token', kind: 'empty' },
];

export type StoreRegistryOptions = {
  rateLimit?: RateLimitSettings;
  contentFactory?: ContentStateFactory;
  /** Growth each store may hold over its seed (store-budget.ts). */
  budgetBytes?: number;
};

/**
 * The stores made explicitly: the shared fixtures and those created through the control API (each visitor's demo
 * copies live in demo-copy-pool.ts). Also builds every store, copies included, from its seed.
 */
export class StoreRegistry {
  private readonly stores = new Map<string, SandboxStore>();
  /** The seed's size per kind: the same for every store of a kind, measured once. */
  private readonly seedBytes = new Map<StoreKind, number>();
  private readonly rateLimit: RateLimitSettings;
  private readonly budgetBytes: number;

  constructor(private readonly options: StoreRegistryOptions = {}) {
    this.rateLimit = options.rateLimit ?? DEFAULT_RATE_LIMIT;
    this.budgetBytes = options.budgetBytes ?? DEFAULT_STORE_BUDGET_BYTES;
  }

  /** A new store from its seed, not registered (demo copies keep their own). */
  build(spec: StoreSpec): SandboxStore {
    // The same rule as the client's (store-hash.ts), so every sandbox store is reachable through the client.
    if (!isValidStoreHash(spec.hash))
      throw new Error(`Invalid sandbox store hash ${JSON.stringify(spec.hash)}`);
    const data = generateStoreData(spec.hash, spec.kind, spec.name);
    const content = this.options.contentFactory?.({ hash: spec.hash, kind: spec.kind, data });
    const measure = () => measureBytes({ data, content });
    let seed = this.seedBytes.get(spec.kind);
    if (seed === undefined) {
      seed = measure();
      this.seedBytes.set(spec.kind, seed);
    }
    return {
      spec: { ...spec },
      data,
      content,
      limiter: new FixedWindowLimiter(this.rateLimit),
      faults: new FaultInjector(),
      stats: new StoreStats(),
      budget: new StoreBudget(this.budgetBytes, seed, measure),
    };
  }

  /** Builds a store and registers it under its hash (replacing any store there). */
  create(spec: StoreSpec): SandboxStore {
    const store = this.build(spec);
    this.stores.set(spec.hash, store);
    return store;
  }

  get(hash: string): SandboxStore | undefined {
    return this.stores.get(hash);
  }

  list(): SandboxStore[] {
    return [...this.stores.values()];
  }

  delete(hash: string): boolean {
    return this.stores.delete(hash);
  }

  /** Regenerates the store's data and clears its statistics, quota settings and faults. */
  reset(hash: string): SandboxStore | undefined {
    const existing = this.stores.get(hash);
    if (!existing) return undefined;
    return this.create(existing.spec);
  }
}
