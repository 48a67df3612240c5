// The profile rules' view of Better Auth (server/features/profile-settings/profile-settings.service.ts `ProfileStore`):
// its adapter (so database hooks run), its password hashing and tokens, the mailer and the audit log.
import { createEmailVerificationToken } from 'better-auth/api';
import { ERROR_CODES } from '../../../common/errors';
import type { AuditLog } from '../../audit/audit-log';
import { AppError } from '../../errors';
import type { Logger } from '../../logger';
import type { Mailer } from '../../mail/mailer';
import { confirmEmailChangeMail, emailChangeRequestedMail } from '../../mail/templates';
import { TooManyAttemptsError, type AttemptCounter } from '../auth/attempts';
import { AUTH_BASE_PATH, type Auth } from '../auth/auth';
import type { ProfileStore } from './profile-settings.service';

export type ProfileStoreDeps = {
  mailer: Mailer;
  logger: Logger;
  publicUrl: string;
  /** Current-password checks, counted like sign-in attempts. */
  attempts: AttemptCounter;
  audit: AuditLog;
};

/** Where a verification link lands after Better Auth has verified the address. */
const PROFILE_CALLBACK = '/?tab=profile-settings';

/** The store of one request: `address` is the caller's, for the per-address count of password checks. */
export async function createProfileStore(
  auth: Auth,
  deps: ProfileStoreDeps,
  address: string,
): Promise<ProfileStore> {
  const ctx = await auth.$context;
  const { internalAdapter } = ctx;
  const sendSafely = async (what: string, send: () => Promise<void>) => {
    try {
      await send();
    } catch (error) {
      deps.logger.error({ err: error }, `${what} mail could not be sent`);
    }
  };
  return {
    async countPasswordCheck(userId) {
      // Like sign-in (issue 9, point 5): per client address, and per account so that changing address does not help.
      for (const key of [`profile-password:ip:${address}`, `profile-password:user:${userId}`]) {
        const wait = await deps.attempts.take(key);
        if (wait !== null) throw tooManyAttempts(wait);
      }
    },
    async revokeOtherSessions(userId, keepToken) {
      const sessions = await internalAdapter.listSessions(userId);
      for (const session of sessions) {
        if (session.token !== keepToken) await internalAdapter.deleteSession(session.token);
      }
    },
    async requestEmailChange(input) {
      // Better Auth's two-step change: the token names the current address and the new one; opening the link (our
      // verify-email route) switches the account to the new address, verified.
      const token = await createEmailVerificationToken(
        ctx.secret,
        input.oldEmail,
        input.newEmail,
        24 * 3600,
        {
          requestType: 'change-email-verification',
        },
      );
      const url = `${deps.publicUrl}${AUTH_BASE_PATH}/verify-email?token=${token}&callbackURL=${encodeURIComponent(PROFILE_CALLBACK)}`;
      await sendSafely('email change', () =>
        deps.mailer.send(confirmEmailChangeMail({ to: input.newEmail, name: input.name, url })),
      );
      await sendSafely('email change notice', () =>
        deps.mailer.send(
          emailChangeRequestedMail({ to: input.oldEmail, name: input.name, newEmail: input.newEmail }),
        ),
      );
      await deps.audit.record({
        action: 'user.email.change_requested',
        actor: { id: input.userId, email: input.oldEmail },
        target: { id: input.userId, email: input.oldEmail },
        detail: { to: input.newEmail },
      });
    },
    async findUserIdByEmail(email) {
      return (await internalAdapter.findUserByEmail(email))?.user.id ?? null;
    },
    async checkPassword(userId, password) {
      const credential = (await internalAdapter.findAccounts(userId)).find(
        (a) => a.providerId === 'credential',
      );
      if (!credential?.password) return false;
      return ctx.password.verify({ hash: credential.password, password });
    },
    async setPassword(userId, password) {
      await internalAdapter.updatePassword(userId, await ctx.password.hash(password));
    },
    async updateUser(userId, changes) {
      const updated = await internalAdapter.updateUser(userId, changes);
      return {
        id: updated.id,
        name: updated.name,
        email: updated.email,
        emailVerified: updated.emailVerified,
        role: typeof updated.role === 'string' ? updated.role : null,
      };
    },
  };
}

/** The 429 of too many current-password checks, worded like sign-in's (TooManyAttemptsError), with its wait. */
function tooManyAttempts(retryAfterSeconds: number): AppError {
  const { message } = new TooManyAttemptsError(retryAfterSeconds);
  return new AppError(ERROR_CODES.tooManyRequests, message, retryAfterSeconds);
}
