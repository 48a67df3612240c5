// Test harness for integration tests: a real server over HTTP on a free loopback port, on a fresh database copied
// from the migrated template (PGlite always; PostgreSQL 15 as well when TEST_DATABASE_URL is set).
import { readFile } from 'node:fs/promises';
import { randomBytes } from 'node:crypto';
import { PGlite } from '@electric-sql/pglite';
import { inject } from 'vitest';
import { openPglite, openPostgres, type Database } from '../db/database';
import { parseEnv, type Env } from '../env';
import { createLogger } from '../logger';
import { startServer, type RunningServer } from '../server';
import { withDatabaseName } from './postgres';

export type DatabaseKind = 'pglite' | 'postgres';

/** The databases this run covers: PGlite, plus PostgreSQL when TEST_DATABASE_URL is set. */
export function testDatabaseKinds(): DatabaseKind[] {
  return inject('postgresTemplateUrl') ? ['pglite', 'postgres'] : ['pglite'];
}

export type TestDatabase = Database & {
  dispose(): Promise<void>;
  /** PostgreSQL: the database's URL (another process can open it too). */
  url?: string;
};

export async function createTestDatabase(kind: DatabaseKind): Promise<TestDatabase> {
  if (kind === 'pglite') {
    const dump = await readFile(inject('pgliteTemplatePath'));
    const database = await openPglite(
      undefined,
      new PGlite({ loadDataDir: new Blob([new Uint8Array(dump)]) }),
    );
    return { ...database, dispose: () => database.close() };
  }
  const url = inject('postgresTemplateUrl');
  if (!url) throw new Error('TEST_DATABASE_URL is not set');
  const name = `bct_test_${randomBytes(6).toString('hex')}`;
  const admin = openPostgres(url);
  await admin.db.execute(`CREATE DATABASE ${name} TEMPLATE ${inject('postgresTemplateName')}`);
  const database = openPostgres(withDatabaseName(url, name));
  return {
    ...database,
    url: withDatabaseName(url, name),
    dispose: async () => {
      await database.close();
      await admin.db.execute(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.close();
    },
  };
}

export type TestServer = RunningServer & {
  /** fetch against the server: `request('/api/health')`. */
  request(path: string, init?: RequestInit): Promise<Response>;
  stop(): Promise<void>;
};

export async function startTestServer(
  kind: DatabaseKind,
  overrides: Record<string, string> = {},
  options: { clientDir?: string } = {},
): Promise<TestServer> {
  const env: Env = parseEnv({
    PORT: '0',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'silent',
    DATA_DIR: '/nonexistent',
    // The sandbox's fixtures (control API, the shared `sandbox-demo` and `sandbox-empty`) are off by default.
    SANDBOX_CONTROL: 'on',
    // A full snapshot probes no entity page (each one request: ~2,800 on the demo store): the tests of those probes
    // (snapshot-pages.int.test.ts) set their own bound.
    SNAPSHOT_PAGE_PROBES: '0',
    ...overrides,
  });
  const database = await createTestDatabase(kind);
  const server = await startServer(env, {
    database,
    logger: createLogger(env.LOG_LEVEL),
    ...options,
  });
  return {
    ...server,
    request: (path, init) => fetch(`${server.url}${path}`, init),
    stop: async () => {
      await server.close();
      await database.dispose();
    },
  };
}
