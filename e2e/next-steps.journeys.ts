// Journeys of a dump's next steps and the store chosen again (issue 31) against the real server and its sandbox: the
// store chosen in one tool is the one the next tool opens on; Dump Widgets' "Open in Widgets Visualization" shows the
// dump's treemap without an upload (again after Back and Forward); Dump Product's "Import this product into…" opens
// Import Product with the dump loaded and its store as the source, and the import into another store works. Expected
// texts are written out, not imported from the catalogues, so a wrong catalogue entry fails.
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import type { Download, Page } from 'playwright-core';
import { eventually, type Journey } from './harness';
import { expectText, openToolWithStores, pickStore, savedStores, textOf, type NewPage } from './helpers';

type Json = Record<string, unknown>;

const DEMO = 'Harbour & Pine Demo';
const EMPTY = 'Harbour & Pine (empty)';
const STORES = savedStores('e2e-next', [
  { name: DEMO, storeHash: 'sandbox-demo', apiToken: 'demo-token' },
  { name: EMPTY, storeHash: 'sandbox-empty', apiToken: 'empty-token' },
]);
const TOOL_PATHS = [
  '/api/dump-product',
  '/api/dump-widgets',
  '/api/import-product',
  '/api/import-product/dry-run',
];

function openTool(newPage: NewPage, tab: string): Promise<Page> {
  return openToolWithStores(newPage, { tab, stores: STORES, page: { allowedFailedPaths: TOOL_PATHS } });
}

/** Clicks the tool's submit and reads the file it downloads. */
async function submitAndDownload(page: Page): Promise<{ name: string; json: Json }> {
  const [download]: [Download, void] = await Promise.all([
    page.waitForEvent('download', { timeout: 60_000 }),
    page.getByTestId('tool-submit').click(),
  ]);
  return {
    name: download.suggestedFilename(),
    json: JSON.parse(await readFile(await download.path(), 'utf8')) as Json,
  };
}

async function chosenStore(page: Page, testId = 'store-picker'): Promise<string> {
  return textOf(page.getByTestId(`${testId}-select`).locator('option:checked'));
}

async function expectChosenStore(page: Page, label: string, testId = 'store-picker'): Promise<void> {
  await eventually(async () => assert.equal(await chosenStore(page, testId), label));
}

async function openFromSidebar(page: Page, tab: string): Promise<void> {
  await page.getByTestId('sidebar').locator(`[data-tab="${tab}"]`).click();
  await page.getByTestId(tab).waitFor();
}

const tabOf = (page: Page) => new URL(page.url()).searchParams.get('tab');

async function resetEmptyStore(page: Page): Promise<void> {
  const res = await page.request.post('/sandbox/__control/stores/sandbox-empty/reset');
  assert.equal(res.status(), 200);
}

