// One request scheduler per store hash: a concurrency cap, and pacing from BigCommerce's rate-limit headers so that
// steady work spreads over the window instead of running into 429 (API-NOTES §5,
// doc:docs/api-docs/getting-started/api-rate-limits.mdx). Modelled on octokit's plugin-throttling / bottleneck, but
// small and driven by an injected clock so tests never sleep for real.
//
// State lives in this process only. That is enough even with several app instances: the quota itself lives at
// BigCommerce and is shared by every app on the store, and each instance paces itself from the store's own
// `X-Rate-Limit-Requests-Left` / `-Time-Reset-Ms` answers, so when one instance spends the quota the others see it in
// their next response and slow down too; they converge without talking to each other.
import { abortReason, type Clock } from './clock';

export type RateLimitSnapshot = {
  /** `X-Rate-Limit-Requests-Left`: requests left in the current window. */
  left: number;
  /** `X-Rate-Limit-Requests-Quota`: requests allowed per window. */
  quota: number;
  /** `X-Rate-Limit-Time-Window-Ms`: the window length. */
  windowMs: number;
  /** `X-Rate-Limit-Time-Reset-Ms`: time until the quota refreshes. */
  resetMs: number;
};

/**
 * The store's quota as its last answer reported it (issue 31: the Keyword Extractor shows what a run is using):
 * requests used in the window (`X-Rate-Limit-Requests-Quota` − `X-Rate-Limit-Requests-Left`), the quota and the window
 * length (API-NOTES §5; doc:docs/start/about/index.mdx "BigCommerce-specific response headers").
 */
export type RateLimitUse = { used: number; quota: number; windowMs: number };

function headerNumber(headers: Headers, name: string): number | undefined {
  const raw = headers.get(name);
  if (raw === null || raw.trim() === '') return undefined;
  const value = Number(raw);
  return Number.isFinite(value) && value >= 0 ? value : undefined;
}

/** Reads the rate-limit headers; undefined when BigCommerce sent none (e.g. a 429 from platform overload). */
export function readRateLimitHeaders(headers: Headers): RateLimitSnapshot | undefined {
  const left = headerNumber(headers, 'x-rate-limit-requests-left');
  const resetMs = headerNumber(headers, 'x-rate-limit-time-reset-ms');
  if (left === undefined || resetMs === undefined) return undefined;
  const windowMs = headerNumber(headers, 'x-rate-limit-time-window-ms') ?? Math.max(resetMs, 30_000);
  const quota = headerNumber(headers, 'x-rate-limit-requests-quota') ?? Math.max(left, 150);
  return { left, quota, windowMs, resetMs };
}

/**
 * How long to wait after a 429: `X-Rate-Limit-Time-Reset-Ms`, or the longer of it and `X-Retry-After` (seconds) when
 * both are present (doc:docs/start/migration/4_errors.md). Undefined when neither header is there.
 */
export function rateLimitWaitMs(headers: Headers): number | undefined {
  const resetMs = headerNumber(headers, 'x-rate-limit-time-reset-ms');
  const retryAfterS = headerNumber(headers, 'x-retry-after') ?? headerNumber(headers, 'retry-after');
  const retryAfterMs = retryAfterS === undefined ? undefined : retryAfterS * 1000;
  if (resetMs === undefined && retryAfterMs === undefined) return undefined;
  return Math.max(resetMs ?? 0, retryAfterMs ?? 0);
}

/**
 * Pace only the last tenth of a window's quota: work goes out at full speed while the store has room (a batch job
 * of 100 requests at 150 per 30 s finishes in one burst) and slows down only when a 429 would otherwise be near.
 */
export const DEFAULT_PACE_BELOW_RATIO = 0.1;

/** In flight before the store's quota and latency are known, when the concurrency is sized automatically. */
export const DEFAULT_CONCURRENCY = 3;
export const MIN_AUTO_CONCURRENCY = 2;
export const MAX_AUTO_CONCURRENCY = 32;
/** Share of each window's quota left to the store's other integrations by default (`BC_QUOTA_RESERVE`). */
export const DEFAULT_QUOTA_RESERVE = 0.2;

