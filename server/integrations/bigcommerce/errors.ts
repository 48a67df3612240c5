// Every failure of a BigCommerce call becomes one BigCommerceError: a stable `code`, the HTTP status, BigCommerce's
// own `title` and per-field `errors`, and a plain-English message fit to show the person using the toolbox.
// Error bodies: ../shared/bigcommerce/API-NOTES.md §2; status meanings: doc:docs/start/about/status-codes.mdx.
// Nothing here ever sees the access token: errors are built from the method, the path (which holds no secret; the
// store hash lives in the base URL), the status and the response body. The codes are in the one table, common/errors.ts.
import type { BigCommerceErrorCode } from '../../../common/errors';

export type { BigCommerceErrorCode };

export type BigCommerceErrorInit = {
  code: BigCommerceErrorCode;
  message: string;
  status?: number;
  title?: string;
  errors?: Record<string, string>;
  method?: string;
  path?: string;
  /** Name of the field a 409 clashes on, when BigCommerce says (or its title makes it plain). */
  field?: string;
  /** How many times the request was retried before giving up. */
  retries?: number;
  /**
   * For a write that failed after it may have reached BigCommerce (dropped connection, timeout, 5xx on a POST):
   * it may or may not have been applied, and the client did not retry it.
   */
  mayHaveBeenApplied?: boolean;
  /** A sanitised description of the underlying failure (name, code, message), never the raw object. */
  cause?: { name: string; code?: string; message: string };
  /** bc_busy: when the caller may try again. */
  retryAfterMs?: number;
};

export class BigCommerceError extends Error {
  readonly code: BigCommerceErrorCode;
  readonly status: number | undefined;
  readonly title: string | undefined;
  readonly errors: Record<string, string>;
  readonly method: string | undefined;
  readonly path: string | undefined;
  readonly field: string | undefined;
  readonly retries: number;
  readonly mayHaveBeenApplied: boolean;
  readonly retryAfterMs: number | undefined;
  override readonly cause: BigCommerceErrorInit['cause'];

  constructor(init: BigCommerceErrorInit) {
    super(init.message);
    this.name = 'BigCommerceError';
    this.code = init.code;
    this.status = init.status;
    this.title = init.title;
    this.errors = init.errors ?? {};
    this.method = init.method;
    this.path = init.path;
    this.field = init.field;
    this.retries = init.retries ?? 0;
    this.mayHaveBeenApplied = init.mayHaveBeenApplied ?? false;
    this.retryAfterMs = init.retryAfterMs;
    this.cause = init.cause;
  }

  /** A plain object for logs and API answers (no stack, no secrets). */
  toJSON() {
    return {
      name: this.name,
      code: this.code,
      message: this.message,
      status: this.status,
      title: this.title,
      errors: this.errors,
      method: this.method,
      path: this.path,
      field: this.field,
      retries: this.retries,
      mayHaveBeenApplied: this.mayHaveBeenApplied,
    };
  }
}

export function isBigCommerceError(value: unknown): value is BigCommerceError {
  return value instanceof BigCommerceError;
}

/**
 * A 207 Multi-Status: BigCommerce saved part of a write and not the rest. Never a success: the caller decides what the
 * saved part is worth. `saved` is the answer's `data` as sent (unchecked; its shape differs per endpoint, see
 * multi-status.ts), undefined when the answer lists nothing.
 */
export class PartialSaveError extends BigCommerceError {
  readonly saved: unknown;

  constructor(init: Omit<BigCommerceErrorInit, 'code' | 'status'>, saved: unknown) {
    super({ ...init, code: 'bc_invalid', status: 207, mayHaveBeenApplied: true });
    this.name = 'PartialSaveError';
    this.saved = saved;
  }
}

export function isPartialSave(value: unknown): value is PartialSaveError {
  return value instanceof PartialSaveError;
}

/** BigCommerce's v3 error body `{status, title, type, errors?, detail?}`, read leniently. */
export type BigCommerceErrorBody = { title?: string; detail?: string; errors: Record<string, string> };

