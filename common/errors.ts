// The one table of the API's error codes (STYLE.md §3): every stable `code` an answer can carry, and the HTTP status
// it is answered with. The server throws `AppError(code, message)` (server/errors.ts) and renders it into the spec's
// two body shapes; the client maps the same codes to its catalogues (client/lib/error-text.ts), so a Vietnamese user
// reads Vietnamese for every code listed here.

/** The error body every `/api` route answers with: a text fit to show a user, and a stable code. */
export type ApiErrorBody = { error: string; code: string };

/** The name a program uses for each code (`ERROR_CODES.storeRequired`) and the code on the wire (`store_required`). */
export const ERROR_CODES = {
  // Any route.
  notFound: 'not_found',
  malformedJson: 'malformed_json',
  /** A NUL character in the path, the query or a JSON body (PostgreSQL cannot store it in text). */
  invalidText: 'invalid_text',
  /** A JSON body nested deeper than the API accepts (server/http.ts MAX_JSON_DEPTH). */
  jsonTooDeep: 'json_too_deep',
  payloadTooLarge: 'payload_too_large',
  invalidInput: 'invalid_input',
  internal: 'internal',
  unavailable: 'unavailable',
  loopbackOnly: 'loopback_only',
  cancelled: 'cancelled',
  // Store tools (spec part 1 §5, §7).
  storeRequired: 'store_required',
  searchValueRequired: 'search_value_required',
  templateRequired: 'template_required',
  entityIdRequired: 'entity_id_required',
  productNotFound: 'product_not_found',
  treeNotFound: 'tree_not_found',
  targetValueRequired: 'target_value_required',
  pageRequired: 'page_required',
  backupNotFound: 'backup_not_found',
  /** Another import of the same product (or page, or widget template) into the same store is running (issue 29). */
  importBusy: 'import_busy',
  // Jobs.
  jobNotFound: 'job_not_found',
  jobFinished: 'job_finished',
  tooManyJobs: 'too_many_jobs',
  // Signed upload and download addresses (server/storage/).
  linkExpired: 'link_expired',
  linkInvalid: 'link_invalid',
  // The H.265 cloud converter (spec part 2 §5, §8; issue 17).
  notVideo: 'not_video',
  fileTooLarge: 'file_too_large',
  uploadNotFound: 'upload_not_found',
  uploadMissing: 'upload_missing',
  videoUnreadable: 'video_unreadable',
  /** A container the converter does not accept, playlists and lists of files among them (issue 26). */
  videoFormatUnsupported: 'video_format_unsupported',
  /** Frames larger than the converter decodes (4K), or more memory than it allows. */
  videoFrameTooLarge: 'video_frame_too_large',
  conversionTooLong: 'conversion_too_long',
  conversionTimeout: 'conversion_timeout',
  conversionFailed: 'conversion_failed',
  conversionRateLimited: 'conversion_rate_limited',
  converterUnavailable: 'converter_unavailable',
  /** The conversion was cancelled by its owner (issue 29). */
  conversionCancelled: 'conversion_cancelled',
  /** A cancel of a conversion that has already ended (done, failed or cancelled). */
  conversionEnded: 'conversion_ended',
  // The store list.
  invalidStore: 'invalid_store',
  /** Stored tokens that no longer decrypt (STORE_TOKEN_KEY changed or lost). */
  storeKeyMismatch: 'store_key_mismatch',
  storeNotFound: 'store_not_found',
  // Demo stores.
  sandboxOff: 'sandbox_off',
  notDemoStore: 'not_demo_store',
  // The AI Assistant (spec part 2 §5, §8; issue 18).
  messageRequired: 'message_required',
  messageTooLong: 'message_too_long',
  chatSessionNotFound: 'chat_session_not_found',
  chatRateLimited: 'chat_rate_limited',
  aiProviderFailed: 'ai_provider_failed',
  // Accounts (Better Auth's own codes keep its spelling).
  unauthorized: 'unauthorized',
  forbidden: 'forbidden',
  csrf: 'csrf',
  nameRequired: 'name_required',
  nameTooLong: 'name_too_long',
  nameInvalid: 'name_invalid',
  roleInvalid: 'role_invalid',
  passwordTooCommon: 'PASSWORD_TOO_COMMON',
  emailChangeNotAllowed: 'email_change_not_allowed',
  emailRequired: 'email_required',
  emailInvalid: 'email_invalid',
  emailInUse: 'email_in_use',
  passwordTooShort: 'password_too_short',
  passwordTooLong: 'password_too_long',
  currentPasswordRequired: 'current_password_required',
  currentPasswordInvalid: 'current_password_invalid',
  tooManyRequests: 'TOO_MANY_REQUESTS',
  // Personal access tokens and the MCP server (issue 33).
  accessTokenNotFound: 'access_token_not_found',
  tooManyAccessTokens: 'too_many_access_tokens',
  /** A missing, unknown, revoked or expired token. */
  accessTokenInvalid: 'access_token_invalid',
  /** A write asked with a read-only token. */
  accessTokenReadOnly: 'access_token_read_only',
  /** An agent's write confirmed with a token that is not this call's, or has expired (issue 33). */
  confirmationInvalid: 'confirmation_invalid',
  /** What a confirmed write would change is no longer what its preview showed. */
  previewChanged: 'preview_changed',
  // Store History (issue 32).
  snapshotNotFound: 'snapshot_not_found',
  /** The owner's snapshots are at their count or bytes cap. */
  tooManySnapshots: 'too_many_snapshots',
  /** Snapshots and access tokens need a verified email address (issue 41). */
  emailNotVerified: 'email_not_verified',
  /** A snapshot still being taken (or failed) compared, or two stores' snapshots compared. */
  snapshotNotComparable: 'snapshot_not_comparable',
  /** A snapshot still being taken cannot be deleted (cancel its job first). */
  snapshotRunning: 'snapshot_running',
  /** A restore started from a preview that has expired, is unknown, or is another owner's (issue 32). */
  restorePreviewExpired: 'restore_preview_expired',
  // BigCommerce refused or could not be reached (server/integrations/bigcommerce/errors.ts).
  bcBadRequest: 'bc_bad_request',
  bcUnauthorized: 'bc_unauthorized',
  bcForbiddenScope: 'bc_forbidden_scope',
  bcNotFound: 'bc_not_found',
  bcConflict: 'bc_conflict',
  bcTooLarge: 'bc_too_large',
  bcInvalid: 'bc_invalid',
  bcRateLimited: 'bc_rate_limited',
  bcBusy: 'bc_busy',
  bcPlanLimit: 'bc_plan_limit',
  bcUnavailable: 'bc_unavailable',
  bcNetwork: 'bc_network',
  bcTimeout: 'bc_timeout',
  bcUnexpectedResponse: 'bc_unexpected_response',
  bcInvalidStoreHash: 'bc_invalid_store_hash',
  bcInvalidRequest: 'bc_invalid_request',
  bcHttp: 'bc_http',
} as const;

