// What the journeys share: a desktop page talking from its own client address, assertions on what a person sees
// (texts, field errors as a screen reader hears them), and accounts seeded and signed in as a person's browser would.
import assert from 'node:assert/strict';
import type { Locator, Page } from 'playwright-core';
import { eventually, type PageOptions } from './harness';

export const DESKTOP = { viewport: { width: 1366, height: 900 } };

export type NewPage = (options?: PageOptions) => Promise<Page>;

let nextAddress = 1;
/**
 * A client address of its own for a page or a seeded account (X-Forwarded-For, trusted from loopback): the sign-in
 * and sign-up rate limits (5 a minute, the production default) count per address, as they would per person.
 */
export function clientAddress(): string {
  const n = nextAddress++;
  return `10.44.${Math.floor(n / 250)}.${(n % 250) + 1}`;
}

/** A desktop page in a fresh context, talking to the server from its own client address. */
export function openPage(newPage: NewPage, options: PageOptions = {}): Promise<Page> {
  return newPage({ ...DESKTOP, ...options, extraHTTPHeaders: { 'x-forwarded-for': clientAddress() } });
}

/**
 * A desktop page (downloads accepted, its own client address) on a tool's tab, with every request's URL kept to check
 * that none leaves the app; `setup` runs on the page before it opens the app.
 */
export async function openTrackedTool(
  newPage: NewPage,
  tab: string,
  setup?: (page: Page) => Promise<void>,
): Promise<{ page: Page; urls: string[] }> {
  const page = await openPage(newPage, { acceptDownloads: true });
  const urls: string[] = [];
  page.on('request', (request) => urls.push(request.url()));
  await setup?.(page);
  await page.goto(`/?tab=${tab}`);
  await page.getByTestId(tab).waitFor();
  return { page, urls };
}

/** No request left the app: every URL is on `baseUrl`, or a blob: or data: URL. */
export function expectOnlyThisApp(urls: readonly string[], baseUrl: string): void {
  const elsewhere = urls.filter((url) => !url.startsWith(baseUrl) && !/^(blob|data):/.test(url));
  assert.deepEqual(elsewhere, [], 'no request leaves the app');
}

/** Waits until the app knows the session (the Login link or the profile control is shown). */
export async function waitForSession(page: Page): Promise<void> {
  await page.locator('[data-testid="login-link"], [data-testid="profile-control"]').first().waitFor();
}

/** Opens the app at `query` (say `?tab=stores`; none for the default tab) and waits until the session is known. */
export async function openApp(page: Page, query = ''): Promise<void> {
  await page.goto(`/${query}`);
  await waitForSession(page);
}

export const squash = (text: string) => text.replace(/\s+/g, ' ').trim();

/**
 * A number as a reader of `language` writes it (issue 44), worked out here rather than by the app's own helper:
 * '1,250' and '6.7' in English, '1.250' and '6,7' in Vietnamese; `fractionDigits` fixes the decimals.
 */
export function localNumber(value: number, language: 'en' | 'vi', fractionDigits?: number): string {
  return new Intl.NumberFormat(language, {
    minimumFractionDigits: fractionDigits ?? 0,
    maximumFractionDigits: fractionDigits ?? 1,
  }).format(value);
}

export async function textOf(locator: Locator): Promise<string> {
  return squash(await locator.innerText());
}

/** The element's text (white space folded) becomes `expected`, or matches it, within the time. */
export async function expectText(
  locator: Locator,
  expected: string | RegExp,
  timeoutMs?: number,
): Promise<void> {
  await eventually(async () => {
    const text = await textOf(locator);
    if (typeof expected === 'string') assert.equal(text, expected);
    else assert.match(text, expected);
  }, timeoutMs);
}

/**
 * The element's text (white space folded) comes to include `part`. The assertion carries its own message: without
 * one, node:assert reads the source to write it, which under tsx can take minutes (privatenumber/tsx#548).
 */
