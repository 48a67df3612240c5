// What the Store History journeys on the sandbox's demo store share: the demo store held by the page, its API through
// the app's sandbox, its request quota, a snapshot taken through the screen, and the journey shell that opens Store
// History on it with a larger quota (put back after).
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { eventually, type Journey } from './harness';
import { openPage, pickStore, savedStores } from './helpers';

export const DEMO_STORES = savedStores('e2e-history-real', [
  { name: 'Demo Store', storeHash: 'sandbox-demo', apiToken: 'demo-token' },
]);

/** The demo store's API through the app's sandbox (`null` for a 204). */
export async function demoApi(
  page: Page,
  method: 'GET' | 'POST' | 'PUT',
  path: string,
  data?: unknown,
): Promise<unknown> {
  const res = await page.request.fetch(`/sandbox/stores/sandbox-demo${path}`, {
    method,
    headers: { 'X-Auth-Token': 'demo-token' },
    ...(data === undefined ? {} : { data }),
  });
  assert.ok(res.ok(), `${method} ${path}: ${res.status()} ${await res.text()}`);
  return res.status() === 204 ? null : ((await res.json()) as { data: unknown }).data;
}

/**
 * The demo store's request quota (per 30 s), set through the sandbox's control API. It answers loopback callers
 * without a proxy's header (the page's requests carry one): from the test process.
 */
export async function sandboxQuota(page: Page, quota: number): Promise<void> {
  const res = await fetch(new URL('/sandbox/__control/stores/sandbox-demo/settings', page.url()), {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ quota }),
  });
  assert.equal(res.status, 200, await res.text());
}

/** The demo store chosen (no snapshots yet), with the snapshot's scope less `without` (catalog, categories, ...). */
export async function chooseDemoStore(page: Page, without: readonly string[]): Promise<void> {
  await page.getByTestId('store-history').waitFor();
  await pickStore(page, DEMO_STORES, 'Demo Store');
  await page.getByTestId('snapshot-list-empty').waitFor();
  for (const part of without) {
    await page.getByTestId(`snapshot-scope-${part}`).uncheck();
  }
}

/** Takes a snapshot through the screen and waits for the new row, then every row complete. */
export async function takeSnapshot(page: Page, rowsBefore: number): Promise<void> {
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

/**
 * A journey on the sandbox's demo store: the page holds the demo stores and is on Store History. Two snapshots of
 * 1,260 products are 260 requests, 52 s at the sandbox's 150 per 30 s: a larger quota for the journey (the pace itself
 * is the client's, tested in the integration suite), the default put back after.
 */
export function onDemoStore(
  name: string,
  run: (page: Page, screenshot: (page: Page, name: string) => Promise<void>) => Promise<void>,
): Journey {
  return {
    name,
    run: async ({ newPage, screenshot }) => {
      const page = await openPage(newPage, { timezoneId: 'UTC' });
      await page.addInitScript(([key, value]) => window.localStorage.setItem(key, value), [
        'bc-tools-stores',
        JSON.stringify(DEMO_STORES),
      ] as const);
      await page.goto('/?tab=store-history');
      await sandboxQuota(page, 100_000);
      try {
        await run(page, screenshot);
      } finally {
        await sandboxQuota(page, 150);
      }
    },
  };
}
