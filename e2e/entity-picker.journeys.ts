// Journeys of the id pickers (issue 31, "Finding things by name"): a product found by part of its name in Dump
// Product, picked with the keyboard and dumped; a category found by name in Dump Widgets' category page field, and a
// second one added to the list; what the list says in Vietnamese. Expected texts are written out, not imported from
// the catalogues.
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';
import { chooseLanguage, expectOneStoreWord } from './accessibility.journeys';
import { eventually, type Journey } from './harness';
import {
  describedBy,
  expectText,
  localNumber,
  openToolWithStores,
  pickStore,
  savedStores,
  textOf,
  type NewPage,
} from './helpers';

type Json = Record<string, unknown>;

const DEMO = 'Picker Demo';
const STORES = savedStores('e2e-picker', [{ name: DEMO, storeHash: 'sandbox-demo', apiToken: 'demo-token' }]);

function openTool(newPage: NewPage, tab: string): Promise<Page> {
  return openToolWithStores(newPage, { tab, stores: STORES });
}

/** Reads the demo store directly (what the picker must find). */
async function sandbox(page: Page, path: string): Promise<Json> {
  const res = await page.request.get(`/sandbox/stores/sandbox-demo${path}`, {
    headers: { 'X-Auth-Token': 'demo-token' },
  });
  assert.equal(res.status(), 200, path);
  return (await res.json()) as Json;
}

/** Waits until the field lists the option reading `text`; answers its position among the options. */
async function optionIndex(page: Page, text: string): Promise<number> {
  let index = -1;
  await eventually(async () => {
    const options = (await page.getByRole('listbox').getByRole('option').allInnerTexts()).map((o) =>
      o.replace(/\s+/g, ' ').trim(),
    );
    index = options.indexOf(text);
    assert.ok(index >= 0, `"${text}" is among ${JSON.stringify(options)}`);
  }, 10_000);
  return index;
}