/**
 * The concurrency that uses a store's quota well without flooding it (issue 11, point 5). Enough requests in flight
 * to spend the usable quota (`quota × (1 − reserve)`) in a twentieth of the window when there is that much work, at
 * the measured latency (Little's law: in flight = rate × latency), so a dump of a few dozen pages is quick and a Pro
 * or Enterprise store's larger quota is used; never more than an eighth of the usable quota at once, so a Standard
 * store (150 per 30 s) is not flooded; between 2 and 32.
 */
export function autoConcurrency(
  quota: number,
  windowMs: number,
  reserveRatio: number,
  latencyMs: number,
): number {
  const usable = Math.max(1, quota * (1 - reserveRatio));
  const toSpendQuickly = Math.ceil((usable * Math.max(1, latencyMs)) / (windowMs / 20));
  const notFlooding = Math.floor(usable / 8);
  return Math.max(MIN_AUTO_CONCURRENCY, Math.min(MAX_AUTO_CONCURRENCY, notFlooding, toSpendQuickly));
}

export type SchedulerOptions = {
  clock: Clock;
  /**
   * Requests in flight at once for this store. Unset: sized from the store's quota and the measured latency
   * ({@link autoConcurrency}), 3 until both are known. A number fixes it (BigCommerce documents 1 for some endpoints).
   */
  concurrency?: number;
  /**
   * Once fewer than this share of the quota is left, starts are spread evenly over the rest of the window, so
   * steady work slows down before the quota runs out rather than after. Above it, requests go out at once.
   */
  paceBelowRatio?: number;
  /** Requests to leave unused in each window (for the other apps that share the store's quota). */
  reserve?: number;
  /**
   * Share of each window's quota to leave unused for the store's other integrations: all apps on a store share one
   * quota (doc:docs/api-docs/getting-started/api-rate-limits.mdx). The larger of this and `reserve` applies.
   */
  reserveRatio?: number;
  /** New requests that may wait for this store at once; more are refused at once (SchedulerBusyError). */
  maxQueued?: number;
  /** New requests one caller may have waiting for this store at once. */
  maxQueuedPerCaller?: number;
};

/** Bounds of the wait (issue 9, point 8): a store whose quota is the bottleneck never queues without limit. */
export const DEFAULT_MAX_QUEUED = 64;
export const DEFAULT_MAX_QUEUED_PER_CALLER = 16;

/** The store's queue (or this caller's share of it) is full: try again after `retryAfterMs`. */
export class SchedulerBusyError extends Error {
  constructor(readonly retryAfterMs: number) {
    super('Too many requests are waiting for this store');
    this.name = 'SchedulerBusyError';
  }
}

/** Who a request is for (a user id or a client address); requests without one share the caller ''. */
export type RunOptions = { signal?: AbortSignal; priority?: boolean; caller?: string };

type Waiter = {
  resolve: () => void;
  reject: (reason: unknown) => void;
  signal: AbortSignal | undefined;
  onAbort: (() => void) | undefined;
  caller: string;
  /** A retry of a request already admitted: goes first and is not counted against the bounds. */
  priority: boolean;
};

type RateState = { left: number; quota: number; windowMs: number; resetAt: number };

export type SchedulerStats = {
  active: number;
  queued: number;
  started: number;
  maxActive: number;
  /** What the scheduler believes is left in the current window, if it has seen headers. */
  left: number | undefined;
};

export class StoreScheduler {
  private readonly fixedConcurrency: number | undefined;
  private readonly clock: Clock;
  private readonly paceBelowRatio: number;
  private readonly reserve: number;
  private readonly reserveRatio: number;
  /** Smoothed duration of a request (ms), measured from start to end of each task. */
  private latencyMs: number | undefined;
  private readonly maxQueued: number;
  private readonly maxQueuedPerCaller: number;
  private readonly queue: Waiter[] = [];
  /** Requests in flight per caller: the next start goes to the waiting caller with the fewest (fair share). */
  private readonly activeByCaller = new Map<string, number>();
  /** The start number of each caller's latest request (round robin between callers). */
  private readonly lastTurnByCaller = new Map<string, number>();
  private active = 0;
  /** When it last started or finished a request (eviction of idle schedulers). */
  lastUsedAt: number;
  /**
   * Set when the registry forgot this scheduler (idle): a holder that still uses it is sent to the store's live
   * scheduler, so one store never has two.
   */
  successor: (() => StoreScheduler) | undefined;
  private started = 0;
  private maxActive = 0;
  private rate: RateState | undefined;
  /** The last rate-limit headers seen, as sent (the pacing state above is adjusted for requests in flight). */
  private lastSeen: { snapshot: RateLimitSnapshot; at: number } | undefined;
  private pausedUntil = 0;
  private lastStartAt = Number.NEGATIVE_INFINITY;
  private draining = false;
  private wake: AbortController | undefined;

