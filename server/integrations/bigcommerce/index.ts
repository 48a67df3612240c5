// Public surface of the BigCommerce integration (the sandbox has its own entry point under sandbox/).
export {
  createBigCommerceClient,
  createBigCommerceClientFactory,
  DEFAULT_BASE_URL,
  type BigCommerceClient,
  type BigCommerceClientFactory,
  type BigCommerceClientFactoryOptions,
  type StoreCredentials,
} from './client';
export {
  BigCommerceError,
  isBigCommerceError,
  isPartialSave,
  PartialSaveError,
  type BigCommerceErrorCode,
} from './errors';
export { realClock, createFakeClock, type Clock, type FakeClock } from './clock';
export { assertStoreHash, isSandboxStoreHash, isValidStoreHash, SANDBOX_PREFIX } from './store-hash';
export { StoreScheduler, SchedulerRegistry, type RateLimitSnapshot, type RateLimitUse } from './scheduler';
export {
  DEFAULT_RETRY_POLICY,
  JOB_RETRY_POLICY,
  type RetryBudget,
  type RetryPolicy,
  type RetryWait,
} from './transport';
export type { BigCommerceLogger, Page, Query, RequestOptions } from './http';
export {
  PRODUCT_BATCH_LIMIT,
  type BatchProgress,
  type BatchUpdateOptions,
  type BatchUpdateReport,
  type ProductUpdateResult,
} from './batch-update';
export * from './resources/products';
export * from './resources/categories';
export * from './resources/brands';
export * from './resources/channels';
export * from './resources/widgets';
export * from './resources/page-widgets';
export * from './resources/store';
export * from './resources/storefront-content';
export { BLOG_POSTS_PAGE_LIMIT } from './resource-api';
export { paginationSchema, type Pagination } from './resources/common';
