// Journeys on a 390 x 844 phone (issue 31, "Accessibility and small screens"): the sticky header takes at most 96 px
// and no page scrolls sideways, on every tab in English and Vietnamese; a bulk-edit preview, the keyword tables and
// the missing-from-titles report show product names whole (cards or wrapping, never cut); the AI chat column is at
// least 340 px wide; a long press on the treemap opens a box's details (a finger has no right button); axe finds
// nothing critical or serious on these screens either.
import assert from 'node:assert/strict';
import type { Locator, Page } from 'playwright-core';
import { TAB_IDS, type TabId } from '../common/contracts/tabs';
import { STATIC_PAGE_TEMPLATE_IDS } from '../common/dumps/page-templates';
import { expectNoSeriousViolations } from './axe';
import { chooseLanguage, LANGUAGES, tabReady } from './accessibility.journeys';
import { eventually, type Journey } from './harness';
import {
  clientAddress,
  expectText,
  expectTextIncludes,
  holdStores,
  logIn,
  pickStore,
  savedStores,
  signUpByApi,
  type NewPage,
} from './helpers';

export const PHONE = {
  viewport: { width: 390, height: 844 },
  isMobile: true,
  hasTouch: true,
  deviceScaleFactor: 2,
};

const HEADER_MAX_PX = 96;
const CHAT_MIN_PX = 340;

const STORES = savedStores('e2e-phone', [
  { name: 'Harbour & Pine Demo', storeHash: 'sandbox-demo', apiToken: 'demo-token' },
]);
const DEMO = 'Harbour & Pine Demo';

/** A phone page (its own client address) whose browser holds the journey's store, on `tab` once it is shown. */
async function openPhone(newPage: NewPage, tab: TabId): Promise<Page> {
  const page = await newPage({ ...PHONE, extraHTTPHeaders: { 'x-forwarded-for': clientAddress() } });
  await holdStores(page, STORES);
  await page.goto(`/?tab=${tab}`);
  await page.getByTestId(tabReady(tab, false)).waitFor();
  return page;
}

/** The page's layout as the phone shows it: the header's height and how wide the page scrolls. */
async function layout(page: Page): Promise<{ header: number; scrollWidth: number }> {
  return page.evaluate(() => ({
    header: Math.round(document.querySelector('header')?.getBoundingClientRect().height ?? 0),
    scrollWidth: document.scrollingElement?.scrollWidth ?? 0,
  }));
}

async function expectPhoneLayout(page: Page, context: string): Promise<void> {
  const { header, scrollWidth } = await layout(page);
  assert.ok(header > 0 && header <= HEADER_MAX_PX, `${context}: the header is ${header} px (at most 96)`);
  assert.ok(scrollWidth <= 390, `${context}: the page is ${scrollWidth} px wide (no sideways scroll at 390)`);
}

/** Each element shows its whole text: nothing cut by an ellipsis or hidden past its box; the texts, in order. */
async function wholeTexts(elements: Locator): Promise<string[]> {
  const shown = await elements.evaluateAll((nodes) =>
    nodes.map((node) => ({
      text: (node.textContent ?? '').trim(),
      cut: node.scrollWidth > node.clientWidth + 1 || node.scrollHeight > node.clientHeight + 1,
      width: Math.round(node.getBoundingClientRect().width),
    })),
  );
  for (const { text, cut, width } of shown) assert.ok(!cut, `"${text}" is shown whole (box ${width} px)`);
  return shown.map(({ text }) => text);
}

async function productName(page: Page, id: number): Promise<string> {
  const res = await page.request.get(`/sandbox/stores/sandbox-demo/v3/catalog/products/${id}`, {
    headers: { 'X-Auth-Token': 'demo-token' },
  });
  return ((await res.json()) as { data: { name: string } }).data.name;
}

/**
 * The demo store's widgets dump of every static page (long names such as pages/order-confirmation) and a product's
 * page (its new id searched), chosen as the file of the field `fileTestId`.
 */
async function chooseDemoPagesDump(
  page: Page,
  fileTestId: string,
): Promise<{ templates: { template_file: string | null }[] }> {
  const res = await page.request.post('/api/dump-widgets', {
    data: {
      storeCredentials: { storeHash: 'sandbox-demo', accessToken: 'demo-token' },
      dumpMode: 'selected',
      selectedTemplates: [...STATIC_PAGE_TEMPLATE_IDS, 'product'],
      entityIds: { product: '77' },
    },
    timeout: 60_000,
  });
  const dump = ((await res.json()) as { data: { templates: { template_file: string | null }[] } }).data;
  await page.getByTestId(fileTestId).setInputFiles({
    name: 'demo.json',
    mimeType: 'application/json',
    buffer: Buffer.from(JSON.stringify(dump)),
  });
  return dump;
}

