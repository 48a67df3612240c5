// Which Chromium the journeys run in (issue 27): CHROMIUM_PATH, else a system one (Debian's `chromium`, which
// `.ci/run` installs, or Chrome), else one that Playwright downloaded on this machine. None comes from npm: the
// journeys need a full Chromium with H.264 and AAC (WebCodecs encode included), which no npm package ships.
import { accessSync, constants, readdirSync, statSync } from 'node:fs';
import { homedir } from 'node:os';
import path from 'node:path';

export const NO_CHROMIUM_MESSAGE =
  'e2e: no Chromium found. Install one (Debian/Ubuntu: apt-get install -y chromium) or set CHROMIUM_PATH=/path/to/chrome';

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

/** The browser's path, or one line saying why there is none (a CHROMIUM_PATH that is not a program, or nothing). */
export function findChromium(): { path: string } | { error: string } {
  const configured = process.env.CHROMIUM_PATH;
  if (configured) {
    return isExecutableFile(configured)
      ? { path: configured }
      : { error: `e2e: CHROMIUM_PATH=${configured} is not an executable file` };
  }
  const found = systemChromium() ?? playwrightChromium();
  return found ? { path: found } : { error: NO_CHROMIUM_MESSAGE };
}
