// The generic part of the client: URL building, authentication, the scheduler and retries, answer parsing, errors,
// pagination. Resource helpers (resource-api.ts) and the batch updater (batch-update.ts) are built on it.
import type { z } from 'zod';
import type { Clock } from './clock';
import { BigCommerceError, errorFromResponse, errorFromTransport, redactSecrets } from './errors';
import { partialSaveError } from './multi-status';
import { paginationSchema, type Pagination } from './resources/common';
import { SchedulerBusyError, type RateLimitUse, type StoreScheduler } from './scheduler';
import {
  sendWithRetries,
  TransportError,
  type RetryBudget,
  type RetryPolicy,
  type RetryWait,
  type TransportEvent,
} from './transport';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

export type QueryValue = string | number | boolean | readonly (string | number)[] | null | undefined;
export type Query = Readonly<Record<string, QueryValue>>;

/** Structured log sink; pino's Logger fits. Receives method, path, status and timings, never headers or bodies. */
export type BigCommerceLogger = {
  debug(obj: Record<string, unknown>, msg?: string): void;
  warn(obj: Record<string, unknown>, msg?: string): void;
};

export type RequestOptions = {
  query?: Query;
  body?: unknown;
  signal?: AbortSignal;
  /**
   * May this request be repeated after a 5xx or a dropped connection? Defaults to true for GET, PUT and DELETE and
   * false for POST. See transport.ts for the full rule.
   */
  idempotent?: boolean;
  /** `read` (default): the short budget of a user's request. `job`: the long budget of a bulk job's writes. */
  retry?: RetryBudget;
  /** Told before each wait for a retry, so a job can show "waiting for BigCommerce (retry 3 of 8, next in 40 s)". */
  onRetry?: (wait: RetryWait) => void;
  /** A further step of an operation already admitted by the store's queue (see transport.ts). */
  continuation?: boolean;
  /** A write whose connection dropped is not repeated: the caller reads the store first (see transport.ts). */
  verifyBeforeResend?: boolean;
};

export type Output<S> = S extends z.ZodType ? z.output<S> : unknown;

export type Page<T> = { items: T[]; pagination: Pagination | undefined };

/** A call that answers its body (or part of it), checked against `schema` when given. */
type Call = <S extends z.ZodType | undefined = undefined>(
  method: HttpMethod,
  path: string,
  options?: RequestOptions & { schema?: S },
) => Promise<Output<S>>;

export type ListOptions<S extends z.ZodType | undefined> = {
  query?: Query;
  schema?: S;
  signal?: AbortSignal;
  page?: number;
  /** Items per page; BigCommerce's maximum is 250 for most lists (API-NOTES §3). */
  limit?: number;
};

export type PaginateOptions<S extends z.ZodType | undefined> = Omit<ListOptions<S>, 'page'> & {
  /** Pages fetched ahead, in parallel, once the first page tells how many there are (the scheduler still caps). */
  prefetch?: number;
};

/** The raw outcome of one exchange, for callers that need the status (e.g. 207 partial success). */
export type Exchange = { status: number; body: unknown; retries: number };

export type HttpDeps = {
  storeHash: string;
  /** `{base}/stores/{hash}`, already validated. */
  storeUrl: string;
  accessToken: string;
  scheduler: StoreScheduler;
  /** Who the requests are for (fair share of the store's queue); '' when unknown. */
  caller?: string;
  clock: Clock;
  fetch: typeof fetch;
  random: () => number;
  policy: RetryPolicy;
  /** The long budget of `retry: 'job'` requests. */
  jobPolicy: RetryPolicy;
  timeoutMs: number;
  userAgent: string;
  logger: BigCommerceLogger | undefined;
};

const SAFE_PATH = /^\/v[23](?:\/[A-Za-z0-9_-]+)+$/;

/** Paths are written by this code, but may embed ids from input: refuse anything that could leave the store's API. */
export function assertSafePath(path: string): void {
  if (!SAFE_PATH.test(path)) {
    throw new BigCommerceError({
      code: 'bc_invalid_request',
      message: 'Internal error: refused to call BigCommerce with a malformed path.',
    });
  }
}