export function readErrorBody(body: unknown): BigCommerceErrorBody {
  const out: BigCommerceErrorBody = { errors: {} };
  if (typeof body === 'string') {
    const text = body.trim();
    if (text && text.length <= 300 && !text.startsWith('<')) out.title = text;
    return out;
  }
  if (!body || typeof body !== 'object' || Array.isArray(body)) return out;
  const record = body as Record<string, unknown>;
  if (typeof record.title === 'string' && record.title.trim()) out.title = record.title.trim();
  if (typeof record.detail === 'string' && record.detail.trim()) out.detail = record.detail.trim();
  let errors = record.errors;
  // The category-tree endpoints nest the whole error one level down: `{errors: {status, title, type, errors: {…}},
  // meta}` (ErrorResponse and MetaError, category-trees_catalog.v3.yml:741-746 and 798-805).
  const nested = nestedError(errors);
  if (nested) {
    if (!out.title && nested.title) out.title = nested.title;
    errors = nested.errors;
  }
  if (errors && typeof errors === 'object') {
    // An open object keyed by field name or array index; values are usually strings, sometimes nested.
    for (const [key, value] of Object.entries(errors as Record<string, unknown>)) {
      out.errors[key] = typeof value === 'string' ? value : JSON.stringify(value);
    }
  }
  // The variants batch answers its 422 as `{batch_errors: [{status, title, type, errors}]}`, one entry per refused item
  // (product-variants_catalog.v3.yml updateVariantsBatch 1625-1664): their errors are read as one body's.
  if (Array.isArray(record.batch_errors)) {
    for (const entry of record.batch_errors as unknown[]) {
      const inner = readErrorBody(entry);
      if (!out.title && inner.title) out.title = inner.title;
      Object.assign(out.errors, inner.errors);
    }
  }
  return out;
}

/** `{status?, title?, type?, errors: {…}}` under a body's `errors`: BigCommerce's error object, one level down. */
export function nestedError(value: unknown): { title?: string; errors: object } | undefined {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return undefined;
  const record = value as Record<string, unknown>;
  const inner = record.errors;
  if (!inner || typeof inner !== 'object' || Array.isArray(inner)) return undefined;
  if (!('status' in record) && !('title' in record)) return undefined;
  const title = typeof record.title === 'string' && record.title.trim() ? record.title.trim() : undefined;
  return { ...(title ? { title } : {}), errors: inner };
}

export type RequestContext = { method: string; path: string; retries?: number };

// Which OAuth scope a path needs, as named in the control panel (the securityScheme text of each spec, API-NOTES §1).
function scopeFor(method: string, path: string): string {
  const access = method === 'GET' || method === 'HEAD' ? 'read-only' : 'modify';
  if (path.startsWith('/v3/catalog/')) return `Products (${access})`;
  if (path.startsWith('/v3/content/')) return `Content (${access})`;
  if (path.startsWith('/v3/channels')) return `Channel Settings and Channel Listings (${access})`;
  if (path.startsWith('/v2/store') || path.startsWith('/v2/time'))
    return `Information & Settings (${access})`;
  return `the matching scope (${access})`;
}

const CONFLICT_FIELDS = [
  'custom_url',
  'sku',
  'name',
  'brand_id',
  'category_id',
  'tax_class_id',
  'bulk_pricing_rule',
  'url',
];

/**
 * The field an `errors` key names. Batch answers key errors by item index as well (`0.name`, API-NOTES §2: "keyed by
 * field name or array index"); the index says which item, not which field, so it is dropped. A bare index names none.
 */
export function fieldOfErrorKey(key: string): string | undefined {
  const field = key.replace(/^(?:\[?\d+\]?\.)+/, '');
  return field === '' || /^\[?\d+\]?$/.test(field) ? undefined : field;
}

function firstField(errors: Record<string, string>): string | undefined {
  for (const key of Object.keys(errors)) {
    const field = fieldOfErrorKey(key);
    if (field) return field;
  }
  return undefined;
}

function conflictField(title: string | undefined, errors: Record<string, string>): string | undefined {
  const fromErrors = firstField(errors);
  if (fromErrors) return fromErrors;
  if (!title) return undefined;
  const lower = title.toLowerCase();
  for (const field of CONFLICT_FIELDS) {
    const spaced = field.replace(/_/g, ' ');
    if (new RegExp(`\\b(${field}|${spaced})\\b`).test(lower)) return field;
  }
  return undefined;
}

function describeErrors(errors: Record<string, string>): string {
  return Object.entries(errors)
    .map(([field, text]) => `${field}: ${text}`)
    .join('; ');
}

export function withPeriod(text: string): string {
  return /[.!?]$/.test(text) ? text : `${text}.`;
}

