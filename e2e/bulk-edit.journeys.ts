// Journeys of Reset Page Title and Copy Description (issue 12): preview, run with progress, reload mid-run and see it
// continue, cancel, undo; against the real server, its job queue and its sandbox. Each journey works on a sandbox
// store of its own, so the dump journeys' demo store stays as it was.
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { eventually, type Journey } from './harness';
import { expectText, openToolWithStores, type NewPage } from './helpers';

type Json = Record<string, unknown>;

function openWithStore(newPage: NewPage, tab: string, hash: string): Promise<Page> {
  return openToolWithStores(newPage, {
    tab,
    create: [{ hash, token: `${hash}-token`, kind: 'demo' }],
    stores: [
      {
        id: `e2e-${hash}`,
        name: 'Bulk Demo',
        storeHash: hash,
        apiToken: `${hash}-token`,
        clientId: 'client-bulk',
        createdAt: '2026-04-01T09:30:00.000Z',
        source: 'local',
      },
    ],
  });
}

async function product(page: Page, hash: string, id: number): Promise<Json> {
  const res = await page.request.get(`/sandbox/stores/${hash}/v3/catalog/products/${id}`, {
    headers: { 'X-Auth-Token': `${hash}-token` },
  });
  return ((await res.json()) as { data: Json }).data;
}

export const bulkEditJourneys: Journey[] = [
  {
    name: 'Reset Page Title: preview, confirm, progress to the result, backup, undo restores the titles',
    run: async ({ newPage, screenshot }) => {
      const hash = 'sandbox-e2e-reset';
      const page = await openWithStore(newPage, 'reset-page-title', hash);
      const before = await Promise.all([77, 78, 79].map((id) => product(page, hash, id)));
      await page.getByTestId('scope-specific').check();
      await page.getByTestId('target-value').fill('77, 78, 79');
      await page.getByTestId('preview-button').click();
      await expectText(page.getByTestId('preview-total'), '3');
      await expectText(page.getByTestId('preview-changing'), '3');
      assert.equal(await page.getByTestId('preview-table-row').count(), 3);
      await screenshot(page, 'reset-page-title-preview');

      await page.getByTestId('run-button').click();
      await expectText(
        page.getByTestId('confirm-dialog'),
        /Products to change in Bulk Demo: 3\. Target: products #77, #78, #79\. Their page titles are emptied/,
      );
      await page.getByTestId('confirm-dialog-confirm').click();
      await page.getByTestId('bulk-result').waitFor({ timeout: 120_000 });
      await expectText(page.getByTestId('result-total'), '3');
      await expectText(page.getByTestId('result-success'), '3');
      await expectText(page.getByTestId('result-failed'), '0');
      for (const id of [77, 78, 79]) assert.equal((await product(page, hash, id)).page_title, '');
      await page.getByTestId('download-backup').waitFor();
      await screenshot(page, 'reset-page-title-result');

      await page.getByTestId('undo-button').click();
      await expectText(page.getByTestId('undo-preview-total'), '3');
      await page.getByTestId('undo-confirm-button').click();
      await eventually(async () => {
        for (const [i, id] of [77, 78, 79].entries()) {
          assert.equal((await product(page, hash, id)).page_title, before[i]?.page_title);
        }
      }, 30_000);
    },
  },
  {
    name: 'Reset Page Title: a reload mid-run shows the running job again, and Cancel stops it and says what was written',
    run: async ({ newPage }) => {
      const hash = 'sandbox-e2e-reload';
      const page = await openWithStore(newPage, 'reset-page-title', hash);
      const slow = await page.request.put(`/sandbox/__control/stores/${hash}/settings`, {
        data: { latencyMs: 250, quota: 100_000 },
      });
      assert.equal(slow.status(), 200);
      await page.getByTestId('scope-all').check();
      await page.getByTestId('preview-button').click();
      await page.getByTestId('preview-total').waitFor({ timeout: 120_000 });
      await page.getByTestId('run-button').click();
      await page.getByTestId('confirm-dialog-confirm').click();
      await page.getByTestId('job-progress').waitFor({ timeout: 120_000 });

      await page.reload();
      await page.getByTestId('reset-page-title').waitFor();
      await page.getByTestId('job-progress').waitFor({ timeout: 120_000 });
      await page.getByTestId('job-progress-cancel').click();
      await page.getByTestId('bulk-result').waitFor({ timeout: 120_000 });
      await expectText(
        page.getByTestId('bulk-result'),
        /Cancelled\. \d+ products were written before it stopped\./,
      );
    },
  },
  {
    name: 'Copy Description: from product 77 to listed products of the same store, previewed then written',
    run: async ({ newPage }) => {
      const hash = 'sandbox-e2e-copy';
      const page = await openWithStore(newPage, 'copy-description', hash);
      const source = await product(page, hash, 77);
      await page.getByTestId('source-store-picker-select').selectOption({ label: `Bulk Demo (${hash})` });
      await page.getByTestId('source-product-id').fill('77');
      await page.getByTestId('target-store-picker-select').selectOption({ label: `Bulk Demo (${hash})` });
      await page.getByTestId('scope-specific').check();
      await page.getByTestId('target-value').fill('78, 79, 999999');
      await page.getByTestId('preview-button').click();
      await expectText(page.getByTestId('preview-total'), '3');
      await expectText(page.getByTestId('preview-changing'), '2');
      // Nothing is written on the click: the dialog names the store and the products that will change (issue 31).
      await page.getByTestId('run-button').click();
      await expectText(
        page.getByTestId('confirm-dialog'),
        /Products to change in Bulk Demo: 2\. Target: products #78, #79, #999999\. Each gets the description of product 77/,
      );
      await page.getByTestId('confirm-dialog-cancel').click();
      assert.equal((await product(page, hash, 78)).description === source.description, false);
      await page.getByTestId('run-button').click();
      await page.getByTestId('confirm-dialog-confirm').click();
      await page.getByTestId('bulk-result').waitFor({ timeout: 120_000 });
      await expectText(page.getByTestId('result-success'), '2');
      await expectText(page.getByTestId('result-failed'), '1');
      await expectText(page.getByTestId('result-errors-row'), /999999/);
      for (const id of [78, 79])
        assert.equal((await product(page, hash, id)).description, source.description);
    },
  },
];
