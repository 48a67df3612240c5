// The sandbox as the app serves it (server/app.ts mounts it at /sandbox): each caller's own demo copies, and the
// shared fixtures with public tokens only with the control API (SANDBOX_CONTROL=on: tests, development). The copies'
// state lives in the journal the app gives (its database, so that every instance serves the same copies), or in this
// process's memory without one.
import type { Logger } from '../logger';
import type { DemoCopyOptions } from './demo-copies/demo-copies';
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
export async function describeSandbox(sandbox: Sandbox): Promise<string> {
  const { copies } = sandbox;
  const live = copies ? await copies.count() : 0;
  return `${sandbox.stores.list().length} shared, ${live} of ${copies?.limits.maxCopies ?? 0} demo copies`;
}
