// Journeys of the id pickers (issue 31, "Finding things by name"): a product found by part of its name in Dump
// Product, picked with the keyboard and dumped; a category found by name in Dump Widgets' category page field, and a
// second one added to the list; what the list says in Vietnamese. Expected texts are written out, not imported from
// the catalogues.
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';
import { eventually, type Journey } from './harness';
import { describedBy, expectText, openToolWithStores, pickStore, savedStores, type NewPage } from './helpers';

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

async function submitAndDownload(page: Page): Promise<{ name: string; json: Json }> {
  const [download] = await Promise.all([
    page.waitForEvent('download', { timeout: 30_000 }),
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
];
