// HTTP plumbing shared by every route: the guards on the text and JSON a request carries, the unread-body drain, and
// the headers every answer carries.
import { randomUUID } from 'node:crypto';
import { IncomingMessage, ServerResponse } from 'node:http';
import type { Context, MiddlewareHandler, Next } from 'hono';
import { ERROR_CODES } from '../common/errors';
import { errorBody, errorResponse } from './errors';

/**
 * How deeply a JSON body may nest (objects and arrays, the outermost counting as 1). A whole store's Dump Widgets file
 * reaches 16 and a product dump 7; a body deeper than this is refused before a route clones or walks it (a widget
 * configuration 5,000 levels deep overflowed the stack in structuredClone: issue 26, point 8).
 */
export const MAX_JSON_DEPTH = 64;

/** PostgreSQL cannot store a NUL in text: a string holding one failed as a 500 deep in a query (issue 26, point 7). */
export const NUL_MESSAGE = 'Text may not contain the NUL character (\\u0000).';
export const TOO_DEEP_MESSAGE = `The JSON is nested too deeply: at most ${MAX_JSON_DEPTH} levels are accepted.`;

const hasNul = (text: string) => text.includes('\0');

/** What makes a parsed JSON value unfit for the API: a NUL in a string or a key, or nesting past MAX_JSON_DEPTH. */
export function jsonValueProblem(
  root: unknown,
  rules: { nul: boolean } = { nul: true },
): 'nul' | 'too-deep' | undefined {
  // A walk with its own stack, not recursion: a recursive walk would overflow on the very bodies it must refuse.
  const values: unknown[] = [root];
  const depths: number[] = [0];
  for (;;) {
    const value = values.pop();
    const depth = depths.pop();
    if (depth === undefined) return undefined;
    if (typeof value === 'string') {
      if (rules.nul && hasNul(value)) return 'nul';
    } else if (typeof value === 'object' && value !== null) {
      if (depth >= MAX_JSON_DEPTH) return 'too-deep';
      for (const [key, item] of Object.entries(value)) {
        if (rules.nul && hasNul(key)) return 'nul';
        values.push(item);
        depths.push(depth + 1);
      }
    }
  }
}

/**
 * Refuses a NUL in the decoded path or in a query name or value with a 400, before any route (Better Auth's
 * included) hands it to the database.
 */
export const textGuard: MiddlewareHandler = (c, next) => {
  // The request line cannot carry a raw NUL, so one reaches the path or the query only as `%00`: without one anywhere
  // in the address there is nothing to parse (most requests, a health poll among them).
  if (!/%00/i.test(c.req.url)) return next();
  return refuseNulInAddress(c, next);
};

const refuseNulInAddress: MiddlewareHandler = async (c, next) => {
  const url = new URL(c.req.url);
  // The HTTP parser refuses a raw NUL in the request line: one reaches the decoded path only as `%00`.
  if (/%00/i.test(url.pathname)) return errorResponse(c, ERROR_CODES.invalidText, NUL_MESSAGE);
  for (const [name, value] of url.searchParams) {
    if (hasNul(name) || hasNul(value)) return errorResponse(c, ERROR_CODES.invalidText, NUL_MESSAGE);
  }
  await next();
};

/**
 * Rejects a malformed JSON body with a clear 400 before any route sees it, and a JSON body holding a NUL in any key
 * or string or nested deeper than MAX_JSON_DEPTH (the body is parsed and walked once, here). A form body (Better
 * Auth takes its sign-up and sign-in as a form too) gets the NUL rule; any other body (binary) passes untouched.
 * Reads a clone, so routes that hand the raw request to a library (e.g. the auth layer) still get an unread body.
 */
export const jsonBodyGuard: MiddlewareHandler = async (c, next) => {
  const type = c.req.header('content-type') ?? '';
  if (/\bjson\b/i.test(type)) {
    const text = await c.req.raw.clone().text();
    if (text.trim() !== '') {
      let body: unknown;
      try {
        body = JSON.parse(text);
      } catch (error) {
        const reason = error instanceof SyntaxError ? `: ${error.message}` : '';
        return c.json(
          errorBody(ERROR_CODES.malformedJson, `The request body is not valid JSON${reason}`),
          400,
        );
      }
      const problem = jsonValueProblem(body);
      if (problem === 'nul') return errorResponse(c, ERROR_CODES.invalidText, NUL_MESSAGE);
      if (problem === 'too-deep') return errorResponse(c, ERROR_CODES.jsonTooDeep, TOO_DEEP_MESSAGE);
    }
  } else if (/\bapplication\/x-www-form-urlencoded\b/i.test(type)) {
    const form = new URLSearchParams(await c.req.raw.clone().text());
    for (const [name, value] of form) {
      if (hasNul(name) || hasNul(value)) return errorResponse(c, ERROR_CODES.invalidText, NUL_MESSAGE);
    }
  }
  await next();
};

