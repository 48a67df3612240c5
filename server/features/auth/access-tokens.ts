// The access_token table (issue 33): a user's personal access tokens, kept as the SHA-256 of their secret. Creating one
// counts the user's live tokens and inserts under one advisory lock, so concurrent requests cannot pass the cap.
// A token speaks for its user only while the user may sign in (issue 41): `verify` refuses it while the user is banned,
// and a password reset or a change that signs out other sessions deletes every token (`revokeAll`, from auth.ts).
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { and, asc, count, eq, gt, isNull, lt, or } from 'drizzle-orm';
import type { Tx } from '../../db/lock';
import {
  ACCESS_TOKEN_PREFIX,
  MAX_ACCESS_TOKENS_PER_USER,
  type AccessTokenScope,
  type AccessTokenSummary,
} from '../../../common/contracts/access-tokens';
import { ERROR_CODES } from '../../../common/errors';
import type { Db } from '../../db/database';
import { withAdvisoryLocks } from '../../db/lock';
import { accessToken, user } from '../../db/schema';
import { AppError } from '../../errors';

/** Who a valid token speaks for. */
export type TokenOwner = { tokenId: string; userId: string; scope: AccessTokenScope };

/** `last_used_at` is written at most this often per token (a busy agent does not write on every call). */
export const LAST_USE_RESOLUTION_MS = 60_000;

export type AccessTokenRepository = {
  create(
    userId: string,
    input: { name: string; scope: AccessTokenScope; expiresInDays: number },
    now?: Date,
  ): Promise<{ id: string; token: string }>;
  list(userId: string): Promise<AccessTokenSummary[]>;
  /** The revoked token's name and scope; undefined when the user holds no token of that id. */
  revoke(userId: string, id: string): Promise<{ name: string; scope: string } | undefined>;
  /** Deletes every token of the user (a password reset, a change signing out other sessions); how many. */
  revokeAll(userId: string): Promise<number>;
  /** The owner of a live token whose user is not banned, its last use noted; undefined for anything else. */
  verify(token: string, now?: Date): Promise<TokenOwner | undefined>;
};

const hashOf = (token: string) => createHash('sha256').update(token, 'utf8').digest('hex');
const DAY_MS = 86_400_000;
/** What a token looks like: the prefix and 43 base64url characters (32 random bytes). */
const TOKEN_SHAPE = /^bct_[A-Za-z0-9_-]{43}$/;

export function createAccessTokenRepository(db: Db): AccessTokenRepository {
  return {
    async create(userId, { name, scope, expiresInDays }, now = new Date()) {
      const id = randomUUID();
      const token = `${ACCESS_TOKEN_PREFIX}${randomBytes(32).toString('base64url')}`;
      await withAdvisoryLocks(db, [`access-token:${userId}`], async (tx) => {
        // Expired tokens are dropped first: they count for nothing and are never shown again.
        await tx
          .delete(accessToken)
          .where(and(eq(accessToken.userId, userId), lt(accessToken.expiresAt, now)));
        const [row] = await tx
          .select({ live: count() })
          .from(accessToken)
          .where(eq(accessToken.userId, userId));
        if ((row?.live ?? 0) >= MAX_ACCESS_TOKENS_PER_USER) {
          throw new AppError(
            ERROR_CODES.tooManyAccessTokens,
            `You have ${MAX_ACCESS_TOKENS_PER_USER} access tokens, the most one account may hold. Please revoke one first.`,
          );
        }
        await tx.insert(accessToken).values({
          id,
          userId,
          name,
          scope,
          tokenHash: hashOf(token),
          createdAt: now,
          expiresAt: new Date(now.getTime() + expiresInDays * DAY_MS),
        });
      });
      return { id, token };
    },

    async list(userId) {
      const rows = await db
        .select()
        .from(accessToken)
        .where(and(eq(accessToken.userId, userId), gt(accessToken.expiresAt, new Date())))
        .orderBy(asc(accessToken.createdAt));
      return rows.map((row) => ({
        id: row.id,
        name: row.name,
        scope: row.scope === 'write' ? 'write' : 'read',
        createdAt: row.createdAt.toISOString(),
        expiresAt: row.expiresAt.toISOString(),
        lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
      }));
    },

    async revokeAll(userId) {
      return revokeAllTokens(db, userId);
    },

    async revoke(userId, id) {
      const deleted = await db
        .delete(accessToken)
        .where(and(eq(accessToken.userId, userId), eq(accessToken.id, id)))
        .returning({ name: accessToken.name, scope: accessToken.scope });
      return deleted[0];
    },

    async verify(token, now = new Date()) {
      if (!TOKEN_SHAPE.test(token)) return undefined;
      const [row] = await db
        .select({
          id: accessToken.id,
          userId: accessToken.userId,
          scope: accessToken.scope,
          banned: user.banned,
          banExpires: user.banExpires,
          emailVerified: user.emailVerified,
        })
        .from(accessToken)
        .innerJoin(user, eq(user.id, accessToken.userId))
        .where(and(eq(accessToken.tokenHash, hashOf(token)), gt(accessToken.expiresAt, now)))
        .limit(1);
      if (!row) return undefined;
      // Read on every request, so a ban ends an agent's access at once, an open MCP session's included (the server is
      // stateless: each POST is verified again). Better Auth's admin plugin lifts a ban whose `banExpires` passed at
      // the next sign-in; a token goes by the same rule.
      if (row.banned === true && (row.banExpires === null || row.banExpires > now)) return undefined;
      // A token made before tokens needed a verified address (issue 41) speaks only once the address is verified.
      if (!row.emailVerified) return undefined;
      const stale = new Date(now.getTime() - LAST_USE_RESOLUTION_MS);
      await db
        .update(accessToken)
        .set({ lastUsedAt: now })
        .where(
          and(
            eq(accessToken.id, row.id),
            or(isNull(accessToken.lastUsedAt), lt(accessToken.lastUsedAt, stale)),
          ),
        );
      return { tokenId: row.id, userId: row.userId, scope: row.scope === 'write' ? 'write' : 'read' };
    },
  };
}

/** Deletes every token of a user, inside the caller's transaction when given one. */
export async function revokeAllTokens(db: Db | Tx, userId: string): Promise<number> {
  const deleted = await db
    .delete(accessToken)
    .where(eq(accessToken.userId, userId))
    .returning({ id: accessToken.id });
  return deleted.length;
}