export const phoneJourneys: Journey[] = [
  {
    name: 'Phone 390 px: every tab, English and Vietnamese: the header at most 96 px high, no sideways scroll',
    run: async ({ newPage, screenshot }) => {
      const page = await openPhone(newPage, 'stores');
      for (const language of LANGUAGES) {
        for (const tab of TAB_IDS) {
          await page.goto(`/?tab=${tab}`);
          await page.getByTestId(tabReady(tab, false)).waitFor();
          await page.getByTestId('login-link').waitFor();
          await chooseLanguage(page, language);
          await expectPhoneLayout(page, `${tab} (${language})`);
        }
      }
      await page.goto('/?tab=dump-product');
      await page.getByTestId('dump-product').waitFor();
      await screenshot(page, 'phone-dump-product-vi');
      // The sidebar is one menu button away.
      await page.getByTestId('menu-button').click();
      await page.getByTestId('sidebar').locator('[data-tab="keyword-extractor"]').click();
      await page.getByTestId('keyword-extractor').waitFor();
      await chooseLanguage(page, 'en');
      await expectNoSeriousViolations(page, 'keyword-extractor on a phone');
    },
  },
  {
    name: 'Phone 390 px: a Reset Page Title preview shows each product name whole',
    run: async ({ newPage, screenshot }) => {
      const page = await openPhone(newPage, 'reset-page-title');
      await pickStore(page, STORES, DEMO);
      await page.getByTestId('scope-specific').check();
      await page.getByTestId('target-value').fill('77, 78, 79');
      await page.getByTestId('preview-button').click();
      await expectText(page.getByTestId('preview-total'), '3', 15_000);
      const expected = await Promise.all([77, 78, 79].map((id) => productName(page, id)));
      const names = page.getByTestId('preview-table-card-name');
      await eventually(async () => assert.equal(await names.count(), 3));
      assert.deepEqual(await wholeTexts(names), expected);
      for (const name of await names.all()) assert.equal(await name.isVisible(), true);
      await expectPhoneLayout(page, 'reset-page-title with its preview');
      await expectNoSeriousViolations(page, 'reset-page-title preview on a phone');
      await screenshot(page, 'phone-reset-page-title-preview');
    },
  },
  {
    name: 'Phone 390 px: the import previews show names whole: Import Product’s product, Import Widgets’ pages',
    run: async ({ newPage, screenshot }) => {
      const page = await openPhone(newPage, 'import-product');
      await page.getByTestId('source-store').check();
      await pickStore(page, STORES, DEMO, 'source-store-picker');
      await page.getByTestId('source-search-value').fill('77');
      await page.getByTestId('source-load').click();
      await page.getByTestId('dump-preview').waitFor({ timeout: 120_000 });
      assert.deepEqual(await wholeTexts(page.getByTestId('preview-name')), [await productName(page, 77)]);
      await expectPhoneLayout(page, 'import-product with its preview');
      await screenshot(page, 'phone-import-product-preview');

      await page.goto('/?tab=import-widgets');
      await page.getByTestId('import-widgets').waitFor();
      const dump = await chooseDemoPagesDump(page, 'widgets-file');
      await page.getByTestId('pages-table').waitFor();
      const files = await wholeTexts(page.getByTestId('page-template-file'));
      assert.deepEqual(
        files,
        dump.templates.map((template) => template.template_file ?? 'Global regions'),
      );
      await expectPhoneLayout(page, 'import-widgets with its pages');
      await expectNoSeriousViolations(page, 'import-widgets pages on a phone');
      await screenshot(page, 'phone-import-widgets-pages');

      // The product page's new entity id searches the target store (issue 31): its matches open wider than the
      // cell, within the phone's width, and the page still does not scroll sideways.
      await pickStore(page, STORES, DEMO);
      const productRow = page.getByTestId('page-row').filter({ hasText: 'pages/product' });
      const cellInput = productRow.getByTestId('page-entity-id');
      const word = (await productName(page, 77)).split(' ')[0]!;
      await cellInput.fill(word);
      const matches = productRow.getByTestId('page-entity-id-matches');
      await eventually(
        async () =>
          assert.ok((await matches.getByRole('option').count()) > 0, `${word}: ${await matches.innerText()}`),
        10_000,
      );
      const [input, list] = [await cellInput.boundingBox(), await matches.boundingBox()];
      assert.ok(input && list, 'the field and its matches are shown');
      assert.ok(list.width > input.width * 1.5, `matches ${list.width} px wide, the field ${input.width} px`);
      assert.ok(
        list.x >= 0 && list.x + list.width <= 390,
        `matches from ${list.x} px, ${list.width} px wide`,
      );
      await expectPhoneLayout(page, 'import-widgets with a new entity id searched');
      await expectNoSeriousViolations(page, 'import-widgets new entity id matches on a phone');
      await screenshot(page, 'phone-import-widgets-entity-picker');
      await cellInput.press('Escape');
      await matches.waitFor({ state: 'hidden' });
    },
  },
  {
    name: 'Phone 390 px: the Keyword Extractor’s tables and its missing-from-titles report show names whole',
    run: async ({ newPage, screenshot }) => {
      const page = await openPhone(newPage, 'keyword-extractor');
      await pickStore(page, STORES, DEMO);
      const channel = page.getByTestId('channel-select');
      await eventually(async () => assert.equal(await channel.locator('option[value="1"]').count(), 1));
      await channel.selectOption('1');
      await page.getByTestId('from-page').fill('1');
      await page.getByTestId('to-page').fill('1');
      await page.getByTestId('keyword-start').click();
      await page.getByTestId('keyword-completed').waitFor({ timeout: 120_000 });
      await expectPhoneLayout(page, 'keyword-extractor with its tables');
      await wholeTexts(page.getByTestId('keywords-1').getByTestId('keyword'));

      // A keyword's products, and the report: names whole.
      await page.getByTestId('keywords-2').getByTestId('keyword').first().click();
      await page.getByTestId('keyword-products').waitFor();
      const listed = await wholeTexts(page.getByTestId('keyword-product-name'));
      assert.ok(listed.length > 0 && listed.every((name) => name.length > 5), listed.join(' | '));
      await page.getByTestId('missing-report-run').click();
      await page.getByTestId('missing-report-count').waitFor({ timeout: 120_000 });
      const missing = await wholeTexts(page.getByTestId('missing-line-name'));
      assert.ok(missing.length > 0 && missing.every((name) => name.length > 5), missing.join(' | '));
      await expectPhoneLayout(page, 'keyword-extractor with its report');
      await expectNoSeriousViolations(page, 'keyword-extractor report on a phone');
      await screenshot(page, 'phone-keyword-report');
    },
  },
  {
    name: 'Phone 390 px: the AI chat column is at least 340 px wide; the history opens above it',
    run: async ({ newPage, baseUrl, screenshot }) => {
      const page = await openPhone(newPage, 'stores');
      const email = `phone-chat-${Date.now()}@example.com`;
      await signUpByApi(baseUrl, { name: 'Phone Chat', email, password: 'phone-secret-1' });
      await logIn(page, email, 'phone-secret-1');
      await page.goto('/?tab=ai-assistant');
      await page.getByTestId('chat-welcome').waitFor();
      const column = async () =>
        Math.round((await page.getByTestId('chat-messages').boundingBox())?.width ?? 0);
      assert.ok((await column()) >= CHAT_MIN_PX, `the chat column is ${await column()} px`);
      await page.getByTestId('chat-starter').first().click();
      await expectTextIncludes(page.getByTestId('chat-message-assistant').first(), 'Sources', 15_000);
      assert.ok((await column()) >= CHAT_MIN_PX, `the chat column is ${await column()} px`);
      await expectPhoneLayout(page, 'ai-assistant with an answer');
      await page.getByTestId('chat-sidebar-toggle').click();
      await page.getByTestId('chat-session').first().waitFor();
      await expectPhoneLayout(page, 'ai-assistant with its history open');
      await expectNoSeriousViolations(page, 'ai-assistant on a phone');
      await screenshot(page, 'phone-chat');
    },
  },
  {
    name: 'Phone 390 px: a long press on a treemap box opens its details',
    run: async ({ newPage }) => {
      const page = await openPhone(newPage, 'widgets-visualization');
      await chooseDemoPagesDump(page, 'dump-file');
      const label = page.locator('[data-testid="treemap-label"][data-node-id="pages"]');
      await label.waitFor();
      await label.scrollIntoViewIfNeeded();
      const box = await label.boundingBox();
      assert.ok(box);
      const point = { x: Math.round(box.x + 8), y: Math.round(box.y + 8) };
      const cdp = await page.context().newCDPSession(page);
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [point] });
      const dialog = page.getByTestId('node-details');
      await dialog.waitFor({ timeout: 3_000 });
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
      await expectText(page.getByTestId('node-details-title'), 'Pages');
      // The lift did not drill in: the treemap still shows the whole dump.
      assert.equal(await page.getByTestId('treemap').getAttribute('data-focus-id'), 'root');
      await expectPhoneLayout(page, 'widgets-visualization with a dump');
    },
  },
];