export type ErrorCode = (typeof ERROR_CODES)[keyof typeof ERROR_CODES];

/** The codes of a BigCommerce call's failure. */
export type BigCommerceErrorCode = Extract<ErrorCode, `bc_${string}`>;

/**
 * The HTTP status of each code. Bad input and a store's refusal (wrong token, missing scope, not found) are 4xx; only
 * BigCommerce being down or our own fault is 5xx.
 */
export const ERROR_STATUS = {
  not_found: 404,
  malformed_json: 400,
  invalid_text: 400,
  json_too_deep: 400,
  payload_too_large: 413,
  invalid_input: 400,
  internal: 500,
  unavailable: 503,
  loopback_only: 403,
  // The caller went away: nobody reads this answer.
  cancelled: 400,
  store_required: 400,
  search_value_required: 400,
  template_required: 400,
  entity_id_required: 400,
  product_not_found: 404,
  tree_not_found: 404,
  target_value_required: 400,
  page_required: 400,
  backup_not_found: 404,
  import_busy: 409,
  job_not_found: 404,
  job_finished: 409,
  too_many_jobs: 429,
  link_expired: 403,
  link_invalid: 403,
  not_video: 400,
  file_too_large: 413,
  upload_not_found: 404,
  upload_missing: 409,
  video_unreadable: 422,
  video_format_unsupported: 415,
  video_frame_too_large: 422,
  conversion_too_long: 408,
  conversion_timeout: 408,
  conversion_failed: 422,
  conversion_rate_limited: 429,
  converter_unavailable: 503,
  conversion_cancelled: 409,
  conversion_ended: 409,
  invalid_store: 400,
  store_key_mismatch: 500,
  store_not_found: 404,
  sandbox_off: 404,
  not_demo_store: 404,
  message_required: 400,
  message_too_long: 400,
  chat_session_not_found: 404,
  chat_rate_limited: 429,
  ai_provider_failed: 502,
  unauthorized: 401,
  forbidden: 403,
  csrf: 403,
  name_required: 400,
  name_too_long: 400,
  name_invalid: 400,
  role_invalid: 400,
  PASSWORD_TOO_COMMON: 400,
  email_change_not_allowed: 403,
  email_required: 400,
  email_invalid: 400,
  email_in_use: 409,
  password_too_short: 400,
  password_too_long: 400,
  current_password_required: 400,
  current_password_invalid: 400,
  TOO_MANY_REQUESTS: 429,
  access_token_not_found: 404,
  too_many_access_tokens: 409,
  access_token_invalid: 401,
  access_token_read_only: 403,
  confirmation_invalid: 400,
  preview_changed: 409,
  snapshot_not_found: 404,
  too_many_snapshots: 409,
  email_not_verified: 403,
  snapshot_not_comparable: 409,
  snapshot_running: 409,
  restore_preview_expired: 409,
  bc_bad_request: 422,
  bc_unauthorized: 401,
  bc_forbidden_scope: 403,
  bc_not_found: 404,
  bc_conflict: 409,
  bc_too_large: 413,
  bc_invalid: 422,
  bc_rate_limited: 429,
  bc_busy: 429,
  bc_plan_limit: 403,
  bc_unavailable: 502,
  bc_network: 502,
  bc_timeout: 504,
  bc_unexpected_response: 502,
  bc_invalid_store_hash: 400,
  bc_invalid_request: 400,
  bc_http: 502,
} as const satisfies Record<ErrorCode, number>;

export type ErrorStatus = (typeof ERROR_STATUS)[ErrorCode];

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && Object.hasOwn(ERROR_STATUS, value);
}
