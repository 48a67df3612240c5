// Helpers for this folder's tests: scripted fetch answers in BigCommerce's format, and a driver for the fake clock.
import { flushMicrotasks, type FakeClock } from './clock';

export const TEST_TOKEN = 'tok_SECRET_a1b2c3d4e5f6';

export type RecordedRequest = { method: string; url: string; headers: Headers; body: unknown };

export type FakeAnswer =
  Response | Error | ((req: RecordedRequest) => Response | Error | Promise<Response | Error>);

export function json(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(status === 204 ? null : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json', ...headers },
  });
}

export function bcError(status: number, title: string, errors: Record<string, string> = {}): Response {
  return json(status, {
    status,
    title,
    type: 'https://developer.bigcommerce.com/api-docs/getting-started/api-status-codes',
    errors,
  });
}

/** An error shaped like undici's `TypeError: fetch failed` with a coded cause. */
export function fetchFailure(code: string, message = `${code} failure`): Error {
  const cause = Object.assign(new Error(message), { code });
  return new TypeError('fetch failed', { cause });
}

/**
 * A fetch that answers from a handler (or a queue of answers) and records every request. Bodies are parsed JSON.
 */
export function fakeFetch(handler: FakeAnswer | FakeAnswer[]) {
  const requests: RecordedRequest[] = [];
  const queue = Array.isArray(handler) ? [...handler] : undefined;
  const fn = async (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
    const url = input instanceof Request ? input.url : String(input);
    const rawBody = typeof init?.body === 'string' ? init.body : undefined;
    const req: RecordedRequest = {
      method: init?.method ?? 'GET',
      url,
      headers: new Headers(init?.headers),
      body: rawBody === undefined ? undefined : (JSON.parse(rawBody) as unknown),
    };
    requests.push(req);
    init?.signal?.throwIfAborted();
    const next = queue ? queue.shift() : (handler as FakeAnswer);
    if (next === undefined) throw new Error(`fakeFetch: no answer left for ${req.method} ${url}`);
    const answer = typeof next === 'function' ? await next(req) : next;
    if (answer instanceof Error) throw answer;
    return answer;
  };
  return { fetch: fn, requests };
}

/** Runs the fake clock until `promise` settles (waking sleepers one by one), then returns its outcome. */
export async function drive<T>(clock: FakeClock, promise: Promise<T>, maxSteps = 1000): Promise<T> {
  let settled = false;
  promise.then(
    () => (settled = true),
    () => (settled = true),
  );
  for (let step = 0; step < maxSteps && !settled; step++) {
    await flushMicrotasks();
    if (settled) break;
    if (!(await clock.runNext())) await new Promise<void>((resolve) => setTimeout(resolve, 1));
  }
  return promise;
}

/** Awaits a promise expected to reject and returns the rejection. */
export async function rejectionOf(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected the promise to reject');
}
