// The e2e harness: the real server on a free port with a fresh DATA_DIR, Chromium (find-chromium.ts) through
// playwright-core, and a small sequential journey runner that fails a journey on any page error or console error.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, mkdir, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromiumEnv, findChromium, type FoundChromium } from './find-chromium';
import {
  chromium,
  type Browser,
  type BrowserContextOptions,
  type ConsoleMessage,
  type Page,
} from 'playwright-core';

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const RESULTS_DIR = path.join(REPO_ROOT, 'test-results');

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => (port ? resolve(port) : reject(new Error('no free port'))));
    });
  });
}

const SERVER_START_TIMEOUT_MS = 300_000;

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export interface RunningApp {
  /** Where the journeys open the page. */
  baseUrl: string;
  /** PUBLIC_URL: another origin (localhost rather than 127.0.0.1), named only by mailed links. */
  publicUrl: string;
  /** Everything the server printed (shown when something fails). */
  output: () => string;
  stop: () => Promise<void>;
}

/**
 * The Node that runs the app: E2E_SERVER_NODE (a path to a `node` binary: CI runs the app on the Node users bring,
 * .ci/run), else the one running the journeys.
 */
export function serverNode(): string {
  return process.env.E2E_SERVER_NODE || process.execPath;
}

/**
 * Starts `node --import tsx server/main.ts` (serverNode()) on a free port with a fresh temporary DATA_DIR; waits for /api/health.
 * The journeys open the page at `http://127.0.0.1:PORT` while PUBLIC_URL is `http://localhost:PORT`: another origin,
 * as for a person who opens the app at the machine's address (issue 27), so every upload, download and stream must use
 * same-origin addresses. Mailed links name PUBLIC_URL. SMTP_URL is unset (mails land in the dev outbox,
 * `GET /api/dev/outbox`); `env` adds to or overrides the rest.
 */
