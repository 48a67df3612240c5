// Which Chromium the journeys run in (issues 27 and 43): CHROMIUM_PATH, else a system one (Debian's `chromium`, which
// `.ci/run` installs, or Chrome), else one that Playwright downloaded on this machine, else the one npm ships (the dev
// dependency `@sparticuz/chromium`, unpacked once into the user's cache folder: npm-chromium.ts), so that a machine
// with Node and npm only runs every journey. `describeChromium` says which one a run uses.
import { execFile } from 'node:child_process';
import { accessSync, constants, readdirSync, statSync } from 'node:fs';
import { homedir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { NPM_CHROMIUM_PACKAGE, npmChromium, type NpmChromium } from './npm-chromium';

export const NO_CHROMIUM_MESSAGE =
  `e2e: no Chromium found, and none from npm (${NPM_CHROMIUM_PACKAGE}, which \`npm install\` adds, ships one for ` +
  'Linux x64 only). Install one (Debian/Ubuntu: apt-get install -y chromium) or set CHROMIUM_PATH=/path/to/chrome';

/** A browser to run the journeys in: where it is, where it comes from, and what its process needs in its environment. */
export type FoundChromium = {
  path: string;
  source: 'CHROMIUM_PATH' | 'system' | 'playwright' | 'npm';
  /** Set for the npm-shipped one: its libraries and fonts. */
  env?: Record<string, string>;
  npm?: NpmChromium;
};

const SYSTEM_NAMES = ['chromium', 'chromium-browser', 'google-chrome', 'google-chrome-stable'];
const MAC_CHROME = '/Applications/Google Chrome.app/Contents/MacOS/Google Chrome';

function isExecutableFile(file: string): boolean {
  try {
    accessSync(file, constants.X_OK);
    return statSync(file).isFile();
  } catch {
    return false;
  }
}

function systemChromium(): string | undefined {
  const dirs = [...(process.env.PATH ?? '').split(path.delimiter).filter(Boolean), '/usr/bin'];
  for (const name of SYSTEM_NAMES) {
    const found = dirs.map((dir) => path.join(dir, name)).find(isExecutableFile);
    if (found) return found;
  }
  return isExecutableFile(MAC_CHROME) ? MAC_CHROME : undefined;
}

/** Playwright's own downloads (`npx playwright install chromium`), newest revision first. */
function playwrightChromium(): string | undefined {
  const root = process.env.PLAYWRIGHT_BROWSERS_PATH || path.join(homedir(), '.cache', 'ms-playwright');
  let revisions: string[];
  try {
    revisions = readdirSync(root).filter((name) => /^chromium-\d+$/.test(name));
  } catch {
    return undefined;
  }
  revisions.sort((a, b) => Number(b.slice('chromium-'.length)) - Number(a.slice('chromium-'.length)));
  for (const revision of revisions) {
    // Chrome for Testing builds (current Playwright), then the Chromium builds of older ones.
    for (const file of ['chrome-linux64/chrome', 'chrome-linux/chrome']) {
      const candidate = path.join(root, revision, file);
      if (isExecutableFile(candidate)) return candidate;
    }
  }
  return undefined;
}

/**
 * The browser, or one line saying why there is none (a CHROMIUM_PATH that is not a program, or nothing). The npm-shipped
 * one is unpacked here on first use (a few seconds, once per user and version).
 */
export async function findChromium(): Promise<FoundChromium | { error: string }> {
  const configured = process.env.CHROMIUM_PATH;
  if (configured) {
    return isExecutableFile(configured)
      ? { path: configured, source: 'CHROMIUM_PATH' }
      : { error: `e2e: CHROMIUM_PATH=${configured} is not an executable file` };
  }
  const system = systemChromium();
  if (system) return { path: system, source: 'system' };
  const downloaded = playwrightChromium();
  if (downloaded) return { path: downloaded, source: 'playwright' };
  let npm: NpmChromium | undefined;
  try {
    npm = await npmChromium();
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    return {
      error: `e2e: ${NPM_CHROMIUM_PACKAGE} could not be unpacked (${reason}). ${NO_CHROMIUM_MESSAGE.slice(5)}`,
    };
  }
  return npm ? { path: npm.path, source: 'npm', env: npm.env, npm } : { error: NO_CHROMIUM_MESSAGE };
}

/** The environment the browser's process gets: ours, with what the found one needs on top. */
export function chromiumEnv(found: FoundChromium): Record<string, string> | undefined {
  if (!found.env) return undefined;
  const env: Record<string, string> = {};
  for (const [key, value] of Object.entries(process.env)) if (value !== undefined) env[key] = value;
  return { ...env, ...found.env };
}

/** One line for the run's log: which browser, from where. */
export function describeChromium(found: FoundChromium, version?: string): string {
  const what = version ? `Chromium ${version}` : 'Chromium';
  switch (found.source) {
    case 'CHROMIUM_PATH':
      return `${what} at ${found.path} (CHROMIUM_PATH)`;
    case 'system':
      return `${what} at ${found.path} (the system's)`;
    case 'playwright':
      return `${what} at ${found.path} (Playwright's download)`;
    case 'npm':
      return `${what} from npm (${NPM_CHROMIUM_PACKAGE} ${found.npm?.version ?? ''}, unpacked in ${found.npm?.dir ?? path.dirname(found.path)}; no system Chromium found)`;
  }
}

const run = promisify(execFile);

/**
 * Starts the browser once with `--version` (a second or less): its version, or one line saying why it does not start
 * here (a library it needs is missing, say), so that `npm test` stops at once rather than after the other suites.
 */
export async function chromiumVersion(
  found: FoundChromium,
): Promise<{ version: string } | { error: string }> {
  try {
    const { stdout } = await run(found.path, ['--version'], {
      env: chromiumEnv(found) ?? process.env,
      timeout: 60_000,
      encoding: 'utf8',
    });
    const version = /(\d+\.\d+\.\d+\.\d+)/.exec(stdout)?.[1];
    return { version: version ?? stdout.trim() };
  } catch (error) {
    const detail =
      (error as { stderr?: string }).stderr?.trim() ||
      (error instanceof Error ? error.message : String(error));
    const lastLines = detail
      .split('\n')
      .map((line) => line.trim())
      .filter(Boolean)
      .slice(-3);
    return {
      error: `e2e: the browser does not start here: ${describeChromium(found)}: ${lastLines.join(' | ')}`,
    };
  }
}
