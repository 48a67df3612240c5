// What `/mcp` checks before the SDK's transport sees a request (issue 41, points 3, 7 and 8): the `Origin` a browser
// sends, the body read once within its limit, the number of JSON-RPC calls it carries (each takes one of the token's
// calls a minute), and the same NUL and depth rules as `/api` (server/http.ts).
import { ERROR_CODES } from '../../../common/errors';
import { AppError } from '../../errors';
import { jsonValueProblem, NUL_MESSAGE, TOO_DEEP_MESSAGE } from '../../http';
import { hostnameOf, isLoopbackHostName } from '../../loopback';

/**
 * A page of another site must not drive the MCP server through the visitor's browser (DNS rebinding: the attacker's
 * name resolves to this server, so its page's requests carry its own Origin and Host). The MCP specification
 * (2025-11-25, Transports, "Security Warning"): servers MUST validate the Origin header on all incoming connections,
 * and if it is present and invalid MUST respond with HTTP 403 Forbidden. A request without one (a desktop client,
 * `npm run mcp`, an agent's HTTP client) is no browser's and is served; the bearer token is what lets it in.
 *
 * Allowed: the app's public origin, and the origin the request was addressed to when that names this machine by a
 * loopback host (`npm run dev` opened at 127.0.0.1 while PUBLIC_URL says localhost). Never "the request's own origin"
 * alone: under DNS rebinding the Host agrees with the attacker's Origin.
 */
export function isForeignOrigin(
  origin: string | undefined,
  requestUrl: string,
  publicOrigin: string,
): boolean {
  if (origin === undefined) return false;
  if (origin === publicOrigin) return false;
  const own = new URL(requestUrl).origin;
  return !(origin === own && isLoopbackHostName(hostnameOf(requestUrl)));
}

/** The body as text, read up to `maxBytes` (a declared or streamed larger body stops the read). */
export async function readBoundedBody(
  request: Request,
  maxBytes: number,
): Promise<{ tooLarge: true } | { tooLarge: false; text: string }> {
  if (Number(request.headers.get('content-length')) > maxBytes) return { tooLarge: true };
  if (request.body === null) return { tooLarge: false, text: '' };
  const reader = request.body.getReader();
  const decoder = new TextDecoder();
  let received = 0;
  let text = '';
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      received += value.byteLength;
      if (received > maxBytes) {
        await reader.cancel();
        return { tooLarge: true };
      }
      text += decoder.decode(value, { stream: true });
    }
  } finally {
    reader.releaseLock();
  }
  return { tooLarge: false, text: text + decoder.decode() };
}

/** The calls a body carries: every message of a batch counts (a notification too), a single message once. */
export function callsIn(body: unknown): number {
  return Array.isArray(body) ? Math.max(1, body.length) : 1;
}

const isToolCall = (message: unknown): message is { method: 'tools/call'; params: Record<string, unknown> } =>
  typeof message === 'object' &&
  message !== null &&
  (message as { method?: unknown }).method === 'tools/call' &&
  typeof (message as { params?: unknown }).params === 'object' &&
  (message as { params?: unknown }).params !== null;

/**
 * A NUL or too deep a nesting anywhere but in a tool call's arguments (those are the tool's to answer, as a tool
 * error: `argumentsProblem`): the message of the JSON-RPC error that refuses the whole POST, or undefined.
 */
export function envelopeProblem(body: unknown): string | undefined {
  const messages = Array.isArray(body) ? (body as unknown[]) : [body];
  for (const message of messages) {
    const outer = isToolCall(message)
      ? { ...message, params: { ...message.params, arguments: undefined } }
      : message;
    const problem = jsonValueProblem(outer);
    if (problem === 'nul') return NUL_MESSAGE;
    if (problem === 'too-deep') return TOO_DEEP_MESSAGE;
  }
  return undefined;
}

/** A tool's arguments holding a NUL or nested past the limit: the AppError that names it, as `/api` answers it. */
export function argumentsProblem(args: unknown): AppError | undefined {
  const problem = jsonValueProblem(args);
  if (problem === 'nul') return new AppError(ERROR_CODES.invalidText, NUL_MESSAGE);
  if (problem === 'too-deep') return new AppError(ERROR_CODES.jsonTooDeep, TOO_DEEP_MESSAGE);
  return undefined;
}
