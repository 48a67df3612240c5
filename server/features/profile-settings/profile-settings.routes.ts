// `PUT /api/auth/profile` (spec part 2 §5 "Profile", §7): the signed-in user's own name, email and password. The
// rules are in the service; this route reads the session and gives the rules Better Auth's adapter, password hashing
// and tokens (./profile-settings.store.ts). Mounted before Better Auth's catch-all under /api/auth.
import { Hono } from 'hono';
import { PROFILE_PATH, profileUpdateRequestSchema } from '../../../common/contracts/profile-settings';
import { ERROR_CODES } from '../../../common/errors';
import { clientAddressReader } from '../../client-address';
import { AppError } from '../../errors';
import { readInput, readJsonBodyOr } from '../../tool-route';
import type { Auth } from '../auth/auth';
import { requireUser } from '../auth/session';
import { updateProfile, type ProfileAccount } from './profile-settings.service';
import { createProfileStore, type ProfileStoreDeps } from './profile-settings.store';

export type ProfileSettingsRouteDeps = ProfileStoreDeps & {
  getAuth: () => Promise<Auth>;
  trustedProxies: readonly string[];
};

export function profileSettingsRoutes(deps: ProfileSettingsRouteDeps): Hono {
  const app = new Hono();
  const clientAddress = clientAddressReader(deps.trustedProxies);

  app.put(PROFILE_PATH, async (c) => {
    const auth = await deps.getAuth();
    const sessionUser = await requireUser(auth, c.req.raw.headers);
    // Every field is optional, so a missing body must not read as `{}` ("change nothing"): it is refused.
    const request = await readInput(c, profileUpdateRequestSchema, {
      read: () => readJsonBodyOr(c, undefined),
      refuse: () =>
        new AppError(
          ERROR_CODES.invalidInput,
          'The body must be an object of text fields: name, email, currentPassword, newPassword',
        ),
    });
    const current: ProfileAccount = {
      id: sessionUser.id,
      name: sessionUser.name,
      email: sessionUser.email,
      emailVerified: sessionUser.emailVerified,
      role: sessionUser.role,
    };
    const store = await createProfileStore(auth, deps, clientAddress(c));
    const context = { impersonatedBy: sessionUser.impersonatedBy, sessionToken: sessionUser.sessionToken };
    // Too many current-password checks is the store's 429 AppError, like every other refusal of the rules.
    return c.json(await updateProfile(current, request, store, context));
  });

  return app;
}
