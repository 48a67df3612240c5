// Sends one HTTP request through the store's scheduler and retries it when that is safe.
//
// Retry rules (the "writes are retried safely, never duplicated" rule of issue 3):
// * 429 Too Many Requests: retried for every method, POST included. BigCommerce refuses a rate-limited request before
//   doing anything with it, so repeating it cannot duplicate a write. The wait is `X-Rate-Limit-Time-Reset-Ms` (the
//   longer of it and `X-Retry-After` when both are sent); a 429 without either header means platform overload and
//   waits with backoff instead (API-NOTES §5). The wait pauses the whole store, not just this request.
// * Idempotent requests (GET, HEAD, PUT, DELETE, and any request a caller marks `idempotent: true`, such as
//   POST /v3/content/page-widgets, which replaces a page): 500/502/503/504, dropped connections and timeouts are
//   retried with bounded exponential backoff and jitter. Sending a PUT by id twice leaves the same state as once.
//   Callers mark a PUT that creates (e.g. PUT /v3/catalog/trees without ids) `idempotent: false`.
// * Everything else (POST that creates): retried only when the request provably never reached BigCommerce: the
//   connection could not be opened (refused, DNS failure, unreachable, connect timeout) or the answer was 429. A
//   dropped connection, a timeout or a 5xx after the request was sent is NOT retried; the error says the change
//   may or may not have been saved (`mayHaveBeenApplied`). Callers that can look the created object up again
//   (a product by its unique name) do so before sending it a second time (see client.ts `createOnce`).
import type { Clock } from './clock';
import { readRateLimitHeaders, rateLimitWaitMs, type StoreScheduler } from './scheduler';
import type { TransportFailure } from './errors';

export type RetryPolicy = {
  /** Retries after 5xx, dropped connections and timeouts (idempotent requests only). */
  maxRetries: number;
  /** Retries after 429. */
  maxRateLimitRetries: number;
  /** First backoff step; doubles each retry. */
  baseDelayMs: number;
  /** Upper bound of one backoff step. */
  maxDelayMs: number;
  /** Wait after a 429 that carries no rate-limit header (platform overload); grows with backoff. */
  rateLimitFallbackMs: number;
  /** Longest single wait honoured from rate-limit headers (a guard against absurd values). */
  maxRateLimitWaitMs: number;
};

/** Reads in a user's request: a short budget (about half a minute of 5xx at the most), so the user is not kept. */
export const DEFAULT_RETRY_POLICY: RetryPolicy = {
  maxRetries: 4,
  maxRateLimitRetries: 6,
  baseDelayMs: 500,
  maxDelayMs: 20_000,
  rateLimitFallbackMs: 5_000,
  maxRateLimitWaitMs: 120_000,
};

/**
 * Writes in long jobs (bulk edits, imports): a budget that outlasts a real outage. BigCommerce's guidance is to retry
 * a 500 several times with growing delays of up to about a minute (its status-codes page; the migration error guide
 * allows about 10 attempts), and rate limiting can surface as a 500. 8 retries at 2.5 s doubling to a minute wait
 * between about 2 and 4.5 minutes in all; every wait is reported (`onRetry`) and ends at once on cancel.
 */
export const JOB_RETRY_POLICY: RetryPolicy = {
  maxRetries: 8,
  maxRateLimitRetries: 20,
  baseDelayMs: 2_500,
  maxDelayMs: 60_000,
  rateLimitFallbackMs: 5_000,
  maxRateLimitWaitMs: 120_000,
};

/** Which budget a request gets: `read` (the default) or `job`. */
export type RetryBudget = 'read' | 'job';

/** One wait before a retry, as a job's progress shows it: "waiting for BigCommerce (retry 3 of 8, next in 40 s)". */
export type RetryWait = {
  /** 1-based number of this retry. */
  retry: number;
  /** Retries the budget allows for this kind of failure. */
  of: number;
  waitMs: number;
  reason: 'rate_limited' | 'server_error' | 'network';
  status?: number;
};

const RETRYABLE_STATUSES = new Set([500, 502, 503, 504]);

// Codes for failures that happen before a connection exists: the request bytes were never sent.
const CONNECT_CODES = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'ENETUNREACH',
  'EHOSTUNREACH',
  'EADDRNOTAVAIL',
  'UND_ERR_CONNECT_TIMEOUT',
]);

/** Backoff for retry number `retry` (0-based): exponential, capped, with "equal jitter" (half fixed, half random). */
export function backoffMs(retry: number, base: number, max: number, random: () => number): number {
  const step = Math.min(max, base * 2 ** retry);
  return Math.round(step / 2 + random() * (step / 2));
}