export const nextStepsJourneys: Journey[] = [
  {
    name: 'Next steps: the store chosen in Dump Product is chosen in Dump Widgets; Dump Widgets → Open in Widgets Visualization shows the treemap without an upload, again after Back and Forward',
    run: async ({ newPage, screenshot }) => {
      const page = await openTool(newPage, 'dump-product');
      // Two stores and none chosen yet: the tool opens on none.
      await expectChosenStore(page, 'Select a store');
      await pickStore(page, STORES, EMPTY);

      // The next tool opens on the store chosen last.
      await openFromSidebar(page, 'dump-widgets');
      await expectChosenStore(page, `${EMPTY} (sandbox-empty)`);
      await pickStore(page, STORES, DEMO);
      await page.getByLabel('All Static Templates').check();
      const dump = await submitAndDownload(page);
      const summary = dump.json.summary as { totalWidgets: number };
      const pages = (dump.json.templates as unknown[]).length;
      await expectText(page.getByTestId('count-total-widgets'), summary.totalWidgets.toLocaleString('en'));

      await expectText(
        page.getByTestId('tool-result').getByRole('button', { name: 'Open in Widgets Visualization' }),
        'Open in Widgets Visualization',
      );
      await page.getByTestId('open-in-visualization').click();
      await page.getByTestId('widgets-visualization').waitFor();
      assert.equal(tabOf(page), 'widgets-visualization');
      const loaded = `Loaded ${dump.name}: ${pages.toLocaleString('en')} pages, ${summary.totalWidgets.toLocaleString('en')} widgets`;
      await expectText(page.getByTestId('dump-file-ok'), loaded, 20_000);
      await expectText(
        page.getByTestId('stat-statTotalWidgets'),
        `Total Widgets ${summary.totalWidgets.toLocaleString('en-US')}`,
      );
      await page.getByTestId('treemap').waitFor();
      await eventually(async () =>
        assert.ok((await page.locator('[data-testid="treemap-label"]').count()) > 0, 'the treemap has boxes'),
      );
      assert.equal(
        await page.getByTestId('dump-file').evaluate((input: HTMLInputElement) => input.files?.length ?? 0),
        0,
        'no file was uploaded',
      );
      await screenshot(page, 'next-steps-widgets-visualization');

      // Back: Dump Widgets; Forward: the same dump again (the history entry names it).
      await page.goBack();
      await page.getByTestId('dump-widgets').waitFor();
      await expectChosenStore(page, `${DEMO} (sandbox-demo)`);
      await page.goForward();
      await page.getByTestId('widgets-visualization').waitFor();
      await expectText(page.getByTestId('dump-file-ok'), loaded, 20_000);
      await page.getByTestId('treemap').waitFor();

      // The tab opened another way starts empty.
      await openFromSidebar(page, 'dump-product');
      await expectChosenStore(page, `${DEMO} (sandbox-demo)`);
      await openFromSidebar(page, 'widgets-visualization');
      assert.equal(await page.getByTestId('dump-file-ok').count(), 0);
      assert.equal(await page.getByTestId('treemap').count(), 0);
    },
  },
  {
    name: 'Next steps: Dump Product → Import this product into… shows Import Product with the dump loaded and its store as the source, the target left to choose; importing into the empty store works; Vietnamese label',
    run: async ({ newPage, screenshot }) => {
      const page = await openTool(newPage, 'dump-product');
      await resetEmptyStore(page);
      try {
        await pickStore(page, STORES, DEMO);
        await page.getByTestId('search-value').fill('77');
        const dump = await submitAndDownload(page);
        const sku = String(dump.json.sku);
        const next = page.getByTestId('import-this-product');
        await expectText(next, 'Import this product into…');
        await page.getByTestId('language-switch').selectOption('vi');
        await expectText(next, 'Nhập sản phẩm này vào…');
        await page.getByTestId('language-switch').selectOption('en');
        await expectText(next, 'Import this product into…');

        await next.click();
        await page.getByTestId('import-product').waitFor();
        assert.equal(tabOf(page), 'import-product');
        await expectText(
          page.getByTestId('product-file-loaded'),
          `Loaded from Dump Product (${DEMO}): ${dump.name}`,
        );
        await expectText(page.getByTestId('preview-name'), String(dump.json.name));
        await expectText(page.getByTestId('preview-sku'), sku);
        // The target is left to choose (not the store the product came from); the source store is remembered.
        await expectChosenStore(page, 'Select a store');
        await page.getByTestId('source-store').check();
        await expectChosenStore(page, `${DEMO} (sandbox-demo)`, 'source-store-picker');
        await page.getByTestId('source-file').check();
        await expectText(page.getByTestId('preview-name'), String(dump.json.name));

        await pickStore(page, STORES, EMPTY);
        await expectText(page.getByTestId('plan-action'), 'Create a new product', 20_000);
        await screenshot(page, 'next-steps-import-product');
        await page.getByTestId('tool-submit').click();
        await expectText(
          page.getByTestId('confirm-dialog'),
          new RegExp(`Import .+ \\(SKU ${sku}\\) into ${EMPTY.replace(/[()]/g, '\\$&')}\\?`),
        );
        await page.getByTestId('confirm-dialog-confirm').click();
        await page.getByTestId('tool-result').waitFor({ timeout: 60_000 });
        await expectText(page.getByTestId('result-action'), 'Created');
        await expectText(page.getByTestId('result-product-sku'), sku);
        const res = await page.request.get(
          `/sandbox/stores/sandbox-empty/v3/catalog/products?sku=${encodeURIComponent(sku)}`,
          { headers: { 'X-Auth-Token': 'empty-token' } },
        );
        const found = ((await res.json()) as { data: Json[] }).data;
        assert.deepEqual(
          found.map((p) => p.name),
          [dump.json.name],
          'the product is in the empty store',
        );
      } finally {
        await resetEmptyStore(page);
      }
    },
  },
];