/** One path segment from an id: positive integers, or uuid-like strings. */
export function segment(id: number | string): string {
  if (typeof id === 'number' ? Number.isSafeInteger(id) && id > 0 : /^[A-Za-z0-9_-]{1,128}$/.test(id)) {
    return String(id);
  }
  throw new BigCommerceError({
    code: 'bc_invalid_request',
    message: `"${String(id).slice(0, 40)}" is not a valid BigCommerce id.`,
  });
}

function encodeQueryPart(text: string): string {
  // `:`, `,` and `/` are legal in a query and BigCommerce's filters use them (`id:in=1,2,3`,
  // `template_file=pages/home`); keep them readable.
  return encodeURIComponent(text).replace(/%3A/gi, ':').replace(/%2C/gi, ',').replace(/%2F/gi, '/');
}

export function buildQueryString(query: Query | undefined): string {
  if (!query) return '';
  const parts: string[] = [];
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null) continue;
    const text = Array.isArray(value) ? value.join(',') : String(value);
    parts.push(`${encodeQueryPart(key)}=${encodeQueryPart(text)}`);
  }
  return parts.length ? `?${parts.join('&')}` : '';
}

function summariseIssues(error: z.ZodError): string {
  return error.issues
    .slice(0, 3)
    .map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`)
    .join('; ');
}

export class BigCommerceHttp {
  // An ES private field: it holds the access token, and unlike a TypeScript `private` it does not show up in
  // console.log / util.inspect / JSON.
  readonly #deps: HttpDeps;

  constructor(deps: HttpDeps) {
    this.#deps = deps;
  }

  get storeHash(): string {
    return this.#deps.storeHash;
  }

  /** The store's quota as its last answer (to any caller of this store) reported it. */
  rateLimit(): RateLimitUse | undefined {
    return this.#deps.scheduler.rateLimitUse();
  }

  /**
   * Sends one request and returns status and parsed body; throws BigCommerceError for anything but 2xx. A 207 is
   * returned as it came: the caller reads it by the endpoint's own shape (multi-status.ts).
   */
  async exchange(method: HttpMethod, path: string, options: RequestOptions = {}): Promise<Exchange> {
    assertSafePath(path);
    const deps = this.#deps;
    const url = `${deps.storeUrl}${path}${buildQueryString(options.query)}`;
    const headers: Record<string, string> = {
      'X-Auth-Token': deps.accessToken,
      Accept: 'application/json',
      'User-Agent': deps.userAgent,
    };
    let body: string | undefined;
    if (options.body !== undefined) {
      headers['Content-Type'] = 'application/json';
      body = JSON.stringify(options.body);
    }
    const idempotent = options.idempotent ?? method !== 'POST';
    const log = (event: TransportEvent) => this.log(method, path, event);

    let result;
    try {
      result = await sendWithRetries(
        {
          method,
          url,
          headers,
          body,
          idempotent,
          ...(options.verifyBeforeResend ? { verifyBeforeResend: true } : {}),
        },
        {
          scheduler: deps.scheduler,
          ...(deps.caller !== undefined ? { caller: deps.caller } : {}),
          clock: deps.clock,
          fetch: deps.fetch,
          policy: options.retry === 'job' ? deps.jobPolicy : deps.policy,
          random: deps.random,
          timeoutMs: deps.timeoutMs,
          signal: options.signal,
          onEvent: log,
          ...(options.onRetry ? { onRetry: options.onRetry } : {}),
          ...(options.continuation ? { continuation: true } : {}),
        },
      );
    } catch (error) {
      if (error instanceof SchedulerBusyError) {
        const seconds = Math.ceil(error.retryAfterMs / 1000);
        throw new BigCommerceError({
          code: 'bc_busy',
          message: `Too many requests are waiting for this store right now. Please try again in ${seconds} seconds.`,
          method,
          path,
          retryAfterMs: error.retryAfterMs,
        });
      }
      if (error instanceof TransportError) {
        const failure = {
          ...error.failure,
          cause: {
            ...error.failure.cause,
            message: redactSecrets(error.failure.cause.message, [deps.accessToken]),
          },
        };
        throw errorFromTransport(failure, {
          method,
          path,
          retries: error.retries,
          mayHaveBeenApplied: error.mayHaveBeenApplied,
        });
      }
      throw error;
    }

    const isError = result.status < 200 || result.status >= 300;
    // An error body is BigCommerce's text, shown to people: make sure it cannot echo the token back.
    const parsed = parseBody(isError ? redactSecrets(result.text, [deps.accessToken]) : result.text);
    if (isError) {
      const err = errorFromResponse(
        result.status,
        parsed.ok ? parsed.value : redactSecrets(result.text, [deps.accessToken]),
        {
          method,
          path,
          retries: result.retries,
        },
      );
      // A 5xx to a write that was not retried: BigCommerce may have done part of the work.
      if (result.status >= 500 && method !== 'GET' && !idempotent) {
        throw new BigCommerceError({
          ...err.toJSON(),
          code: err.code,
          message: `${err.message} The change may or may not have been saved: check the store before trying again.`,
          mayHaveBeenApplied: true,
        });
      }
      throw err;
    }
    if (!parsed.ok) {
      throw new BigCommerceError({
        code: 'bc_unexpected_response',
        status: result.status,
        method,
        path,
        message: `BigCommerce sent an answer that is not JSON (HTTP ${result.status} on ${method} ${path}).`,
      });
    }
    return { status: result.status, body: parsed.value, retries: result.retries };
  }

  /** The whole parsed body, checked against `schema` when given. A 207 throws a PartialSaveError. */
  readonly request: Call = (method, path, options = {}) => this.answer(method, path, options, 'whole');

  /**
   * The useful part of an answer: `data` of a v3 envelope, the whole body of a v2 answer, undefined for 204.
   * Checked against `schema` when given. A 207 throws a PartialSaveError.
   */
  readonly data: Call = (method, path, options = {}) => this.answer(method, path, options, 'useful');

  private async answer<S extends z.ZodType | undefined>(
    method: HttpMethod,
    path: string,
    options: RequestOptions & { schema?: S },
    part: 'whole' | 'useful',
  ): Promise<Output<S>> {
    const { status, body } = await this.exchange(method, path, options);
    // A 207 saved only part of the write (multi-status.ts): never handed back as the saved object.
    if (status === 207) throw partialSaveError(body, { method, path });
    const value =
      part === 'useful' && path.startsWith('/v3/') && body && typeof body === 'object' && 'data' in body
        ? body.data
        : body;
    return this.check(options.schema, value, { method, path, status });
  }

  get<S extends z.ZodType | undefined = undefined>(
    path: string,
    options: Omit<RequestOptions, 'body'> & { schema?: S } = {},
  ): Promise<Output<S>> {
    return this.data('GET', path, options);
  }

  post<S extends z.ZodType | undefined = undefined>(
    path: string,
    body: unknown,
    options: Omit<RequestOptions, 'body'> & { schema?: S } = {},
  ): Promise<Output<S>> {
    return this.data('POST', path, { ...options, body });
  }

  put<S extends z.ZodType | undefined = undefined>(
    path: string,
    body: unknown,
    options: Omit<RequestOptions, 'body'> & { schema?: S } = {},
  ): Promise<Output<S>> {
    return this.data('PUT', path, { ...options, body });
  }

  async delete(path: string, options: Omit<RequestOptions, 'body'> = {}): Promise<void> {
    await this.exchange('DELETE', path, options);
  }

  /** One page of a v3 collection. */
  async list<S extends z.ZodType | undefined = undefined>(
    path: string,
    options: ListOptions<S> = {},
  ): Promise<Page<Output<S>>> {
    const query: Record<string, QueryValue> = { ...options.query };
    if (options.page !== undefined) query.page = options.page;
    if (options.limit !== undefined) query.limit = options.limit;
    const { status, body } = await this.exchange('GET', path, { query, signal: options.signal });
    const record = body && typeof body === 'object' ? (body as Record<string, unknown>) : {};
    const data = record.data;
    if (!Array.isArray(data)) {
      throw this.unexpected('GET', path, status, '`data` is not a list');
    }
    const items = data.map((item, i) =>
      this.check(options.schema, item, { method: 'GET', path, status, at: i }),
    );
    const meta =
      record.meta && typeof record.meta === 'object' ? (record.meta as Record<string, unknown>) : {};
    if (meta.pagination === undefined) return { items, pagination: undefined };
    // An unreadable `meta.pagination` is an error, never "one page": reading on would silently truncate (issue 11).
    const pagination = paginationSchema.safeParse(meta.pagination);
    if (!pagination.success) {
      throw this.unexpected('GET', path, status, `meta.pagination: ${summariseIssues(pagination.error)}`);
    }
    return { items, pagination: pagination.data };
  }

  /**
   * Every page of a v3 collection, in order. Reads `meta.pagination.total_pages` from the first page, then fetches
   * up to `prefetch` further pages at once through the store's scheduler. Stopping the loop early cancels the rest.
   */
  async *paginate<S extends z.ZodType | undefined = undefined>(
    path: string,
    options: PaginateOptions<S> = {},
  ): AsyncGenerator<Page<Output<S>>, void, undefined> {
    const limit = options.limit ?? 250;
    const prefetch = Math.max(1, options.prefetch ?? this.#deps.scheduler.concurrency);
    const first = await this.list(path, { ...options, page: 1, limit });
    if (!first.pagination) {
      // Without it there is no telling how many pages there are; assuming one would truncate the collection.
      throw this.unexpected(
        'GET',
        path,
        200,
        'meta.pagination is missing, so the number of pages is unknown',
      );
    }
    yield first;
    const totalPages = first.pagination.total_pages;
    if (totalPages <= 1) return;

    const controller = new AbortController();
    const stop = () => controller.abort(options.signal?.reason);
    options.signal?.addEventListener('abort', stop, { once: true });
    const pending = new Map<number, Promise<Page<Output<S>>>>();
    let nextPage = 2;
    const fill = () => {
      while (nextPage <= totalPages && pending.size < prefetch) {
        const request = this.list(path, { ...options, page: nextPage, limit, signal: controller.signal });
        // Marked as handled now; the failure is rethrown when the loop reaches that page.
        void request.catch(() => undefined);
        pending.set(nextPage, request);
        nextPage++;
      }
    };
    try {
      for (let page = 2; page <= totalPages; page++) {
        fill();
        const request = pending.get(page);
        if (!request) break;
        const result = await request;
        pending.delete(page);
        yield result;
        // The collection shrank while we were reading it: nothing more to fetch.
        if (result.items.length === 0) break;
      }
    } finally {
      options.signal?.removeEventListener('abort', stop);
      controller.abort();
    }
  }

  /** All items of a v3 collection. */
  async listAll<S extends z.ZodType | undefined = undefined>(
    path: string,
    options: PaginateOptions<S> = {},
  ): Promise<Output<S>[]> {
    const all: Output<S>[] = [];
    for await (const page of this.paginate(path, options)) all.push(...page.items);
    return all;
  }

  private check<S extends z.ZodType | undefined>(
    schema: S | undefined,
    value: unknown,
    ctx: { method: string; path: string; status: number; at?: number },
  ): Output<S> {
    if (!schema) return value as Output<S>;
    const parsed = schema.safeParse(value);
    if (parsed.success) return parsed.data as Output<S>;
    const where = ctx.at === undefined ? '' : ` (item ${ctx.at})`;
    throw this.unexpected(ctx.method, ctx.path, ctx.status, `${summariseIssues(parsed.error)}${where}`);
  }

  private unexpected(method: string, path: string, status: number, detail: string): BigCommerceError {
    return new BigCommerceError({
      code: 'bc_unexpected_response',
      status,
      method,
      path,
      message: `BigCommerce answered ${method} ${path} in an unexpected shape: ${detail}.`,
    });
  }

  private log(method: string, path: string, event: TransportEvent): void {
    const logger = this.#deps.logger;
    if (!logger) return;
    const base = { storeHash: this.#deps.storeHash, method, path, attempt: event.attempt };
    switch (event.type) {
      case 'response':
        logger.debug({ ...base, status: event.status, durationMs: event.durationMs }, 'bigcommerce response');
        break;
      case 'retry':
        logger.warn(
          { ...base, reason: event.reason, status: event.status, waitMs: event.waitMs },
          'bigcommerce retry',
        );
        break;
      case 'network_error':
        logger.warn(
          {
            ...base,
            phase: event.failure.phase,
            timedOut: event.failure.timedOut,
            code: event.failure.cause.code,
            error: redactSecrets(event.failure.cause.message, [this.#deps.accessToken]),
          },
          'bigcommerce network error',
        );
        break;
    }
  }
}

function parseBody(text: string): { ok: true; value: unknown } | { ok: false } {
  if (text.trim() === '') return { ok: true, value: undefined };
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch {
    return { ok: false };
  }
}
