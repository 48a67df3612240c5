// The store tools' answers (spec part 1 §7 `{success, data, error}`, plus a stable `code`): reading a request with its
// zod contract, and turning any failure into `{success: false, error, code}` with a fitting status. Bad input and a
// store's refusal (wrong token, missing scope, not found) are 4xx; only BigCommerce being down or our own bug is 5xx.
import { setMaxListeners } from 'node:events';
import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { z } from 'zod';
import { STORE_REQUIRED_MESSAGE, TOOL_ERROR_CODES, type ToolFailure } from '../common/contracts/tool-result';
import {
  isBigCommerceError,
  type BigCommerceClientFactory,
  type BigCommerceErrorCode,
} from './integrations/bigcommerce';
import { ApiError } from './http';
import type { Logger } from './logger';

const BIGCOMMERCE_STATUS: Record<BigCommerceErrorCode, ContentfulStatusCode> = {
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
};

/** What every store tool's routes get: the client factory, the logger, and who is calling (fair share of a store). */
export type ToolRouteDeps = {
  clients: BigCommerceClientFactory;
  logger: Logger;
  /** The caller's key: their client address. */
  callerOf: (c: Context) => string;
};

export type ToolFailureAnswer = {
  status: ContentfulStatusCode;
  body: ToolFailure;
  retryAfterSeconds?: number;
};

/** The first validation issue as a 400 answer; its code is the issue's own (`params.code`) when it has one. */
export function failureFromIssues(error: z.ZodError): ToolFailureAnswer {
  const issue = error.issues[0];
  if (!issue) {
    return {
      status: 400,
      body: { success: false, error: 'The request is invalid', code: TOOL_ERROR_CODES.invalidInput },
    };
  }
  const params = 'params' in issue ? (issue.params as Record<string, unknown> | undefined) : undefined;
  const code =
    typeof params?.code === 'string'
      ? params.code
      : issue.message === STORE_REQUIRED_MESSAGE
        ? TOOL_ERROR_CODES.storeRequired
        : TOOL_ERROR_CODES.invalidInput;
  // zod's own texts ("Invalid input: expected string…") do not say which field; ours already do.
  const message = issue.message.startsWith('Invalid input')
    ? `${issue.path.join('.') || 'request'}: ${issue.message}`
    : issue.message;
  return { status: 400, body: { success: false, error: message, code } };
}

/** Any failure of a tool call as an answer. Unknown errors are logged and answered with a generic 500. */
export function failureFrom(error: unknown, logger: Logger, reqId?: string): ToolFailureAnswer {
  if (isBigCommerceError(error)) {
    return {
      status: BIGCOMMERCE_STATUS[error.code],
      body: { success: false, error: error.message, code: error.code },
      ...(error.retryAfterMs !== undefined
        ? { retryAfterSeconds: Math.ceil(error.retryAfterMs / 1000) }
        : {}),
    };
  }
  if (error instanceof ApiError) {
    return { status: error.status, body: { success: false, error: error.message, code: error.code } };
  }
  // The caller went away and the work was cancelled: nobody reads this answer, and it is not a fault.
  if (error instanceof Error && error.name === 'AbortError') {
    return {
      status: 400,
      body: { success: false, error: 'The request was cancelled', code: TOOL_ERROR_CODES.cancelled },
    };
  }
  logger.error({ reqId, err: error }, 'tool call failed');
  return {
    status: 500,
    body: {
      success: false,
      error: 'An unexpected error occurred. Please try again.',
      code: TOOL_ERROR_CODES.internal,
    },
  };
}

/** The JSON body of a POST; a missing or non-JSON body reads as `{}` so the contract names what is missing. */
export async function readJsonBody(c: Context): Promise<unknown> {
  try {
    return (await c.req.json()) as unknown;
  } catch {
    return {};
  }
}

/** Validates `input` with a tool contract; throws a 400 ToolInputError with the first issue. */
export function parseToolInput<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const parsed = schema.safeParse(input);
  if (parsed.success) return parsed.data;
  throw new ToolInputError(failureFromIssues(parsed.error));
}

export class ToolInputError extends Error {
  constructor(readonly answer: ToolFailureAnswer) {
    super(answer.body.error);
    this.name = 'ToolInputError';
  }
}

/** Answers a failure as JSON. */
export function respondFailure(c: Context, error: unknown, logger: Logger): Response {
  const answer =
    error instanceof ToolInputError ? error.answer : failureFrom(error, logger, c.get('requestId'));
  if (answer.retryAfterSeconds !== undefined) c.header('Retry-After', String(answer.retryAfterSeconds));
  return c.json(answer.body, answer.status);
}

/**
 * A signal that aborts when the caller goes away. Every BigCommerce request of a dump listens to it, so it may carry
 * more listeners than Node's default warning threshold of 10.
 */
export function callerSignal(c: Context): AbortSignal {
  const controller = new AbortController();
  setMaxListeners(1000, controller.signal);
  const request = c.req.raw.signal;
  if (request.aborted) controller.abort(request.reason);
  else request.addEventListener('abort', () => controller.abort(request.reason), { once: true });
  return controller.signal;
}
