// Journeys of the client shell (spec part 1 §2 "Shell", part 2 §2 "Dashboard shell"). Expected texts are written
// out here from the spec, not imported from the catalogues, so a wrong catalogue entry fails.
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { eventually, type Journey } from './harness';
import { DESKTOP, openApp } from './helpers';

const SUBTITLE = 'Manage and automate BigCommerce tasks with ease';

/** Sidebar for a visitor: spec order; admin-users is absent. */
const SIDEBAR: Array<[id: string, label: string]> = [
  ['stores', 'Store Manager'],
  ['ai-assistant', 'AI Assistant'],
  ['dump-product', 'Dump Product'],
  ['dump-categories', 'Dump Categories'],
  ['dump-widgets', 'Dump Widgets'],
  ['widgets-visualization', 'Widgets Visualization'],
  ['import-product', 'Import Product'],
  ['import-widgets', 'Import Widgets'],
  ['copy-description', 'Copy Description'],
  ['reset-page-title', 'Reset Page Title'],
  ['spreadsheet-edit', 'Spreadsheet Edit'],
  ['video-converter', 'Video Converter'],
  ['video-h265-converter', 'H.265 Converter'],
  ['video-360-converter', 'Video 360 Converter'],
  ['keyword-extractor', 'Keyword Extractor'],
  ['store-history', 'Store History'],
];

/** Header titles, part 2 §2 table. */
const TITLES: Record<string, string> = {
  stores: 'Store Manager',
  'ai-assistant': 'AI Assistant',
  'dump-product': 'Dump Product',
  'dump-categories': 'Dump Categories',
  'dump-widgets': 'Dump Widgets',
  'widgets-visualization': 'Widgets Visualization',
  'import-product': 'Import Product',
  'import-widgets': 'Import Widgets',
  'copy-description': 'Copy Description',
  'reset-page-title': 'Reset Page Title',
  'spreadsheet-edit': 'Spreadsheet Edit',
  'video-converter': 'Video Converter',
  'video-h265-converter': 'H.265 Video Converter (Cloud)',
  'video-360-converter': 'Video 360 Converter',
  'keyword-extractor': 'Keyword Extractor',
  'store-history': 'Store History',
  'profile-settings': 'Profile Settings',
  'admin-users': 'User Management',
};

async function text(page: Page, testId: string): Promise<string> {
  return ((await page.getByTestId(testId).first().textContent()) ?? '').trim();
}

async function expectTitle(page: Page, expected: string): Promise<void> {
  await eventually(async () => assert.equal(await text(page, 'tab-title'), expected));
}

async function expectTabParam(page: Page, expected: string): Promise<void> {
  await eventually(() => assert.equal(new URL(page.url()).searchParams.get('tab'), expected));
}

async function sidebarEntries(page: Page): Promise<Array<[string, string]>> {
  return page
    .locator('#app-sidebar nav [data-tab]')
    .evaluateAll((buttons) =>
      buttons.map((button): [string, string] => [
        button.getAttribute('data-tab') ?? '',
        button.querySelector('[data-testid="tab-label"]')?.textContent?.trim() ?? '',
      ]),
    );
}

const MOBILE = {
  viewport: { width: 390, height: 844 },
  isMobile: true,
  hasTouch: true,
  deviceScaleFactor: 2,
};

