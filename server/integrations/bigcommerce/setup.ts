// How the app gets its BigCommerce client factory: one scheduler per store hash for the whole process. Store hashes
// starting with `sandbox-` go to the built-in sandbox (server/sandbox/), which the app mounts at SANDBOX_MOUNT_PATH
// on its own port; the client reaches it over loopback like any store, and knows nothing else about it.
import type { Env } from '../../env';
import type { Logger } from '../../logger';
import { createBigCommerceClientFactory, type BigCommerceClientFactory } from './client';

export const SANDBOX_MOUNT_PATH = '/sandbox';

export type BigCommerceSetup = { clients: BigCommerceClientFactory };

export function setUpBigCommerce(env: Env, localUrl: string, logger: Logger): BigCommerceSetup {
  const clients = createBigCommerceClientFactory({
    baseUrl: env.BC_API_BASE_URL,
    // Loopback to this very instance, so the sandbox's real HTTP behaviour (rate limits, dropped connections) holds.
    sandboxBaseUrl: env.SANDBOX ? `${localUrl}${SANDBOX_MOUNT_PATH}` : undefined,
    logger: logger.child({ component: 'bigcommerce' }),
    // Leave part of each window to the store's other integrations; concurrency is sized from quota and latency.
    pacing: { reserveRatio: env.BC_QUOTA_RESERVE },
  });
  return { clients };
}
