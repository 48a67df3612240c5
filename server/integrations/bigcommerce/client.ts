// The BigCommerce client: `X-Auth-Token` authentication, one scheduler per store hash, typed resource helpers.
//
// The app creates one factory at start-up and asks it for a client per store; the factory keeps one scheduler per
// store hash, so every job and request of the process shares that store's concurrency cap and rate-limit pacing:
//
//   const bigcommerce = createBigCommerceClientFactory({ baseUrl: env.BC_API_BASE_URL, sandboxBaseUrl, logger });
//   const client = bigcommerce.forStore({ storeHash, accessToken });
//   const product = await client.products.get(42, { include: ['variants', 'images'] });
//
// Store hashes starting with `sandbox-` go to `sandboxBaseUrl` (the app's own sandbox, `{PUBLIC_URL}/sandbox`);
// every other hash to `baseUrl` (`https://api.bigcommerce.com` unless BC_API_BASE_URL overrides it). Both become
// `{base}/stores/{hash}/v3/...`. The access token is kept in a closure: it is sent in the `X-Auth-Token` header and
// appears in no property, log line or error.
import { ACCESS_TOKEN_INVALID_MESSAGE, isValidAccessToken } from '../../../common/stores/access-token';
import { realClock, type Clock } from './clock';
import { BigCommerceError } from './errors';
import {
  updateProductsInBatches,
  VARIANT_BATCH,
  type BatchUpdateOptions,
  type BatchUpdateReport,
} from './batch-update';
import { BigCommerceHttp, type BigCommerceLogger } from './http';
import { buildResourceApi, type ResourceApi } from './resource-api';
import type { ProductUpdate } from './resources/products';
import { SchedulerRegistry, type SchedulerOptions } from './scheduler';
import { assertStoreHash, isSandboxStoreHash } from './store-hash';
import { DEFAULT_RETRY_POLICY, JOB_RETRY_POLICY, type RetryPolicy } from './transport';

export const DEFAULT_BASE_URL = 'https://api.bigcommerce.com';

export type BigCommerceClientFactoryOptions = {
  /** Where real stores live (BC_API_BASE_URL); default `https://api.bigcommerce.com`. */
  baseUrl?: string;
  /** Where `sandbox-…` stores live, e.g. `http://127.0.0.1:3000/sandbox`. Without it sandbox hashes are refused. */
  sandboxBaseUrl?: string;
  fetch?: typeof fetch;
  clock?: Clock;
  logger?: BigCommerceLogger;
  /** Source of jitter, 0 ≤ x < 1 (tests pass a constant). */
  random?: () => number;
  /** Requests in flight per store; unset: sized from the store's quota and latency (3 until known). */
  concurrency?: number;
  /** Fine-tuning of the pacing (see scheduler.ts): the reserve left to other integrations, the paced share. */
  pacing?: Pick<SchedulerOptions, 'paceBelowRatio' | 'reserve' | 'reserveRatio'>;
  retry?: Partial<RetryPolicy>;
  /** The long budget of jobs' writes (`retry: 'job'`); tests shorten it. */
  jobRetry?: Partial<RetryPolicy>;
  /** Time limit for one attempt; default 60 s; 0 turns it off. */
  timeoutMs?: number;
  userAgent?: string;
};

export type StoreCredentials = { storeHash: string; accessToken: string };

export type BigCommerceClient = ResourceApi & {
  readonly storeHash: string;
  /** Generic calls for endpoints without a helper: `request`, `get`, `post`, `put`, `delete`, `list`, `paginate`, `listAll`. */
  readonly http: BigCommerceHttp;
  request: BigCommerceHttp['request'];
  get: BigCommerceHttp['get'];
  list: BigCommerceHttp['list'];
  paginate: BigCommerceHttp['paginate'];
  listAll: BigCommerceHttp['listAll'];
  /** Updates products 10 per request, splitting failed batches so one bad product never fails the others. */
  updateProductsInBatches(
    items: readonly ProductUpdate[],
    options?: BatchUpdateOptions,
  ): Promise<BatchUpdateReport>;
  /** Updates variants 50 per request (`PUT /v3/catalog/variants`), with the same splitting and reporting. */
  updateVariantsInBatches(
    items: readonly ProductUpdate[],
    options?: BatchUpdateOptions,
  ): Promise<BatchUpdateReport>;
};

