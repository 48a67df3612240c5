// `/api/user/stores` (spec part 1 §7): the signed-in user's cloud list, and the public connection test.
// While an admin impersonates, the session is the impersonated user's, so every call reads and writes their list.
import { Hono } from 'hono';
import type { z } from 'zod';
import {
  TEST_CONNECTION_PATH,
  USER_STORES_PATH,
  saveUserStoresRequestSchema,
  testConnectionRequestSchema,
} from '../../../common/contracts/stores';
import { ERROR_CODES } from '../../../common/errors';
import { AppError } from '../../errors';
import type { Logger } from '../../logger';
import { readInput, toolRoute, type ToolRouteDeps } from '../../tool-route';
import type { Auth } from '../auth/auth';
import { requireUser } from '../auth/session';
import type { StoreRepository } from './repository';
import { listUserStores, saveUserStores, testConnection } from './stores.service';

export type StoreRoutesDeps = ToolRouteDeps & {
  getAuth: () => Promise<Auth>;
  getStoreRepository: () => Promise<StoreRepository>;
  logger: Logger;
};

export function storeRoutes(deps: StoreRoutesDeps): Hono {
  const logger = deps.logger.child({ component: 'stores' });
  return new Hono()
    .get(USER_STORES_PATH, async (c) => {
      const user = await requireUser(await deps.getAuth(), c.req.raw.headers);
      const stores = await listUserStores(await deps.getStoreRepository(), logger, user.id);
      c.header('Cache-Control', 'no-store');
      return c.json({ stores });
    })
    .post(USER_STORES_PATH, async (c) => {
      const user = await requireUser(await deps.getAuth(), c.req.raw.headers);
      const repository = await deps.getStoreRepository();
      // The whole list is validated before anything is written: one bad store is a 400 naming the store and the
      // field, and nothing changes. A body that is not JSON is `malformed_json`.
      const { stores: list } = await readInput(c, saveUserStoresRequestSchema, {
        read: () => c.req.json(),
        refuse: (error, body) => new AppError(ERROR_CODES.invalidStore, describeStoreIssue(body, error)),
      });
      const stores = await saveUserStores(repository, user.id, list);
      c.header('Cache-Control', 'no-store');
      return c.json({ success: true as const, stores });
    })
    .post(
      TEST_CONNECTION_PATH,
      // A refusal by the store is a result (200); a bad body is 400; a full store queue 429 with Retry-After.
      toolRoute({ ...deps, logger }, testConnectionRequestSchema, async (credentials, { c }) => {
        c.header('Cache-Control', 'no-store');
        return c.json(await testConnection(deps.clients, credentials, deps.callerOf(c)));
      }),
    );
}

/** 'Store 2 ("Shop B"): Store Hash is required' — the position and name a person recognises, then the rule. */
function describeStoreIssue(body: unknown, error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return 'The store list is not valid';
  const [first, index] = issue.path;
  if (first !== 'stores') return 'The body must be {"stores": [...]}';
  if (typeof index !== 'number') {
    return issue.code === 'too_big' ? issue.message : 'stores must be a list of stores';
  }
  const raw = (body as { stores: unknown[] }).stores[index];
  const name =
    typeof raw === 'object' && raw !== null && typeof (raw as { name?: unknown }).name === 'string'
      ? (raw as { name: string }).name.trim()
      : '';
  const which = name ? `Store ${index + 1} ("${name.slice(0, 80)}")` : `Store ${index + 1}`;
  if (issue.path.length === 2) return `${which}: must be an object`;
  // The contract's messages name the field ('Store Hash is required', 'createdAt must be an ISO date-time').
  return `${which}: ${issue.message}`;
}
