// `POST /api/demo-stores` (the caller's own demo stores) and `POST /api/demo-stores/reset` (one of them back to its
// seed). Visitors get a new pair each time; a signed-in user (or an admin viewing as them) gets that user's pair.
import { Hono } from 'hono';
import {
  DEMO_STORE_RESET_MESSAGE,
  DEMO_STORE_RESET_PATH,
  DEMO_STORES_PATH,
  demoStoreResetRequestSchema,
  isDemoCopyHash,
} from '../../../common/contracts/demo-stores';
import { ERROR_CODES } from '../../../common/errors';
import { AppError } from '../../errors';
import { readInput } from '../../tool-route';
import type { Auth } from '../auth/auth';
import { getSessionUser } from '../auth/session';
import type { DemoStoreSigner } from './demo-stores.service';

export type DemoStoreRouteDeps = {
  getDemoSigner: () => Promise<DemoStoreSigner>;
  getAuth: () => Promise<Auth>;
  /**
   * Drops a copy from the sandbox, on every instance (it comes back from the seed on its next request); undefined
   * when SANDBOX=off.
   */
  dropDemoCopy: ((hash: string) => Promise<boolean>) | undefined;
};

const sandboxOff = () =>
  new AppError(
    ERROR_CODES.sandboxOff,
    'Demo stores are not available: the sandbox is turned off (SANDBOX=off)',
  );

export function demoStoreRoutes(deps: DemoStoreRouteDeps): Hono {
  const app = new Hono();

  app.post(DEMO_STORES_PATH, async (c) => {
    if (!deps.dropDemoCopy) throw sandboxOff();
    const user = await getSessionUser(await deps.getAuth(), c.req.raw.headers);
    const signer = await deps.getDemoSigner();
    c.header('Cache-Control', 'no-store');
    return c.json({ stores: signer.issue(user ? { userId: user.id } : { visitor: true }) });
  });

  app.post(DEMO_STORE_RESET_PATH, async (c) => {
    if (!deps.dropDemoCopy) throw sandboxOff();
    const { storeHash, accessToken } = await readInput(c, demoStoreResetRequestSchema, {
      refuse: () => new AppError(ERROR_CODES.invalidInput, 'Send the demo store’s storeHash and accessToken'),
    });
    const signer = await deps.getDemoSigner();
    if (!isDemoCopyHash(storeHash) || !signer.verify(storeHash, accessToken)) {
      throw new AppError(
        ERROR_CODES.notDemoStore,
        'This is not one of your demo stores: only demo stores can be reset',
      );
    }
    await deps.dropDemoCopy(storeHash);
    return c.json({ message: DEMO_STORE_RESET_MESSAGE });
  });

  return app;
}
