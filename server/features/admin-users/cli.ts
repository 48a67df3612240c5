// `npm run admin -- grant <email>`: gives an existing account the admin role (written to the audit log).
import { EnvError, loadEnv } from '../../env';
import { openDatabase } from '../../db/database';
import { createAuditLog } from '../../audit/audit-log';
import { grantAdmin } from '../auth/roles';

const USAGE = 'Usage: npm run admin -- grant <email>';

async function main(args: string[]): Promise<number> {
  const [command, email, ...rest] = args;
  if (command !== 'grant' || !email || rest.length > 0) {
    console.error(USAGE);
    return 2;
  }
  const env = loadEnv();
  if (!env.DATABASE_URL && (await isAppRunning(env.PORT))) {
    console.error(
      `The app is running on port ${env.PORT} with PGlite in ${env.DATA_DIR}: stop it first (a PGlite directory must never be opened by two processes).`,
    );
    return 1;
  }
  const database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR });
  try {
    await database.migrate();
    const result = await grantAdmin(database.db, createAuditLog(database.db), email, 'cli');
    if (result.status === 'not-found') {
      console.error(`No account uses ${email}. Register it in the app first, then run this again.`);
      return 1;
    }
    console.log(
      result.status === 'granted'
        ? `${result.user.email} is now an admin.`
        : `${result.user.email} is already an admin.`,
    );
    return 0;
  } finally {
    await database.close();
  }
}

async function isAppRunning(port: number): Promise<boolean> {
  if (port === 0) return false;
  try {
    const res = await fetch(`http://127.0.0.1:${port}/api/health`, { signal: AbortSignal.timeout(1_000) });
    await res.body?.cancel();
    return true;
  } catch {
    return false;
  }
}

try {
  process.exitCode = await main(process.argv.slice(2));
} catch (error) {
  console.error(error instanceof EnvError ? error.message : error);
  process.exitCode = 1;
}
