// Starts the sandbox on a loopback port, mounted at /sandbox like inside the app. For integration tests and benchmarks.
import type { AddressInfo } from 'node:net';
import { serve, type ServerType } from '@hono/node-server';
import { Hono } from 'hono';
import { STATUS_DOC_TYPE } from './envelope';
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
