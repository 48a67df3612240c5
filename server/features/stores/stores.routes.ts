// `/api/user/stores` (spec part 1 §7): the signed-in user's cloud list, and the public connection test.
// While an admin impersonates, the session is the impersonated user's, so every call reads and writes their list.
import { Hono, type Context } from 'hono';
import {
  connectionCredentialsSchema,
  storeCredentialsSchema,
  type ConnectionCredentials,
} from '../../../common/contracts/stores';
import type { Logger } from '../../logger';
import type { Auth } from '../auth/auth';
import { requireUser } from '../auth/session';
import { isBigCommerceError } from '../../integrations/bigcommerce';
import type { BigCommerceClientFactory } from '../../integrations/bigcommerce/client';
import type { StoreRepository } from './repository';
import { invalidConnectionBody, listUserStores, saveUserStores, testConnection } from './stores.service';

export type StoreRoutesDeps = {
  getAuth: () => Promise<Auth>;
  getRepository: () => Promise<StoreRepository>;
  clients: BigCommerceClientFactory;
  callerOf: (c: Context) => string;
  logger: Logger;
};

export function storeRoutes(deps: StoreRoutesDeps): Hono {
  return new Hono()
    .get('/', async (c) => {
      const user = await requireUser(await deps.getAuth(), c.req.raw.headers);
      const stores = await listUserStores(await deps.getRepository(), deps.logger, user.id);
      c.header('Cache-Control', 'no-store');
      return c.json({ stores });
    })
    .post('/', async (c) => {
      const user = await requireUser(await deps.getAuth(), c.req.raw.headers);
      const body: unknown = await c.req.json();
      const stores = await saveUserStores(await deps.getRepository(), user.id, body);
      c.header('Cache-Control', 'no-store');
      return c.json({ success: true as const, stores });
    })
    .post('/test-connection', async (c) => {
      const credentials = readConnectionCredentials(await c.req.json());
      if (typeof credentials === 'string') return c.json(invalidConnectionBody(credentials), 400);
      c.header('Cache-Control', 'no-store');
      try {
        return c.json(await testConnection(deps.clients, credentials, deps.callerOf(c)));
      } catch (error) {
        // The store's queue is full (issue 9, point 8): at once, with when to try again.
        if (!isBigCommerceError(error) || error.code !== 'bc_busy') throw error;
        c.header('Retry-After', String(Math.ceil((error.retryAfterMs ?? 1_000) / 1000)));
        return c.json({ success: false as const, code: error.code, error: error.message }, 429);
      }
    });
}

/** `{storeHash, accessToken}` or `{storeCredentials: {...}}`; a text naming the field when neither is valid. */
function readConnectionCredentials(body: unknown): ConnectionCredentials | string {
  const wrapped =
    typeof body === 'object' && body !== null && 'storeCredentials' in body
      ? storeCredentialsSchema.safeParse(body.storeCredentials)
      : connectionCredentialsSchema.safeParse(body);
  if (!wrapped.success) return wrapped.error.issues[0]?.message ?? 'Store Hash and API Token are required';
  return { storeHash: wrapped.data.storeHash, accessToken: wrapped.data.accessToken };
}
