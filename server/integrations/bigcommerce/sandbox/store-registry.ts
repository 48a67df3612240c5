// The sandbox's stores by hash: data, credentials, rate limiter, faults and statistics.
import { isValidStoreHash } from '../store-hash';
import { FaultInjector } from './faults';
import { generateStoreData, type StoreKind } from './generate/index';
import { DEFAULT_RATE_LIMIT, FixedWindowLimiter, type RateLimitSettings } from './rate-limit';
import { StoreStats } from './stats';
import type { ContentSlot, StoreData } from './store-state';

export type StoreSpec = { hash: string; token: string; kind: StoreKind; name?: string };

export type SandboxStore = {
  readonly spec: StoreSpec;
  data: StoreData;
  /** Filled by the content plugin (sandbox/content/, widgets); `undefined` when no plugin is installed. */
  content: ContentSlot;
  limiter: FixedWindowLimiter;
  faults: FaultInjector;
  stats: StoreStats;
};

/** What the widgets module plugs in: a per-store state factory (called at creation and on every reset). */
export type ContentStateFactory = (refs: { hash: string; kind: StoreKind; data: StoreData }) => ContentSlot;

export const DEMO_STORES: StoreSpec[] = [
  { hash: 'sandbox-demo', token: 'demo-token', kind: 'demo' },
  { hash: 'sandbox-empty', token: 'empty-token', kind: 'empty' },
];

export class StoreRegistry {
  private readonly stores = new Map<string, SandboxStore>();

  constructor(
    private readonly rateLimit: RateLimitSettings = DEFAULT_RATE_LIMIT,
    private readonly contentFactory?: ContentStateFactory,
  ) {}

  create(spec: StoreSpec): SandboxStore {
    // The same rule as the client's (store-hash.ts), so every sandbox store is reachable through the client.
    if (!isValidStoreHash(spec.hash))
      throw new Error(`Invalid sandbox store hash ${JSON.stringify(spec.hash)}`);
    const data = generateStoreData(spec.hash, spec.kind, spec.name);
    const store: SandboxStore = {
      spec: { ...spec },
      data,
      content: this.contentFactory?.({ hash: spec.hash, kind: spec.kind, data }),
      limiter: new FixedWindowLimiter(this.rateLimit),
      faults: new FaultInjector(),
      stats: new StoreStats(),
    };
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
