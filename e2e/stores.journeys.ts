// Journeys of the Store Manager and the shared store picker (issue 5; spec part 1 §2, §4, §5, §8, §9) against the real
// server and its built-in sandbox. Expected texts are written out from the spec and the issue, not imported from the
// catalogues, so a wrong catalogue entry fails.
import assert from 'node:assert/strict';
import type { Locator, Page } from 'playwright-core';
import { eventually, type Journey } from './harness';
import {
  clientAddress,
  expectFieldError,
  expectText,
  logIn,
  openApp,
  openPage,
  signUpByApi,
  squash,
  textOf,
  verifyAdminByApi,
} from './helpers';

/** Added to ADMIN_EMAILS by e2e/run.ts: the admin of the impersonation journey. */
export const STORES_ADMIN_EMAIL = 'stores-admin@example.com';

const PASSWORD = 'stores-secret-1';
const STORAGE_KEY = 'bc-tools-stores';
const STORES_PATH = '/api/user/stores';

/** Waits until the Store Manager shows its list or its empty state. */
async function storeManager(page: Page): Promise<Locator> {
  const screen = page.getByTestId('store-manager');
  await screen.locator('[data-testid="store-list"], [data-testid="stores-empty"]').first().waitFor();
  return screen;
}

const card = (page: Page, name: string) =>
  page
    .getByTestId('store-card')
    .filter({ has: page.getByTestId('store-card-name').getByText(name, { exact: true }) });

async function cardNames(page: Page): Promise<string[]> {
  return (await page.getByTestId('store-card-name').allInnerTexts()).map(squash);
}

type SavedStore = Record<string, unknown>;

async function localStores(page: Page): Promise<SavedStore[]> {
  const raw = await page.evaluate((key) => window.localStorage.getItem(key), STORAGE_KEY);
  return raw === null ? [] : (JSON.parse(raw) as SavedStore[]);
}

async function setLocalStores(page: Page, stores: SavedStore[]): Promise<void> {
  await page.evaluate(([key, value]) => window.localStorage.setItem(key, value), [
    STORAGE_KEY,
    JSON.stringify(stores),
  ] as const);
}

function localStore(name: string, storeHash: string, apiToken: string, source = 'local'): SavedStore {
  return {
    id: `seed-${storeHash}`,
    name,
    storeHash,
    apiToken,
    clientId: `client-${storeHash}`,
    createdAt: '2026-04-01T09:30:00.000Z',
    source,
  };
}

async function fillStoreForm(
  page: Page,
  values: { name?: string; storeHash?: string; apiToken?: string; clientId?: string },
): Promise<void> {
  const form = page.getByTestId('store-form');
  if (values.name !== undefined) await form.getByLabel('Store Name').fill(values.name);
  if (values.storeHash !== undefined) await form.getByLabel('Store Hash').fill(values.storeHash);
  if (values.apiToken !== undefined) await form.getByLabel('API Token').fill(values.apiToken);
  if (values.clientId !== undefined) await form.getByLabel('Client ID').fill(values.clientId);
}

/** Opens the form with Add Store, fills it and adds the store. */
async function addStore(
  page: Page,
  values: { name: string; storeHash: string; apiToken: string; clientId: string },
): Promise<void> {
  await page.getByRole('button', { name: 'Add Store' }).click();
  await fillStoreForm(page, values);
  await page.getByTestId('store-form').getByRole('button', { name: 'Add', exact: true }).click();
}

/** Adds a store while signed in: its card says it is kept in the cloud. */
async function addCloudStore(page: Page, values: Parameters<typeof addStore>[1]): Promise<void> {
  await addStore(page, values);
  await expectText(card(page, values.name).getByTestId('store-card-badge'), 'Cloud');
}

/** Adds a store through the form, then waits until the cloud list of the user behind `cookie` is `names`. */
async function addStoreToCloud(
  page: Page,
  values: Parameters<typeof addStore>[1],
  cloud: { baseUrl: string; cookie: string; names: string[] },
): Promise<void> {
  await addStore(page, values);
  await eventually(async () =>
    assert.deepEqual(await cloudStoreNames(cloud.baseUrl, cloud.cookie), cloud.names),
  );
}

