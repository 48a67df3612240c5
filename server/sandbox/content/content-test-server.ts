// Test support: the content routes alone in a small Hono app on a loopback port, rendering errors the way the
// sandbox app's onError does (BcApiError and QueryError as BigCommerce bodies).
import type { AddressInfo } from 'node:net';
import { serve, type ServerType } from '@hono/node-server';
import { Hono } from 'hono';
import { afterAll, beforeAll, beforeEach, expect } from 'vitest';
import type { SandboxEnv } from '../core/app-env';
import { BcApiError, bcErrorBody, type Pagination } from '../core/envelope';
import { bcErrorAnswer } from '../test-server';
import { QueryError } from '../core/query';
import type { ContentState } from './content-state';
import { createContentState, type ContentRefs } from './create-content-state';
import { createContentRoutes } from './routes';

/** Catalogue ids of the fixed test store (what the core's demo catalogue would pass). */
export const TEST_REFS: ContentRefs = {
  productIds: [77, 78, 79, 80, 81, 82],
  categoryIds: [18, 19, 20, 21],
  brandIds: [36, 37, 38],
  channelIds: [1, 2],
  demo: true,
};

export const BASE_PATH = '/stores/sandbox-demo/v3/content';

/** BigCommerce's v3 list and single-object bodies. */
export type List<T> = { data: T[]; meta: { pagination: Pagination } };
export type One<T> = { data: T; meta: Record<string, never> };

export const json = async <T>(res: Response): Promise<T> => (await res.json()) as T;

/** Expects BigCommerce's error answer: `status`, and the documented body with this title and these field errors. */
export async function expectBcError(
  res: Response,
  status: number,
  title: string,
  errors: Record<string, string> = {},
  message?: string,
): Promise<void> {
  expect(res.status, message).toBe(status);
  expect(await json(res), message).toEqual(bcErrorAnswer(status, title, errors));
}

export type ContentServer = {
  /** The state the routes serve; replace it with `use` between tests. */
  state: ContentState;
  use(state: ContentState): void;
  /** fetch against the content API: `request('/widgets?limit=2')`. */
  request(path: string, init?: RequestInit): Promise<Response>;
  /** JSON request with a body. */
  send(method: string, path: string, body: unknown): Promise<Response>;
  close(): Promise<void>;
};

export async function startContentServer(
  initial: ContentState = createContentState(TEST_REFS),
): Promise<ContentServer> {
  let state = initial;
  const app = new Hono<SandboxEnv>();
  app.onError((err, c) => {
    if (err instanceof BcApiError) return c.json(err.body(), err.status);
    if (err instanceof QueryError) return c.json(bcErrorBody(422, err.message), 422);
    throw err;
  });
  app.notFound((c) => c.json(bcErrorBody(404, 'The requested resource was not found.'), 404));
  app.route(
    '/stores/:hash/v3/content',
    createContentRoutes(() => state),
  );

  let server: ServerType | undefined;
  const info = await new Promise<AddressInfo>((resolve) => {
    server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, resolve);
  });
  const origin = `http://127.0.0.1:${info.port}`;
  const request = (path: string, init?: RequestInit) =>
    fetch(`${origin}${BASE_PATH}${path}`, {
      ...init,
      headers: { Accept: 'application/json', ...init?.headers },
    });

  return {
    get state() {
      return state;
    },
    use(next) {
      state = next;
    },
    request,
    send: (method, path, body) =>
      request(path, {
        method,
        headers: { 'Content-Type': 'application/json' },
        body: typeof body === 'string' ? body : JSON.stringify(body),
      }),
    close: () =>
      new Promise<void>((resolve, reject) => {
        if (!server) return resolve();
        if ('closeAllConnections' in server) server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}

/**
 * The set-up of a test file: one content server for the file (started before all tests, closed after) and a fresh
 * state from {@link TEST_REFS} before each test. Returns the server, usable inside the tests.
 */
export function useContentServer(): ContentServer {
  let running: ContentServer | undefined;
  const current = (): ContentServer => {
    if (!running) throw new Error('the content server starts in beforeAll');
    return running;
  };
  beforeAll(async () => {
    running = await startContentServer();
  });
  afterAll(async () => {
    await running?.close();
  });
  beforeEach(() => {
    current().use(createContentState(TEST_REFS));
  });
  return {
    get state() {
      return current().state;
    },
    use: (state) => current().use(state),
    request: (path, init) => current().request(path, init),
    send: (method, path, body) => current().send(method, path, body),
    close: () => current().close(),
  };
}
