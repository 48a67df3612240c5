// `npm run test:e2e` (after `npm run build`): starts the real server on a free port with a fresh DATA_DIR, runs the
// Playwright journeys in Chromium (CHROMIUM_PATH, else a system one, else npm's: find-chromium.ts), stops the server and
// removes the directory. The last line is always `e2e: N passed, M failed`; the exit code is non-zero on any failure.
// `--preflight` only checks that a Chromium is there and starts (npm test and test:e2e start with it, to stop within
// seconds on a machine without one rather than after the build and the other suites; it unpacks the npm-shipped one
// when there is no other, so the journeys do not wait for that). Both say which browser they use.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { REPO_ROOT, launchBrowser, runJourneys, serverNode, startApp, type RunningApp } from './harness';
import { chromiumVersion, describeChromium, findChromium } from './find-chromium';
import { ACCOUNTS_SERVER_ENV, accountsJourneys } from './accounts.journeys';
import { shellJourneys } from './shell.journeys';
import { STORES_ADMIN_EMAIL, storesJourneys } from './stores.journeys';
import { dumpsJourneys } from './dumps.journeys';
import { entityPickerJourneys } from './entity-picker.journeys';
import { bulkEditJourneys } from './bulk-edit.journeys';
import { spreadsheetEditJourneys } from './spreadsheet-edit.journeys';
import { importProductJourneys } from './import-product.journeys';
import { importWidgetsJourneys } from './import-widgets.journeys';
import { keywordExtractorJourneys } from './keyword-extractor.journeys';
import { storeHistoryJourneys, storeHistoryRealJourneys } from './store-history.journeys';
import { storeHistoryPageCompareJourneys } from './store-history-page-compare.journeys';
import { storeHistorySecondDayJourneys } from './store-history-second-day.journeys';
import { nextStepsJourneys } from './next-steps.journeys';
import { widgetsVisualizationJourneys } from './widgets-visualization.journeys';
import { video360Journeys } from './video-360-converter.journeys';
import { videoConverterJourneys } from './video-converter.journeys';
import { videoH265Journeys } from './video-h265-converter.journeys';
import { aiAssistantJourneys } from './ai-assistant.journeys';
import { accessTokensJourneys } from './access-tokens.journeys';
import { A11Y_ADMIN_EMAIL, accessibilityJourneys } from './accessibility.journeys';
import { phoneJourneys } from './phone.journeys';
import { storeManagerDayTwoJourneys } from './store-manager-day2.journeys';

// `node --import tsx e2e/run.ts <text>` runs only the journeys whose name contains <text>.
const preflight = process.argv[2] === '--preflight';
const only = preflight ? undefined : process.argv[2];
const journeys = [
  ...shellJourneys,
  ...accountsJourneys,
  ...storesJourneys,
  ...dumpsJourneys,
  ...entityPickerJourneys,
  ...bulkEditJourneys,
  ...spreadsheetEditJourneys,
  ...importProductJourneys,
  ...importWidgetsJourneys,
  ...widgetsVisualizationJourneys,
  ...nextStepsJourneys,
  ...video360Journeys,
  ...videoConverterJourneys,
  ...videoH265Journeys,
  ...keywordExtractorJourneys,
  ...storeHistoryJourneys,
  ...storeHistoryRealJourneys,
  ...storeHistoryPageCompareJourneys,
  ...storeHistorySecondDayJourneys,
  ...aiAssistantJourneys,
  ...accessTokensJourneys,
  ...accessibilityJourneys,
  ...phoneJourneys,
  ...storeManagerDayTwoJourneys,
].filter((journey) => only === undefined || journey.name.includes(only));

async function main(): Promise<number> {
  const browserFound = await findChromium();
  if ('error' in browserFound) {
    console.error(browserFound.error);
    console.log(`e2e: 0 passed, ${journeys.length} failed`);
    return 1;
  }
  if (preflight) {
    const started = await chromiumVersion(browserFound);
    if ('error' in started) {
      console.error(started.error);
      console.log(`e2e: 0 passed, ${journeys.length} failed`);
      return 1;
    }
    console.log(`e2e: browser ${describeChromium(browserFound, started.version)}`);
    return 0;
  }
  if (!existsSync(path.join(REPO_ROOT, 'dist/client/index.html'))) {
    console.error('e2e: dist/client/index.html is missing: run `npm run build` first');
    console.log(`e2e: 0 passed, ${journeys.length} failed`);
    return 1;
  }
  let app: RunningApp | undefined;
  let browser: Browser | undefined;
  try {
    app = await startApp({
      ...ACCOUNTS_SERVER_ENV,
      ADMIN_EMAILS: `${ACCOUNTS_SERVER_ENV.ADMIN_EMAILS},${STORES_ADMIN_EMAIL},${A11Y_ADMIN_EMAIL}`,
    });
    browser = await launchBrowser(browserFound);
    const nodeVersion = execFileSync(serverNode(), ['-v'], { encoding: 'utf8' }).trim();
    console.log(`e2e: browser ${describeChromium(browserFound, browser.version())}`);
    console.log(`e2e: server at ${app.baseUrl} on Node ${nodeVersion}, ${journeys.length} journeys`);
    const { passed, failed } = await runJourneys(browser, app.baseUrl, journeys);
    if (failed > 0) console.log(`server output:\n${app.output() || '(none)'}`);
    console.log(`e2e: ${passed} passed, ${failed} failed`);
    return failed > 0 ? 1 : 0;
  } catch (error) {
    console.error(error instanceof Error ? (error.stack ?? error.message) : error);
    console.log(`e2e: 0 passed, ${journeys.length} failed`);
    return 1;
  } finally {
    await browser?.close().catch(() => undefined);
    await app?.stop();
  }
}

process.exitCode = await main();
