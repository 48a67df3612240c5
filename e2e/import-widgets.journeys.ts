// Journeys of Import Widgets (issue 13; spec part 1 §2, §4, §5, §7, §8) against the real server and its sandbox: a
// dump of the demo store is imported into an empty store of the journey's own (so the other journeys' stores stay as
// they were), with the missing custom templates created, and one page is restored from its backup. Expected texts are
// written out from the spec, not imported from the catalogues, so a wrong catalogue entry fails.
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import type { Locator, Page } from 'playwright-core';
import { chooseLanguage } from './accessibility.journeys';
import { expectNoSeriousViolations } from './axe';
import { eventually, type Journey } from './harness';
import {
  expectText,
  localNumber,
  openToolWithStores,
  pickStore,
  savedStores,
  squash,
  textOf,
  type NewPage,
} from './helpers';

const TARGET_HASH = 'sandbox-e2e-import-widgets';
const TARGET_TOKEN = 'import-widgets-token';
const WRONG_HASH = 'sandbox-e2e-import-widgets-wrong';

type Json = Record<string, unknown>;
type Widget = {
  name?: string;
  widget_template_uuid?: string;
  type?: string;
  dropzones?: { widgets?: Widget[] }[];
};
type DumpPage = {
  template_file: string | null;
  entity_id: string | null;
  snapshot: { regions: { name: string; children: Widget[] }[] };
};
type Dump = Json & { templates: DumpPage[]; widgetTemplates: { uuid: string; name: string; kind: string }[] };

const STORES = savedStores('e2e-import-widgets', [
  { name: 'Harbour & Pine Demo', storeHash: 'sandbox-demo', apiToken: 'demo-token' },
  { name: 'Import Target', storeHash: TARGET_HASH, apiToken: TARGET_TOKEN },
  { name: 'Wrong Token', storeHash: WRONG_HASH, apiToken: 'not-the-token' },
]);

/** The stores of the journey in the browser (as the Store Manager saves them), on the Import Widgets tab. */
function openImportWidgets(newPage: NewPage): Promise<Page> {
  return openToolWithStores(newPage, {
    tab: 'import-widgets',
    stores: STORES,
    // Made afresh for each journey.
    create: [
      { hash: TARGET_HASH, token: TARGET_TOKEN, kind: 'empty' },
      { hash: WRONG_HASH, token: 'the-right-token', kind: 'empty' },
    ],
    // The wrong token's template list fails on purpose.
    page: { allowedFailedPaths: ['/api/import-widgets/templates'] },
  });
}

async function sandboxGet(page: Page, hash: string, token: string, path: string): Promise<Json> {
  const res = await page.request.get(`/sandbox/stores/${hash}${path}`, {
    headers: { 'X-Auth-Token': token },
  });
  assert.equal(res.status(), 200, path);
  return (await res.json()) as Json;
}

/** Widgets of a page of the target store, as BigCommerce's page-widgets call answers it. */
async function targetPageWidgets(page: Page, templateFile: string, entityId: string | null): Promise<number> {
  const query = new URLSearchParams({ channel_id: '1', template_file: templateFile });
  if (entityId) query.set('entity_id', entityId);
  const body = await sandboxGet(page, TARGET_HASH, TARGET_TOKEN, `/v3/content/page-widgets?${query}`);
  return countWidgets((body.data as DumpPage['snapshot']).regions);
}

/** Names of the widgets of a page of the target store. */
async function targetWidgetNames(page: Page, templateFile: string): Promise<string[]> {
  const query = new URLSearchParams({ channel_id: '1', template_file: templateFile });
  const body = await sandboxGet(page, TARGET_HASH, TARGET_TOKEN, `/v3/content/page-widgets?${query}`);
  const names: string[] = [];
  for (const region of (body.data as DumpPage['snapshot']).regions) {
    for (const child of region.children) {
      if (child.dropzones)
        for (const zone of child.dropzones) names.push(...(zone.widgets ?? []).map((w) => w.name ?? ''));
      else names.push(child.name ?? '');
    }
  }
  return names;
}

