// Journey of Store History's "Compare in Widgets Visualization" (issue 32 "Diff": "page content as the treemap's
// compare view") on the sandbox's demo store: two snapshots of its Page Builder content around a change of the home
// page's "Welcome Text" widget, their compare, and the page opened from the diff in the Widgets Visualization's compare
// mode, which names the changed widget.
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { eventually, type Journey } from './harness';
import { expectText, openPage, pickStore, savedStores } from './helpers';

const DEMO_STORES = savedStores('e2e-history-page', [
  { name: 'Demo Store', storeHash: 'sandbox-demo', apiToken: 'demo-token' },
]);

type Regions = { name: string; children: Record<string, unknown>[] }[];

/** The demo store's API through the app's sandbox. */
async function demoApi(page: Page, method: 'GET' | 'POST' | 'PUT', path: string, data?: unknown) {
  const res = await page.request.fetch(`/sandbox/stores/sandbox-demo${path}`, {
    method,
    headers: { 'X-Auth-Token': 'demo-token' },
    ...(data === undefined ? {} : { data }),
  });
  assert.ok(res.ok(), `${method} ${path}: ${res.status()} ${await res.text()}`);
  return res.status() === 204 ? null : ((await res.json()) as { data: unknown }).data;
}

/** The demo store's request quota (per 30 s), through the sandbox's control API (from the test process). */
async function sandboxQuota(page: Page, quota: number): Promise<void> {
  const res = await fetch(new URL('/sandbox/__control/stores/sandbox-demo/settings', page.url()), {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ quota }),
  });
  assert.equal(res.status, 200, await res.text());
}

/** The home page's content (page-widgets.v3.yml getPageWidgets), and a publish of new content (createPageWidgets). */
const homeRegions = async (page: Page) =>
  (
    (await demoApi(page, 'GET', '/v3/content/page-widgets?channel_id=1&template_file=pages/home')) as {
      regions: Regions;
    }
  ).regions;
const publishHome = (page: Page, regions: Regions) =>
  demoApi(page, 'POST', '/v3/content/page-widgets', { channel_id: 1, template_file: 'pages/home', regions });

/** Takes a snapshot through the screen and waits for every row to be complete. */
async function takeSnapshot(page: Page, rowsBefore: number): Promise<void> {
  await page.getByTestId('take-snapshot-button').click();
  await eventually(async () => assert.equal(await page.getByTestId('snapshot-row').count(), rowsBefore + 1));
  await eventually(
    async () =>
      assert.deepEqual(
        await page.getByTestId('snapshot-state').allInnerTexts(),
        Array.from({ length: rowsBefore + 1 }, () => 'Complete'),
      ),
    60_000,
  );
}

export const storeHistoryPageCompareJourneys: Journey[] = [
  {
    name: 'Store History on the sandbox: a page changed between two snapshots opens in the Widgets Visualization compare mode, naming its changed widget',
    run: async ({ newPage, screenshot }) => {
      const page = await openPage(newPage, { timezoneId: 'UTC' });
      await page.addInitScript(([key, value]) => window.localStorage.setItem(key, value), [
        'bc-tools-stores',
        JSON.stringify(DEMO_STORES),
      ] as const);
      await page.goto('/?tab=store-history');
      await sandboxQuota(page, 100_000);
      const original = await homeRegions(page);
      try {
        await page.getByTestId('store-history').waitFor();
        await pickStore(page, DEMO_STORES, 'Demo Store');
        await page.getByTestId('snapshot-list-empty').waitFor();
        // Page Builder only: the pages and their widget templates.
        for (const part of ['catalog', 'categories', 'brands']) {
          await page.getByTestId(`snapshot-scope-${part}`).uncheck();
        }
        await takeSnapshot(page, 0);

        // The home page's "Welcome Text" says something else.
        const changed = structuredClone(original);
        const welcome = changed
          .flatMap((region) => region.children)
          .find((child) => child.name === 'Welcome Text');
        assert.ok(welcome, 'the demo home page has its Welcome Text widget');
        welcome.configuration = {
          ...(welcome.configuration as Record<string, unknown>),
          text: 'Spring sale: everything 20% off',
        };
        await publishHome(page, changed);
        await takeSnapshot(page, 1);

        await page.getByTestId('compare-button').click();
        const home = page
          .locator('[data-testid="diff-change"][data-kind="page"]')
          .filter({ hasText: 'pages/home (channel 1)' });
        await expectText(home.getByTestId('diff-change-badge'), 'Changed', 30_000);
        const button = home.getByRole('button', { name: 'Compare in Widgets Visualization' });
        await expectText(button, 'Compare in Widgets Visualization');
        await button.click();

        // The Widgets Visualization, in compare mode: the older snapshot's page compared with the newer one's.
        await page.getByTestId('widgets-visualization').waitFor();
        assert.equal(new URL(page.url()).searchParams.get('tab'), 'widgets-visualization');
        await expectText(
          page.getByTestId('dump-file-ok'),
          /^Loaded bc-widgets-dump-sandbox-demo-.*\.json: 1 pages, \d+ widgets$/,
          20_000,
        );
        await expectText(
          page.getByTestId('compare-file-ok'),
          /^Comparing with bc-widgets-dump-sandbox-demo-.*\.json$/,
          20_000,
        );
        await expectText(page.getByTestId('differences-summary'), 'Added: 0 · Removed: 0 · Changed: 1');
        const differences = await page.getByTestId('difference-text').allTextContents();
        assert.equal(differences.length, 1);
        assert.match(differences[0] ?? '', /^Welcome Text · .*header_bottom \(configuration\)$/);
        await expectText(page.getByTestId('differences-list'), /^Changed\s*Widget\s*Welcome Text/);
        await screenshot(page, 'store-history-page-compare');
      } finally {
        await publishHome(page, original);
        await sandboxQuota(page, 150);
      }
    },
  },
];
