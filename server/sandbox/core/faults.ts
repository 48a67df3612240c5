// Fault injection for tests and benchmarks. Everything is counter-based, so a given sequence of requests always
// meets the same faults: an error ratio of 0.25 fails exactly every fourth matching request.

export type FaultMatch = { method?: string; path?: string };

export type FaultSettings = {
  /** Added before answering each request (real time). */
  latencyMs: number;
  /** Share (0..1) of matching requests answered with `errorStatus`. */
  errorRate: number;
  errorStatus: 500 | 502 | 503 | 504;
  /** The next N matching requests answer `errorStatus`. */
  errorNext: number;
  /** Matching requests let through before the `errorNext` run starts: a 5xx storm in the middle of a job. */
  errorAfter: number;
  /** The next N matching requests answer 429 (with rate-limit headers and `X-Retry-After`). */
  stormNext: number;
  /** `X-Rate-Limit-Time-Reset-Ms` sent during a storm. */
  stormResetMs: number;
  /** Share (0..1) of matching requests whose socket is destroyed without an answer. */
  dropRate: number;
  /** The next N matching requests are dropped. */
  dropNext: number;
  /** `before`: dropped before the handler (nothing written). `after`: the handler runs (writes happen), then the
   * answer is lost, the case that tempts clients into repeating a write. */
  dropPhase: 'before' | 'after';
  /** Only requests whose method equals `method` and whose path contains `path` meet faults (latency applies to all). */
  match: FaultMatch | null;
};

export const DEFAULT_FAULTS: FaultSettings = {
  latencyMs: 0,
  errorRate: 0,
  errorStatus: 500,
  errorNext: 0,
  errorAfter: 0,
  stormNext: 0,
  stormResetMs: 500,
  dropRate: 0,
  dropNext: 0,
  dropPhase: 'before',
  match: null,
};

export type Fault = 'storm' | 'error' | 'drop';

export class FaultInjector {
  private settings: FaultSettings = { ...DEFAULT_FAULTS };
  private errorCredit = 0;
  private dropCredit = 0;
  /** Requests waiting out their latency: woken when it changes. */
  private readonly delayed = new Set<() => void>();

  get current(): FaultSettings {
    return { ...this.settings };
  }

  configure(patch: Partial<FaultSettings>): void {
    this.settings = { ...this.settings, ...patch };
    if (patch.errorRate !== undefined) this.errorCredit = 0;
    if (patch.dropRate !== undefined) this.dropCredit = 0;
    if (patch.latencyMs !== undefined) this.wakeDelayed();
  }

  reset(): void {
    this.settings = { ...DEFAULT_FAULTS };
    this.errorCredit = 0;
    this.dropCredit = 0;
    this.wakeDelayed();
  }

  /**
   * The latency of a request that arrived at `since` (ms, real time), judged by the setting now: a latency lowered
   * while requests wait ends their wait sooner (0: at once). A test holds calls with a long latency until it has seen
   * what it waits for (a queue filled), then lets them go, with no race against the clock of a busy machine.
   */
  async delay(since: number): Promise<void> {
    for (;;) {
      const left = since + this.settings.latencyMs - Date.now();
      if (left <= 0) return;
      await new Promise<void>((resolve) => {
        const done = () => {
          clearTimeout(timer);
          this.delayed.delete(done);
          resolve();
        };
        const timer = setTimeout(done, left);
        this.delayed.add(done);
      });
    }
  }

  private wakeDelayed(): void {
    for (const wake of [...this.delayed]) wake();
  }

  matches(method: string, path: string): boolean {
    const m = this.settings.match;
    if (!m) return true;
    if (m.method && m.method.toUpperCase() !== method.toUpperCase()) return false;
    if (m.path && !path.includes(m.path)) return false;
    return true;
  }

  /** Decides the fault for one request, advancing the counters. */
  next(method: string, path: string): Fault | null {
    if (!this.matches(method, path)) return null;
    const s = this.settings;
    if (s.stormNext > 0) {
      s.stormNext -= 1;
      return 'storm';
    }
    if (s.dropNext > 0) {
      s.dropNext -= 1;
      return 'drop';
    }
    if (s.errorNext > 0) {
      if (s.errorAfter > 0) {
        s.errorAfter -= 1;
        return null;
      }
      s.errorNext -= 1;
      return 'error';
    }
    if (s.dropRate > 0) {
      this.dropCredit += s.dropRate;
      if (this.dropCredit >= 1 - 1e-9) {
        this.dropCredit -= 1;
        return 'drop';
      }
    }
    if (s.errorRate > 0) {
      this.errorCredit += s.errorRate;
      if (this.errorCredit >= 1 - 1e-9) {
        this.errorCredit -= 1;
        return 'error';
      }
    }
    return null;
  }
}