export async function expectTextIncludes(locator: Locator, part: string, timeoutMs?: number): Promise<void> {
  await eventually(async () => {
    const text = await textOf(locator);
    assert.ok(text.includes(part), `"${text}" includes "${part}"`);
  }, timeoutMs);
}

/** The texts a field's aria-describedby points at (its error and hint), as a screen reader reads them. */
export async function describedBy(field: Locator): Promise<string> {
  return squash(
    await field.evaluate((element) =>
      (element.getAttribute('aria-describedby') ?? '')
        .split(' ')
        .filter(Boolean)
        .map((id) => document.getElementById(id)?.textContent ?? '')
        .join(' '),
    ),
  );
}

/** The error a field announces (aria-invalid and the text aria-describedby points at). */
export async function expectFieldError(field: Locator, expected: string): Promise<void> {
  await eventually(async () => {
    assert.equal(await field.getAttribute('aria-invalid'), 'true');
    assert.ok(
      (await describedBy(field)).includes(expected),
      `"${await describedBy(field)}" names "${expected}"`,
    );
  });
}

export interface OutboxMail {
  to: string;
  subject: string;
  text: string;
  at: string;
}

/** The newest mail to an address whose subject matches, once it has arrived; and the link in it. */
export async function mailedLink(
  baseUrl: string,
  to: string,
  subject: RegExp,
): Promise<{ mail: OutboxMail; link: string }> {
  let found: OutboxMail | undefined;
  await eventually(async () => {
    const response = await fetch(`${baseUrl}/api/dev/outbox`);
    assert.equal(response.status, 200);
    const { mails } = (await response.json()) as { mails: OutboxMail[] };
    found = mails
      .filter((mail) => mail.to === to && subject.test(mail.subject))
      .sort((a, b) => a.at.localeCompare(b.at))
      .at(-1);
    assert.ok(found, `a mail to ${to} matching ${String(subject)}`);
  });
  assert.ok(found);
  const link = /https?:\/\/\S+/.exec(found.text)?.[0];
  assert.ok(link, `the mail to ${to} holds a link`);
  return { mail: found, link };
}