export type OutgoingRequest = {
  method: string;
  url: string;
  headers: Record<string, string>;
  body?: string;
  /** May a 5xx / dropped connection be retried? Defaults from the method. */
  idempotent: boolean;
  /**
   * A write whose connection dropped after it was sent is not repeated here even when idempotent: the caller reads
   * the store to learn whether it landed, and sends again only what did not (a bulk job's "never written twice").
   */
  verifyBeforeResend?: boolean;
};

export type TransportEvent =
  | { type: 'response'; attempt: number; status: number; durationMs: number }
  | {
      type: 'retry';
      attempt: number;
      reason: 'rate_limited' | 'server_error' | 'network';
      waitMs: number;
      status?: number;
    }
  | { type: 'network_error'; attempt: number; failure: TransportFailure };

export type TransportOptions = {
  scheduler: StoreScheduler;
  /** Who the request is for: the scheduler shares the store's queue fairly between callers. */
  caller?: string;
  clock: Clock;
  fetch: typeof fetch;
  policy: RetryPolicy;
  random: () => number;
  /** Per-attempt time limit; 0 turns it off. */
  timeoutMs: number;
  signal?: AbortSignal;
  onEvent?: (event: TransportEvent) => void;
  /** Told before each wait for a retry (a job shows it in its progress). */
  onRetry?: (wait: RetryWait) => void;
  /**
   * A further step of an operation the store's queue already admitted (like a retry): it goes first and is not
   * counted against the queue's bounds, so an admitted operation is never refused half-way.
   */
  continuation?: boolean;
};

export type TransportResult = {
  status: number;
  headers: Headers;
  text: string;
  /** Retries used (0 when the first attempt answered). */
  retries: number;
  /** Rate-limit retries among them. */
  rateLimitRetries: number;
};

/** Thrown when no answer could be had; carries whether a write may have landed. */
export class TransportError extends Error {
  constructor(
    readonly failure: TransportFailure,
    readonly retries: number,
    readonly mayHaveBeenApplied: boolean,
  ) {
    super(failure.cause.message);
    this.name = 'TransportError';
  }
}

function errorCode(value: unknown): string | undefined {
  if (value && typeof value === 'object' && 'code' in value && typeof value.code === 'string')
    return value.code;
  return undefined;
}

/** Sorts a fetch failure into "never connected" or "may have been sent"; keeps only name, code and message. */
export function classifyFetchError(error: unknown, timedOut: boolean): TransportFailure {
  const cause: unknown = error instanceof Error && error.cause !== undefined ? error.cause : error;
  let code = errorCode(cause) ?? errorCode(error);
  let connect = code !== undefined && CONNECT_CODES.has(code);
  // Happy-eyeballs connects report an AggregateError holding one error per address.
  if (!code && cause instanceof AggregateError && cause.errors.length > 0) {
    const codes = cause.errors.map(errorCode);
    code = codes[0];
    connect = codes.every((c) => c !== undefined && CONNECT_CODES.has(c));
  }
  const name = cause instanceof Error ? cause.name : 'Error';
  const message = cause instanceof Error ? cause.message : String(cause);
  return {
    phase: connect && !timedOut ? 'connect' : 'unknown',
    timedOut,
    cause: code ? { name, code, message } : { name, message },
  };
}

type AttemptOutcome =
  | { kind: 'answer'; status: number; headers: Headers; text: string }
  | { kind: 'failure'; failure: TransportFailure };

async function attemptOnce(req: OutgoingRequest, opts: TransportOptions): Promise<AttemptOutcome> {
  // A timer of our own, cleared as soon as the attempt ends: AbortSignal.timeout() would keep every request's timer
  // (and what it holds) alive for the whole time limit, which adds up under load (issue 9, point 7).
  const timeoutController = opts.timeoutMs > 0 ? new AbortController() : undefined;
  const timer = timeoutController
    ? setTimeout(() => timeoutController.abort(new DOMException('timed out', 'TimeoutError')), opts.timeoutMs)
    : undefined;
  timer?.unref();
  const timeout = timeoutController?.signal;
  const signals = [opts.signal, timeout].filter((s): s is AbortSignal => s !== undefined);
  const signal =
    signals.length === 0 ? undefined : signals.length === 1 ? signals[0] : AbortSignal.any(signals);
  try {
    const response = await opts.fetch(req.url, {
      method: req.method,
      headers: req.headers,
      body: req.body,
      signal,
      redirect: 'error',
    });
    // Read the body inside the slot too: a connection that drops half-way through is a network failure.
    const text = await response.text();
    return { kind: 'answer', status: response.status, headers: response.headers, text };
  } catch (error) {
    if (opts.signal?.aborted) throw opts.signal.reason;
    return { kind: 'failure', failure: classifyFetchError(error, timeout?.aborted ?? false) };
  } finally {
    clearTimeout(timer);
  }
}

