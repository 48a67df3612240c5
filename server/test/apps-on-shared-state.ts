// Test instances in child processes that follow one another on the same state, as after a crash.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { startChildApp, type ChildApp } from './child-server';
import { createTestDatabase, type DatabaseKind, type TestDatabase } from './harness';

/**
 * Apps started one after another on the same data folder and database (PGlite in the folder, or a fresh PostgreSQL
 * database for `postgres`), as one instance follows another that was killed. Registers its own `beforeAll` (the
 * folder and database) and `afterAll` (every app killed, then both removed); `start` adds the env to the shared one.
 */
export function appsOnSharedState(
  kind: DatabaseKind,
  folderPrefix: string,
): { start(env: Record<string, string>): Promise<ChildApp> } {
  let dataDir = '';
  let database: TestDatabase | undefined;
  const apps: ChildApp[] = [];
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), folderPrefix));
    if (kind === 'postgres') database = await createTestDatabase('postgres');
  });
  afterAll(async () => {
    for (const app of apps) await app.kill();
    await database?.dispose();
    await rm(dataDir, { recursive: true, force: true });
  });
  return {
    async start(env) {
      const app = await startChildApp({
        PORT: '0',
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        NODE_ENV: 'development',
        ...(database?.url ? { DATABASE_URL: database.url } : {}),
        ...env,
      });
      apps.push(app);
      return app;
    },
  };
}
