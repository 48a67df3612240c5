// Journey of Store History's "Compare in Widgets Visualization" (issue 32 "Diff": "page content as the treemap's
// compare view") on the sandbox's demo store: two snapshots of its Page Builder content around a change of the home
// page's "Welcome Text" widget, their compare, and the page opened from the diff in the Widgets Visualization's compare
// mode, which names the changed widget.
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import type { Journey } from './harness';
import { expectText } from './helpers';
import { chooseDemoStore, chooseTwoNewest, demoApi, onDemoStore, takeSnapshot } from './store-history-demo';

type Regions = { name: string; children: Record<string, unknown>[] }[];

/** The home page's content (page-widgets.v3.yml getPageWidgets), and a publish of new content (createPageWidgets). */
const homeRegions = async (page: Page) =>
  (
    (await demoApi(page, 'GET', '/v3/content/page-widgets?channel_id=1&template_file=pages/home')) as {
      regions: Regions;
    }
  ).regions;
const publishHome = (page: Page, regions: Regions) =>
  demoApi(page, 'POST', '/v3/content/page-widgets', { channel_id: 1, template_file: 'pages/home', regions });

export const storeHistoryPageCompareJourneys: Journey[] = [
  onDemoStore(
    'Store History on the sandbox: a page changed between two snapshots opens in the Widgets Visualization compare mode, naming its changed widget',
    async (page, screenshot) => {
      const original = await homeRegions(page);
      try {
        // Page Builder only: the pages and their widget templates.
        await chooseDemoStore(page, ['catalog', 'categories', 'brands', 'content']);
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

        await chooseTwoNewest(page);
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
      }
    },
  ),
];