/** Publishes one widget of a built-in template on the target's home page (BigCommerce's page-widgets call). */
async function seedTargetHome(page: Page, region: string): Promise<void> {
  const templates = (
    await sandboxGet(page, TARGET_HASH, TARGET_TOKEN, '/v3/content/widget-templates?limit=250')
  ).data as { uuid: string; kind: string }[];
  const builtIn = templates.find((t) => t.kind !== 'custom');
  assert.ok(builtIn, 'the target has a built-in template');
  const res = await page.request.post(`/sandbox/stores/${TARGET_HASH}/v3/content/page-widgets`, {
    headers: { 'X-Auth-Token': TARGET_TOKEN },
    data: {
      channel_id: 1,
      template_file: 'pages/home',
      regions: [
        {
          name: region,
          children: [
            { type: 'widget', widget_template_uuid: builtIn.uuid, name: 'Target welcome', configuration: {} },
          ],
        },
      ],
    },
  });
  assert.ok(res.status() < 300, `seeding the target's home page: ${res.status()} ${await res.text()}`);
}

function countWidgets(regions: DumpPage['snapshot']['regions']): number {
  let count = 0;
  for (const region of regions) {
    for (const child of region.children) {
      if (child.type === 'layout' || (child.type === undefined && child.dropzones !== undefined)) {
        for (const zone of child.dropzones ?? []) count += zone.widgets?.length ?? 0;
      } else count++;
    }
  }
  return count;
}

/** The template uuid of every widget, one entry per widget. */
function widgetUuids(regions: DumpPage['snapshot']['regions']): string[] {
  const uuids: string[] = [];
  for (const region of regions) {
    for (const child of region.children) {
      if (child.dropzones) {
        for (const zone of child.dropzones)
          uuids.push(...(zone.widgets ?? []).map((w) => w.widget_template_uuid ?? ''));
      } else uuids.push(child.widget_template_uuid ?? '');
    }
  }
  return uuids;
}

function usedUuids(regions: DumpPage['snapshot']['regions']): Set<string> {
  const uuids = new Set<string>();
  const add = (widget: Widget) => widget.widget_template_uuid && uuids.add(widget.widget_template_uuid);
  for (const region of regions) {
    for (const child of region.children) {
      add(child);
      for (const zone of child.dropzones ?? []) for (const widget of zone.widgets ?? []) add(widget);
    }
  }
  return uuids;
}

const MANY = 1250;

/**
 * The dump with its home page alone, holding `n` widgets of a custom template of its own (one no store has: each
 * import skips them all without "Create missing templates automatically").
 */
function manyMissingWidgets(dump: Dump, home: DumpPage, n: number): Dump {
  const custom = dump.widgetTemplates.find((t) => t.kind === 'custom');
  assert.ok(custom, 'the demo dump has a custom template');
  const uuid = 'e2e00000-0000-4000-8000-000000001250';
  const region = home.snapshot.regions[0]?.name ?? 'home_below_menu';
  const widgets = Array.from({ length: n }, (_, i) => ({
    type: 'widget',
    name: `Tile ${String(i + 1)}`,
    widget_template_uuid: uuid,
    configuration: {},
  }));
  return {
    ...dump,
    templates: [{ ...home, snapshot: { regions: [{ name: region, children: widgets }] } }],
    widgetTemplates: [...dump.widgetTemplates, { ...custom, uuid, name: 'E2E tile' }],
  };
}

/** The demo store's home page and a product page, dumped by the server's Dump Widgets. */
async function dumpDemo(page: Page): Promise<Dump> {
  const res = await page.request.post('/api/dump-widgets', {
    data: {
      storeCredentials: { storeHash: 'sandbox-demo', accessToken: 'demo-token' },
      dumpMode: 'selected',
      selectedTemplates: ['home', 'product'],
      entityIds: { product: '77' },
    },
  });
  assert.equal(res.status(), 200);
  const body = (await res.json()) as { success: boolean; data: Dump };
  assert.equal(body.success, true);
  return body.data;
}

async function upload(page: Page, name: string, content: string): Promise<void> {
  await page.getByTestId('widgets-file').setInputFiles({
    name,
    mimeType: 'application/json',
    buffer: Buffer.from(content, 'utf8'),
  });
}

const rowOf = (page: Page, templateFile: string): Locator =>
  page
    .getByTestId('page-row')
    .filter({ has: page.getByTestId('page-template-file').getByText(templateFile, { exact: true }) });

