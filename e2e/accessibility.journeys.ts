// Journeys of accessibility (issue 31): axe-core finds no critical or serious violation (nor a heading out of order or
// a landmark that repeats) on any tab, in English and Vietnamese, as a visitor and signed in (the account menu open), nor with results loaded (a dump done, the widgets
// treemap loaded from a dump file with its details open, a keyword report, the bulk-edit and import previews, the
// Store Manager with stores, a chat answer); the treemap's details open from the keyboard alone; its group names are
// Vietnamese for a Vietnamese reader. The 390 px phone is in phone.journeys.ts.
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { TAB_IDS, type TabId } from '../common/contracts/tabs';
import { axeViolations, describeViolations, refusedViolations } from './axe';
import { eventually, type Journey } from './harness';
import { generateWidgetsDump } from './fixtures/widgets-dump-generator';
import {
  expectText,
  expectTextIncludes,
  holdStores,
  logIn,
  openPage,
  pickStore,
  savedStores,
  signUpByApi,
  textOf,
  verifyAdminByApi,
  type NewPage,
} from './helpers';

/** An ADMIN_EMAILS account of these journeys (run.ts adds it to the server's list). */
export const A11Y_ADMIN_EMAIL = 'a11y-admin@example.com';
const PASSWORD = 'a11y-secret-1';

export type Language = 'en' | 'vi';
export const LANGUAGES: readonly Language[] = ['en', 'vi'];

const STORES = savedStores('e2e-a11y', [
  { name: 'Harbour & Pine Demo', storeHash: 'sandbox-demo', apiToken: 'demo-token' },
  { name: 'Harbour & Pine (empty)', storeHash: 'sandbox-empty', apiToken: 'empty-token' },
]);
const DEMO = 'Harbour & Pine Demo';
const EMPTY = 'Harbour & Pine (empty)';

/** What shows once a tab's screen is there, for a visitor or a signed-in person. */
export function tabReady(tab: TabId, signedIn: boolean): string {
  if (tab === 'stores') return 'store-manager';
  if (!signedIn && tab === 'ai-assistant') return 'auth-required';
  if (!signedIn && tab === 'profile-settings') return 'login-required';
  if (!signedIn && tab === 'admin-users') return 'store-manager';
  if (tab === 'profile-settings') return 'profile-card';
  return tab;
}

/** Chooses the language with the header's switch (remembered across reloads). */
export async function chooseLanguage(page: Page, language: Language): Promise<void> {
  const select = page.getByTestId('language-switch');
  if ((await select.inputValue()) !== language) await select.selectOption(language);
  await eventually(async () => assert.equal(await page.locator('html').getAttribute('lang'), language));
}

/** Collects what axe finds (what `refusedViolations` keeps), page state by page state; `verify` fails on any. */
class AxeReport {
  private readonly found: string[] = [];

  async check(page: Page, context: string): Promise<void> {
    const all = await axeViolations(page);
    const serious = refusedViolations(all);
    // AXE_ALL=1 also prints what axe finds of lesser impact (not a failure).
    if (process.env.AXE_ALL) {
      const rest = all.filter((violation) => !serious.includes(violation));
      if (rest.length > 0) console.log(`      axe, lesser, on ${context}:\n${describeViolations(rest)}`);
    }
    if (serious.length === 0) return;
    this.found.push(`${context}:\n${describeViolations(serious)}`);
    // Said at once too, so a journey that stops later on another assertion still tells what axe found.
    console.log(`      axe on ${context}:\n${describeViolations(serious)}`);
  }

  verify(): void {
    assert.ok(
      this.found.length === 0,
      `axe found critical or serious violations on ${this.found.length} page state(s) (listed above):\n` +
        this.found.map((found) => found.split(':\n')[0]).join('; '),
    );
  }
}

/**
 * Issue 44: one Vietnamese word for a store, the spec's "store" ('Vui lòng chọn store'): the page's visible text never
 * says "cửa hàng" (in any case, in either Unicode form).
 */
export async function expectOneStoreWord(page: Page, context: string): Promise<void> {
  const text = (await page.locator('body').innerText()).normalize('NFC').toLocaleLowerCase('vi');
  const at = text.indexOf('cửa hàng'.normalize('NFC'));
  assert.equal(at, -1, `${context} says "cửa hàng": …${text.slice(Math.max(0, at - 60), at + 60)}…`);
}

