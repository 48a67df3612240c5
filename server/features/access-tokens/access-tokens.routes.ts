// `/api/access-tokens` (issue 33): the signed-in user's personal access tokens for AI agents' MCP clients. Create
// (the secret answered once), list (never the secret), revoke. An admin viewing the app as another user may list
// them but not create one in that user's name.
import { Hono } from 'hono';
import {
  ACCESS_TOKEN_PATH,
  ACCESS_TOKENS_PATH,
  DEFAULT_ACCESS_TOKEN_DAYS,
  createAccessTokenRequestSchema,
} from '../../../common/contracts/access-tokens';
import { ERROR_CODES } from '../../../common/errors';
import { AppError } from '../../errors';
import { readInput } from '../../tool-route';
import type { Auth } from '../auth/auth';
import { requireUser } from '../auth/session';
import type { AccessTokenRepository } from '../auth/access-tokens';

export type AccessTokenRoutesDeps = {
  getAuth: () => Promise<Auth>;
  getAccessTokens: () => Promise<AccessTokenRepository>;
};

export function accessTokenRoutes(deps: AccessTokenRoutesDeps): Hono {
  return new Hono()
    .get(ACCESS_TOKENS_PATH, async (c) => {
      const user = await requireUser(await deps.getAuth(), c.req.raw.headers);
      c.header('Cache-Control', 'no-store');
      return c.json({ tokens: await (await deps.getAccessTokens()).list(user.id) });
    })
    .post(ACCESS_TOKENS_PATH, async (c) => {
      const user = await requireUser(await deps.getAuth(), c.req.raw.headers);
      if (user.impersonatedBy !== null) {
        throw new AppError(
          ERROR_CODES.forbidden,
          'An access token cannot be created while viewing the app as another user',
        );
      }
      // An unverified sign-up is anyone's with a throwaway address: it gets no agent access (issue 41, point 4).
      if (!user.emailVerified) {
        throw new AppError(
          ERROR_CODES.emailNotVerified,
          'Access tokens need a verified email address. Open the link we mailed you, or send it again from Profile Settings.',
        );
      }
      const input = await readInput(c, createAccessTokenRequestSchema);
      const created = await (
        await deps.getAccessTokens()
      ).create(user.id, {
        name: input.name,
        scope: input.scope,
        expiresInDays: input.expiresInDays ?? DEFAULT_ACCESS_TOKEN_DAYS,
      });
      c.header('Cache-Control', 'no-store');
      return c.json(created, 201);
    })
    .delete(ACCESS_TOKEN_PATH, async (c) => {
      const user = await requireUser(await deps.getAuth(), c.req.raw.headers);
      const revoked = await (await deps.getAccessTokens()).revoke(user.id, c.req.param('id'));
      if (!revoked) throw new AppError(ERROR_CODES.accessTokenNotFound, 'This access token was not found');
      return c.json({ success: true as const });
    });
}
