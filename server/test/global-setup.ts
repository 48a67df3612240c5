// Migrates the schema once into templates that every integration test file copies (a fresh PGlite takes ~4 s;
// loading a migrated dump takes a fraction of that). PostgreSQL too when TEST_DATABASE_URL is set.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { TestProject } from 'vitest/node';
import { openPglite, openPostgres } from '../db/database';
import { POSTGRES_TEMPLATE_DB, withDatabaseName } from './postgres';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplatePath: string;
    postgresTemplateUrl: string | null;
  }
}

export default async function setup(project: TestProject) {
  const dir = await mkdtemp(path.join(tmpdir(), 'bct-template-'));
  const pglite = new PGlite();
  const database = await openPglite(undefined, pglite);
  await database.migrate();
  const dump = await pglite.dumpDataDir('none');
  const templatePath = path.join(dir, 'pglite-template.tar');
  await writeFile(templatePath, Buffer.from(await dump.arrayBuffer()));
  await database.close();
  project.provide('pgliteTemplatePath', templatePath);

  const url = process.env.TEST_DATABASE_URL;
  if (url) {
    const admin = openPostgres(url);
    await admin.db.execute(`DROP DATABASE IF EXISTS ${POSTGRES_TEMPLATE_DB} WITH (FORCE)`);
    await admin.db.execute(`CREATE DATABASE ${POSTGRES_TEMPLATE_DB}`);
    await admin.close();
    const template = openPostgres(withDatabaseName(url, POSTGRES_TEMPLATE_DB));
    await template.migrate();
    await template.close();
    project.provide('postgresTemplateUrl', url);
  } else {
    project.provide('postgresTemplateUrl', null);
  }

  return async () => {
    await rm(dir, { recursive: true, force: true });
  };
}
