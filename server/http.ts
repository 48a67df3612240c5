// HTTP plumbing shared by every route: the guards on the text and JSON a request carries, and the unread-body drain.
import type { MiddlewareHandler } from 'hono';
import { ERROR_CODES } from '../common/errors';
import { errorBody, errorResponse } from './errors';

/**
 * How deeply a JSON body may nest (objects and arrays, the outermost counting as 1). A whole store's Dump Widgets file
 * reaches 16 and a product dump 7; a body deeper than this is refused before a route clones or walks it (a widget
 * configuration 5,000 levels deep overflowed the stack in structuredClone: issue 26, point 8).
 */
export const MAX_JSON_DEPTH = 64;

/** PostgreSQL cannot store a NUL in text: a string holding one failed as a 500 deep in a query (issue 26, point 7). */
const NUL_MESSAGE = 'Text may not contain the NUL character (\\u0000).';
const TOO_DEEP_MESSAGE = `The JSON is nested too deeply: at most ${MAX_JSON_DEPTH} levels are accepted.`;

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
export const textGuard: MiddlewareHandler = async (c, next) => {
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
 * Reads to the end whatever request body the route left unread before the answer goes out. An answer sent early (a
 * 401 before the body was looked at) would otherwise make the server drop the connection half a second later while
 * the client is still sending, and the client sees a reset instead of the answer (issue 9, point 14). The body
 * limits in front of the routes bound what is read here.
 */
export const drainUnreadBody: MiddlewareHandler = async (c, next) => {
  await next();
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
};
