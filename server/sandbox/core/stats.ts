// Per-store request statistics, read through the control API so tests can prove what reached the "store".

export type RequestLogEntry = { method: string; path: string; status: number; at: number };

export type StoreStatsSnapshot = {
  requests: number;
  byStatus: Record<string, number>;
  rateLimited: number;
  injectedErrors: number;
  dropped: number;
  byRoute: Record<string, number>;
  /** Write requests (POST/PUT/DELETE) that touched each product id, counted once per request. */
  productWrites: Record<string, number>;
  recent: RequestLogEntry[];
};

const RECENT_MAX = 500;

export class StoreStats {
  private requests = 0;
  private byStatus = new Map<number, number>();
  private rateLimited = 0;
  private injectedErrors = 0;
  private dropped = 0;
  private byRoute = new Map<string, number>();
  private productWrites = new Map<number, number>();
  private recent: RequestLogEntry[] = [];

  record(
    entry: RequestLogEntry,
    route: string | null,
    kind: 'normal' | 'rate-limited' | 'injected-error' | 'dropped',
  ): void {
    this.requests += 1;
    if (kind !== 'dropped') this.byStatus.set(entry.status, (this.byStatus.get(entry.status) ?? 0) + 1);
    if (kind === 'rate-limited') this.rateLimited += 1;
    if (kind === 'injected-error') this.injectedErrors += 1;
    if (kind === 'dropped') this.dropped += 1;
    if (route) this.byRoute.set(route, (this.byRoute.get(route) ?? 0) + 1);
    this.recent.push(entry);
    if (this.recent.length > RECENT_MAX) this.recent.splice(0, this.recent.length - RECENT_MAX);
  }

  recordProductWrites(ids: Iterable<number>): void {
    for (const id of new Set(ids)) this.productWrites.set(id, (this.productWrites.get(id) ?? 0) + 1);
  }

  snapshot(): StoreStatsSnapshot {
    return {
      requests: this.requests,
      byStatus: Object.fromEntries([...this.byStatus].map(([k, v]) => [String(k), v])),
      rateLimited: this.rateLimited,
      injectedErrors: this.injectedErrors,
      dropped: this.dropped,
      byRoute: Object.fromEntries(this.byRoute),
      productWrites: Object.fromEntries([...this.productWrites].map(([k, v]) => [String(k), v])),
      recent: [...this.recent],
    };
  }
}
