// How the app gets its BigCommerce parts: the one client factory (one scheduler per store hash for the whole
// process) and, unless SANDBOX=off, the built-in sandbox store mounted at `/sandbox` on the app's own port.
import type { Env } from '../../env';
import type { Logger } from '../../logger';
import type { HealthCheck } from '../../features/health/service';
import { createBigCommerceClientFactory, type BigCommerceClientFactory } from './client';
import { createSandbox, type Sandbox } from './sandbox';

export const SANDBOX_MOUNT_PATH = '/sandbox';

export type BigCommerceSetup = {
  clients: BigCommerceClientFactory;
  sandbox: Sandbox | undefined;
  health: HealthCheck;
};

export function setUpBigCommerce(env: Env, localUrl: string, logger: Logger): BigCommerceSetup {
  const sandbox = env.SANDBOX ? createSandbox({ control: env.SANDBOX_CONTROL }) : undefined;
  const clients = createBigCommerceClientFactory({
    baseUrl: env.BC_API_BASE_URL,
    // Loopback to this very instance, so the sandbox's real HTTP behaviour (rate limits, dropped connections) holds.
    sandboxBaseUrl: sandbox ? `${localUrl}${SANDBOX_MOUNT_PATH}` : undefined,
    logger: logger.child({ component: 'bigcommerce' }),
  });
  const health: HealthCheck = () =>
    Promise.resolve(
      sandbox
        ? {
            status: 'up',
            detail: sandbox.stores
              .list()
              .map((s) => s.spec.hash)
              .join(', '),
          }
        : { status: 'disabled', detail: 'SANDBOX=off' },
    );
  return { clients, sandbox, health };
}