export async function startApp(env: Record<string, string> = {}): Promise<RunningApp> {
  const port = await freePort();
  const dataDir = await mkdtemp(path.join(tmpdir(), 'bc-toolbox-e2e-'));
  const baseUrl = `http://127.0.0.1:${port}`;
  const publicUrl = `http://localhost:${port}`;
  const logs: string[] = [];
  const child: ChildProcess = spawn(serverNode(), ['--import', 'tsx', 'server/main.ts'], {
    cwd: REPO_ROOT,
    env: {
      ...withoutSmtp(process.env),
      PORT: String(port),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      PUBLIC_URL: publicUrl,
      // The sandbox's fixtures: the control API (loopback only) and the shared `sandbox-demo`/`sandbox-empty`.
      SANDBOX_CONTROL: 'on',
      // A full snapshot probes no entity page (one request each, ~2,800 on the demo store); the integration tests
      // of the probes (snapshot-pages.int.test.ts) set their own bound.
      SNAPSHOT_PAGE_PROBES: '0',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => logs.push(chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => logs.push(chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  let hasExited = false;
  void exited.then(() => {
    hasExited = true;
  });

  const stop = async () => {
    if (!hasExited) {
      child.kill('SIGTERM');
      const timeout = sleep(15_000).then(() => 'timeout' as const);
      if ((await Promise.race([exited, timeout])) === 'timeout') {
        child.kill('SIGKILL');
        await exited;
      }
    }
    await rm(dataDir, { recursive: true, force: true });
  };

  // Until it answers or exits; the deadline is only the net under a hang (beside three other test runs on two cores it
  // once took over 90 s to start: issue 43).
  const deadline = Date.now() + SERVER_START_TIMEOUT_MS;
  for (;;) {
    if (hasExited) {
      await stop();
      throw new Error(`the server exited before it was healthy:\n${logs.join('')}`);
    }
    try {
      const response = await fetch(`${baseUrl}/api/health`);
      if (response.status === 200) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(
        `the server was not healthy within ${SERVER_START_TIMEOUT_MS / 1000} s:\n${logs.join('')}`,
      );
    }
    await sleep(200);
  }
  return { baseUrl, publicUrl, output: () => logs.join(''), stop };
}

function withoutSmtp(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const copy = { ...env };
  delete copy.SMTP_URL;
  return copy;
}

/** The browser `found` (by default: the one findChromium finds), with its environment (the npm one's libraries). */
export async function launchBrowser(found?: FoundChromium): Promise<Browser> {
  const browser = found ?? (await findChromium());
  if ('error' in browser) throw new Error(browser.error);
  const env = chromiumEnv(browser);
  return chromium.launch({ executablePath: browser.path, args: CHROMIUM_ARGS, ...(env ? { env } : {}) });
}

/** A failed answer a journey causes on purpose (a wrong password, say): Chromium logs it, the journey allows it. */
function isExpectedConsoleError(message: ConsoleMessage, allowedFailedPaths: readonly string[]): boolean {
  if (!message.text().startsWith('Failed to load resource: the server responded with a status of'))
    return false;
  const pathname = new URL(message.location().url || 'http://x/').pathname;
  return allowedFailedPaths.includes(pathname);
}

export interface PageOptions extends BrowserContextOptions {
  /** Paths whose failed answers a journey causes on purpose (their console error is not a failure). */
  allowedFailedPaths?: readonly string[];
}

export interface JourneyContext {
  baseUrl: string;
  /** A page in a fresh browser context (own storage), watched for page errors and console errors. */
  newPage: (options?: PageOptions) => Promise<Page>;
  screenshot: (page: Page, name: string) => Promise<void>;
}

export interface Journey {
  name: string;
  run: (context: JourneyContext) => Promise<void>;
}

export interface RunResult {
  passed: number;
  failed: number;
}

/** A journey's ceiling, not its pace: an H.265 conversion, or three snapshots (Store History compare, 128 s in a full run), on a busy machine. */
const JOURNEY_TIMEOUT_MS = 300_000;

export async function runJourneys(
  browser: Browser,
  baseUrl: string,
  journeys: Journey[],
): Promise<RunResult> {
  await mkdir(RESULTS_DIR, { recursive: true });
  let passed = 0;
  let failed = 0;
  for (const journey of journeys) {
    const problems: string[] = [];
    const contexts: Array<{ close: () => Promise<void> }> = [];
    const context: JourneyContext = {
      baseUrl,
      newPage: async ({ allowedFailedPaths = [], ...options } = {}) => {
        const browserContext = await browser.newContext({ baseURL: baseUrl, ...options });
        contexts.push(browserContext);
        const page = await browserContext.newPage();
        page.setDefaultTimeout(10_000);
        page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
        page.on('console', (message) => {
          if (message.type() === 'error' && !isExpectedConsoleError(message, allowedFailedPaths)) {
            problems.push(`console error: ${message.text()} (${message.location().url})`);
          }
        });
        return page;
      },
      screenshot: async (page, name) => {
        await page.screenshot({ path: path.join(RESULTS_DIR, `${name}.png`), fullPage: false });
      },
    };
    const started = Date.now();
    try {
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<never>((_, reject) => {
        timer = setTimeout(
          () => reject(new Error(`timed out after ${JOURNEY_TIMEOUT_MS} ms`)),
          JOURNEY_TIMEOUT_MS,
        );
      });
      try {
        await Promise.race([journey.run(context), timeout]);
      } finally {
        clearTimeout(timer);
      }
      if (problems.length > 0) throw new Error(problems.join('\n'));
      passed += 1;
      console.log(`  ✓ ${journey.name} (${Date.now() - started} ms)`);
    } catch (error) {
      failed += 1;
      const detail = error instanceof Error ? (error.stack ?? error.message) : String(error);
      console.log(`  ✗ ${journey.name}\n${indent(detail)}`);
      if (problems.length > 0 && !detail.includes(problems[0] ?? ''))
        console.log(indent(problems.join('\n')));
    } finally {
      for (const browserContext of contexts) await browserContext.close().catch(() => undefined);
    }
  }
  return { passed, failed };
}

function indent(text: string): string {
  return text
    .split('\n')
    .map((line) => `      ${line}`)
    .join('\n');
}

/** Retries an assertion until it passes or the time is up (the DOM settles asynchronously). */
export async function eventually(assertion: () => Promise<void> | void, timeoutMs = 5_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      await assertion();
      return;
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await sleep(50);
    }
  }
}