/**
 * Opens every tab through its address in both languages and lets axe look at each; in Vietnamese, each says "store"
 * only (issue 44).
 */
async function checkEveryTab(page: Page, report: AxeReport, signedIn: boolean, who: string): Promise<void> {
  for (const language of LANGUAGES) {
    for (const tab of TAB_IDS) {
      await page.goto(`/?tab=${tab}`);
      await page.getByTestId(tabReady(tab, signedIn)).waitFor();
      await chooseLanguage(page, language);
      await report.check(page, `${tab} (${language}, ${who})`);
      if (language === 'vi') await expectOneStoreWord(page, `${tab} (vi, ${who})`);
    }
  }
}

async function signedInAdmin(page: Page, baseUrl: string): Promise<void> {
  await signUpByApi(baseUrl, { name: 'Ada Accessible', email: A11Y_ADMIN_EMAIL, password: PASSWORD });
  await verifyAdminByApi(baseUrl, A11Y_ADMIN_EMAIL, PASSWORD);
  await logIn(page, A11Y_ADMIN_EMAIL, PASSWORD);
}

/** A page whose browser holds the journey's stores (as the Store Manager saves them), on `tab`. */
async function openWithStores(newPage: NewPage, tab: TabId): Promise<Page> {
  const page = await openPage(newPage, { acceptDownloads: true });
  await holdStores(page, STORES);
  await page.goto(`/?tab=${tab}`);
  await page.getByTestId(tabReady(tab, false)).waitFor();
  return page;
}

async function checkBothLanguages(page: Page, report: AxeReport, context: string): Promise<void> {
  for (const language of LANGUAGES) {
    await chooseLanguage(page, language);
    await report.check(page, `${context} (${language})`);
  }
  await chooseLanguage(page, 'en');
}

async function goToTab(page: Page, tab: TabId): Promise<void> {
  await page.getByTestId('sidebar').locator(`[data-tab="${tab}"]`).click();
  await page.getByTestId(tabReady(tab, false)).waitFor();
}

/** The demo store's widgets, dumped by the server's Dump Widgets (home and product 77's page). */
async function demoWidgetsDump(page: Page): Promise<string> {
  const res = await page.request.post('/api/dump-widgets', {
    data: { storeCredentials: { storeHash: 'sandbox-demo', accessToken: 'demo-token' }, dumpMode: 'all' },
    timeout: 60_000,
  });
  assert.equal(res.status(), 200);
  const body = (await res.json()) as { success: boolean; data: unknown };
  assert.equal(body.success, true);
  return JSON.stringify(body.data);
}

async function uploadJson(page: Page, testId: string, name: string, content: string): Promise<void> {
  await page.getByTestId(testId).setInputFiles({
    name,
    mimeType: 'application/json',
    buffer: Buffer.from(content, 'utf8'),
  });
}

/** The treemap's breadcrumbs, root first, joined by "/". */
async function expectBreadcrumbs(page: Page, expected: string): Promise<void> {
  await eventually(async () =>
    assert.equal((await textOf(page.getByTestId('treemap-breadcrumbs'))).replace(/\s*\/\s*/g, '/'), expected),
  );
}

/** The active option of the treemap's list (what a screen reader reads), by its node id. */
async function activeNodeId(page: Page): Promise<string | null> {
  const active = await page.getByTestId('treemap').getAttribute('aria-activedescendant');
  return active ? page.locator(`[id="${active}"]`).getAttribute('data-node-id') : null;
}