export const importWidgetsJourneys: Journey[] = [
  {
    name: 'Import Widgets: the file’s messages, loading templates, none selected, a wrong token; without auto-create MISSING widgets are skipped; 1,250 of them counted in English and Vietnamese',
    run: async ({ newPage }) => {
      const page = await openImportWidgets(newPage);
      const fileError = page.getByTestId('widgets-file-error');

      // Spec part 1 §5: the name, the parse, the format, the pages.
      await upload(page, 'widgets.txt', '{"templates": []}');
      await expectText(fileError, 'Please select a JSON file');
      await upload(page, 'widgets.json', '{"templates": [');
      await expectText(fileError, 'Invalid JSON file');
      await upload(page, 'widgets.json', '{"pages": []}');
      await expectText(fileError, 'Invalid JSON format. Required format from Dump Widgets or array of pages');
      await upload(page, 'widgets.json', '{"storeHash": "x", "templates": []}');
      await expectText(fileError, 'JSON file contains no pages');
      await upload(page, 'pages.json', '[]');
      await expectText(fileError, 'JSON file contains no pages');
      assert.equal(await page.getByTestId('pages-table').count(), 0);

      // No store: the spec's message, for the templates and for the import.
      await pickStore(page, STORES, 'Import Target');
      await page.getByTestId('store-picker-select').selectOption({ index: 0 });
      await page.getByTestId('load-templates').click();
      await expectText(page.getByTestId('templates-error'), 'Please select a store');
      await page.getByTestId('tool-submit').click();
      await expectText(page.getByTestId('tool-error'), 'Please select a store');
      // In Vietnamese, the spec's own words (spec part 1 §5).
      await page.getByTestId('language-switch').selectOption('vi');
      await page.getByTestId('tool-submit').click();
      await expectText(page.getByTestId('tool-error'), 'Vui lòng chọn store');
      await expectText(page.getByTestId('tool-submit'), 'Nhập');
      await page.getByTestId('language-switch').selectOption('en');

      // A good file, nothing selected (the import is refused before any call).
      const dump = await dumpDemo(page);
      await pickStore(page, STORES, 'Import Target');
      await upload(page, 'bc-widgets-dump.json', JSON.stringify(dump));
      await expectText(
        page.getByTestId('widgets-file-loaded'),
        `Loaded bc-widgets-dump.json: ${dump.templates.length} pages, ${dump.widgetTemplates.length} widget templates`,
      );
      assert.equal(await page.getByTestId('page-row').count(), dump.templates.length);
      await page.getByTestId('tool-submit').click();
      await expectText(page.getByTestId('tool-error'), 'Please select at least one page to import');
      // Before the target's templates are known, the screen says to load them.
      await page.getByTestId('templates-not-loaded').waitFor();

      // A bare array of pages is read too; it names no templates to create.
      await upload(page, 'pages.json', JSON.stringify(dump.templates));
      await expectText(
        page.getByTestId('widgets-file-loaded'),
        `Loaded pages.json: ${dump.templates.length} pages, 0 widget templates`,
      );
      await page.getByTestId('no-source-templates').waitFor();
      assert.equal(await page.getByTestId('auto-create').count(), 0);

      // The channel reads as 1 when it is not a whole number of at least 1.
      await page.getByTestId('channel-id').fill('0');
      await page.getByTestId('channel-id').blur();
      assert.equal(await page.getByTestId('channel-id').inputValue(), '1');

      // The target's templates: the server's words when the store refuses.
      await pickStore(page, STORES, 'Wrong Token');
      await page.getByTestId('load-templates').click();
      await expectText(page.getByTestId('templates-error'), /^BigCommerce rejected the API token \(401\)/);
      await pickStore(page, STORES, 'Import Target');
      assert.equal(await page.getByTestId('templates-error').count(), 0);
      await page.getByTestId('load-templates').click();
      await expectText(
        page.getByTestId('templates-loaded'),
        /^The target has \d+ widget templates on channel 1 \(0 custom\)\.$/,
      );

      // Without auto-create, the widgets of the missing templates are skipped and logged 'MISSING: …'.
      await upload(page, 'bc-widgets-dump.json', JSON.stringify(dump));
      const home = dump.templates.find((p) => p.template_file === 'pages/home');
      assert.ok(home);
      const custom = new Set(dump.widgetTemplates.filter((t) => t.kind === 'custom').map((t) => t.uuid));
      const skipped = [...widgetUuids(home.snapshot.regions)].filter((uuid) => custom.has(uuid)).length;
      assert.ok(skipped > 0, 'the home page uses custom templates');
      await expectText(
        page.getByTestId('auto-create-note'),
        'Without it, the widgets that use a missing template are skipped; the rest of each page is imported.',
      );
      await rowOf(page, 'pages/home').getByTestId('page-select').check();
      await page.getByTestId('tool-submit').click();
      // Asked first: the dialog names the store and the number of pages (issue 31).
      await expectText(page.getByTestId('confirm-dialog'), /Pages to publish in .+: 1\./);
      // Issue 44: the dialog names what will be skipped, and why.
      await expectText(
        page.getByTestId('confirm-dialog-details'),
        new RegExp(
          `^Widgets that will be skipped: ${skipped} on 1 page\\(s\\)\\. Their custom template is missing in this store and will not be created .* pages/home: .+ \\(template .+\\)`,
        ),
      );
      await expectNoSeriousViolations(page, 'import-widgets confirmation with skipped widgets (en)');
      await page.getByTestId('confirm-dialog-confirm').click();
      const result = page.getByTestId('page-result');
      await eventually(async () => assert.equal(await result.count(), 1), 30_000);
      await expectText(result.getByTestId('page-result-status'), 'Imported');
      await expectText(
        result.getByTestId('page-result-widgets'),
        String(countWidgets(home.snapshot.regions) - skipped),
      );
      await result.getByTestId('page-result-logs').locator('summary').click();
      const logs = (await result.getByTestId('page-result-logs').locator('li').allInnerTexts()).map(squash);
      assert.equal(logs.filter((line) => line.startsWith('MISSING: ')).length, skipped);
      assert.equal(await page.getByTestId('created-templates').count(), 0);
      // Issue 44: the result is a warning (amber, not green) that names the skipped widgets, with their count.
      assert.match(String(await page.getByTestId('tool-result').getAttribute('class')), /amber/);
      await expectText(
        page.getByTestId('skipped-widgets'),
        new RegExp(
          `^Widgets skipped: ${skipped} on 1 page\\(s\\), because their custom template is missing in this store: pages/home: .+ \\(template .+\\)`,
        ),
      );
      // In Vietnamese: the result, and the confirmation of the same import again.
      await chooseLanguage(page, 'vi');
      await expectText(
        page.getByTestId('skipped-widgets'),
        new RegExp(`^Widget đã bị bỏ qua: ${skipped} trên 1 trang`),
      );
      await page.getByTestId('tool-submit').click();
      await expectText(
        page.getByTestId('confirm-dialog-details'),
        new RegExp(`^Widget sẽ bị bỏ qua: ${skipped} trên 1 trang\\. Template tùy chỉnh`),
      );
      await expectNoSeriousViolations(page, 'import-widgets confirmation with skipped widgets (vi)');
      await page.getByTestId('confirm-dialog-cancel').click();

      // Issue 44: counts over a thousand in the reader's language ('1.250' in Vietnamese, '1,250' in English): a home
      // page of 1,250 widgets whose custom template the target lacks, in the table, the confirmation and the result.
      const many = manyMissingWidgets(dump, home, MANY);
      await upload(page, 'many-widgets.json', JSON.stringify(many));
      const manyRow = rowOf(page, 'pages/home');
      await expectText(manyRow.getByTestId('page-widgets'), '1.250');
      await expectText(manyRow.getByTestId('page-missing-widgets'), '1.250 widget dùng template còn thiếu');
      await manyRow.getByTestId('page-select').check();
      await page.getByTestId('tool-submit').click();
      await expectText(
        page.getByTestId('confirm-dialog-details'),
        /^Widget sẽ bị bỏ qua: 1\.250 trên 1 trang\. /,
      );
      await page.getByTestId('confirm-dialog-cancel').click();
      await page.getByTestId('confirm-dialog').waitFor({ state: 'detached' });
      await chooseLanguage(page, 'en');
      await expectText(manyRow.getByTestId('page-widgets'), '1,250');
      await expectText(manyRow.getByTestId('page-missing-widgets'), '1,250 with a missing template');
      await page.getByTestId('tool-submit').click();
      await expectText(
        page.getByTestId('confirm-dialog-details'),
        /^Widgets that will be skipped: 1,250 on 1 page\(s\)\. /,
      );
      await page.getByTestId('confirm-dialog-confirm').click();
      await expectText(
        page.getByTestId('skipped-widgets'),
        /^Widgets skipped: 1,250 on 1 page\(s\), because/,
        60_000,
      );
      const manyLogs = page.getByTestId('page-result').getByTestId('page-result-logs').locator('summary');
      const logLines = Number(
        (await textOf(manyLogs)).replace(/^Logs \(([\d,]+)\)$/, '$1').replaceAll(',', ''),
      );
      assert.ok(logLines >= MANY, `a MISSING: line per skipped widget: ${String(logLines)}`);
      await expectText(manyLogs, `Logs (${localNumber(logLines, 'en')})`);
      await chooseLanguage(page, 'vi');
      await expectText(page.getByTestId('skipped-widgets'), /^Widget đã bị bỏ qua: 1\.250 trên 1 trang, vì/);
      await expectText(manyLogs, `Nhật ký (${localNumber(logLines, 'vi')})`);
      await chooseLanguage(page, 'en');
    },
  },
  {
    name: 'Import Widgets: MISSING: templates, pages with a new entity id, import with auto-create, results, Restore',
    run: async ({ newPage, screenshot }) => {
      const page = await openImportWidgets(newPage);
      const dump = await dumpDemo(page);
      const home = dump.templates.find((p) => p.template_file === 'pages/home');
      const product = dump.templates.find((p) => p.template_file === 'pages/product');
      assert.ok(home && product, 'the dump holds the home page and the product page');
      assert.equal(product.entity_id, '77');
      // The empty store has no products: one is made there, with an id of its own.
      const made = await page.request.post(`/sandbox/stores/${TARGET_HASH}/v3/catalog/products`, {
        headers: { 'X-Auth-Token': TARGET_TOKEN },
        data: { name: 'Harbour Mug (target)', type: 'physical', weight: 1, price: 12 },
      });
      assert.ok(made.status() < 300, await made.text());
      const newProductId = String(((await made.json()) as { data: { id: number } }).data.id);
      assert.notEqual(newProductId, '77');
      // The target's home page holds one widget of its own before the import: the backup keeps it.
      const seedRegion = home.snapshot.regions[0]?.name ?? 'home_below_menu';
      await seedTargetHome(page, seedRegion);
      assert.equal(await targetPageWidgets(page, 'pages/home', null), 1);

      await pickStore(page, STORES, 'Import Target');
      await page.getByTestId('load-templates').click();
      await expectText(page.getByTestId('templates-loaded'), /\(0 custom\)\.$/);
      await upload(page, 'bc-widgets-dump.json', JSON.stringify(dump));

      // Every custom template of the dump is missing in an empty store, each marked MISSING: (spec part 1 §4, §8).
      const custom = dump.widgetTemplates.filter((t) => t.kind === 'custom');
      assert.ok(custom.length > 0, 'the demo dump has custom templates');
      const rows = page.getByTestId('missing-template-row');
      await eventually(async () => assert.equal(await rows.count(), custom.length));
      const marked = (await rows.locator('td:first-child').allInnerTexts()).map(squash);
      assert.deepEqual(marked.sort(), custom.map((t) => `MISSING: ${t.name}`).sort());
      await expectText(
        page.getByTestId('auto-create-note'),
        'Without it, the widgets that use a missing template are skipped; the rest of each page is imported.',
      );

      // The import replaces each page whole (page-widgets.v3.yml:50-62), and the screen says so before anything is sent.
      await expectText(
        page.getByTestId('replace-note'),
        'Importing replaces the whole content of each selected page in the target store: BigCommerce’s page-widgets call overwrites the page, it does not add to it. Each page’s current content is saved first, to download or restore from the results.',
      );
      await page.getByTestId('language-switch').selectOption('vi');
      await expectText(
        page.getByTestId('replace-note'),
        'Nhập sẽ thay toàn bộ nội dung của từng trang đã chọn trong store đích: lệnh page-widgets của BigCommerce ghi đè trang chứ không thêm vào. Nội dung hiện tại của mỗi trang được lưu trước, để tải về hoặc khôi phục từ phần kết quả.',
      );
      await page.getByTestId('language-switch').selectOption('en');

      // The pages table: widgets count and the new entity id prefilled with the dump's.
      const homeRow = rowOf(page, 'pages/home');
      const productRow = rowOf(page, 'pages/product');
      await expectText(homeRow.getByTestId('page-widgets'), String(countWidgets(home.snapshot.regions)));
      assert.equal(await productRow.getByTestId('page-entity-id').inputValue(), '77');

      // The details tree: regions, then widgets with their template names; Escape closes it.
      await homeRow.getByTestId('page-details-button').click();
      const details = page.getByTestId('page-details');
      await details.waitFor();
      await screenshot(page, 'import-widgets-details');
      const regionNames = home.snapshot.regions.map((r) => r.name);
      const treeText = await textOf(details);
      for (const name of regionNames)
        assert.ok(treeText.includes(`Region: ${name}`), `the tree names ${name}`);
      assert.equal(await details.getByTestId('tree-widget').count(), countWidgets(home.snapshot.regions));
      assert.ok(treeText.includes('MISSING:'), 'widgets of missing templates are marked');
      assert.equal(
        await page.evaluate(() => document.activeElement?.getAttribute('data-testid')),
        'page-details-close',
      );
      await page.keyboard.press('Escape');
      await eventually(async () => assert.equal(await details.count(), 0));
      await eventually(async () =>
        assert.equal(
          await page.evaluate(() => document.activeElement?.getAttribute('data-testid')),
          'page-details-button',
        ),
      );

      // Select all, the product page to another product of the target; a bad id is refused first.
      await page.getByTestId('select-all-pages').check();
      await expectText(
        page.getByTestId('selected-count'),
        `${dump.templates.length} of ${dump.templates.length} pages selected`,
      );
      await productRow.getByTestId('page-entity-id').fill('abc');
      await page.getByTestId('tool-submit').click();
      await expectText(
        page.getByTestId('tool-error'),
        'New entity ID "abc" for pages/product #77 must be a positive whole number',
      );
      // The new id found by name in the target store (issue 31): typed words list its products, wider than the
      // cell; the keyboard picks one, and its id is what the field holds.
      const cellInput = productRow.getByRole('combobox', { name: 'New entity ID for pages/product #77' });
      await cellInput.fill('Harbour Mug');
      const option = productRow.getByRole('option', {
        name: new RegExp(`^Harbour Mug \\(target\\).*#${newProductId}$`),
      });
      await option.waitFor();
      const [input, list] = [
        await cellInput.boundingBox(),
        await productRow.getByTestId('page-entity-id-matches').boundingBox(),
      ];
      assert.ok(
        input && list && list.width > input.width * 1.5,
        `matches ${list?.width} px, field ${input?.width} px`,
      );
      // Nothing clips the list (the table scrolls sideways): the option is what is on screen where it stands.
      assert.equal(
        await option.evaluate((element) => {
          const box = element.getBoundingClientRect();
          return element.contains(document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2));
        }),
        true,
      );
      await cellInput.press('ArrowDown');
      await eventually(async () => assert.equal(await option.getAttribute('aria-selected'), 'true'));
      await cellInput.press('Enter');
      await eventually(async () => assert.equal(await cellInput.inputValue(), newProductId));
      await page.getByTestId('auto-create').check();
      await expectText(
        page.getByTestId('auto-create-note'),
        'The missing custom templates are created in the target before the pages are written.',
      );
      await screenshot(page, 'import-widgets-ready');

      // Import: 'Importing...' while it runs, then one result per page.
      await page.request.put(`/sandbox/__control/stores/${TARGET_HASH}/settings`, {
        data: { latencyMs: 120 },
      });
      await page.getByTestId('tool-submit').click();
      await page.getByTestId('confirm-dialog-confirm').click();
      await expectText(page.getByTestId('tool-submit'), 'Importing...');
      assert.equal(await page.getByTestId('tool-submit').isDisabled(), true);
      await expectText(page.getByTestId('tool-progress'), /^Import steps done: \d+ of \d+$/, 30_000);
      const results = page.getByTestId('page-result');
      await eventually(async () => assert.equal(await results.count(), dump.templates.length), 60_000);
      await page.request.put(`/sandbox/__control/stores/${TARGET_HASH}/settings`, { data: { latencyMs: 0 } });
      await expectText(page.getByTestId('tool-submit'), 'Import');
      await expectText(
        page.getByTestId('tool-result').locator('p').first(),
        `${dump.templates.length} of ${dump.templates.length} pages imported`,
      );
      assert.deepEqual(
        (await results.getByTestId('page-result-status').allInnerTexts()).map(squash),
        dump.templates.map(() => 'Imported'),
      );
      assert.equal(await page.getByTestId('page-result-error').count(), 0);
      assert.equal(await page.getByTestId('failed-templates').count(), 0);

      // The templates the pages use were created, and the pages hold every widget of the dump.
      const used = new Set([...usedUuids(home.snapshot.regions), ...usedUuids(product.snapshot.regions)]);
      const created = (await page.getByTestId('created-templates').locator('li').allInnerTexts()).map(squash);
      for (const template of custom.filter((t) => used.has(t.uuid))) {
        assert.ok(
          created.some((line) => line.startsWith(`${template.name}: ${template.uuid} → `)),
          `${template.name} was created`,
        );
      }
      const homeResult = results.filter({ has: page.getByText('pages/home', { exact: true }) });
      const productResult = results.filter({ has: page.getByText('pages/product', { exact: true }) });
      await expectText(
        homeResult.getByTestId('page-result-widgets'),
        String(countWidgets(home.snapshot.regions)),
      );
      await expectText(productResult.getByTestId('page-result-channel'), '1');
      assert.equal(await targetPageWidgets(page, 'pages/home', null), countWidgets(home.snapshot.regions));
      assert.equal(
        await targetPageWidgets(page, 'pages/product', newProductId),
        countWidgets(product.snapshot.regions),
      );
      // Logs are there to expand.
      await homeResult.getByTestId('page-result-logs').locator('summary').click();
      assert.ok((await homeResult.getByTestId('page-result-logs').locator('li').count()) > 0);

      // The backup of the home page as it was (empty), and its one-click Restore after a confirmation.
      const [download] = await Promise.all([
        page.waitForEvent('download', { timeout: 120_000 }),
        homeResult.getByTestId('download-backup').click(),
      ]);
      // The page as it was: one page of the widgets dump format, holding the target's own widget.
      assert.match(
        download.suggestedFilename(),
        /^bc-widgets-backup-sandbox-e2e-import-widgets-pages-home-[\dTZ-]+\.json$/,
      );
      const backup = JSON.parse(await readFile(await download.path(), 'utf8')) as DumpPage;
      assert.equal(backup.template_file, 'pages/home');
      assert.equal(countWidgets(backup.snapshot.regions), 1);
      await screenshot(page, 'import-widgets-results');
      await homeResult.getByTestId('restore-button').click();
      const dialog = page.getByTestId('restore-dialog');
      await dialog.waitFor();
      assert.match(
        await textOf(dialog),
        /pages\/home on Import Target goes back to how it was before this import/,
      );
      await page.getByTestId('restore-dialog-cancel').click();
      assert.equal(await dialog.count(), 0);
      assert.equal(await targetPageWidgets(page, 'pages/home', null), countWidgets(home.snapshot.regions));
      await homeResult.getByTestId('restore-button').click();
      await page.getByTestId('restore-dialog-confirm').click();
      await expectText(
        homeResult.getByTestId('restore-result').locator('p').first(),
        'Restored. Widgets on the page: 1.',
        30_000,
      );
      assert.equal(await targetPageWidgets(page, 'pages/home', null), 1);
      assert.deepEqual(await targetWidgetNames(page, 'pages/home'), ['Target welcome']);
      // The other page keeps what was imported.
      assert.equal(
        await targetPageWidgets(page, 'pages/product', newProductId),
        countWidgets(product.snapshot.regions),
      );
    },
  },
];