/**
 * Reads to the end whatever request body the route left unread, once the answer is made and before it goes out. An
 * answer sent early (a 401 before the body was looked at) would otherwise make the server drop the connection half a
 * second later while the client is still sending, and the client sees a reset instead of the answer (issue 9, point
 * 14). The body limits in front of the routes bound what is read here.
 *
 * A GET or HEAD request has no body as the app sees it (`Request.body` is null for them), so it is not looked at:
 * on @hono/node-server, reading `body` turns the adapter's light request into a full `Request` with its own headers
 * and abort signal, the largest cost of a `GET /api/health` (issue 29).
 */
export async function drainUnreadBody(c: Context): Promise<void> {
  const method = c.req.method;
  if (method === 'GET' || method === 'HEAD') return;
  const body = c.req.raw.body;
  if (body === null || c.req.raw.bodyUsed || body.locked) return;
  try {
    const reader = body.getReader();
    for (;;) {
      const { done } = await reader.read();
      if (done) break;
    }
  } catch {
    // The client went away or sent more than the limit: nothing left to answer.
  }
}

/** The Node request and response under a context when @hono/node-server serves it; undefined in `app.request()`. */
export function nodeBindingsOf(
  c: Context,
): { incoming: IncomingMessage; outgoing: ServerResponse } | undefined {
  const env = c.env as { incoming?: unknown; outgoing?: unknown } | undefined;
  const incoming = env?.incoming;
  const outgoing = env?.outgoing;
  return incoming instanceof IncomingMessage && isServerResponse(outgoing)
    ? { incoming, outgoing }
    : undefined;
}

const isServerResponse = (value: unknown): value is ServerResponse => value instanceof ServerResponse;

/**
 * A request header (lower-case name), read from the headers Node already parsed when there are some, rather than
 * through the adapter's `Headers` view of the request: the middleware every request passes through need not build it
 * (issue 29). Repeated headers are joined as Node joins them (`, `, or `; ` for cookies); a header Node keeps once
 * (`Host`, `Content-Type`, …) is its first value.
 */
export function requestHeader(c: Context, name: string): string | undefined {
  const node = nodeBindingsOf(c);
  if (!node) return c.req.header(name);
  const value = node.incoming.headers[name];
  return Array.isArray(value) ? value.join(', ') : value;
}

/**
 * Runs the rest of the request and gives its answer these headers, unless the route set one of the same name itself
 * (as Hono's `secureHeaders` with `overwrite: false`; no route sets one of the headers the app passes here). On Node
 * they are set on the Node response before the route runs, and the adapter writes the route's own headers over them:
 * no WHATWG `Headers` is built, filled and copied per answer, which cost about a quarter of a `GET /api/health`
 * (issue 29).
 */
export async function withResponseHeaders(
  c: Context,
  next: Next,
  headers: Iterable<readonly [string, string]>,
): Promise<void> {
  const node = nodeBindingsOf(c);
  if (node) {
    for (const [name, value] of headers) node.outgoing.setHeader(name, value);
    await next();
    return;
  }
  await next();
  for (const [name, value] of headers) if (!c.res.headers.has(name)) c.res.headers.set(name, value);
}

declare module 'hono' {
  interface ContextVariableMap {
    /** The request's id (`X-Request-Id`), set for every request by the app's first middleware (server/app.ts). */
    requestId: string;
  }
}

const REQUEST_ID = /^[\w\-=]{1,255}$/;

/**
 * The caller's `X-Request-Id` when it is a plain token of at most 255 characters, else a fresh UUID (as Hono's
 * `requestId` middleware decides).
 */
export function requestIdOf(given: string | undefined): string {
  return given !== undefined && REQUEST_ID.test(given) ? given : randomUUID();
}
