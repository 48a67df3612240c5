// One error class and one way to answer a failure (STYLE.md §3). Routes and services throw `AppError(code, message)`;
// the code's status comes from the one table in common/errors.ts. Any thrown value is turned into a `Failure` by
// `failureOf` and rendered into one of the spec's two body shapes: `{error, code}` (every `/api` route, through the
// app's error handler) or `{success: false, error, code}` (the store tools, through `toolRoute`).
import type { Context, ErrorHandler } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { z } from 'zod';
import { STORE_REQUIRED_MESSAGE } from '../common/contracts/tool-result';
import { ERROR_CODES, ERROR_STATUS, isErrorCode, type ApiErrorBody, type ErrorCode } from '../common/errors';
import { isBigCommerceError } from './integrations/bigcommerce/errors';
import type { Logger } from './logger';

/** Thrown for an answer the user should see; its text never carries internals. */
export class AppError extends Error {
  readonly status: ContentfulStatusCode;

  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
    this.name = 'AppError';
    this.status = ERROR_STATUS[code];
  }
}

/** A failure ready to render: its status, code and text, and when to try again (429). */
export type Failure = {
  status: ContentfulStatusCode;
  code: ErrorCode;
  message: string;
  retryAfterSeconds?: number;
};

const GENERIC_MESSAGE = 'An unexpected error occurred. Please try again.';

/** The start of zod's own issue texts, which name no field (ours name theirs). */
const ZOD_DEFAULT_MESSAGE =
  /^(Invalid (input|option|string|number|type|element|key|union|value|discriminator)|Too (small|big)|Unrecognized key)/;

/** The first validation issue as a 400 AppError; its code is the issue's own (`params.code`) when it has one. */
export function inputError(error: z.ZodError): AppError {
  const issue = error.issues[0];
  if (!issue) return new AppError(ERROR_CODES.invalidInput, 'The request is invalid');
  const params = 'params' in issue ? (issue.params as Record<string, unknown> | undefined) : undefined;
  const code = isErrorCode(params?.code)
    ? params.code
    : issue.message === STORE_REQUIRED_MESSAGE
      ? ERROR_CODES.storeRequired
      : ERROR_CODES.invalidInput;
  // zod's own texts ("Invalid input: expected string…") do not say which field; ours already do.
  const message = ZOD_DEFAULT_MESSAGE.test(issue.message)
    ? `${issue.path.join('.') || 'request'}: ${issue.message}`
    : issue.message;
  return new AppError(code, message);
}

/**
 * Validates `input` with a contract; throws the first issue as a 400 AppError, or the route's own refusal when it words
 * one (`refuse`).
 */
export function parseInput<S extends z.ZodType>(
  schema: S,
  input: unknown,
  refuse: (error: z.ZodError) => AppError = inputError,
): z.output<S> {
  const parsed = schema.safeParse(input);
  if (parsed.success) return parsed.data;
  throw refuse(parsed.error);
}

/**
 * Any thrown value as a failure. Unknown errors are logged and become a generic 500; a stack never leaves. When the
 * caller has gone away (`callerGone`), whatever the work threw is a cancellation: nobody reads the answer.
 */
export function failureOf(error: unknown, logger: Logger, reqId?: string, callerGone = false): Failure {
  if (error instanceof AppError) {
    return {
      status: error.status,
      code: error.code,
      message: error.message,
      ...(error.retryAfterSeconds !== undefined ? { retryAfterSeconds: error.retryAfterSeconds } : {}),
    };
  }
  if (isBigCommerceError(error)) {
    return {
      status: ERROR_STATUS[error.code],
      code: error.code,
      message: error.message,
      ...(error.retryAfterMs !== undefined
        ? { retryAfterSeconds: Math.ceil(error.retryAfterMs / 1000) }
        : {}),
    };
  }
  if (error instanceof HTTPException) {
    const status = error.status;
    const code = status === 413 ? ERROR_CODES.payloadTooLarge : ERROR_CODES.invalidInput;
    return { status, code, message: error.message || 'The request could not be processed' };
  }
  if (error instanceof SyntaxError) {
    return { status: 400, code: ERROR_CODES.malformedJson, message: 'The request body is not valid JSON' };
  }
  // The caller went away and the work was cancelled: nobody reads this answer, and it is not a fault.
  if (callerGone || (error instanceof Error && error.name === 'AbortError')) {
    return { status: 400, code: ERROR_CODES.cancelled, message: 'The request was cancelled' };
  }
  logger.error({ reqId, err: error }, 'unhandled error');
  return { status: 500, code: ERROR_CODES.internal, message: GENERIC_MESSAGE };
}

/** `{error, code}`: the body of every `/api` failure. */
export function errorBody(code: ErrorCode, error: string): ApiErrorBody {
  return { error, code };
}

/** `{success: false, error, code}`: the body of a store tool's failure (spec part 1 §7). */
export function toolFailureBody(failure: Failure) {
  return { success: false as const, error: failure.message, code: failure.code };
}

/** Answers a failure with the given body shape, and `Retry-After` when it has one. */
export function respondWith(c: Context, failure: Failure, body: object): Response {
  if (failure.retryAfterSeconds !== undefined) c.header('Retry-After', String(failure.retryAfterSeconds));
  return c.json(body, failure.status);
}

/** `{error, code}` for any code, with its status from the table. */
export function errorResponse(c: Context, code: ErrorCode, message: string): Response {
  return c.json(errorBody(code, message), ERROR_STATUS[code]);
}

/**
 * The app's error handler: every thrown error becomes `{error, code}` with its status. A feature whose spec words its
 * failures otherwise (the H.265 converter's `{success: false, error, message, code}`) sets the same handler on its
 * routes with its own `body`.
 */
export function createErrorHandler(
  logger: Logger,
  body: (failure: Failure) => object = (failure) => errorBody(failure.code, failure.message),
): ErrorHandler {
  return (error, c) => {
    const failure = failureOf(error, logger, c.get('requestId'), c.req.raw.signal.aborted);
    return respondWith(c, failure, body(failure));
  };
}
