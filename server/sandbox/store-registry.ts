// The sandbox's stores by hash: data, credentials, rate limiter, faults and statistics.
import { isValidStoreHash } from '../../common/stores/store-hash';
import { FaultInjector } from './faults';
import { DEMO_COPY_DEFAULTS, DemoCopiesBusyError, demoCopyKind, type DemoCopyOptions } from './demo-copies';
import { generateStoreData, type StoreKind } from './generate/index';
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
  /** Demo copies (demo-copies.ts); absent: only stores created explicitly exist. */
  demoCopies?: DemoCopyOptions;
  clock?: () => number;
};

export class StoreRegistry {
  private readonly stores = new Map<string, SandboxStore>();
  /** Demo copies by hash, least recently used first (a Map keeps insertion order; a use moves it to the end). */
  private readonly copies = new Map<string, number>();
  /** The seed's size per kind: the same for every store of a kind, measured once. */
  private readonly seedBytes = new Map<StoreKind, number>();
  private readonly rateLimit: RateLimitSettings;
  private readonly budgetBytes: number;
  private readonly clock: () => number;
  readonly copyLimits: Required<Omit<DemoCopyOptions, 'verify'>> | undefined;

  constructor(private readonly options: StoreRegistryOptions = {}) {
    this.rateLimit = options.rateLimit ?? DEFAULT_RATE_LIMIT;
    this.budgetBytes = options.budgetBytes ?? DEFAULT_STORE_BUDGET_BYTES;
    this.clock = options.clock ?? Date.now;
    const copies = options.demoCopies;
    this.copyLimits = copies && {
      maxCopies: copies.maxCopies ?? DEMO_COPY_DEFAULTS.maxCopies,
      idleMs: copies.idleMs ?? DEMO_COPY_DEFAULTS.idleMs,
      evictIdleMs: copies.evictIdleMs ?? DEMO_COPY_DEFAULTS.evictIdleMs,
    };
  }

  create(spec: StoreSpec): SandboxStore {
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
    const store: SandboxStore = {
      spec: { ...spec },
      data,
      content,
      limiter: new FixedWindowLimiter(this.rateLimit),
      faults: new FaultInjector(),
      stats: new StoreStats(),
      budget: new StoreBudget(this.budgetBytes, seed, measure),
    };
    this.stores.set(spec.hash, store);
    return store;
  }

  get(hash: string): SandboxStore | undefined {
    return this.stores.get(hash);
  }

  /**
   * The store a request names: an existing one, or a demo copy created from the seed when `token` is the one the app
   * issued for it. Drops idle copies first; throws DemoCopiesBusyError when every slot is in use.
   */
  async open(hash: string, token: string | undefined): Promise<SandboxStore | undefined> {
    const now = this.clock();
    this.dropIdleCopies(now);
    const existing = this.stores.get(hash);
    if (existing) {
      if (this.copies.has(hash)) {
        this.copies.delete(hash);
        this.copies.set(hash, now);
      }
      return existing;
    }
    const kind = demoCopyKind(hash);
    const copies = this.options.demoCopies;
    if (!kind || !copies || !this.copyLimits || token === undefined) return undefined;
    if (!(await copies.verify(hash, token))) return undefined;
    // Another request for the same copy may have created it while the token was checked.
    const raced = this.stores.get(hash);
    if (raced) return raced;
    this.makeRoom(now);
    const store = this.create({ hash, token, kind });
    this.copies.set(hash, now);
    return store;
  }

  /** How many demo copies are alive. */
  get copyCount(): number {
    return this.copies.size;
  }

  private dropIdleCopies(now: number) {
    const limits = this.copyLimits;
    if (!limits) return;
    for (const [hash, lastUsed] of this.copies) {
      if (now - lastUsed < limits.idleMs) break; // least recently used first: the rest are fresher
      this.delete(hash);
    }
  }

  private makeRoom(now: number) {
    const limits = this.copyLimits;
    if (!limits || this.copies.size < limits.maxCopies) return;
    const [oldest] = this.copies;
    if (!oldest) return;
    const [hash, lastUsed] = oldest;
    const idle = now - lastUsed;
    if (idle < limits.evictIdleMs) throw new DemoCopiesBusyError(limits.evictIdleMs - idle);
    this.delete(hash);
  }

  list(): SandboxStore[] {
    return [...this.stores.values()];
  }

  delete(hash: string): boolean {
    this.copies.delete(hash);
    return this.stores.delete(hash);
  }

  /** Regenerates the store's data and clears its statistics, quota settings and faults. */
  reset(hash: string): SandboxStore | undefined {
    const existing = this.stores.get(hash);
    if (!existing) return undefined;
    return this.create(existing.spec);
  }
}
