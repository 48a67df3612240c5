// What an account leaves that no foreign key removes with it (issue 41, point 6): rows keyed by the job owner
// (`user:<id>`) rather than the user's id. Its jobs (their backups of the values they overwrote and, while one runs,
// its sealed store credentials) and Import Widgets' page backups, in one transaction. Rows with a foreign key on the
// user (tokens, agent dumps and confirmations, schedules, chats, stores) go with the user's row; the snapshots, which
// reach the object store, through the seam `AuthDeps.beforeUserDelete` (store-history's eraseOwnerSnapshots).
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { job, pageWidgetsBackup } from '../../db/schema';

export async function eraseAccountRows(db: Db, userId: string): Promise<void> {
  const owner = `user:${userId}`;
  await db.transaction(async (tx) => {
    await tx.delete(pageWidgetsBackup).where(eq(pageWidgetsBackup.owner, owner));
    await tx.delete(job).where(eq(job.owner, owner));
  });
}