/** Seeds an account the way a person's browser would (same-origin sign-up), from its own client address. */
export async function signUpByApi(
  baseUrl: string,
  account: { name: string; email: string; password: string },
): Promise<void> {
  const response = await fetch(`${baseUrl}/api/auth/sign-up/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: baseUrl, 'x-forwarded-for': clientAddress() },
    body: JSON.stringify({ ...account, callbackURL: '/auth/verify-email?verified=1' }),
  });
  assert.equal(response.status, 200, `sign-up of ${account.email}: ${await response.text()}`);
}

/** Opens the verification link of the account's mail outside the browser (the person did it on their phone). */
export async function verifyByApi(baseUrl: string, email: string): Promise<void> {
  const { link } = await mailedLink(baseUrl, email, /verify/i);
  const response = await fetch(link, { redirect: 'manual' });
  assert.equal(response.status, 302, `the verification link of ${email} redirects`);
  assert.equal(response.headers.get('location'), '/auth/verify-email?verified=1');
}

/**
 * An ADMIN_EMAILS account: its verification link goes on to set the password (issue 9, point 6), which the owner does
 * with the same password; the admin role applies then.
 */
export async function verifyAdminByApi(baseUrl: string, email: string, password: string): Promise<void> {
  const { link } = await mailedLink(baseUrl, email, /verify/i);
  const response = await fetch(link, { redirect: 'manual' });
  assert.equal(response.status, 302, `the verification link of ${email} redirects`);
  const location = new URL(response.headers.get('location') ?? '', baseUrl);
  assert.equal(location.pathname, '/auth/reset-password');
  assert.equal(location.searchParams.get('admin'), '1');
  const reset = await fetch(`${baseUrl}/api/auth/reset-password`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: baseUrl, 'x-forwarded-for': clientAddress() },
    body: JSON.stringify({ token: location.searchParams.get('token'), newPassword: password }),
  });
  assert.equal(reset.status, 200, `the password step of ${email}: ${await reset.text()}`);
}

/** Logs in on the login page and waits for the profile control in the header. */
export async function logIn(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/auth/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Log In' }).click();
  await page.getByTestId('profile-control').waitFor();
}

/** A store of a journey: its name in the pickers, the sandbox store it reaches and the token it sends. */
export interface JourneyStore {
  name: string;
  storeHash: string;
  apiToken: string;
}

/** A store as the Store Manager saves it in the browser. */
export type SavedStore = JourneyStore & { id: string; clientId: string; createdAt: string; source: 'local' };

/** The browser's list of saved stores: a localStorage key the Store Manager writes. */
const STORES_STORAGE_KEY = 'bc-tools-stores';

/** A journey's stores as the Store Manager saves them, with the ids `${idPrefix}-0`, `${idPrefix}-1`… */
export function savedStores(idPrefix: string, stores: readonly JourneyStore[]): SavedStore[] {
  return stores.map((store, index) => ({
    id: `${idPrefix}-${index}`,
    clientId: `client-${index}`,
    createdAt: '2026-04-01T09:30:00.000Z',
    source: 'local',
    ...store,
  }));
}

/** From its next load on, the page's browser holds `stores` (as the Store Manager saves them), kept if it has a list. */
export async function holdStores(page: Page, stores: readonly SavedStore[]): Promise<void> {
  await page.addInitScript(
    ([key, value]) => {
      if (window.localStorage.getItem(key) === null) window.localStorage.setItem(key, value);
    },
    [STORES_STORAGE_KEY, JSON.stringify(stores)] as const,
  );
}

/** A sandbox store of the journey's own, made afresh through the sandbox's control API. */
export interface SandboxStore {
  hash: string;
  token: string;
  kind: 'demo' | 'empty';
}

/** Makes the sandbox store (it must not exist yet: the control API answers 201). */
export async function createSandboxStore(page: Page, store: SandboxStore): Promise<void> {
  const created = await page.request.post('/sandbox/__control/stores', { data: store });
  assert.equal(created.status(), 201, `sandbox store ${store.hash}`);
}

/**
 * A desktop page (downloads accepted) whose browser already holds `stores` (as the Store Manager saves them, kept if
 * the browser has a list already), on the tool's tab; the sandbox stores `create` are made first.
 */
export async function openToolWithStores(
  newPage: NewPage,
  setup: { tab: string; stores: readonly SavedStore[]; create?: readonly SandboxStore[]; page?: PageOptions },
): Promise<Page> {
  const page = await newPage({ ...DESKTOP, acceptDownloads: true, ...setup.page });
  for (const store of setup.create ?? []) await createSandboxStore(page, store);
  await holdStores(page, setup.stores);
  await page.goto(`/?tab=${setup.tab}`);
  await page.getByTestId(setup.tab).waitFor();
  return page;
}

/** Picks the store named `name` in a store picker once the stores are listed (an option reads `name (hash)`). */
export async function pickStore(
  page: Page,
  stores: readonly JourneyStore[],
  name: string,
  testId = 'store-picker',
): Promise<void> {
  const select = page.getByTestId(`${testId}-select`);
  await eventually(async () => assert.ok((await select.locator('option').count()) > 1, 'stores are listed'));
  await select.selectOption({ label: `${name} (${stores.find((s) => s.name === name)?.storeHash ?? '?'})` });
}

/** The status `/mcp` answers a `tools/list` with this token (200 served, 401 or 403 refused). */
export async function mcpStatus(baseUrl: string, token: string): Promise<number> {
  const response = await fetch(`${baseUrl}/mcp`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${token}`,
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
    },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list', params: {} }),
  });
  return response.status;
}
