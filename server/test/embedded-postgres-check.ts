// `node --import tsx server/test/embedded-postgres-check.ts`: starts the embedded PostgreSQL as the integration suite
// does (embedded-postgres.ts), asks it one query, stops it, and says how long that took. scripts/fresh-machine-check.sh
// runs it from a checkout in a 0700 folder (issue 43). Exit code 1 with the reason when it does not start.
import pg from 'pg';
import { startEmbeddedPostgres } from './embedded-postgres';

const started = Date.now();
try {
  const server = await startEmbeddedPostgres();
  try {
    // initdb goes on when it cannot come back to its working directory, but says so (and on a busy machine it then
    // failed to find postgres: issue 43): its folder must be one it may enter.
    const complaint = server.initOutput
      .split('\n')
      .find((line) => /could not change directory|permission denied/i.test(line));
    if (complaint) throw new Error(`initdb said: ${complaint.trim()}`);
    const client = new pg.Client({ connectionString: server.url });
    await client.connect();
    const { rows } = await client.query<{ one: number }>('SELECT 1 AS one');
    await client.end();
    if (rows[0]?.one !== 1) throw new Error(`SELECT 1 answered ${JSON.stringify(rows)}`);
  } finally {
    await server.stop();
  }
  console.log(
    `embedded-postgres: PostgreSQL ${server.version} from embedded-postgres ${server.packageVersion} started, ` +
      `answered and stopped from ${process.cwd()} in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
} catch (error) {
  console.error(
    `embedded-postgres: did not start from ${process.cwd()}: ${error instanceof Error ? error.message : String(error)}`,
  );
  process.exitCode = 1;
}
