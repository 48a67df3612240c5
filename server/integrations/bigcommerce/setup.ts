// How the app gets its BigCommerce parts: the one client factory (one scheduler per store hash for the whole
// process) and, unless SANDBOX=off, the built-in sandbox store mounted at `/sandbox` on the app's own port.
import type { Env } from '../../env';
import type { Logger } from '../../logger';
import type { HealthCheck } from '../../features/health/service';
import { createBigCommerceClientFactory, type BigCommerceClientFactory } from './client';
import { createSandbox, DEMO_STORES, type Sandbox } from './sandbox';
import type { DemoCopyOptions } from './sandbox/demo-copies';

export const SANDBOX_MOUNT_PATH = '/sandbox';

export type BigCommerceSetup = {
  clients: BigCommerceClientFactory;
  sandbox: Sandbox | undefined;
  health: HealthCheck;
};

export function setUpBigCommerce(
  env: Env,
  localUrl: string,
  logger: Logger,
  options: { demoCopies?: DemoCopyOptions } = {},
): BigCommerceSetup {
  // The shared stores with public tokens are test fixtures, there only with the control API (SANDBOX_CONTROL=on);
  // everyone else gets demo copies of their own (issue 9, point 2).
  const sandboxLogger = logger.child({ component: 'sandbox' });
  const sandbox = env.SANDBOX
    ? createSandbox({
        control: env.SANDBOX_CONTROL,
        stores: env.SANDBOX_CONTROL ? DEMO_STORES : [],
        ...(options.demoCopies ? { demoCopies: options.demoCopies } : {}),
        logError: (error, message) => sandboxLogger.error({ err: error }, message),
      })
    : undefined;
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
            // Counts only: the hashes of other people's demo stores are theirs.
            detail: `${sandbox.stores.list().length - sandbox.stores.copyCount} shared, ${sandbox.stores.copyCount} of ${sandbox.stores.copyLimits?.maxCopies ?? 0} demo copies`,
          }
        : { status: 'disabled', detail: 'SANDBOX=off' },
    );
  return { clients, sandbox, health };
}
