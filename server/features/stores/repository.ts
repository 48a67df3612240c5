// The user_store table: one user's cloud list, read in the user's order and replaced whole in one transaction.
// Access tokens are sealed with the token cipher (the user id as associated data) before they touch the database.
import { randomUUID } from 'node:crypto';
import { asc, eq, sql } from 'drizzle-orm';
import type { CloudStore } from '../../../common/contracts/stores';
import type { Db } from '../../db/database';
import { user, userStore } from '../../db/schema';
import type { TokenCipher } from '../../token-cipher';

export type StoreRepository = {
  list(userId: string): Promise<CloudStore[]>;
  /** Replaces the user's whole list; the stores must already be valid and unique by store hash. */
  replace(userId: string, stores: readonly CloudStore[]): Promise<void>;
};

/** A stored token that does not decrypt: the key changed, or the row was tampered with or moved. */
export class StoreTokenUnreadableError extends Error {
  constructor(readonly storeHash: string) {
    super(`The access token of store ${storeHash} cannot be decrypted`);
    this.name = 'StoreTokenUnreadableError';
  }
}

export function createStoreRepository(db: Db, cipher: TokenCipher): StoreRepository {
  return {
    async list(userId) {
      const rows = await db
        .select()
        .from(userStore)
        .where(eq(userStore.userId, userId))
        .orderBy(asc(userStore.position));
      return rows.map((row) => {
        let accessToken: string;
        try {
          accessToken = cipher.decrypt(row.accessTokenEncrypted, userId);
        } catch {
          throw new StoreTokenUnreadableError(row.storeHash);
        }
        return {
          id: row.storeId,
          name: row.name,
          storeHash: row.storeHash,
          accessToken,
          clientId: row.clientId,
          createdAt: row.createdAt.toISOString(),
        };
      });
    },

    async replace(userId, stores) {
      const rows = stores.map((store, position) => ({
        id: randomUUID(),
        userId,
        storeId: store.id,
        name: store.name,
        storeHash: store.storeHash,
        accessTokenEncrypted: cipher.encrypt(store.accessToken, userId),
        clientId: store.clientId,
        createdAt: new Date(store.createdAt),
        position,
      }));
      await db.transaction(async (tx) => {
        // One writer per user at a time: two syncs of the same user (two tabs) never interleave delete and insert.
        await tx.execute(sql`select ${user.id} from ${user} where ${user.id} = ${userId} for update`);
        await tx.delete(userStore).where(eq(userStore.userId, userId));
        if (rows.length > 0) await tx.insert(userStore).values(rows);
      });
    },
  };
}