/** axe-core's serious and critical violations inside `selector` (rule id and the elements' markup). */
async function axeViolations(page: Page, selector: string): Promise<string[]> {
  const source = await readFile(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
  await page.evaluate(source);
  return page.evaluate(async (within) => {
    type Result = { violations: { id: string; impact: string | null; nodes: { html: string }[] }[] };
    const axe = (window as unknown as { axe: { run: (context: Element) => Promise<Result> } }).axe;
    const { violations } = await axe.run(document.querySelector(within) ?? document.body);
    return violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id}: ${v.nodes.map((n) => n.html).join(' | ')}`);
  }, selector);
}

/** `text` matched literally inside a RegExp. */
const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

async function submitAndDownload(page: Page): Promise<{ name: string; json: Json }> {
  const [download] = await Promise.all([
    page.waitForEvent('download', { timeout: 120_000 }),
    page.getByTestId('tool-submit').click(),
  ]);
  const path = await download.path();
  return { name: download.suggestedFilename(), json: JSON.parse(await readFile(path, 'utf8')) as Json };
}

export const entityPickerJourneys: Journey[] = [
  {
    name: 'Entity picker: Dump Product finds a demo product by part of its name, picked with the keyboard, and dumps it',
    run: async ({ newPage, screenshot }) => {
      const page = await openTool(newPage, 'dump-product');
      const product = (await sandbox(page, '/v3/catalog/products/80')).data as Json;
      const name = String(product.name);
      const sku = String(product.sku);
      await pickStore(page, STORES, DEMO);

      const field = page.getByRole('combobox', { name: 'Search value' });
      assert.equal(await field.getAttribute('aria-expanded'), 'false');
      assert.match(await describedBy(field), /Search the store by typing part of a product name or SKU/);
      // Two words from the middle of the name, in lower case, typed key by key.
      const part = name.split(' ').slice(1, 3).join(' ').toLowerCase();
      await field.pressSequentially(part);
      const index = await optionIndex(page, `${name} · ${sku} · #80`);
      assert.equal(await field.getAttribute('aria-expanded'), 'true');
      await screenshot(page, 'entity-picker-product');
      // The open list passes axe-core: no serious or critical violation in the form.
      assert.deepEqual(await axeViolations(page, '[data-testid="dump-product"]'), []);

      for (let i = 0; i <= index; i++) await field.press('ArrowDown');
      const chosen = page.getByRole('listbox').getByRole('option', { selected: true });
      await expectText(chosen, `${name} · ${sku} · #80`);
      assert.equal(await field.getAttribute('aria-activedescendant'), await chosen.getAttribute('id'));
      await field.press('Enter');
      await eventually(async () => assert.equal(await field.inputValue(), '80'));
      assert.equal(await field.getAttribute('aria-expanded'), 'false');
      // Enter picked the product; it did not dump it.
      assert.equal(await page.getByTestId('tool-result').count(), 0);

      const dumped = await submitAndDownload(page);
      assert.match(dumped.name, /^product_80_/);
      assert.equal(dumped.json.id, 80);
      assert.equal(dumped.json.name, name);

      // Escape closes the list and keeps the text; an id typed whole opens nothing, Down shows what it is.
      await field.fill('');
      await field.pressSequentially(part);
      await optionIndex(page, `${name} · ${sku} · #80`);
      await field.press('Escape');
      await eventually(async () => assert.equal(await field.getAttribute('aria-expanded'), 'false'));
      assert.equal(await field.inputValue(), part);
      await field.fill('80');
      await field.press('ArrowDown');
      await optionIndex(page, `${name} · ${sku} · #80`);
      await field.press('Escape');

      // By SKU: a click on a match writes its SKU.
      await page.getByLabel('SKU', { exact: true }).check();
      await field.fill('');
      await field.pressSequentially(sku.slice(0, -1));
      await optionIndex(page, `${name} · ${sku} · #80`);
      await page
        .getByRole('listbox')
        .getByRole('option', { name: `${name} · ${sku} · #80` })
        .click();
      await eventually(async () => assert.equal(await field.inputValue(), sku));
      const bySku = await submitAndDownload(page);
      assert.equal(bySku.json.id, 80);
    },
  },
  {
    name: 'Entity picker: Dump Widgets finds categories by name for the category page; the list speaks Vietnamese',
    run: async ({ newPage }) => {
      const page = await openTool(newPage, 'dump-widgets');
      const categories = (await sandbox(page, '/v3/catalog/trees/categories?tree_id:in=1&limit=250'))
        .data as Json[];
      const [first, second] = categories.filter((c) => Number(c.parent_id) > 0);
      assert.ok(first && second);
      await pickStore(page, STORES, DEMO);
      await page.getByLabel('Select Specific Templates').check();
      await page.getByTestId('template-category').check();
      const field = page.getByRole('combobox', { name: 'Entity ID (category)' });
      assert.match(await describedBy(field), /Search the store by typing part of a category name/);

      const pick = async (category: Json) => {
        const name = String(category.name);
        await field.pressSequentially(name.slice(0, Math.min(name.length, 6)).toLowerCase());
        const index = await optionIndex(page, `${name} · #${String(category.category_id)}`);
        for (let i = 0; i <= index; i++) await field.press('ArrowDown');
        await field.press('Enter');
      };
      await pick(first);
      await eventually(async () => assert.equal(await field.inputValue(), String(first.category_id)));
      // A second category goes after a comma.
      await field.pressSequentially(', ');
      await pick(second);
      const ids = `${String(first.category_id)}, ${String(second.category_id)}`;
      await eventually(async () => assert.equal(await field.inputValue(), ids));

      // Both ids reached the dump: each page is in the file, or a note says it holds no widgets.
      const dumped = await submitAndDownload(page);
      const pages = (dumped.json.templates as Json[]).map((p) => [
        p.template_file,
        p.entity_id,
        p.entity_name,
      ]);
      const notes = dumped.json.notes as string[];
      for (const category of [first, second]) {
        const id = String(category.category_id);
        const isDumped = pages.some(
          (p) => p[0] === 'pages/category' && p[1] === id && p[2] === category.name,
        );
        const isNoted = notes.includes(`pages/category (entity ${id}): no widgets on channel 1; skipped`);
        assert.ok(isDumped || isNoted, `category ${id} in ${JSON.stringify({ pages, notes })}`);
      }

      // In Vietnamese: the hint, and a search that finds nothing.
      await page.getByTestId('language-switch').selectOption('vi');
      const viField = page.getByRole('combobox', { name: 'Entity ID (category)' });
      assert.match(await describedBy(viField), /Tìm trong store bằng cách gõ một phần tên danh mục/);
      await viField.fill('');
      await viField.pressSequentially('zzqx');
      await expectText(
        page.getByTestId('entity-ids-category-matches'),
        'Không có gì trong store này khớp với “zzqx”',
      );
      assert.equal(await page.getByRole('listbox').getByRole('option').count(), 0);
      assert.equal(await viField.getAttribute('aria-expanded'), 'false');
    },
  },
  {
    name: 'Entity picker: picked products read as named chips, one removed from the keyboard; Copy Description’s confirmation names its source product, in English and Vietnamese',
    run: async ({ newPage, screenshot }) => {
      const page = await openTool(newPage, 'copy-description');
      const named = async (id: number) => {
        const product = (await sandbox(page, `/v3/catalog/products/${id}`)).data as Json;
        return { id, name: String(product.name), sku: String(product.sku) };
      };
      const [source, first, second] = [await named(80), await named(78), await named(79)];
      /** Types part of a product's name in `field` and clicks its match. */
      const pickByName = async (field: ReturnType<Page['getByTestId']>, product: typeof source) => {
        await field.pressSequentially(product.name.split(' ').slice(1, 3).join(' ').toLowerCase());
        const option = `${product.name} · ${product.sku} · #${product.id}`;
        await optionIndex(page, option);
        await page.getByRole('listbox').getByRole('option', { name: option }).click();
      };
      const chipTexts = async (testId: string) =>
        (await page.getByTestId(`${testId}-chips`).getByTestId('picked-chip').allInnerTexts()).map((text) =>
          text.replace(/\s+/g, ' ').replace(' ×', '').trim(),
        );

      await pickStore(page, STORES, DEMO, 'source-store-picker');
      const sourceField = page.getByTestId('source-product-id');
      await pickByName(sourceField, source);
      await eventually(async () => assert.equal(await sourceField.inputValue(), '80'));
      // The spec's label stays; the pick reads by name under it.
      await expectText(page.getByText('Source product ID', { exact: true }), 'Source product ID');
      await eventually(async () =>
        assert.deepEqual(await chipTexts('source-product-id'), [`${source.name} #80`]),
      );

      await pickStore(page, STORES, DEMO, 'target-store-picker');
      await page.getByTestId('scope-specific').check();
      const targetField = page.getByTestId('target-value');
      await pickByName(targetField, first);
      await targetField.pressSequentially(', ');
      await pickByName(targetField, second);
      await eventually(async () => assert.equal(await targetField.inputValue(), '78, 79'));
      await eventually(async () =>
        assert.deepEqual(await chipTexts('target-value'), [`${first.name} #78`, `${second.name} #79`]),
      );
      // A chip is taken out from the keyboard: its button, then Enter.
      const removeFirst = page.getByRole('button', { name: `Remove ${first.name} #78` });
      await removeFirst.focus();
      await page.keyboard.press('Enter');
      await eventually(async () => assert.equal(await targetField.inputValue(), '79'));
      assert.deepEqual(await chipTexts('target-value'), [`${second.name} #79`]);
      assert.deepEqual(await axeViolations(page, '[data-testid="copy-description"]'), []);

      // The confirmation names the product whose description is copied.
      await page.getByTestId('preview-button').click();
      await expectText(page.getByTestId('preview-total'), '1', 15_000);
      await page.getByTestId('run-button').click();
      const dialog = page.getByTestId('confirm-dialog');
      await expectText(
        dialog.locator('p'),
        `Products to change in ${DEMO}: 1. Target: product “${second.name}” (#79). Each gets the description of product “${source.name}” (#80); their descriptions are backed up first, and an Undo is offered afterwards.`,
      );
      await screenshot(page, 'copy-description-named-confirmation');
      await dialog.getByTestId('confirm-dialog-cancel').click();
      await dialog.waitFor({ state: 'detached' });

      await chooseLanguage(page, 'vi');
      assert.equal(
        await page.getByTestId('target-value-chips').getByRole('button').getAttribute('aria-label'),
        `Bỏ ${second.name} #79`,
      );
      await page.getByTestId('run-button').click();
      await expectText(
        dialog.locator('p'),
        `Số sản phẩm sẽ thay đổi trong ${DEMO}: 1. Phạm vi: sản phẩm “${second.name}” (#79). Mỗi sản phẩm nhận mô tả của sản phẩm “${source.name}” (#80); mô tả hiện tại được sao lưu trước, và bạn có thể hoàn tác sau đó.`,
      );
      assert.deepEqual(await axeViolations(page, '[data-testid="confirm-dialog"]'), []);
      await dialog.getByTestId('confirm-dialog-cancel').click();
      await chooseLanguage(page, 'en');
    },
  },
  {
    name: 'Entity picker: Reset Page Title’s confirmation names the category and the brand picked by name, in English and Vietnamese; the match count and the preview’s 1,2… products in the reader’s language',
    run: async ({ newPage, screenshot }) => {
      const page = await openTool(newPage, 'reset-page-title');
      const product = (await sandbox(page, '/v3/catalog/products/80')).data as Json;
      const categoryId = (product.categories as number[])[0];
      const brandId = Number(product.brand_id);
      assert.ok(categoryId !== undefined && brandId > 0, 'product 80 has a category and a brand');
      const categories = (await sandbox(page, '/v3/catalog/trees/categories?tree_id:in=1&limit=250'))
        .data as Json[];
      const category = String(categories.find((c) => c.category_id === categoryId)?.name);
      const brand = String(((await sandbox(page, `/v3/catalog/brands/${brandId}`)).data as Json).name);
      // Product 80 has a page title to reset, so the preview finds something to change.
      const put = await page.request.put('/sandbox/stores/sandbox-demo/v3/catalog/products/80', {
        headers: { 'X-Auth-Token': 'demo-token' },
        data: { page_title: 'A title to reset' },
      });
      assert.equal(put.status(), 200);
      await pickStore(page, STORES, DEMO);
      const field = page.getByTestId('target-value');
      const dialog = page.getByTestId('confirm-dialog');
      /** Types the start of `name`, clicks its match, previews and opens the confirmation: its text. */
      const confirmationFor = async (name: string, id: number) => {
        await field.fill('');
        await field.pressSequentially(name.slice(0, Math.min(name.length, 6)).toLowerCase());
        const option = `${name} · #${String(id)}`;
        await optionIndex(page, option);
        await page.getByRole('listbox').getByRole('option', { name: option }).click();
        await eventually(async () => assert.equal(await field.inputValue(), String(id)));
        await page.getByTestId('preview-button').click();
        await page.getByTestId('preview-total').waitFor({ timeout: 30_000 });
        await page.getByTestId('run-button').click();
        return dialog.locator('p');
      };

      const byCategory = await confirmationFor(category, categoryId);
      await expectText(
        byCategory,
        new RegExp(
          `^Products to change in ${DEMO}: [\\d,]+\\. Target: category “${escaped(category)}” \\(#${String(categoryId)}\\)\\. Their page titles are emptied`,
        ),
      );
      await screenshot(page, 'reset-page-title-named-category');
      await chooseLanguage(page, 'vi');
      await expectText(
        byCategory,
        new RegExp(
          `^Số sản phẩm sẽ thay đổi trong ${DEMO}: [\\d.]+\\. Phạm vi: danh mục “${escaped(category)}” \\(#${String(categoryId)}\\)\\. Tiêu đề trang`,
        ),
      );
      assert.deepEqual(await axeViolations(page, '[data-testid="confirm-dialog"]'), []);
      await dialog.getByTestId('confirm-dialog-cancel').click();
      await dialog.waitFor({ state: 'detached' });
      await chooseLanguage(page, 'en');

      await page.getByTestId('scope-brand').check();
      const byBrand = await confirmationFor(brand, brandId);
      await expectText(
        byBrand,
        new RegExp(
          `^Products to change in ${DEMO}: [\\d,]+\\. Target: brand “${escaped(brand)}” \\(#${String(brandId)}\\)\\. `,
        ),
      );
      await chooseLanguage(page, 'vi');
      await expectText(
        byBrand,
        new RegExp(
          `^Số sản phẩm sẽ thay đổi trong ${DEMO}: [\\d.]+\\. Phạm vi: thương hiệu “${escaped(brand)}” \\(#${String(brandId)}\\)\\. `,
        ),
      );
      await dialog.getByTestId('confirm-dialog-cancel').click();
      await dialog.waitFor({ state: 'detached' });
      await chooseLanguage(page, 'en');

      // Issue 44: the picker's count (at most 10 matches, the same digits in both languages) and its hint say "store"
      // in Vietnamese; the preview of every product of the demo store counts over a thousand: '1,2…' in English,
      // '1.2…' in Vietnamese.
      await field.fill('');
      await field.pressSequentially(brand.slice(0, 2).toLowerCase());
      const options = page.getByRole('listbox').getByRole('option');
      await options.first().waitFor();
      const matches = await options.count();
      const pickerStatus = page.getByRole('status').filter({ hasText: /^(Matches|Kết quả): / });
      await expectText(
        pickerStatus,
        `Matches: ${String(matches)}. Use the Up and Down arrows to choose, Enter to pick.`,
      );
      await chooseLanguage(page, 'vi');
      await expectText(
        pickerStatus,
        `Kết quả: ${String(matches)}. Dùng phím mũi tên lên và xuống để chọn, Enter để lấy.`,
      );
      await eventually(async () => {
        const hint = await describedBy(field);
        assert.ok(hint.includes('Tìm trong store bằng cách gõ một phần tên thương hiệu'), hint);
      });
      await expectOneStoreWord(page, 'reset-page-title, the picker open (vi)');
      await chooseLanguage(page, 'en');
      await field.press('Escape');
      await page.getByTestId('scope-all').check();
      await page.getByTestId('preview-button').click();
      const total = page.getByTestId('preview-total');
      await total.waitFor({ timeout: 60_000 });
      const inScope = Number((await textOf(total)).replaceAll(',', ''));
      assert.ok(inScope >= 1000, `the demo store has ${String(inScope)} visible products`);
      await expectText(total, localNumber(inScope, 'en'));
      assert.match(await textOf(total), /^\d,\d{3}$/);
      await chooseLanguage(page, 'vi');
      await expectText(total, localNumber(inScope, 'vi'));
      assert.match(await textOf(total), /^\d\.\d{3}$/);
      await chooseLanguage(page, 'en');
    },
  },
];
