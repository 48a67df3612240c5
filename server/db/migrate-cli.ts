// `npm run db:migrate`: applies the committed migrations to the configured database and exits.
import { EnvError, loadEnv } from '../env';
import { openDatabase } from './database';

try {
  const env = loadEnv();
  const database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR });
  await database.migrate();
  await database.close();
  console.log(`Migrations applied (${database.kind}).`);
} catch (error) {
  console.error(error instanceof EnvError ? error.message : error);
  process.exit(1);
}
