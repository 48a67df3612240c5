// GET /v2/store (unwrapped) and GET /v2/time (store_information.v2.yml)
// [STORE2 getStoreInformation, getSystemTimestamp].
import type { RouteDeps, SandboxApp } from './app-env';
import { V2 } from './app-env';

export function registerStoreInfoRoutes(app: SandboxApp, deps: RouteDeps): void {
  app.get(`${V2}/store`, (c) => c.json(c.get('store').data.info, 200));
  app.get(`${V2}/time`, (c) => c.json({ time: Math.floor(deps.clock() / 1000) }, 200));
}
