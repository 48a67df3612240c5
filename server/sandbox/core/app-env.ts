// Types shared by the sandbox's Hono app and its route modules.
import type { IncomingMessage } from 'node:http';
import type { Context, Hono } from 'hono';
import type { RequestTape } from '../demo-copies/request-tape';
import type { SandboxStore } from './store-registry';

export type SandboxEnv = {
  Bindings: {
    /** Present when served by @hono/node-server (used to drop connections); absent under `app.request()`. */
    incoming?: IncomingMessage;
    /** Set only by the sandbox itself when it runs a demo copy's write again on `store` (demo-copy-pool.ts). */
    again?: { store: SandboxStore; tape?: RequestTape };
  };
  Variables: { store: SandboxStore };
};

export type SandboxApp = Hono<SandboxEnv>;
export type SandboxContext = Context<SandboxEnv>;

export type RouteDeps = {
  clock: () => number;
  /** Absolute URL at which the sandbox app is mounted (e.g. `http://127.0.0.1:3000/sandbox`), for image URLs. */
  baseUrl: (c: SandboxContext) => string;
};

/** v3 and v2 path prefixes below the mount point. */
export const V3 = '/stores/:hash/v3';
export const V2 = '/stores/:hash/v2';