/** Sends `req`, retrying per the rules at the top of this file. Throws TransportError or the abort reason. */
export async function sendWithRetries(
  req: OutgoingRequest,
  opts: TransportOptions,
): Promise<TransportResult> {
  const { policy, clock, scheduler } = opts;
  let retries = 0;
  let rateLimitRetries = 0;
  let otherRetries = 0;

  for (let attempt = 1; ; attempt++) {
    const startedAt = clock.now();
    const outcome = await scheduler.run(
      async () => {
        const result = await attemptOnce(req, opts);
        if (result.kind === 'answer') {
          // Every answer, errors included, carries the store's current budget.
          scheduler.observe(readRateLimitHeaders(result.headers));
          if (result.status === 429) {
            const headerWait = rateLimitWaitMs(result.headers);
            const wait =
              headerWait !== undefined
                ? Math.min(headerWait, policy.maxRateLimitWaitMs)
                : backoffMs(
                    rateLimitRetries,
                    policy.rateLimitFallbackMs,
                    policy.maxRateLimitWaitMs,
                    opts.random,
                  );
            if (rateLimitRetries < policy.maxRateLimitRetries) scheduler.pause(wait);
            return { ...result, rateLimitWait: wait };
          }
        }
        return { ...result, rateLimitWait: 0 };
      },
      {
        signal: opts.signal,
        priority: attempt > 1 || opts.continuation === true,
        ...(opts.caller !== undefined ? { caller: opts.caller } : {}),
      },
    );

    if (outcome.kind === 'answer') {
      opts.onEvent?.({
        type: 'response',
        attempt,
        status: outcome.status,
        durationMs: clock.now() - startedAt,
      });
      if (outcome.status === 429 && rateLimitRetries < policy.maxRateLimitRetries) {
        // The scheduler is paused for the wait; re-queueing at the front is all that is needed.
        opts.onEvent?.({
          type: 'retry',
          attempt,
          reason: 'rate_limited',
          waitMs: outcome.rateLimitWait,
          status: 429,
        });
        opts.onRetry?.({
          retry: rateLimitRetries + 1,
          of: policy.maxRateLimitRetries,
          waitMs: outcome.rateLimitWait,
          reason: 'rate_limited',
          status: 429,
        });
        rateLimitRetries++;
        retries++;
        continue;
      }
      if (RETRYABLE_STATUSES.has(outcome.status) && req.idempotent && otherRetries < policy.maxRetries) {
        const wait = backoffMs(otherRetries, policy.baseDelayMs, policy.maxDelayMs, opts.random);
        opts.onEvent?.({
          type: 'retry',
          attempt,
          reason: 'server_error',
          waitMs: wait,
          status: outcome.status,
        });
        opts.onRetry?.({
          retry: otherRetries + 1,
          of: policy.maxRetries,
          waitMs: wait,
          reason: 'server_error',
          status: outcome.status,
        });
        otherRetries++;
        retries++;
        await clock.sleep(wait, opts.signal);
        continue;
      }
      return {
        status: outcome.status,
        headers: outcome.headers,
        text: outcome.text,
        retries,
        rateLimitRetries,
      };
    }

    const { failure } = outcome;
    opts.onEvent?.({ type: 'network_error', attempt, failure });
    const isWrite = req.method !== 'GET' && req.method !== 'HEAD';
    const mustVerify = req.verifyBeforeResend === true && isWrite && failure.phase !== 'connect';
    const safeToRepeat = !mustVerify && (req.idempotent || failure.phase === 'connect');
    if (safeToRepeat && otherRetries < policy.maxRetries) {
      const wait = backoffMs(otherRetries, policy.baseDelayMs, policy.maxDelayMs, opts.random);
      opts.onEvent?.({ type: 'retry', attempt, reason: 'network', waitMs: wait });
      opts.onRetry?.({ retry: otherRetries + 1, of: policy.maxRetries, waitMs: wait, reason: 'network' });
      otherRetries++;
      retries++;
      await clock.sleep(wait, opts.signal);
      continue;
    }
    // A write whose bytes may have left (anything but a failed connect) may have been applied, retried or not.
    throw new TransportError(failure, retries, isWrite && failure.phase !== 'connect');
  }
}
