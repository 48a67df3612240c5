// BigCommerce's per-store request quota: a fixed window (default 150 requests per 30 s, the Standard plan) shared
// by every client of the store. Every request consumes one unit, including rejected ones.
// Headers: doc:docs/start/about/index.mdx "BigCommerce-specific response headers" (API-NOTES.md §5).

export type RateLimitSettings = { quota: number; windowMs: number };

export const DEFAULT_RATE_LIMIT: RateLimitSettings = { quota: 150, windowMs: 30_000 };

export type RateLimitDecision = {
  allowed: boolean;
  /** Milliseconds until the quota refreshes. */
  resetMs: number;
  left: number;
  headers: Record<string, string>;
};

export class FixedWindowLimiter {
  private windowStart: number | null = null;
  private used = 0;

  constructor(private settings: RateLimitSettings) {}

  get current(): RateLimitSettings {
    return { ...this.settings };
  }

  configure(settings: Partial<RateLimitSettings>): void {
    this.settings = { ...this.settings, ...settings };
    this.reset();
  }

  reset(): void {
    this.windowStart = null;
    this.used = 0;
  }

  private roll(now: number): number {
    if (this.windowStart === null || now >= this.windowStart + this.settings.windowMs) {
      this.windowStart = now;
      this.used = 0;
    }
    return this.windowStart;
  }

  /** Consumes one unit and says whether the request may proceed. */
  take(now: number): RateLimitDecision {
    const start = this.roll(now);
    this.used += 1;
    const allowed = this.used <= this.settings.quota;
    return this.decision(allowed, start + this.settings.windowMs - now);
  }

  /** The headers for a response that is refused for another reason (a 429 storm) without consuming more quota. */
  peek(now: number, resetOverrideMs?: number): RateLimitDecision {
    const start = this.roll(now);
    return this.decision(false, resetOverrideMs ?? start + this.settings.windowMs - now, 0);
  }

  private decision(allowed: boolean, resetMs: number, leftOverride?: number): RateLimitDecision {
    return rateLimitDecision(
      this.settings,
      allowed,
      resetMs,
      leftOverride ?? this.settings.quota - this.used,
    );
  }
}

/**
 * The decision for a request that was counted elsewhere (a demo copy's window kept in the database, so that every
 * instance counts against one quota): `used` requests in the window that started at `windowStart`, this one included.
 */
export function countedDecision(
  settings: RateLimitSettings,
  windowStart: number,
  used: number,
  now: number,
): RateLimitDecision {
  return rateLimitDecision(
    settings,
    used <= settings.quota,
    windowStart + settings.windowMs - now,
    settings.quota - used,
  );
}

function rateLimitDecision(
  settings: RateLimitSettings,
  allowed: boolean,
  resetMs: number,
  left: number,
): RateLimitDecision {
  const headers: Record<string, string> = {
    'X-Rate-Limit-Time-Window-Ms': String(settings.windowMs),
    'X-Rate-Limit-Time-Reset-Ms': String(resetMs),
    'X-Rate-Limit-Requests-Quota': String(settings.quota),
    'X-Rate-Limit-Requests-Left': String(Math.max(0, left)),
  };
  if (!allowed) headers['X-Retry-After'] = String(Math.max(1, Math.ceil(resetMs / 1000)));
  return { allowed, resetMs, left: Math.max(0, left), headers };
}