export const shellJourneys: Journey[] = [
  {
    name: 'the shell renders: sidebar in spec order, subtitle, footer v1.0.0, Login and Sign Up links, strict CSP',
    run: async ({ newPage, screenshot }) => {
      const page = await newPage(DESKTOP);
      const response = await page.goto('/');
      const csp = response?.headers()['content-security-policy'] ?? '';
      assert.match(csp, /script-src 'self'/, 'the page is served with the strict CSP');
      await openApp(page);

      assert.equal(await page.locator('html').getAttribute('lang'), 'en');
      await expectTitle(page, 'Store Manager');
      assert.equal(await text(page, 'subtitle'), SUBTITLE);
      assert.equal(await page.title(), 'Store Manager · BC Toolbox');

      const nav = page.getByRole('navigation', { name: 'Tools' });
      assert.equal(await nav.isVisible(), true, 'the sidebar is shown on a wide screen');
      assert.deepEqual(await sidebarEntries(page), SIDEBAR);
      assert.equal(
        await nav.locator('[data-tab="video-h265-converter"]').textContent(),
        'H.265 ConverterCloud',
        'the H.265 tab is labelled Cloud',
      );
      assert.equal(await nav.locator('[aria-current="page"]').getAttribute('data-tab'), 'stores');
      assert.equal(await page.getByTestId('admin-crown').count(), 0, 'no admin tab for a visitor');

      const login = page.getByRole('link', { name: 'Login', exact: true });
      const signUp = page.getByRole('link', { name: 'Sign Up', exact: true });
      assert.equal(await login.getAttribute('href'), '/auth/login');
      assert.equal(await signUp.getAttribute('href'), '/auth/register');
      assert.equal(await page.getByTestId('profile-control').count(), 0);
      assert.equal(
        await page.getByRole('button', { name: /menu/i }).isVisible(),
        false,
        'no menu button on desktop',
      );

      assert.equal(await text(page, 'version'), 'v1.0.0');
      assert.match(await text(page, 'copyright'), /^© \d{4} BC Toolbox\. All rights reserved\.$/);
      assert.match((await page.getByTestId('vendor-link').getAttribute('href')) ?? '', /^https:\/\//);

      // The default tab is the Store Manager (e2e/stores.journeys.ts covers it).
      await page.getByTestId('store-manager').waitFor();
      await screenshot(page, 'desktop');
    },
  },
  {
    name: 'every sidebar tab shows its header title, marks itself current and is kept in ?tab=',
    run: async ({ newPage }) => {
      const page = await newPage(DESKTOP);
      await openApp(page);
      const nav = page.getByRole('navigation', { name: 'Tools' });
      for (const [id] of SIDEBAR) {
        await nav.locator(`[data-tab="${id}"]`).click();
        await expectTitle(page, TITLES[id] ?? '?');
        await expectTabParam(page, id);
        assert.equal(await nav.locator('[aria-current="page"]').getAttribute('data-tab'), id);
        assert.equal(await page.title(), `${TITLES[id]} · BC Toolbox`);
      }
    },
  },
  {
    name: '?tab= survives a reload and opens the named tab directly',
    run: async ({ newPage }) => {
      const page = await newPage(DESKTOP);
      await openApp(page);
      await page.getByRole('navigation', { name: 'Tools' }).locator('[data-tab="keyword-extractor"]').click();
      await expectTabParam(page, 'keyword-extractor');
      await page.reload();
      await expectTitle(page, 'Keyword Extractor');
      assert.equal(
        await page.locator('#app-sidebar [aria-current="page"]').getAttribute('data-tab'),
        'keyword-extractor',
      );

      await openApp(page, '?tab=video-h265-converter');
      await expectTitle(page, 'H.265 Video Converter (Cloud)');
    },
  },
  {
    name: 'each tab chosen is a history entry: Back and Forward move between tabs, the items are links (issue 31)',
    run: async ({ newPage }) => {
      const page = await newPage(DESKTOP);
      await openApp(page);
      const nav = page.getByRole('navigation', { name: 'Tools' });
      // Links to the tab's address: a middle-click or "open in new tab" opens that tool.
      assert.equal(await nav.locator('[data-tab="dump-widgets"]').getAttribute('href'), '/?tab=dump-widgets');
      await nav.locator('[data-tab="dump-product"]').click();
      await expectTitle(page, 'Dump Product');
      await nav.locator('[data-tab="keyword-extractor"]').click();
      await expectTitle(page, 'Keyword Extractor');
      await page.goBack();
      await expectTitle(page, 'Dump Product');
      await expectTabParam(page, 'dump-product');
      assert.equal(await nav.locator('[aria-current="page"]').getAttribute('data-tab'), 'dump-product');
      await page.goBack();
      await expectTitle(page, 'Store Manager');
      await page.goForward();
      await expectTitle(page, 'Dump Product');
      // Still in the app: the first Back went to the previous tab, not to the page before the app.
      assert.ok(new URL(page.url()).pathname === '/');
    },
  },
  {
    name: 'an unknown tab, and the admin tab for a visitor, fall back to Store Manager',
    run: async ({ newPage }) => {
      const page = await newPage(DESKTOP);
      await openApp(page, '?tab=no-such-tool');
      await expectTitle(page, 'Store Manager');
      await expectTabParam(page, 'stores');

      await openApp(page, '?tab=admin-users');
      await expectTitle(page, 'Store Manager');
      await expectTabParam(page, 'stores');
      assert.equal(await page.locator('#app-sidebar [data-tab="admin-users"]').count(), 0);
      assert.equal(await page.getByText('User Management').count(), 0);
    },
  },
  {
    name: "profile-settings without login says 'Login Required' with a 'Go to Login' link",
    run: async ({ newPage }) => {
      const page = await newPage(DESKTOP);
      await openApp(page, '?tab=profile-settings');
      await expectTitle(page, 'Profile Settings');
      const panel = page.getByTestId('login-required');
      assert.equal(await panel.locator('h2').innerText(), 'Login Required');
      assert.equal(
        await panel.getByRole('link', { name: 'Go to Login' }).getAttribute('href'),
        '/auth/login',
      );
      assert.equal(await page.locator('#app-sidebar [data-tab="profile-settings"]').count(), 0);
    },
  },
  {
    name: 'mobile 390 px: the menu button opens the slide-over; backdrop click and Escape close it',
    run: async ({ newPage, screenshot }) => {
      const page = await newPage(MOBILE);
      await openApp(page);
      const sidebar = page.getByTestId('sidebar');
      const backdrop = page.getByTestId('sidebar-backdrop');
      const menuButton = page.getByTestId('menu-button');

      assert.equal(await sidebar.isVisible(), false, 'the sidebar is hidden at 390 px');
      const menuButtons = page.getByRole('button', { name: /menu/i });
      assert.equal(await menuButtons.count(), 1, 'one visible button is named "menu"');
      assert.equal(await menuButtons.getAttribute('data-testid'), 'menu-button');
      assert.equal(await menuButton.getAttribute('aria-expanded'), 'false');
      // On a phone the subtitle gives its line to the header's 96 px (issue 31); it is in the page for wider screens.
      assert.equal(await text(page, 'subtitle'), SUBTITLE);
      assert.equal(
        await page.getByTestId('subtitle').isVisible(),
        false,
        'no subtitle line on a 390 px phone',
      );
      await screenshot(page, 'mobile');

      await menuButton.click();
      await sidebar.waitFor({ state: 'visible' });
      await backdrop.waitFor({ state: 'visible' });
      assert.equal(await menuButton.getAttribute('aria-expanded'), 'true');
      await eventually(async () => {
        const box = await sidebar.boundingBox();
        assert.equal(box?.x, 0, 'the slide-over has slid in');
      });
      assert.deepEqual(await sidebarEntries(page), SIDEBAR);
      await screenshot(page, 'mobile-menu');

      // A click on the backdrop, to the right of the panel, closes it.
      await backdrop.click({ position: { x: 370, y: 500 } });
      await sidebar.waitFor({ state: 'hidden' });
      await backdrop.waitFor({ state: 'hidden' });

      await menuButton.click();
      await sidebar.waitFor({ state: 'visible' });
      await page.keyboard.press('Escape');
      await sidebar.waitFor({ state: 'hidden' });
      assert.equal(await menuButton.getAttribute('aria-expanded'), 'false');
      await eventually(async () =>
        assert.equal(
          await page.evaluate(() => document.activeElement?.getAttribute('data-testid')),
          'menu-button',
          'focus returns to the menu button',
        ),
      );

      // Choosing a tab closes the slide-over and shows the tab.
      await menuButton.click();
      await sidebar.locator('[data-tab="dump-widgets"]').click();
      await sidebar.waitFor({ state: 'hidden' });
      await expectTitle(page, 'Dump Widgets');
    },
  },
  {
    name: 'the language switch changes texts to Vietnamese, is remembered across a reload, and back to English',
    run: async ({ newPage, screenshot }) => {
      const page = await newPage(DESKTOP);
      await openApp(page, '?tab=dump-product');
      await page.getByTestId('language-switch').selectOption('vi');

      await expectTitle(page, 'Xuất sản phẩm');
      assert.equal(
        await text(page, 'subtitle'),
        'Quản lý và tự động hóa các tác vụ BigCommerce một cách dễ dàng',
      );
      assert.equal(await page.getByTestId('login-link').innerText(), 'Đăng nhập');
      assert.equal(await page.getByTestId('signup-link').innerText(), 'Đăng ký');
      assert.equal(await page.getByRole('navigation', { name: 'Công cụ' }).isVisible(), true);
      assert.equal(await text(page, 'version'), 'v1.0.0');
      assert.equal(await page.locator('html').getAttribute('lang'), 'vi');
      assert.equal(await page.evaluate(() => localStorage.getItem('bc-tools-lang')), 'vi');
      // Every sidebar label is shown whole, none cut with an ellipsis (issue 31: "Chuyển đổi H....").
      const cut = await page
        .locator('#app-sidebar [data-testid="tab-label"]')
        .evaluateAll((labels) =>
          labels.filter((label) => label.scrollWidth > label.clientWidth).map((label) => label.textContent),
        );
      assert.deepEqual(cut, []);
      await screenshot(page, 'desktop-vi');

      await page.reload();
      await page.getByTestId('tab-title').waitFor();
      await expectTitle(page, 'Xuất sản phẩm');
      assert.equal(await page.getByTestId('language-switch').inputValue(), 'vi');
      assert.equal(await page.locator('html').getAttribute('lang'), 'vi');

      await page.getByTestId('language-switch').selectOption('en');
      await expectTitle(page, 'Dump Product');
      assert.equal(await page.getByTestId('login-link').innerText(), 'Login');
      await page.reload();
      await expectTitle(page, 'Dump Product');
      assert.equal(await page.locator('html').getAttribute('lang'), 'en');
    },
  },
];

/** A Better Auth get-session answer for a faked logged-in user (the accounts issue will bring real sessions). */
function sessionBody(
  user: { name: string; email: string; role: string; emailVerified: boolean },
  impersonatedBy?: string,
) {
  return {
    user: { id: 'user-1', ...user },
    session: { id: 'session-1', impersonatedBy: impersonatedBy ?? null },
  };
}

shellJourneys.push(
  {
    name: 'logged in (faked session): profile control, dropdown closes on an outside click, Profile Settings, Logout',
    run: async ({ newPage, screenshot }) => {
      const page = await newPage(DESKTOP);
      let body: unknown = sessionBody({
        name: 'lan Nguyen',
        email: 'lan@example.com',
        role: 'user',
        emailVerified: false,
      });
      await page.route('**/api/auth/get-session', (route) => route.fulfill({ json: body }));
      // The faked user's cloud store list (the Store Manager, the default tab, loads it).
      await page.route('**/api/user/stores', (route) => route.fulfill({ json: { stores: [] } }));
      // Profile Settings lists the faked user's access tokens (issue 33).
      await page.route('**/api/access-tokens', (route) => route.fulfill({ json: { tokens: [] } }));
      let signOuts = 0;
      await page.route('**/api/auth/sign-out', async (route) => {
        signOuts += 1;
        body = null;
        await route.fulfill({ json: { success: true } });
      });
      await openApp(page);

      const control = page.getByTestId('profile-control');
      assert.equal((await control.innerText()).replace(/\s+/g, ' ').trim(), 'L lan Nguyen lan@example.com');
      assert.equal(await page.getByTestId('login-link').count(), 0);
      assert.equal(await page.getByTestId('signup-link').count(), 0);
      assert.equal(await page.locator('#app-sidebar [data-tab="admin-users"]').count(), 0, 'not an admin');

      await control.click();
      const menu = page.getByRole('menu');
      await menu.waitFor();
      const menuText = await menu.innerText();
      for (const expected of ['User', 'Email not verified', 'Profile Settings', 'Logout']) {
        assert.ok(menuText.includes(expected), `the dropdown shows ${expected}`);
      }
      assert.ok(!menuText.includes('Exit Admin Mode'));
      await screenshot(page, 'desktop-profile-menu');
      await page.mouse.click(700, 600);
      await menu.waitFor({ state: 'hidden' });

      await control.click();
      await page.getByRole('menuitem', { name: 'Profile Settings' }).click();
      await expectTitle(page, 'Profile Settings');
      await expectTabParam(page, 'profile-settings');
      assert.equal(await page.getByTestId('login-required').count(), 0, 'no Login Required when logged in');

      await control.click();
      await page.getByRole('menuitem', { name: 'Logout' }).click();
      await page.getByTestId('login-link').waitFor();
      assert.equal(signOuts, 1);
      assert.equal(await page.getByTestId('profile-control').count(), 0);
      await page.getByTestId('login-required').waitFor();
    },
  },
  {
    name: "admin impersonating (faked session): crown tab User Management, 'Viewing as' banner, Exit Admin Mode",
    run: async ({ newPage }) => {
      // The faked session is unknown to the server, so the User Management screen's own calls are refused (401).
      const page = await newPage({
        ...DESKTOP,
        allowedFailedPaths: [
          '/api/auth/admin/stop-impersonating',
          '/api/auth/admin/list-users',
          '/api/admin/audit-log',
        ],
      });
      const body = sessionBody(
        { name: 'Minh Tran', email: 'minh@example.com', role: 'admin', emailVerified: true },
        'admin-9',
      );
      await page.route('**/api/auth/get-session', (route) => route.fulfill({ json: body }));
      await page.route('**/api/auth/admin/stop-impersonating', (route) =>
        route.fulfill({ status: 500, json: { error: 'boom' } }),
      );
      const alerts: string[] = [];
      page.on('dialog', (dialog) => {
        alerts.push(dialog.message());
        void dialog.dismiss();
      });
      await openApp(page, '?tab=admin-users');

      // An admin's reload keeps the admin tab.
      await expectTitle(page, 'User Management');
      const entries = await sidebarEntries(page);
      assert.deepEqual(entries.at(-1), ['admin-users', 'User Management']);
      assert.equal(
        await page.locator('#app-sidebar [data-tab="admin-users"] [data-testid="admin-crown"]').count(),
        1,
      );

      const banner = page.getByRole('status').filter({ hasText: 'Viewing as:' });
      assert.equal((await banner.innerText()).replace(/\s+/g, ' ').trim(), 'Viewing as: Minh Tran Exit');

      await page.getByTestId('profile-control').click();
      const menuText = await page.getByRole('menu').innerText();
      assert.ok(menuText.includes('Admin'));
      assert.ok(menuText.includes('Exit Admin Mode'));
      assert.ok(!menuText.includes('Email not verified'));
      await page.getByRole('menuitem', { name: 'Exit Admin Mode' }).click();
      await eventually(() => assert.deepEqual(alerts, ['Error stopping impersonation']));

      await banner.getByRole('button', { name: 'Exit' }).click();
      await eventually(() => assert.equal(alerts.length, 2));
    },
  },
);
