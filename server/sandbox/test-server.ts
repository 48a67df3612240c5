// Starts the sandbox on a loopback port, mounted at /sandbox like inside the app. For integration tests and benchmarks.
import type { AddressInfo } from 'node:net';
import { serve, type ServerType } from '@hono/node-server';
import { Hono } from 'hono';
import { STATUS_DOC_TYPE } from './core/envelope';
import { createSandbox, type Sandbox, type SandboxOptions } from './index';

export type RunningSandbox = {
  sandbox: Sandbox;
  /** e.g. `http://127.0.0.1:40123/sandbox` */
  baseUrl: string;
  /** `…/sandbox/stores/{hash}` (append `/v3/...` or `/v2/...`). */
  storeUrl: (hash: string) => string;
  /** `…/sandbox/__control` */
  controlUrl: string;
  close: () => Promise<void>;
};

export async function startSandboxServer(options: Partial<SandboxOptions> = {}): Promise<RunningSandbox> {
  const sandbox = createSandbox({ control: true, ...options });
  const root = new Hono();
  root.route('/sandbox', sandbox.app);
  let server: ServerType | undefined;
  const info = await new Promise<AddressInfo>((resolve) => {
    server = serve({ fetch: root.fetch, port: 0, hostname: '127.0.0.1' }, resolve);
  });
  const baseUrl = `http://127.0.0.1:${info.port}/sandbox`;
  return {
    sandbox,
    baseUrl,
    storeUrl: (hash) => `${baseUrl}/stores/${hash}`,
    controlUrl: `${baseUrl}/__control`,
    close: () =>
      new Promise<void>((resolve, reject) => {
        if (!server) return resolve();
        if ('closeAllConnections' in server) server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}

/** The error body BigCommerce documents (`{status, title, type, errors}`), as a test expects it. */
export function bcErrorAnswer(status: number, title: string, errors: Record<string, string> = {}) {
  return { status, title, type: STATUS_DOC_TYPE, errors };
}

/**
 * A date modifier's `config` with every date in ISO-8601 ATOM form, as the sandbox takes them: a range from
 * 1 February to 31 December 2026, 1 March by default (the sandbox's and Import Product's tests).
 */
export const ATOM_DATE_MODIFIER_CONFIG = {
  default_value: '2026-03-01T00:00:00+00:00',
  date_limited: true,
  date_limit_mode: 'range',
  date_earliest_value: '2026-02-01T00:00:00+00:00',
  date_latest_value: '2026-12-31T00:00:00+00:00',
} as const;
