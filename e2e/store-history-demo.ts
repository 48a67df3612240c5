// What the Store History journeys on the sandbox's demo store share: the demo store held by the page, its API through
// the app's sandbox, its request quota, a snapshot taken through the screen, and the journey shell that opens Store
// History on it with a larger quota (put back after).
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { eventually, type Journey, type JourneyContext, type PageOptions } from './harness';
import { holdStores, openPage, pickStore, savedStores } from './helpers';

export const DEMO_STORES = savedStores('e2e-history-real', [
  { name: 'Demo Store', storeHash: 'sandbox-demo', apiToken: 'demo-token' },
]);
const SHARED_DEMO: OwnDemoStore = { name: 'Demo Store', hash: 'sandbox-demo', token: 'demo-token' };

/** The demo store's API through the app's sandbox (`null` for a 204). */
export const demoApi = (page: Page, method: 'GET' | 'POST' | 'PUT', path: string, data?: unknown) =>
  storeApi(page, SHARED_DEMO, method, path, data);

/**
 * The demo store's request quota (per 30 s), set through the sandbox's control API. It answers loopback callers
 * without a proxy's header (the page's requests carry one): from the test process.
 */
export async function sandboxQuota(page: Page, quota: number): Promise<void> {
  await sandboxSettings(page, SHARED_DEMO.hash, { quota });
}

/**
 * The demo store (or a journey's own) chosen (no snapshots yet), with the snapshot's scope less `without` (catalog,
 * categories, ...).
 */
export async function chooseDemoStore(
  page: Page,
  without: readonly string[],
  store: OwnDemoStore = SHARED_DEMO,
): Promise<void> {
  await page.getByTestId('store-history').waitFor();
  await pickStore(page, ownStores(store), store.name);
  await page.getByTestId('snapshot-list-empty').waitFor();
  for (const part of without) {
    await page.getByTestId(`snapshot-scope-${part}`).uncheck();
  }
}

/** Takes a snapshot through the screen and waits for the new row, then every row complete. */
export async function takeSnapshot(page: Page, rowsBefore: number): Promise<void> {
  await page.getByTestId('take-snapshot-button').click();
  // The conditions are the row listed and every row complete; the limits are nets for a busy machine (issue 43), where
  // the job may wait its turn on the store behind another job's before-snapshot.
  await eventually(
    async () => assert.equal(await page.getByTestId('snapshot-row').count(), rowsBefore + 1),
    60_000,
  );
  await eventually(
    async () =>
      assert.deepEqual(
        await page.getByTestId('snapshot-state').allInnerTexts(),
        Array.from({ length: rowsBefore + 1 }, () => 'Complete'),
      ),
    180_000,
  );
}

/**
 * Chooses the two newest snapshots, older to newer, in the compare (its default is the newest against the store now,
 * issue 44).
 */
export async function chooseTwoNewest(page: Page): Promise<void> {
  const [newer, older] = await page
    .getByTestId('compare-from')
    .locator('option')
    .evaluateAll((options) => options.map((option) => (option as HTMLOptionElement).value));
  assert.ok(newer && older, 'two snapshots are offered');
  await page.getByTestId('compare-from').selectOption(older);
  await page.getByTestId('compare-to').selectOption(newer);
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

/** A sandbox demo store of a journey's own, as the Store Manager saves it and as the sandbox serves it. */
export type OwnDemoStore = { name: string; hash: string; token: string };

/** A sandbox store's API through the app's sandbox (`null` for a 204). */
export async function storeApi(
  page: Page,
  store: OwnDemoStore,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  path: string,
  data?: unknown,
): Promise<unknown> {
  const res = await page.request.fetch(`/sandbox/stores/${store.hash}${path}`, {
    method,
    headers: { 'X-Auth-Token': store.token },
    ...(data === undefined ? {} : { data }),
  });
  assert.ok(res.ok(), `${method} ${path}: ${res.status()} ${await res.text()}`);
  return res.status() === 204 ? null : ((await res.json()) as { data: unknown }).data;
}

/** How many items a sandbox store's list holds (its `meta.pagination.total`). */
export async function storeTotal(page: Page, store: OwnDemoStore, path: string): Promise<number> {
  const res = await page.request.get(`/sandbox/stores/${store.hash}${path}`, {
    headers: { 'X-Auth-Token': store.token },
  });
  assert.ok(res.ok(), `GET ${path}: ${res.status()}`);
  return ((await res.json()) as { meta: { pagination: { total: number } } }).meta.pagination.total;
}

/**
 * A sandbox store's settings (quota, latency, faults: control.ts), through the sandbox's control API from the test
 * process (it answers loopback callers without a proxy's header).
 */
export async function sandboxSettings(
  page: Page,
  hash: string,
  settings: Record<string, unknown>,
): Promise<void> {
  const res = await fetch(new URL(`/sandbox/__control/stores/${hash}/settings`, page.url()), {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(settings),
  });
  assert.equal(res.status, 200, await res.text());
}

/**
 * A journey on a demo store of its own (made afresh from the demo seed through the control API, dropped after), so it
 * may change the store as it likes: the page (UTC; `options` for a phone) holds the store and is on Store History.
 */
export function onOwnDemoStore(
  name: string,
  store: OwnDemoStore,
  run: (
    page: Page,
    screenshot: (page: Page, name: string) => Promise<void>,
    context: JourneyContext,
  ) => Promise<void>,
  options: PageOptions = {},
): Journey {
  return {
    name,
    run: async (context) => {
      const control = new URL('/sandbox/__control/stores', context.baseUrl);
      const created = await fetch(control, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ hash: store.hash, token: store.token, kind: 'demo' }),
      });
      assert.equal(created.status, 201, await created.text());
      try {
        const page = await openPage(context.newPage, { timezoneId: 'UTC', ...options });
        await holdStores(page, ownStores(store));
        await page.goto('/?tab=store-history');
        await page.getByTestId('store-history').waitFor();
        await run(page, context.screenshot, context);
      } finally {
        await fetch(new URL(`${control.pathname}/${store.hash}`, control), { method: 'DELETE' });
      }
    },
  };
}

/** The store as the Store Manager saves it in the browser. */
export const ownStores = (store: OwnDemoStore) =>
  savedStores(`e2e-${store.hash}`, [{ name: store.name, storeHash: store.hash, apiToken: store.token }]);