export const accessibilityJourneys: Journey[] = [
  {
    name: 'Accessibility: every tab as a visitor, in English and Vietnamese: axe finds nothing critical or serious; no "cửa hàng" in Vietnamese',
    run: async ({ newPage }) => {
      const page = await openPage(newPage);
      const report = new AxeReport();
      await checkEveryTab(page, report, false, 'visitor');
      report.verify();
    },
  },
  {
    name: 'Accessibility: every tab signed in as an admin, the account menu open, a chat answer, in English and Vietnamese',
    run: async ({ newPage, baseUrl }) => {
      const page = await openPage(newPage);
      await signedInAdmin(page, baseUrl);
      const report = new AxeReport();
      await checkEveryTab(page, report, true, 'admin');

      // The account menu, open: its button and its menu are named.
      await page.goto('/?tab=stores');
      await page.getByTestId('store-manager').waitFor();
      await chooseLanguage(page, 'en');
      await page.getByTestId('profile-control').click();
      const menu = page.getByRole('menu');
      await menu.waitFor();
      assert.equal(await menu.getAttribute('aria-label'), 'Account menu');
      const control = page.getByRole('button', { name: `Ada Accessible ${A11Y_ADMIN_EMAIL}`, exact: true });
      assert.equal(await control.getAttribute('aria-haspopup'), 'menu');
      assert.equal(await control.getAttribute('aria-expanded'), 'true');
      await checkBothLanguages(page, report, 'account menu open');
      await page.keyboard.press('Escape');

      // An offline answer in the chat.
      await page.goto('/?tab=ai-assistant');
      await page.getByTestId('chat-welcome').waitFor();
      await page.getByTestId('chat-starter').first().click();
      const answer = page.getByTestId('chat-message-assistant').first();
      await expectTextIncludes(answer, 'Sources', 15_000);
      await eventually(async () => assert.equal(await answer.getAttribute('data-pending'), null));
      await checkBothLanguages(page, report, 'ai-assistant with an answer');
      report.verify();
    },
  },
  {
    name: 'Accessibility: results loaded: stores, dumps, import previews and checks, bulk-edit previews, in English and Vietnamese',
    run: async ({ newPage }) => {
      const report = new AxeReport();
      const page = await openWithStores(newPage, 'stores');
      await page.getByTestId('store-card').first().waitFor();
      await checkBothLanguages(page, report, 'stores with stores');
      // The app's own Delete dialog (issue 44), named after the store, in both languages; the page behind it is
      // inert, so the language is chosen with it closed.
      const deleteTexts: Record<Language, string> = {
        en: `Are you sure you want to delete this store? ${DEMO} (Store Hash sandbox-demo) is removed from your list. Its products and content on BigCommerce are not touched. Cancel Delete`,
        vi: `Bạn có chắc chắn muốn xóa store này không? ${DEMO} (Store Hash sandbox-demo) sẽ bị xóa khỏi danh sách của bạn. Sản phẩm và nội dung của store trên BigCommerce không bị ảnh hưởng. Hủy Xóa`,
      };
      for (const language of LANGUAGES) {
        await chooseLanguage(page, language);
        await page.getByTestId('store-card').first().getByTestId('store-card-delete').click();
        const dialog = page.getByTestId('store-delete-dialog');
        await expectText(dialog, deleteTexts[language]);
        await report.check(page, `stores: the delete dialog (${language})`);
        await dialog.getByTestId('store-delete-dialog-cancel').click();
        await dialog.waitFor({ state: 'detached' });
      }
      await chooseLanguage(page, 'en');

      await goToTab(page, 'dump-product');
      await pickStore(page, STORES, DEMO);
      await page.getByTestId('search-value').fill('77');
      await Promise.all([
        page.waitForEvent('download', { timeout: 120_000 }),
        page.getByTestId('tool-submit').click(),
      ]);
      await page.getByTestId('tool-result').waitFor();
      await checkBothLanguages(page, report, 'dump-product with its result');

      await goToTab(page, 'dump-categories');
      await pickStore(page, STORES, DEMO);
      await Promise.all([
        page.waitForEvent('download', { timeout: 120_000 }),
        page.getByTestId('tool-submit').click(),
      ]);
      await page.getByTestId('tool-result').waitFor();
      await checkBothLanguages(page, report, 'dump-categories with its result');

      await goToTab(page, 'dump-widgets');
      await pickStore(page, STORES, DEMO);
      await Promise.all([
        page.waitForEvent('download', { timeout: 60_000 }),
        page.getByTestId('tool-submit').click(),
      ]);
      await page.getByTestId('tool-result').waitFor({ timeout: 60_000 });
      await checkBothLanguages(page, report, 'dump-widgets done');
      const widgets = await demoWidgetsDump(page);

      await goToTab(page, 'import-product');
      await page.getByTestId('source-store').check();
      await pickStore(page, STORES, DEMO, 'source-store-picker');
      await page.getByTestId('source-search-value').fill('77');
      await page.getByTestId('source-load').click();
      await page.getByTestId('dump-preview').waitFor({ timeout: 120_000 });
      await pickStore(page, STORES, EMPTY);
      await page.getByTestId('plan-action').waitFor({ timeout: 120_000 });
      await checkBothLanguages(page, report, 'import-product with its preview and check');

      await goToTab(page, 'import-widgets');
      await uploadJson(page, 'widgets-file', 'widgets.json', widgets);
      await page.getByTestId('pages-table').waitFor();
      await checkBothLanguages(page, report, 'import-widgets with its pages');

      await goToTab(page, 'reset-page-title');
      await pickStore(page, STORES, DEMO);
      await page.getByTestId('scope-specific').check();
      await page.getByTestId('target-value').fill('77, 78, 79');
      await page.getByTestId('preview-button').click();
      await expectText(page.getByTestId('preview-total'), '3', 15_000);
      await checkBothLanguages(page, report, 'reset-page-title with its preview');

      await goToTab(page, 'copy-description');
      await pickStore(page, STORES, DEMO, 'source-store-picker');
      await page.getByTestId('source-product-id').fill('77');
      await pickStore(page, STORES, DEMO, 'target-store-picker');
      await page.getByTestId('scope-specific').check();
      await page.getByTestId('target-value').fill('78, 79');
      await page.getByTestId('preview-button').click();
      await expectText(page.getByTestId('preview-total'), '2', 15_000);
      await checkBothLanguages(page, report, 'copy-description with its preview');
      report.verify();
    },
  },
  {
    name: 'Accessibility: the Keyword Extractor with its keyword tables and the missing-from-titles report, in English and Vietnamese',
    run: async ({ newPage }) => {
      const report = new AxeReport();
      const page = await openWithStores(newPage, 'keyword-extractor');
      await pickStore(page, STORES, DEMO);
      const channel = page.getByTestId('channel-select');
      await eventually(async () => assert.equal(await channel.locator('option[value="1"]').count(), 1));
      await channel.selectOption('1');
      await page.getByTestId('from-page').fill('1');
      await page.getByTestId('to-page').fill('2');
      await page.getByTestId('keyword-start').click();
      await page.getByTestId('keyword-completed').waitFor({ timeout: 120_000 });
      await page.getByTestId('missing-report-run').click();
      await page.getByTestId('missing-report-count').waitFor({ timeout: 120_000 });
      await checkBothLanguages(page, report, 'keyword-extractor with its report');
      report.verify();
    },
  },
  {
    name: 'Accessibility: Widgets Visualization with a dump: the treemap, its details by keyboard alone, a widget, compare mode; group names in Vietnamese',
    run: async ({ newPage, screenshot }) => {
      const report = new AxeReport();
      const page = await openPage(newPage);
      await page.goto('/?tab=widgets-visualization');
      await page.getByTestId('widgets-visualization').waitFor();
      const dump = await demoWidgetsDump(page);
      await uploadJson(page, 'dump-file', 'demo-widgets.json', dump);
      await page.getByTestId('dump-file-ok').waitFor();
      await eventually(async () =>
        assert.equal(await page.getByTestId('treemap').getAttribute('data-focus-id'), 'root'),
      );
      await checkBothLanguages(page, report, 'widgets-visualization with the demo dump');

      // Keyboard alone: Tab to the treemap, arrows to "Pages", the details key opens its details; Escape closes them
      // and the focus comes back to the treemap.
      const treemap = page.getByTestId('treemap');
      await treemap.focus();
      await eventually(async () => assert.equal(await activeNodeId(page), 'pages'));
      const details = page.getByTestId('treemap-details-button');
      await expectText(details, 'Details: Pages');
      await page.keyboard.press('d');
      const dialog = page.getByRole('dialog');
      await dialog.waitFor();
      await expectTextIncludes(dialog, 'Pages');
      await checkBothLanguages(page, report, 'widgets-visualization node details open');
      await page.keyboard.press('Escape');
      await eventually(async () => assert.equal(await dialog.count(), 0));
      // The details button (touch, pointer or Tab then Enter) opens the same details for the selected node.
      await page.keyboard.press('ArrowRight');
      await eventually(async () => assert.equal(await activeNodeId(page), 'templates'));
      await expectText(details, 'Details: Widget templates');
      await details.focus();
      await page.keyboard.press('Enter');
      await dialog.waitFor();
      await expectTextIncludes(dialog, 'Widget templates');
      await screenshot(page, 'widgets-visualization-details-by-keyboard');
      await page.keyboard.press('Escape');
      await eventually(async () => assert.equal(await dialog.count(), 0));

      // The group names are read in Vietnamese: breadcrumbs, the list a screen reader reads, the details.
      await chooseLanguage(page, 'vi');
      await expectBreadcrumbs(page, 'Tất cả');
      const options = page.getByTestId('treemap-level-list').locator('[role="option"]');
      await eventually(async () => {
        const texts = await options.allTextContents();
        assert.match(texts[0] ?? '', /^Các trang, Các trang · Số widget: \d+$/);
        assert.match(texts[1] ?? '', /^Các template widget, Các template widget · Số widget dùng: \d+$/);
      });
      await treemap.focus();
      await page.keyboard.press('Home');
      await page.keyboard.press('Enter');
      await expectBreadcrumbs(page, 'Tất cả/Các trang');
      await expectText(page.getByTestId('treemap-details-button'), 'Chi tiết: Các trang');
      await chooseLanguage(page, 'en');
      await expectBreadcrumbs(page, 'All/Pages');

      // A generated dump with global regions: named in Vietnamese too; and the compare mode.
      const generated = generateWidgetsDump({
        pages: 3,
        regions: 2,
        directWidgets: 2,
        layouts: 1,
        widgetsPerDropzone: 2,
      });
      generated.templates[0]!.template_file = null;
      await uploadJson(page, 'dump-file', 'generated.json', JSON.stringify(generated));
      await expectTextIncludes(page.getByTestId('dump-file-ok'), 'generated.json');
      await treemap.focus();
      await page.keyboard.press('Home');
      await page.keyboard.press('Enter');
      await eventually(async () =>
        assert.equal(await page.getByTestId('treemap').getAttribute('data-focus-id'), 'pages'),
      );
      const globalRegions = async (pattern: RegExp) =>
        eventually(async () => {
          const texts = await options.allTextContents();
          assert.equal(texts.filter((text) => pattern.test(text)).length, 1, texts.join(' | '));
        });
      await chooseLanguage(page, 'vi');
      await globalRegions(/^Vùng toàn cục, Trang · Số widget: 12$/);
      await report.check(page, 'widgets-visualization, the generated dump, its pages (vi)');
      await chooseLanguage(page, 'en');
      await globalRegions(/^Global regions, Page · Widgets: 12$/);
      assert.equal(await textOf(page.getByTestId('breadcrumb-current')), 'Pages');

      // A widget's configuration, by keyboard alone: the first box, level after level, until a widget opens.
      const configuration = page.getByTestId('widget-configuration');
      for (let step = 0; step < 6 && (await configuration.count()) === 0; step++) {
        const before = await treemap.getAttribute('data-focus-id');
        await treemap.focus();
        await page.keyboard.press('Home');
        await page.keyboard.press('Enter');
        await eventually(async () =>
          assert.ok(
            (await treemap.getAttribute('data-focus-id')) !== before || (await configuration.count()) > 0,
            'the treemap drilled in or opened a widget',
          ),
        );
      }
      await page.getByTestId('widget-configuration-json').waitFor();
      await checkBothLanguages(page, report, 'widgets-visualization, a widget configuration');
      await page.keyboard.press('Escape');
      await eventually(async () => assert.equal(await configuration.count(), 0));

      // Compare mode: another dump (more widgets), its differences listed and coloured.
      const more = generateWidgetsDump({
        pages: 3,
        regions: 2,
        directWidgets: 3,
        layouts: 1,
        widgetsPerDropzone: 2,
      });
      await uploadJson(page, 'compare-file', 'more.json', JSON.stringify(more));
      await page.getByTestId('differences').waitFor();
      await checkBothLanguages(page, report, 'widgets-visualization in compare mode');
      report.verify();
    },
  },
];
