// How a route reads its input and answers its failures (STYLE.md §2, §3), in one of two ways:
// - the store tools (spec part 1 §7): `toolRoute(deps, schema, handler)` reads the request, validates it with the
//   tool's zod contract, hands the handler the validated input, and answers `{success: true, data}` or, for any
//   failure, `{success: false, error, code}` with the status of the code (server/errors.ts). A handler may also return
//   a Response of its own (a progress stream);
// - every other JSON route is a plain handler that reads its input with `readInput(c, schema)` (after its own checks,
//   such as the session, so that those answer first) and throws `AppError`s: whatever it throws reaches the app's
//   error handler, which answers `{error, code}` (or the same handler with a feature's own body where its spec words
//   failures otherwise: the H.265 converter's). No route catches errors by hand.
// Every route registers the full path its contract names (`common/contracts/<tab-id>.ts`, `*_PATH`).
import { setMaxListeners } from 'node:events';
import type { Context, Handler } from 'hono';
import type { z } from 'zod';
import type { StoreCredentials } from '../common/contracts/stores';
import { failureOf, parseInput, respondWith, toolFailureBody, type AppError } from './errors';
import type { BigCommerceClient, BigCommerceClientFactory } from './integrations/bigcommerce';
import type { Logger } from './logger';

/** What every store tool's routes get: the client factory, the logger, and who is calling (fair share of a store). */
export type ToolRouteDeps = {
  clients: BigCommerceClientFactory;
  logger: Logger;
  /** The caller's key: their client address. */
  callerOf: (c: Context) => string;
};

/** What a tool handler gets beside its validated input. */
export type ToolCall = {
  c: Context;
  /** Aborts when the caller goes away. */
  signal: AbortSignal;
  /** The BigCommerce client of the request's store, sharing the store's scheduler fairly with other callers. */
  storeClient: (credentials: StoreCredentials) => BigCommerceClient;
};

export type ToolRouteOptions = {
  /** Where the input comes from; the JSON body by default (a missing or non-JSON body reads as `{}`). */
  read?: (c: Context) => unknown;
};

export type InputOptions = ToolRouteOptions & {
  /** The route's own refusal of an input its contract rejects; the first issue by default (`inputError`). */
  refuse?: (error: z.ZodError, input: unknown) => AppError;
};

export function toolRoute<S extends z.ZodType>(
  deps: ToolRouteDeps,
  schema: S,
  handler: (input: z.output<S>, call: ToolCall) => Promise<unknown>,
  options: ToolRouteOptions = {},
): Handler {
  return async (c) => {
    try {
      const input = await readInput(c, schema, options);
      const call: ToolCall = {
        c,
        signal: callerSignal(c),
        storeClient: (credentials) => deps.clients.forStore(credentials, { caller: deps.callerOf(c) }),
      };
      const result = await handler(input, call);
      if (result instanceof Response) return result;
      return c.json({ success: true as const, data: result });
    } catch (error) {
      const failure = failureOf(error, deps.logger, c.get('requestId'), c.req.raw.signal.aborted);
      return respondWith(c, failure, toolFailureBody(failure));
    }
  };
}

/**
 * A store call that answers its own JSON (`{products: [...]}`, as the search routes' contracts name it) rather than
 * the store tools' envelope; it reads and validates like `toolRoute`, and its failures go to the app's error handler
 * (`{error, code}` with the code's status).
 */
export function storeRoute<S extends z.ZodType>(
  deps: ToolRouteDeps,
  schema: S,
  handler: (input: z.output<S>, call: ToolCall) => Promise<object>,
): Handler {
  return async (c) => {
    const input = await readInput(c, schema);
    const call: ToolCall = {
      c,
      signal: callerSignal(c),
      storeClient: (credentials) => deps.clients.forStore(credentials, { caller: deps.callerOf(c) }),
    };
    return c.json(await handler(input, call));
  };
}

/**
 * A route's input, read (the JSON body by default) and validated with its contract. A refusal is thrown as an AppError
 * (400): through `toolRoute` it answers the tool's shape, anywhere else the app's `{error, code}`.
 */
export async function readInput<S extends z.ZodType>(
  c: Context,
  schema: S,
  options: InputOptions = {},
): Promise<z.output<S>> {
  const input = await (options.read ?? readJsonBody)(c);
  const { refuse } = options;
  return parseInput(schema, input, refuse && ((error) => refuse(error, input)));
}

/** The JSON body of a POST; a missing or non-JSON body reads as `{}` so the contract names what is missing. */
export function readJsonBody(c: Context): Promise<unknown> {
  return readJsonBodyOr(c, {});
}

/** The JSON body, or `missing` when there is none or it is not JSON. */
export async function readJsonBodyOr(c: Context, missing: unknown): Promise<unknown> {
  try {
    return (await c.req.json()) as unknown;
  } catch {
    return missing;
  }
}

/** The query string as an object of its parameters (the first value of each). */
export function readQuery(c: Context): Record<string, string> {
  return c.req.query();
}

/**
 * A signal that aborts when the caller goes away. Every BigCommerce request of a dump listens to it, so it may carry
 * more listeners than Node's default warning threshold of 10.
 */
export function callerSignal(c: Context): AbortSignal {
  const controller = new AbortController();
  setMaxListeners(1000, controller.signal);
  const request = c.req.raw.signal;
  // @hono/node-server aborts with a bare string ("Client connection prematurely closed."): make it an AbortError, so
  // whatever waits on the signal fails as a cancellation.
  const abort = () =>
    controller.abort(
      request.reason instanceof Error
        ? request.reason
        : new DOMException(String(request.reason), 'AbortError'),
    );
  if (request.aborted) abort();
  else request.addEventListener('abort', abort, { once: true });
  return controller.signal;
}
