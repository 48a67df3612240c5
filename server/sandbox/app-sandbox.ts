// The sandbox as the app serves it (server/app.ts mounts it at /sandbox): each caller's own demo copies, and the
// shared fixtures with public tokens only with the control API (SANDBOX_CONTROL=on: tests, development).
import type { Logger } from '../logger';
import type { DemoCopyOptions } from './demo-copies';
import { createSandbox, DEMO_STORES, type Sandbox } from './index';

export function createAppSandbox(options: {
  control: boolean;
  logger: Logger;
  demoCopies: DemoCopyOptions;
}): Sandbox {
  const logger = options.logger.child({ component: 'sandbox' });
  return createSandbox({
    control: options.control,
    stores: options.control ? DEMO_STORES : [],
    demoCopies: options.demoCopies,
    logError: (error, message) => logger.error({ err: error }, message),
  });
}

/** Health's line: counts only, since the hashes of other people's demo stores are theirs. */
export function describeSandbox(sandbox: Sandbox): string {
  const { stores } = sandbox;
  const shared = stores.list().length - stores.copyCount;
  return `${shared} shared, ${stores.copyCount} of ${stores.copyLimits?.maxCopies ?? 0} demo copies`;
}