/** Signs in outside the browser: a cookie header for API calls as that user, and the user's id. */
async function apiSession(baseUrl: string, email: string): Promise<{ cookie: string; userId: string }> {
  const address = clientAddress();
  const response = await fetch(`${baseUrl}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: baseUrl, 'x-forwarded-for': address },
    body: JSON.stringify({ email, password: PASSWORD }),
  });
  assert.equal(response.status, 200, `sign-in of ${email}`);
  const cookie = response.headers
    .getSetCookie()
    .map((c) => c.split(';')[0] ?? '')
    .join('; ');
  const session = (await (
    await fetch(`${baseUrl}/api/auth/get-session`, { headers: { cookie } })
  ).json()) as {
    user: { id: string };
  };
  return { cookie, userId: session.user.id };
}

async function cloudStoresOf(baseUrl: string, cookie: string): Promise<SavedStore[]> {
  const response = await fetch(`${baseUrl}${STORES_PATH}`, { headers: { cookie } });
  assert.equal(response.status, 200);
  return ((await response.json()) as { stores: SavedStore[] }).stores;
}

/** The names of the user's stores in the cloud, in order. */
async function cloudStoreNames(baseUrl: string, cookie: string): Promise<unknown[]> {
  return (await cloudStoresOf(baseUrl, cookie)).map((store) => store.name);
}

async function saveCloudStores(baseUrl: string, cookie: string, stores: SavedStore[]): Promise<void> {
  const response = await fetch(`${baseUrl}${STORES_PATH}`, {
    method: 'POST',
    headers: { cookie, origin: baseUrl, 'content-type': 'application/json' },
    body: JSON.stringify({ stores }),
  });
  assert.equal(response.status, 200, await response.text());
}

/** Milliseconds the sync chip shows `text` (measured from here, where it is already shown, until it is gone). */
async function chipDuration(page: Page, text: string): Promise<number> {
  const chip = page.getByTestId('sync-chip');
  await expectText(chip, text);
  const shown = Date.now();
  await eventually(async () => assert.equal(await chip.count(), 0), 8_000);
  return Date.now() - shown;
}

export const storesJourneys: Journey[] = [
  {
    name: 'visitor: empty state and tip, the form’s rules, add with a connection test, reveal, edit, delete (confirmed), kept in bc-tools-stores',
    run: async ({ newPage, screenshot }) => {
      const page = await openPage(newPage);
      await openApp(page, '?tab=stores');
      const screen = await storeManager(page);

      await expectText(page.getByTestId('storage-badge'), 'Local Storage');
      await expectText(
        page.getByTestId('stores-empty').locator('p').first(),
        'No stores yet. Add your first store!',
      );
      assert.match(await textOf(page.getByTestId('login-to-sync-tip')), /log in to sync/i);
      assert.equal(await page.getByTestId('sync-button').count(), 0, 'no Sync button for a visitor');
      assert.equal(await page.getByTestId('local-only-banner').count(), 0);

      // All four fields are required; the token is masked.
      await screen.getByRole('button', { name: 'Add Store' }).click();
      const form = page.getByTestId('store-form');
      await form.getByRole('button', { name: 'Add', exact: true }).click();
      await expectFieldError(form.getByLabel('Store Name'), 'Store Name is required');
      await expectFieldError(form.getByLabel('Store Hash'), 'Store Hash is required');
      await expectFieldError(form.getByLabel('API Token'), 'API Token is required');
      await expectFieldError(form.getByLabel('Client ID'), 'Client ID is required');
      assert.equal(await form.getByLabel('API Token').getAttribute('type'), 'password');
      assert.equal(
        await page.evaluate(() => document.activeElement?.getAttribute('data-testid')),
        'store-form-name',
      );

      // The form's connection test asks the sandbox store through the server.
      await fillStoreForm(page, {
        name: 'Harbour Demo',
        storeHash: 'sandbox-demo',
        apiToken: 'demo-token',
        clientId: 'client-1',
      });
      await form.getByRole('button', { name: 'Test Connection' }).click();
      await expectText(
        page.getByTestId('store-form-test-result'),
        '✓ Connected: Harbour & Pine Demo (sandbox-demo.example-store.com)',
      );
      // The scopes the tools need, each checked against the store (issue 11).
      assert.deepEqual(await page.getByTestId('store-form-test-scopes').locator('li').allInnerTexts(), [
        '✓ Information & Settings (read-only)',
        '✓ Products (modify)',
        '✓ Content (modify)',
        '✓ Channel Settings (read-only)',
      ]);
      await form.getByRole('button', { name: 'Add', exact: true }).click();
      await eventually(async () => assert.equal(await form.count(), 0));

      const demo = card(page, 'Harbour Demo');
      await expectText(demo.getByTestId('store-card-badge'), 'Local');
      await expectText(demo.getByTestId('store-card-hash'), 'sandbox-demo');
      await expectText(demo.getByTestId('store-card-client-id'), 'client-1');
      assert.match(await textOf(demo.getByTestId('store-card-token')), /^•{8,}$/);
      assert.ok(!(await textOf(demo)).includes('demo-token'), 'the token is masked');
      assert.ok((await textOf(demo.getByTestId('store-card-created'))).length > 0);

      // Reveal toggle.
      const reveal = demo.getByRole('button', { name: 'Show API token' });
      assert.equal(await reveal.getAttribute('aria-pressed'), 'false');
      await reveal.click();
      await expectText(demo.getByTestId('store-card-token'), 'demo-token');
      const hide = demo.getByRole('button', { name: 'Hide API token' });
      assert.equal(await hide.getAttribute('aria-pressed'), 'true');
      await hide.click();
      assert.match(await textOf(demo.getByTestId('store-card-token')), /^•{8,}$/);

      // Saved under bc-tools-stores with the spec's fields.
      const [saved] = await localStores(page);
      assert.deepEqual(Object.keys(saved ?? {}).sort(), [
        'apiToken',
        'clientId',
        'createdAt',
        'id',
        'name',
        'source',
        'storeHash',
      ]);
      assert.equal(saved?.source, 'local');
      assert.equal(saved?.apiToken, 'demo-token');

      // A second store with a wrong token: the card's test says so in plain words. A taken hash is refused.
      await screen.getByRole('button', { name: 'Add Store' }).click();
      await fillStoreForm(page, {
        name: 'Empty Shop',
        storeHash: 'sandbox-demo',
        apiToken: 'wrong',
        clientId: 'client-2',
      });
      await form.getByRole('button', { name: 'Add', exact: true }).click();
      await expectFieldError(
        form.getByLabel('Store Hash'),
        'A store with this Store Hash is already in the list',
      );
      await fillStoreForm(page, { storeHash: 'Sandbox-Empty' });
      await form.getByRole('button', { name: 'Add', exact: true }).click();
      const empty = card(page, 'Empty Shop');
      await expectText(empty.getByTestId('store-card-hash'), 'sandbox-empty');
      await empty.getByRole('button', { name: 'Test Connection' }).click();
      await expectText(
        empty.getByTestId('store-card-test-result'),
        'BigCommerce rejected the API token (401). Check that the store hash and the access token are right and that the API account still exists.',
      );

      // Edit: Update keeps the card, with the new token.
      await empty.getByRole('button', { name: 'Edit Empty Shop' }).click();
      assert.equal(await form.getByLabel('Store Name').inputValue(), 'Empty Shop');
      await fillStoreForm(page, { apiToken: 'empty-token' });
      await form.getByRole('button', { name: 'Update' }).click();
      await empty.getByRole('button', { name: 'Test Connection' }).click();
      await expectText(
        empty.getByTestId('store-card-test-result'),
        '✓ Connected: Harbour & Pine (empty) (sandbox-empty.example-store.com)',
      );
      await screenshot(page, 'stores-visitor');

      // Delete asks first, in the app's own dialog: the spec's question, then the store it means (issue 44);
      // cancelling keeps the store.
      const deleteDialog = page.getByTestId('store-delete-dialog');
      await empty.getByRole('button', { name: 'Delete Empty Shop' }).click();
      await expectText(
        deleteDialog,
        'Are you sure you want to delete this store? Empty Shop (Store Hash sandbox-empty) is removed from your list. Its products and content on BigCommerce are not touched. Cancel Delete',
      );
      await deleteDialog.getByRole('button', { name: 'Cancel' }).click();
      await deleteDialog.waitFor({ state: 'detached' });
      assert.deepEqual(await cardNames(page), ['Harbour Demo', 'Empty Shop']);
      await empty.getByRole('button', { name: 'Delete Empty Shop' }).click();
      await deleteDialog.getByRole('button', { name: 'Delete' }).click();
      await eventually(async () => assert.deepEqual(await cardNames(page), ['Harbour Demo']));

      await page.reload();
      await storeManager(page);
      assert.deepEqual(await cardNames(page), ['Harbour Demo']);
      assert.equal((await localStores(page)).length, 1);
    },
  },
  {
    name: 'store picker: with no stores the yellow warning opens the Store Manager; demo stores fill the picker',
    run: async ({ newPage }) => {
      const page = await openPage(newPage);
      await openApp(page, '?tab=dump-product');
      const warning = page.getByTestId('store-picker-empty');
      await expectText(
        warning.locator('span'),
        'No stores yet. Please add a store in the Store Manager tab first.',
      );
      await warning.getByRole('button', { name: 'Open Store Manager' }).click();
      await expectText(page.getByTestId('tab-title'), 'Store Manager');
      await eventually(() => assert.equal(new URL(page.url()).searchParams.get('tab'), 'stores'));

      await storeManager(page);
      await page.getByRole('button', { name: 'Add demo stores' }).click();
      await eventually(async () =>
        assert.deepEqual(await cardNames(page), ['Harbour & Pine Demo', 'Harbour & Pine (empty)']),
      );
      // Demo stores of this visitor's own (issue 9): signed hashes, created in the sandbox on first use.
      const saved = await localStores(page);
      const demoHash = String(saved[0]?.storeHash);
      const emptyHash = String(saved[1]?.storeHash);
      assert.match(demoHash, /^sandbox-demo-[a-z2-7]{16}$/);
      assert.equal(emptyHash, demoHash.replace('sandbox-demo-', 'sandbox-empty-'));
      for (const store of saved) assert.match(String(store.apiToken), /^demo_[A-Za-z0-9_-]{40}$/);
      // The empty state (and its offer) is gone.
      assert.equal(await page.getByTestId('add-demo-stores').count(), 0);

      // A demo store can be put back to its original data.
      const demoCard = page.getByTestId('store-card').first();
      // It asks first, in the app's own dialog naming the store (issue 44).
      await demoCard.getByRole('button', { name: 'Reset demo store' }).click();
      const resetDialog = page.getByTestId('reset-demo-dialog');
      await expectText(
        resetDialog,
        'Reset Harbour & Pine Demo? Put Harbour & Pine Demo back to its original data? Every change made to it is lost. Cancel Reset demo store',
      );
      await resetDialog.getByRole('button', { name: 'Reset demo store' }).click();
      await expectText(
        demoCard.getByTestId('store-card-reset-result'),
        'The demo store is back to its original data.',
      );

      await page.getByRole('navigation', { name: 'Tools' }).locator('[data-tab="dump-product"]').click();
      const select = page.getByLabel('Store', { exact: true });
      const demoLabel = `Harbour & Pine Demo (${demoHash})`;
      const emptyLabel = `Harbour & Pine (empty) (${emptyHash})`;
      await eventually(async () =>
        assert.deepEqual((await select.locator('option').allInnerTexts()).map(squash), [
          'Select a store',
          demoLabel,
          emptyLabel,
        ]),
      );
      await select.selectOption({ label: emptyLabel });
      assert.equal(await select.evaluate((el: HTMLSelectElement) => el.selectedOptions[0]?.text), emptyLabel);

      // The tool remembers the store last used in it (issue 10): after a reload it opens on that store.
      await page.reload();
      const again = page.getByLabel('Store', { exact: true });
      await eventually(async () =>
        assert.equal(
          await again.evaluate((el: HTMLSelectElement) => el.selectedOptions[0]?.text),
          emptyLabel,
        ),
      );
    },
  },
  {
    name: 'login and sync: local stores upload into an empty cloud, new stores are Cloud, the chip shows Syncing..., ✓ Synced for 2 s and ✗ Sync failed for 3 s',
    run: async ({ newPage, baseUrl, screenshot }) => {
      const email = 'sync.user@example.com';
      await signUpByApi(baseUrl, { name: 'Sync User', email, password: PASSWORD });
      const page = await openPage(newPage, { allowedFailedPaths: [STORES_PATH] });
      await openApp(page, '?tab=stores');
      await storeManager(page);
      await setLocalStores(page, [localStore('Browser Shop', 'browser1', 'browser-token')]);

      await logIn(page, email, PASSWORD);
      await openApp(page, '?tab=stores');
      await storeManager(page);
      await expectText(page.getByTestId('storage-badge'), 'Cloud Storage');
      assert.equal(await page.getByTestId('login-to-sync-tip').count(), 0);
      // The empty cloud list received the browser's store; it is Cloud now, here and in local storage.
      await expectText(card(page, 'Browser Shop').getByTestId('store-card-badge'), 'Cloud');
      const { cookie } = await apiSession(baseUrl, email);
      assert.deepEqual(
        (await cloudStoresOf(baseUrl, cookie)).map((s) => [s.name, s.storeHash, s.accessToken]),
        [['Browser Shop', 'browser1', 'browser-token']],
      );
      await eventually(async () => assert.equal((await localStores(page))[0]?.source, 'cloud'));
      await eventually(async () => assert.equal(await page.getByTestId('sync-chip').count(), 0), 5_000);

      // A new store is added as Cloud and the list is synced.
      await addStoreToCloud(
        page,
        { name: 'Second Shop', storeHash: 'second2', apiToken: 'second-token', clientId: 'c2' },
        { baseUrl, cookie, names: ['Browser Shop', 'Second Shop'] },
      );
      await expectText(card(page, 'Second Shop').getByTestId('store-card-badge'), 'Cloud');
      await eventually(async () => assert.equal(await page.getByTestId('sync-chip').count(), 0), 5_000);

      // Sync: Syncing... while the upload runs (held back here until the chip has been seen), then ✓ Synced for 2 s.
      let release = () => {};
      const held = new Promise<void>((resolve) => (release = resolve));
      await page.route(`**${STORES_PATH}`, async (route) => {
        if (route.request().method() === 'POST') await held;
        await route.continue();
      });
      await page.getByRole('button', { name: 'Sync', exact: true }).click();
      await expectText(page.getByTestId('sync-chip'), 'Syncing...');
      release();
      await expectText(page.getByTestId('sync-chip'), '✓ Synced');
      await screenshot(page, 'stores-synced');
      const synced = await chipDuration(page, '✓ Synced');
      assert.ok(synced >= 1_500 && synced <= 3_500, `✓ Synced shown for about 2 s (${synced} ms)`);

      // A failed sync: ✗ Sync failed for 3 s, with the server's reason; nothing is lost.
      await page.unrouteAll();
      await page.route(`**${STORES_PATH}`, async (route) => {
        if (route.request().method() !== 'POST') return route.continue();
        return route.fulfill({
          status: 500,
          contentType: 'application/json',
          body: JSON.stringify({ error: 'The database is unavailable', code: 'internal' }),
        });
      });
      await page.getByRole('button', { name: 'Sync', exact: true }).click();
      await expectText(page.getByTestId('sync-chip'), '✗ Sync failed');
      await expectText(page.getByTestId('sync-error'), 'The database is unavailable');
      const failed = await chipDuration(page, '✗ Sync failed');
      assert.ok(failed >= 2_500 && failed <= 4_500, `✗ Sync failed shown for about 3 s (${failed} ms)`);
      assert.deepEqual(await cardNames(page), ['Browser Shop', 'Second Shop']);
      await page.unrouteAll();
    },
  },
  {
    name: 'logged in with local-only stores: the amber banner counts them, Sync Now uploads them and they become Cloud',
    run: async ({ newPage, baseUrl }) => {
      const email = 'banner.user@example.com';
      await signUpByApi(baseUrl, { name: 'Banner User', email, password: PASSWORD });
      const { cookie } = await apiSession(baseUrl, email);
      await saveCloudStores(baseUrl, cookie, [
        {
          id: 'cloud-1',
          name: 'Cloud Shop',
          storeHash: 'cloud1',
          accessToken: 'cloud-token',
          clientId: 'cc1',
          createdAt: '2026-03-03T03:03:03.000Z',
        },
      ]);

      const page = await openPage(newPage, { allowedFailedPaths: [STORES_PATH] });
      await openApp(page, '?tab=stores');
      await setLocalStores(page, [
        localStore('Old Copy', 'cloud1', 'stale-token', 'cloud'),
        localStore('Laptop Shop', 'laptop1', 'laptop-token'),
        localStore('Spare Shop', 'spare1', 'spare-token'),
      ]);
      await logIn(page, email, PASSWORD);
      await openApp(page, '?tab=stores');
      await storeManager(page);

      // Merged by store hash, the cloud winning; the result is saved locally.
      assert.deepEqual(await cardNames(page), ['Cloud Shop', 'Laptop Shop', 'Spare Shop']);
      await expectText(card(page, 'Cloud Shop').getByTestId('store-card-badge'), 'Cloud');
      await expectText(card(page, 'Laptop Shop').getByTestId('store-card-badge'), 'Local');
      const banner = page.getByTestId('local-only-banner');
      assert.match(await textOf(banner), /\b2\b/);
      assert.ok((await textOf(banner)).startsWith('Stores saved only in this browser: 2.'));
      assert.deepEqual(
        (await localStores(page)).map((s) => [s.name, s.apiToken]),
        [
          ['Cloud Shop', 'cloud-token'],
          ['Laptop Shop', 'laptop-token'],
          ['Spare Shop', 'spare-token'],
        ],
      );

      await banner.getByRole('button', { name: 'Sync Now' }).click();
      await eventually(async () => assert.equal(await banner.count(), 0));
      await expectText(card(page, 'Laptop Shop').getByTestId('store-card-badge'), 'Cloud');
      assert.deepEqual(await cloudStoreNames(baseUrl, cookie), ['Cloud Shop', 'Laptop Shop', 'Spare Shop']);
      assert.ok((await localStores(page)).every((s) => s.source === 'cloud'));

      // Another device adds a store; here the cloud does not answer at load, so only this browser's list is shown.
      // Sync then reads the cloud and merges it in before uploading: the other device's store is not lost.
      const cloudNow = await cloudStoresOf(baseUrl, cookie);
      await saveCloudStores(baseUrl, cookie, [
        ...cloudNow,
        { ...cloudNow[0], id: 'other-1', name: 'Other Device Shop', storeHash: 'other1' },
      ]);
      await page.route(`**${STORES_PATH}`, (route) =>
        route.request().method() === 'GET'
          ? route.fulfill({ status: 503, json: { error: 'Service unavailable', code: 'unavailable' } })
          : route.continue(),
      );
      await page.reload();
      await storeManager(page);
      assert.deepEqual(await cardNames(page), ['Cloud Shop', 'Laptop Shop', 'Spare Shop']);
      await page.unrouteAll();
      await page.getByRole('button', { name: 'Sync', exact: true }).click();
      await eventually(async () =>
        assert.deepEqual(await cardNames(page), [
          'Cloud Shop',
          'Laptop Shop',
          'Spare Shop',
          'Other Device Shop',
        ]),
      );
      await eventually(async () =>
        assert.deepEqual(await cloudStoreNames(baseUrl, cookie), [
          'Cloud Shop',
          'Laptop Shop',
          'Spare Shop',
          'Other Device Shop',
        ]),
      );
    },
  },
  {
    name: 'impersonating: only the viewed user’s cloud stores; the admin’s local stores are neither shown, merged nor uploaded',
    run: async ({ newPage, baseUrl, screenshot }) => {
      const viewedEmail = 'viewed.stores@example.com';
      await signUpByApi(baseUrl, { name: 'Viewed Stores', email: viewedEmail, password: PASSWORD });
      const viewed = await apiSession(baseUrl, viewedEmail);
      await saveCloudStores(baseUrl, viewed.cookie, [
        {
          id: 'v-1',
          name: 'Viewed Shop',
          storeHash: 'viewed1',
          accessToken: 'viewed-token',
          clientId: 'vc1',
          createdAt: '2026-03-03T03:03:03.000Z',
        },
      ]);
      await signUpByApi(baseUrl, { name: 'Stores Admin', email: STORES_ADMIN_EMAIL, password: PASSWORD });
      await verifyAdminByApi(baseUrl, STORES_ADMIN_EMAIL, PASSWORD);

      const page = await openPage(newPage);
      await openApp(page, '?tab=stores');
      await logIn(page, STORES_ADMIN_EMAIL, PASSWORD);
      await openApp(page, '?tab=stores');
      await storeManager(page);
      // The admin's own browser list, merged with the admin's (empty) cloud: uploaded to the admin's cloud.
      await addCloudStore(page, {
        name: 'Admin Shop',
        storeHash: 'admin1',
        apiToken: 'admin-token',
        clientId: 'ac1',
      });
      await eventually(async () => assert.equal(await page.getByTestId('sync-chip').count(), 0), 5_000);
      // A store only in the admin's browser, never synced.
      const adminLocal = [
        ...(await localStores(page)),
        localStore('Admin Laptop', 'adminlaptop', 'al-token'),
      ];
      await setLocalStores(page, adminLocal);

      const started = await page.request.post('/api/auth/admin/impersonate-user', {
        data: { userId: viewed.userId },
        headers: { origin: baseUrl },
      });
      assert.equal(started.status(), 200);
      await openApp(page, '?tab=stores');
      const banner = page.getByText('Viewing as: Viewed Stores', { exact: true });
      await banner.waitFor();
      await storeManager(page);
      await eventually(async () => assert.deepEqual(await cardNames(page), ['Viewed Shop']));
      await expectText(page.getByTestId('storage-badge'), 'Cloud Storage');
      assert.equal(await page.getByTestId('local-only-banner').count(), 0);
      await screenshot(page, 'stores-impersonating');

      // Adding while viewing writes to the viewed user's cloud only, never to the admin's browser list.
      await addStoreToCloud(
        page,
        { name: 'Added For Viewed', storeHash: 'forviewed1', apiToken: 'fv-token', clientId: 'fv' },
        { baseUrl, cookie: viewed.cookie, names: ['Viewed Shop', 'Added For Viewed'] },
      );
      assert.deepEqual(await localStores(page), adminLocal);

      // Back to the admin: the admin's own stores again, and the viewed user's are not among them.
      await page.getByRole('button', { name: 'Exit', exact: true }).click();
      await expectText(page.getByTestId('tab-title'), 'User Management');
      await page.getByRole('navigation', { name: 'Tools' }).locator('[data-tab="stores"]').click();
      await storeManager(page);
      await eventually(async () => assert.deepEqual(await cardNames(page), ['Admin Shop', 'Admin Laptop']));
      const admin = await apiSession(baseUrl, STORES_ADMIN_EMAIL);
      assert.deepEqual(await cloudStoreNames(baseUrl, admin.cookie), ['Admin Shop']);
    },
  },
];