  constructor(options: SchedulerOptions) {
    this.clock = options.clock;
    this.fixedConcurrency =
      options.concurrency === undefined ? undefined : Math.max(1, Math.floor(options.concurrency));
    this.paceBelowRatio = options.paceBelowRatio ?? DEFAULT_PACE_BELOW_RATIO;
    this.reserve = Math.max(0, options.reserve ?? 0);
    this.reserveRatio = Math.min(0.9, Math.max(0, options.reserveRatio ?? 0));
    this.maxQueued = Math.max(1, options.maxQueued ?? DEFAULT_MAX_QUEUED);
    this.maxQueuedPerCaller = Math.max(1, options.maxQueuedPerCaller ?? DEFAULT_MAX_QUEUED_PER_CALLER);
    this.lastUsedAt = this.clock.now();
  }

  /**
   * Runs `task` when a slot is free and the pacing allows it. `priority` puts it at the front (used by retries).
   * Throws SchedulerBusyError at once when the queue (or the caller's share of it) is full.
   */
  async run<T>(task: () => Promise<T>, options: RunOptions = {}): Promise<T> {
    if (this.successor) return this.successor().run(task, options);
    const caller = options.caller ?? '';
    await this.acquire(options.signal, options.priority ?? false, caller);
    const started = this.clock.now();
    try {
      return await task();
    } finally {
      const took = this.clock.now() - started;
      this.latencyMs = this.latencyMs === undefined ? took : this.latencyMs * 0.8 + took * 0.2;
      this.release(caller);
    }
  }

  /** Requests in flight at once now: fixed, or sized from the quota and the measured latency. */
  get concurrency(): number {
    if (this.fixedConcurrency !== undefined) return this.fixedConcurrency;
    if (!this.rate || this.latencyMs === undefined) return DEFAULT_CONCURRENCY;
    return autoConcurrency(this.rate.quota, this.rate.windowMs, this.reserveRatio, this.latencyMs);
  }

  /** Requests of each window left to the store's other integrations. */
  private reserveFor(quota: number): number {
    return Math.max(this.reserve, Math.ceil(quota * this.reserveRatio));
  }

  /** No request in flight or waiting. */
  isIdle(): boolean {
    return this.active === 0 && this.queue.length === 0;
  }

  /** Records the rate-limit headers of a response (success or error alike). */
  observe(snapshot: RateLimitSnapshot | undefined): void {
    if (this.successor) return this.successor().observe(snapshot);
    if (!snapshot) return;
    const now = this.clock.now();
    this.lastSeen = { snapshot, at: now };
    // The other requests still in flight were started after this one was counted (or may have been), so assume they
    // will each use one unit more than the header says: conservative, never optimistic.
    const othersInFlight = Math.max(0, this.active - 1);
    this.rate = {
      left: Math.max(0, snapshot.left - othersInFlight),
      quota: Math.max(1, snapshot.quota),
      windowMs: Math.max(1, snapshot.windowMs),
      resetAt: now + snapshot.resetMs,
    };
    this.poke();
  }

  /** Stops every start for this store for `ms` (after a 429: the quota is the store's, not the request's). */
  pause(ms: number): void {
    if (this.successor) return this.successor().pause(ms);
    const until = this.clock.now() + Math.max(0, ms);
    if (until > this.pausedUntil) this.pausedUntil = until;
    if (this.rate) {
      this.rate.left = 0;
      this.rate.resetAt = Math.max(this.rate.resetAt, until);
    }
    this.poke();
  }

