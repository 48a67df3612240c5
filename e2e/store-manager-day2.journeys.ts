// Journeys of issue 44, a store manager's second day: a product picked in Import Product's source store is loaded and
// Import waits until a dump is; changing "Search by" converts a picked product's value or clears it, and sends nothing.
// Each in English and Vietnamese. Expected texts are written out, not imported from the catalogues.
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { chooseLanguage } from './accessibility.journeys';
import { eventually, type Journey } from './harness';
import { expectText, openToolWithStores, pickStore, savedStores, type NewPage } from './helpers';

type Json = Record<string, unknown>;

const DEMO = 'Day Two Demo';
const EMPTY = 'Day Two (empty)';
const STORES = savedStores('e2e-day-two', [
  { name: DEMO, storeHash: 'sandbox-demo', apiToken: 'demo-token' },
  { name: EMPTY, storeHash: 'sandbox-empty', apiToken: 'empty-token' },
]);
const LANGUAGES = ['en', 'vi'] as const;

async function openTool(newPage: NewPage, tab: string, language: 'en' | 'vi'): Promise<Page> {
  const page = await openToolWithStores(newPage, { tab, stores: STORES });
  await chooseLanguage(page, language);
  return page;
}

/** Demo product 80 as the sandbox holds it. */
async function demoProduct(page: Page): Promise<{ name: string; sku: string }> {
  const res = await page.request.get('/sandbox/stores/sandbox-demo/v3/catalog/products/80', {
    headers: { 'X-Auth-Token': 'demo-token' },
  });
  assert.equal(res.status(), 200);
  const data = ((await res.json()) as Json).data as Json;
  return { name: String(data.name), sku: String(data.sku) };
}

/** Types part of product 80's name in `field` and clicks its match. */
async function pickProduct80(page: Page, testId: string, name: string, sku: string): Promise<void> {
  const field = page.getByTestId(testId);
  await field.fill('');
  await field.pressSequentially(name.split(' ').slice(1, 3).join(' ').toLowerCase());
  const option = page.getByRole('listbox').getByRole('option', { name: `${name} · ${sku} · #80` });
  await option.waitFor({ timeout: 120_000 });
  await option.click();
}

/** The dump requests the page sends from now on. */
function dumpRequests(page: Page): string[] {
  const sent: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/api/dump-product')) sent.push(request.postData() ?? '');
  });
  return sent;
}

export const storeManagerDayTwoJourneys: Journey[] = LANGUAGES.flatMap((language): Journey[] => [
  {
    name: `Day two (44.4, ${language}): Import Product loads a product picked in the source store; Import waits for a dump`,
    run: async ({ newPage, screenshot }) => {
      const page = await openTool(newPage, 'import-product', language);
      const { name, sku } = await demoProduct(page);
      const submit = page.getByTestId('tool-submit');
      await pickStore(page, STORES, EMPTY);
      assert.equal(await submit.isDisabled(), true);
      await expectText(
        page.getByTestId('import-waiting'),
        language === 'en' ? 'Please select a JSON file' : 'Vui lòng chọn tệp JSON',
      );
      await page.getByTestId('source-store').check();
      await pickStore(page, STORES, DEMO, 'source-store-picker');
      await expectText(
        page.getByTestId('import-waiting'),
        language === 'en'
          ? 'Pick a product in the source store (or type its ID or SKU and Load product) to import it'
          : 'Chọn một sản phẩm trong store nguồn (hoặc nhập ID hoặc SKU rồi bấm Tải sản phẩm) để nhập',
      );
      assert.match(String(await submit.getAttribute('aria-describedby')), /./);

      // A click on a match loads the product, without Load product.
      await pickProduct80(page, 'source-search-value', name, sku);
      await expectText(
        page.getByTestId('source-loaded'),
        language === 'en' ? `Loaded product #80 from ${DEMO}` : /#80/,
        15_000,
      );
      await expectText(page.getByTestId('preview-name'), name);
      await eventually(async () => assert.equal(await submit.isDisabled(), false));
      assert.equal(await page.getByTestId('import-waiting').count(), 0);
      await screenshot(page, `day-two-import-picked-${language}`);
      // The import itself asks first, naming the product.
      await submit.click();
      await expectText(
        page.getByTestId('confirm-dialog'),
        new RegExp(name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')),
      );
      await page.getByTestId('confirm-dialog-cancel').click();

      // "Search by" SKU: the loaded product's SKU replaces its id.
      await page.getByTestId('search-type-sku').check();
      await eventually(async () =>
        assert.equal(await page.getByTestId('source-search-value').inputValue(), sku),
      );
    },
  },
  {
    name: `Day two (44.5, ${language}): Dump Product converts a picked product's value when "Search by" changes, or clears it`,
    run: async ({ newPage }) => {
      const page = await openTool(newPage, 'dump-product', language);
      const { name, sku } = await demoProduct(page);
      const sent = dumpRequests(page);
      const field = page.getByTestId('search-value');
      await pickStore(page, STORES, DEMO);

      await pickProduct80(page, 'search-value', name, sku);
      await eventually(async () => assert.equal(await field.inputValue(), '80'));
      await page.getByTestId('search-type-sku').check();
      await eventually(async () => assert.equal(await field.inputValue(), sku));
      await page.getByTestId('search-type-id').check();
      await eventually(async () => assert.equal(await field.inputValue(), '80'));

      // An id typed by hand names no known product: SKU clears it, and nothing is sent.
      await field.fill('1036');
      await page.getByTestId('search-type-sku').check();
      await eventually(async () => assert.equal(await field.inputValue(), ''));
      assert.deepEqual(sent, []);
      await page.getByTestId('tool-submit').click();
      await expectText(
        page.getByTestId('tool-error'),
        language === 'en' ? 'Please enter a value to search by' : 'Vui lòng nhập giá trị tìm kiếm',
      );
      assert.deepEqual(sent, []);
    },
  },
]);
