// Opens the database: PGlite in DATA_DIR by default, PostgreSQL when DATABASE_URL is set.
// Both are driven through the same Drizzle schema and the same committed migrations.
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import * as schema from './schema';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export type Database = {
  kind: 'pglite' | 'postgres';
  db: Db;
  /** Round-trips a trivial query; throws when the database cannot answer. */
  ping(): Promise<void>;
  migrate(): Promise<void>;
  close(): Promise<void>;
  /**
   * Raw SQL for libraries that bring their own (pg-boss's `db` option): several statements at once when there are no
   * values (its migrations), else one parameterised statement.
   */
  executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[]; rowCount: number }>;
};

export const MIGRATIONS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

/** PGlite keeps its files in `{DATA_DIR}/pglite`. Never open one directory from two processes. */
export async function openPglite(dataDir: string | undefined, client?: PGlite): Promise<Database> {
  let pglite = client;
  if (!pglite) {
    if (dataDir) await mkdir(dataDir, { recursive: true });
    pglite = new PGlite(dataDir ? path.join(dataDir, 'pglite') : undefined);
  }
  await pglite.waitReady;
  const db = drizzlePglite(pglite, { schema }) as unknown as Db;
  const owned = pglite;
  return {
    kind: 'pglite',
    db,
    ping: async () => {
      await owned.query('select 1');
    },
    migrate: async () => {
      await migratePglite(drizzlePglite(owned, { schema }), { migrationsFolder: MIGRATIONS_DIR });
    },
    close: async () => {
      if (!owned.closed) await owned.close();
    },
    executeSql: async (text, values) => {
      if (!values || values.length === 0) {
        const results = await owned.exec(text);
        const last = results.at(-1);
        return { rows: last?.rows ?? [], rowCount: last?.affectedRows ?? last?.rows.length ?? 0 };
      }
      const result = await owned.query(text, values);
      return { rows: result.rows, rowCount: result.affectedRows ?? result.rows.length };
    },
  };
}

/** Where the database reports what it survives (one JSON log line in the app; the console in scripts). */
export type DatabaseWarn = (message: string) => void;

const consoleWarn: DatabaseWarn = (message) => console.error(`[database] ${message}`);

export function openPostgres(url: string, warn: DatabaseWarn = consoleWarn): Database {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  // An idle connection that the server closes (a restart, a failover, DROP DATABASE in tests) must not crash the
  // process: the pool drops it and opens a new one on the next query.
  pool.on('error', (error) => {
    warn(`an idle PostgreSQL connection closed: ${error.message}`);
  });
  const nodePg = drizzlePg(pool, { schema });
  return {
    kind: 'postgres',
    db: nodePg,
    ping: async () => {
      await nodePg.execute(sql`select 1`);
    },
    migrate: async () => {
      await migratePg(nodePg, { migrationsFolder: MIGRATIONS_DIR });
    },
    close: async () => {
      await pool.end();
    },
    executeSql: async (text, values) => {
      const result = await pool.query(text, values);
      return { rows: result.rows as unknown[], rowCount: result.rowCount ?? 0 };
    },
  };
}

export async function openDatabase(options: {
  databaseUrl?: string;
  dataDir: string;
  warn?: DatabaseWarn;
}): Promise<Database> {
  return options.databaseUrl ? openPostgres(options.databaseUrl, options.warn) : openPglite(options.dataDir);
}