  /**
   * The store's quota as its last answer reported it; undefined before any answer carried the headers. Once that
   * answer's window has reset, nothing is used yet in the new one.
   */
  rateLimitUse(): RateLimitUse | undefined {
    if (this.successor) return this.successor().rateLimitUse();
    if (!this.lastSeen) return undefined;
    const { snapshot, at } = this.lastSeen;
    const quota = Math.max(1, snapshot.quota);
    const isWindowOver = this.clock.now() >= at + snapshot.resetMs;
    const used = isWindowOver ? 0 : Math.min(quota, Math.max(0, quota - snapshot.left));
    return { used, quota, windowMs: Math.max(1, snapshot.windowMs) };
  }

  stats(): SchedulerStats {
    return {
      active: this.active,
      queued: this.queue.length,
      started: this.started,
      maxActive: this.maxActive,
      left: this.rate?.left,
    };
  }

  private acquire(signal: AbortSignal | undefined, priority: boolean, caller: string): Promise<void> {
    if (signal?.aborted) return Promise.reject(abortReason(signal));
    if (!priority) {
      const waiting = this.queue.filter((w) => !w.priority);
      const mine = waiting.filter((w) => w.caller === caller).length;
      if (waiting.length >= this.maxQueued || mine >= this.maxQueuedPerCaller) {
        return Promise.reject(new SchedulerBusyError(this.retryAfterMs()));
      }
    }
    this.lastUsedAt = this.clock.now();
    return new Promise<void>((resolve, reject) => {
      const waiter: Waiter = { resolve, reject, signal, onAbort: undefined, caller, priority };
      if (signal) {
        waiter.onAbort = () => {
          const i = this.queue.indexOf(waiter);
          if (i >= 0) this.queue.splice(i, 1);
          reject(abortReason(signal));
        };
        signal.addEventListener('abort', waiter.onAbort, { once: true });
      }
      if (priority) this.queue.unshift(waiter);
      else this.queue.push(waiter);
      this.pump();
    });
  }

  private release(caller: string): void {
    this.active--;
    const mine = (this.activeByCaller.get(caller) ?? 1) - 1;
    if (mine > 0) this.activeByCaller.set(caller, mine);
    else this.activeByCaller.delete(caller);
    this.forgetIdleCaller(caller);
    this.lastUsedAt = this.clock.now();
    this.pump();
  }

  /** A fair guess of when a refused request could be taken: the wait before the next start, at least 1 s. */
  private retryAfterMs(): number {
    return Math.max(1_000, this.delayBeforeNextStart());
  }

  /**
   * Retries first; then round robin: the waiting caller with the fewest requests in flight, and among those the one
   * served longest ago, its oldest request.
   */
  private nextWaiterIndex(): number {
    let best = -1;
    let bestLoad = Number.POSITIVE_INFINITY;
    let bestTurn = Number.POSITIVE_INFINITY;
    for (let i = 0; i < this.queue.length; i++) {
      const waiter = this.queue[i]!;
      if (waiter.priority) return i;
      const load = this.activeByCaller.get(waiter.caller) ?? 0;
      const turn = this.lastTurnByCaller.get(waiter.caller) ?? -1;
      if (load < bestLoad || (load === bestLoad && turn < bestTurn)) {
        best = i;
        bestLoad = load;
        bestTurn = turn;
      }
    }
    return best;
  }

  /** Forgets the turn of a caller with nothing left here (the map stays as small as the set of active callers). */
  private forgetIdleCaller(caller: string): void {
    if (this.activeByCaller.has(caller) || this.queue.some((w) => w.caller === caller)) return;
    this.lastTurnByCaller.delete(caller);
  }

  /** Wakes the drain loop when the state changed while it was sleeping. */
  private poke(): void {
    this.wake?.abort();
    this.pump();
  }

  private pump(): void {
    if (this.draining) return;
    this.draining = true;
    void this.drain().finally(() => {
      this.draining = false;
      if (this.queue.length > 0 && this.active < this.concurrency) this.pump();
    });
  }