export type BigCommerceClientFactory = {
  /** `caller` (a user id or client address) shares the store's queue fairly between the people using it. */
  forStore(credentials: StoreCredentials, options?: { caller?: string }): BigCommerceClient;
  readonly schedulers: SchedulerRegistry;
};

function normaliseBaseUrl(raw: string, what: string): string {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new BigCommerceError({ code: 'bc_invalid_request', message: `The ${what} is not a valid URL.` });
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new BigCommerceError({
      code: 'bc_invalid_request',
      message: `The ${what} must be an http(s) URL.`,
    });
  }
  if (url.search || url.hash || url.username || url.password) {
    throw new BigCommerceError({
      code: 'bc_invalid_request',
      message: `The ${what} must not carry a query, fragment or credentials.`,
    });
  }
  return `${url.origin}${url.pathname.replace(/\/+$/, '')}`;
}

export function createBigCommerceClientFactory(
  options: BigCommerceClientFactoryOptions = {},
): BigCommerceClientFactory {
  const baseUrl = normaliseBaseUrl(options.baseUrl ?? DEFAULT_BASE_URL, 'BigCommerce API base URL');
  const sandboxBaseUrl =
    options.sandboxBaseUrl === undefined
      ? undefined
      : normaliseBaseUrl(options.sandboxBaseUrl, 'sandbox base URL');
  const clock = options.clock ?? realClock;
  const schedulers = new SchedulerRegistry({ clock, concurrency: options.concurrency, ...options.pacing });
  const policy: RetryPolicy = { ...DEFAULT_RETRY_POLICY, ...options.retry };
  const jobPolicy: RetryPolicy = { ...JOB_RETRY_POLICY, ...options.jobRetry };
  const fetchImpl = options.fetch ?? ((input, init) => fetch(input, init));

  function forStore(
    { storeHash, accessToken }: StoreCredentials,
    perCall: { caller?: string } = {},
  ): BigCommerceClient {
    assertStoreHash(storeHash);
    if (typeof accessToken !== 'string' || accessToken.trim() === '') {
      throw new BigCommerceError({ code: 'bc_unauthorized', message: 'The API token is missing.' });
    }
    // Never sent: a header with such a value fails before it leaves, on every retry.
    if (!isValidAccessToken(accessToken)) {
      throw new BigCommerceError({ code: 'bc_invalid_request', message: ACCESS_TOKEN_INVALID_MESSAGE });
    }
    const base = isSandboxStoreHash(storeHash) ? sandboxBaseUrl : baseUrl;
    if (!base) {
      throw new BigCommerceError({
        code: 'bc_invalid_request',
        message: 'Sandbox stores are not available: no sandbox base URL is configured.',
      });
    }
    const http = new BigCommerceHttp({
      storeHash,
      storeUrl: `${base}/stores/${storeHash}`,
      accessToken,
      scheduler: schedulers.forStore(storeHash),
      ...(perCall.caller !== undefined ? { caller: perCall.caller } : {}),
      clock,
      fetch: fetchImpl,
      random: options.random ?? Math.random,
      policy,
      jobPolicy,
      timeoutMs: options.timeoutMs ?? 60_000,
      userAgent: options.userAgent ?? 'bc-toolbox',
      logger: options.logger,
    });
    return {
      ...buildResourceApi(http),
      storeHash,
      http,
      request: http.request.bind(http),
      get: http.get.bind(http),
      list: http.list.bind(http),
      paginate: http.paginate.bind(http),
      listAll: http.listAll.bind(http),
      updateProductsInBatches: (items, batchOptions) => updateProductsInBatches(http, items, batchOptions),
      updateVariantsInBatches: (items, batchOptions) =>
        updateProductsInBatches(http, items, batchOptions, VARIANT_BATCH),
    };
  }

  return { forStore, schedulers };
}

/**
 * A client with its own scheduler. Handy in scripts and tests; the app uses one factory so that every client of a
 * store shares its scheduler.
 */
export function createBigCommerceClient(
  options: BigCommerceClientFactoryOptions & StoreCredentials,
): BigCommerceClient {
  const { storeHash, accessToken, ...rest } = options;
  return createBigCommerceClientFactory(rest).forStore({ storeHash, accessToken });
}