/** Maps a non-2xx BigCommerce answer to a BigCommerceError. */
export function errorFromResponse(status: number, body: unknown, ctx: RequestContext): BigCommerceError {
  const { title, detail, errors } = readErrorBody(body);
  const base = { status, title, errors, method: ctx.method, path: ctx.path, retries: ctx.retries };
  const what = `${ctx.method} ${ctx.path}`;
  const fieldList = describeErrors(errors);
  const reason = fieldList || detail || title;

  switch (true) {
    case status === 401:
      return new BigCommerceError({
        ...base,
        code: 'bc_unauthorized',
        message:
          'BigCommerce rejected the API token (401). Check that the store hash and the access token are right and that the API account still exists.',
      });
    // BigCommerce answers 403 for a missing scope and for platform or plan limits (its status-codes page): the
    // message says "scope" only when the title does, or when there is no title to tell.
    case status === 403 && (title === undefined || /\bscope/i.test(title)):
      return new BigCommerceError({
        ...base,
        code: 'bc_forbidden_scope',
        message: `The API token lacks the scope this request needs: give the API account ${scopeFor(ctx.method, ctx.path)} in the BigCommerce control panel (403 on ${what}).`,
      });
    case status === 403:
      return new BigCommerceError({
        ...base,
        code: 'bc_plan_limit',
        message: `BigCommerce refused the request (403 on ${what}): ${withPeriod(title ?? '')} This is a limit of the store or its plan, not a missing API scope.`,
      });
    case status === 404:
      return new BigCommerceError({
        ...base,
        code: 'bc_not_found',
        message: `BigCommerce could not find what was asked for (404 on ${what}); it may have been deleted.`,
      });
    case status === 409: {
      const field = conflictField(title, errors);
      const clash = field
        ? `the ${field} clashes with one that already exists`
        : 'it clashes with existing data';
      return new BigCommerceError({
        ...base,
        code: 'bc_conflict',
        field,
        message: `BigCommerce refused the change because ${clash}${reason ? `: ${withPeriod(reason)}` : '.'}`,
      });
    }
    case status === 413:
      return new BigCommerceError({
        ...base,
        code: 'bc_too_large',
        message: `BigCommerce refused the request as too large${title ? `: ${withPeriod(title)}` : '.'}`,
      });
    case status === 422:
      return new BigCommerceError({
        ...base,
        code: 'bc_invalid',
        field: firstField(errors),
        message: `BigCommerce rejected the data as invalid${
          fieldList ? `: ${withPeriod(fieldList)}` : title ? `: ${withPeriod(title)}` : '.'
        }`,
      });
    case status === 429:
      return new BigCommerceError({
        ...base,
        code: 'bc_rate_limited',
        message: `BigCommerce kept refusing requests because the store's API rate limit was reached, and the toolbox gave up after ${
          ctx.retries ?? 0
        } retries. Wait a minute and try again.`,
      });
    case status === 507:
      return new BigCommerceError({
        ...base,
        code: 'bc_plan_limit',
        message: `The store has reached a limit of its BigCommerce plan${title ? `: ${withPeriod(title)}` : '.'}`,
      });
    case status >= 500:
      return new BigCommerceError({
        ...base,
        code: 'bc_unavailable',
        message: `BigCommerce is not answering properly right now (HTTP ${status}${
          ctx.retries ? ` after ${ctx.retries} retries` : ''
        }). Try again in a few minutes.`,
      });
    case status === 400:
      return new BigCommerceError({
        ...base,
        code: 'bc_bad_request',
        message: `BigCommerce could not read the request${reason ? `: ${withPeriod(reason)}` : '.'}`,
      });
    default:
      return new BigCommerceError({
        ...base,
        code: 'bc_http',
        message: `BigCommerce answered HTTP ${status} to ${what}${reason ? `: ${withPeriod(reason)}` : '.'}`,
      });
  }
}

export type TransportFailure = {
  /** `connect`: no connection was made, so the request provably never reached BigCommerce. */
  phase: 'connect' | 'unknown';
  timedOut: boolean;
  cause: { name: string; code?: string; message: string };
};

/** Maps a failure to get any answer (refused, reset, timed out) to a BigCommerceError. */
export function errorFromTransport(
  failure: TransportFailure,
  ctx: RequestContext & { mayHaveBeenApplied: boolean },
): BigCommerceError {
  const applied = ctx.mayHaveBeenApplied
    ? ' The change may or may not have been saved: check the store before trying again.'
    : '';
  const tries = ctx.retries ? ` (after ${ctx.retries} retries)` : '';
  return new BigCommerceError({
    code: failure.timedOut ? 'bc_timeout' : 'bc_network',
    method: ctx.method,
    path: ctx.path,
    retries: ctx.retries,
    mayHaveBeenApplied: ctx.mayHaveBeenApplied,
    cause: failure.cause,
    message: failure.timedOut
      ? `BigCommerce did not answer in time${tries}.${applied}`
      : `Could not reach BigCommerce: the connection ${failure.phase === 'connect' ? 'could not be opened' : 'dropped'}${tries}.${applied}`,
  });
}

/** Replaces every occurrence of each secret in a text. Used on any text that did not come from this module. */
export function redactSecrets(text: string, secrets: readonly string[]): string {
  let out = text;
  for (const secret of secrets) if (secret) out = out.split(secret).join('[redacted]');
  return out;
}