  private async drain(): Promise<void> {
    while (this.queue.length > 0 && this.active < this.concurrency) {
      const delay = this.delayBeforeNextStart();
      if (delay > 0) {
        this.wake = new AbortController();
        try {
          await this.clock.sleep(delay, this.wake.signal);
        } catch {
          // Woken early by new headers or a pause: recompute.
        } finally {
          this.wake = undefined;
        }
        continue;
      }
      const index = this.nextWaiterIndex();
      const [waiter] = this.queue.splice(index, 1);
      if (!waiter) break;
      if (waiter.signal && waiter.onAbort) waiter.signal.removeEventListener('abort', waiter.onAbort);
      this.active++;
      this.activeByCaller.set(waiter.caller, (this.activeByCaller.get(waiter.caller) ?? 0) + 1);
      this.lastTurnByCaller.set(waiter.caller, this.started);
      this.started++;
      this.maxActive = Math.max(this.maxActive, this.active);
      this.lastStartAt = this.clock.now();
      if (this.rate) this.rate.left = Math.max(0, this.rate.left - 1);
      waiter.resolve();
    }
  }

  /** Milliseconds to wait before the next request may start; 0 means now. */
  private delayBeforeNextStart(): number {
    const now = this.clock.now();
    if (this.pausedUntil > now) return this.pausedUntil - now;
    const rate = this.rate;
    if (!rate) return 0;
    if (now >= rate.resetAt) {
      // The window has rolled over since the last answer: assume a fresh quota until headers say otherwise.
      rate.left = rate.quota;
      rate.resetAt = now + rate.windowMs;
    }
    const reserve = this.reserveFor(rate.quota);
    const usable = rate.left - reserve;
    if (usable < 1) return rate.resetAt - now;
    // Pace the last tenth of what this app may use of the window.
    if (usable < (rate.quota - reserve) * this.paceBelowRatio) {
      const interval = (rate.resetAt - now) / usable;
      return Math.max(0, Math.ceil(this.lastStartAt + interval - now));
    }
    return 0;
  }
}

/** Schedulers kept at most; beyond it the least recently used idle ones are forgotten at once. */
export const DEFAULT_MAX_SCHEDULERS = 1_000;
/** A scheduler idle this long is forgotten (its state is rebuilt from the next answer's rate-limit headers). */
export const DEFAULT_SCHEDULER_IDLE_MS = 10 * 60_000;

export type SchedulerRegistryOptions = SchedulerOptions & { maxSchedulers?: number; idleMs?: number };

/**
 * One scheduler per store hash. Idle ones are forgotten (issue 9, point 7: 100,000 store hashes used to stay in
 * memory for good): after `idleMs`, or the least recently used first when more than `maxSchedulers` are kept. One
 * with requests in flight or waiting is never forgotten, and a holder of a forgotten one is sent to the live one.
 */
export class SchedulerRegistry {
  private readonly schedulers = new Map<string, StoreScheduler>();
  private readonly maxSchedulers: number;
  private readonly idleMs: number;

  constructor(private readonly options: SchedulerRegistryOptions) {
    this.maxSchedulers = Math.max(1, options.maxSchedulers ?? DEFAULT_MAX_SCHEDULERS);
    this.idleMs = options.idleMs ?? DEFAULT_SCHEDULER_IDLE_MS;
  }

  get clock(): Clock {
    return this.options.clock;
  }

  /** How many schedulers are kept. */
  get size(): number {
    return this.schedulers.size;
  }

  forStore(storeHash: string): StoreScheduler {
    let scheduler = this.schedulers.get(storeHash);
    if (scheduler) {
      // Most recently used last: the Map's order is the eviction order.
      this.schedulers.delete(storeHash);
    } else {
      this.evict();
      scheduler = new StoreScheduler(this.options);
    }
    this.schedulers.set(storeHash, scheduler);
    return scheduler;
  }

  private evict(): void {
    const now = this.clock.now();
    let over = this.schedulers.size + 1 - this.maxSchedulers;
    for (const [hash, scheduler] of this.schedulers) {
      if (!scheduler.isIdle()) continue;
      const isStale = now - scheduler.lastUsedAt >= this.idleMs;
      if (!isStale && over <= 0) continue;
      this.schedulers.delete(hash);
      scheduler.successor = () => this.forStore(hash);
      over--;
    }
  }
}
