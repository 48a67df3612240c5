// Journey of Spreadsheet Edit (issue 45): export three products with their variants as XLSX, edit the file in the test
// with the app's own reader and writer (a new price, a bad one), preview it against the live store, run it, undo it;
// then the screen's Vietnamese texts and axe on the preview. A sandbox store of its own keeps the demo store as it was.
import assert from 'node:assert/strict';
import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import type { CellValue } from '../common/spreadsheet-edit/columns';
import { openSpreadsheet } from '../server/features/spreadsheet-edit/sheet-io/sheet-reader';
import { createSheetWriter } from '../server/features/spreadsheet-edit/sheet-io/sheet-writer';
import { chooseLanguage } from './accessibility.journeys';
import { expectNoSeriousViolations } from './axe';
import { eventually, type Journey } from './harness';
import { expectText, expectTextIncludes, openToolWithStores } from './helpers';

const HASH = 'sandbox-e2e-sheet';
const TOKEN = `${HASH}-token`;
const LIMITS = { maxRows: 100_000, maxUnpackedBytes: 200 * 1024 * 1024 };

type Product = { id: number; name: string; price: number; variants?: { option_values: unknown[] }[] };

async function sandboxProducts(page: Page): Promise<Product[]> {
  const res = await page.request.get(
    `/sandbox/stores/${HASH}/v3/catalog/products?include=variants&limit=250`,
    {
      headers: { 'X-Auth-Token': TOKEN },
    },
  );
  assert.equal(res.status(), 200);
  return ((await res.json()) as { data: Product[] }).data;
}

const priceOf = async (page: Page, id: number) =>
  (await sandboxProducts(page)).find((product) => product.id === id)?.price;

/** Reads the exported file and writes the edited copy (same export id): `edits` by product id, on the Products sheet. */
async function editSheet(
  source: string,
  target: string,
  edits: ReadonlyMap<number, Record<string, CellValue>>,
): Promise<{ variants: number }> {
  const opened = await openSpreadsheet(source, LIMITS);
  assert.ok(opened.exportId, 'the export carries its id');
  const rows: { sheet: 'Products' | 'Variants'; cells: Map<string, CellValue> }[] = [];
  for await (const row of opened.rows()) rows.push(row);
  const out = createWriteStream(target);
  const writer = createSheetWriter(out, {
    format: 'xlsx',
    sheets: opened.sheets.map((sheet) => ({ name: sheet.name, headers: sheet.headers })),
    exportId: opened.exportId,
  });
  for (const sheet of opened.sheets) {
    for (const row of rows.filter((r) => r.sheet === sheet.name)) {
      const changes = sheet.name === 'Products' ? edits.get(row.cells.get('ID') as number) : undefined;
      await writer.addRow(
        sheet.name,
        sheet.headers.map((header) =>
          changes && header in changes ? changes[header]! : (row.cells.get(header) ?? null),
        ),
      );
    }
  }
  await writer.finish();
  return { variants: rows.filter((row) => row.sheet === 'Variants').length };
}

export const spreadsheetEditJourneys: Journey[] = [
  {
    name: 'Spreadsheet Edit: export XLSX, edit it, preview the change and the bad cell, run, undo; Vietnamese and axe',
    run: async ({ newPage, screenshot }) => {
      const folder = await mkdtemp(join(tmpdir(), 'bct-e2e-sheet-'));
      try {
        const page = await openToolWithStores(newPage, {
          tab: 'spreadsheet-edit',
          create: [{ hash: HASH, token: TOKEN, kind: 'demo' }],
          stores: [
            {
              id: `e2e-${HASH}`,
              name: 'Sheet Demo',
              storeHash: HASH,
              apiToken: TOKEN,
              clientId: 'client-sheet',
              createdAt: '2026-04-01T09:30:00.000Z',
              source: 'local',
            },
          ],
        });
        const catalogue = await sandboxProducts(page);
        const withVariants = catalogue.find(
          (product) => (product.variants ?? []).filter((v) => v.option_values.length > 0).length >= 2,
        );
        const simple = catalogue.filter((product) => (product.variants ?? []).length === 1);
        const [changed, broken] = simple;
        assert.ok(withVariants && changed && broken, 'the demo store has products with and without variants');
        const ids = [withVariants.id, changed.id, broken.id];
        const optionVariants = (withVariants.variants ?? []).filter((v) => v.option_values.length > 0).length;

        // Export: three specific products, the default columns (variants among them), XLSX.
        await page.getByTestId('export-scope-specific').check();
        await page.getByTestId('export-target-value').fill(ids.join(', '));
        await page.getByTestId('export-format-xlsx').check();
        await page.getByTestId('export-button').click();
        await page.getByTestId('export-result').waitFor({ timeout: 120_000 });
        await expectText(page.getByTestId('export-counts'), `3 products, ${optionVariants} variants`);
        const downloading = page.waitForEvent('download');
        await page.getByTestId('export-download').click();
        const exported = join(folder, 'exported.xlsx');
        await (await downloading).saveAs(exported);

        // Edit: a new price for one product, 'abc' for another.
        const newPrice = Math.round((changed.price + 1.25) * 100) / 100;
        const edited = join(folder, 'edited.xlsx');
        const { variants } = await editSheet(
          exported,
          edited,
          new Map([
            [changed.id, { Price: newPrice }],
            [broken.id, { Price: 'abc' }],
          ]),
        );
        assert.equal(variants, optionVariants);

        // Preview: the change with the store's value and the new one; the bad cell named, in red.
        await page.getByTestId('import-file').setInputFiles(edited);
        await page.getByTestId('import-preview-button').click();
        await page.getByTestId('spreadsheet-preview').waitFor({ timeout: 60_000 });
        await expectText(page.getByTestId('preview-count-rows'), String(3 + optionVariants));
        await expectText(page.getByTestId('preview-count-changed'), '1');
        await expectText(page.getByTestId('preview-count-errors'), '1');
        const changedRow = page.locator(`[data-testid="preview-row"][data-product-id="${changed.id}"]`);
        await expectText(changedRow.getByTestId('preview-change'), `Price: ${changed.price} → ${newPrice}`);
        const brokenRow = page.locator(`[data-testid="preview-row"][data-product-id="${broken.id}"]`);
        await expectText(brokenRow.getByTestId('preview-error'), 'Price: Price must be a number');
        await expectNoSeriousViolations(page, 'spreadsheet-edit with its preview (en)');
        await screenshot(page, 'spreadsheet-edit-preview');

        // Vietnamese: the title, the sections and the preview's words.
        await chooseLanguage(page, 'vi');
        await expectText(page.getByTestId('tab-title'), 'Chỉnh sửa bằng bảng tính');
        await expectTextIncludes(page.getByTestId('spreadsheet-export'), 'Xuất');
        await expectTextIncludes(
          page.getByTestId('spreadsheet-preview'),
          'Xem trước: những gì lần nhập sẽ thay đổi',
        );
        await expectTextIncludes(page.getByTestId('spreadsheet-import'), 'Chạy nhập');
        await expectNoSeriousViolations(page, 'spreadsheet-edit with its preview (vi)');
        await chooseLanguage(page, 'en');

        // Run: asked first, naming the store, the rows and the rows left out.
        await page.getByTestId('import-run-button').click();
        await expectText(
          page.getByTestId('import-run-dialog'),
          /Rows to change in Sheet Demo: 1\. The 1 rows with errors are left out\./,
        );
        await page.getByTestId('import-run-dialog-confirm').click();
        await page.getByTestId('import-result').waitFor({ timeout: 120_000 });
        await expectText(page.getByTestId('import-result-written'), '1');
        await expectText(page.getByTestId('import-result-failed'), '1');
        await expectText(page.getByTestId('import-result-skipped'), '0');
        await expectTextIncludes(page.getByTestId('import-result-outcomes'), 'Price must be a number');
        await page.getByTestId('import-result-failed-rows').waitFor();
        assert.equal(await priceOf(page, changed.id), newPrice);
        await screenshot(page, 'spreadsheet-edit-result');

        // Undo: asked first, followed to its end; the price is back.
        await page.getByTestId('spreadsheet-undo-button').click();
        await expectTextIncludes(page.getByTestId('spreadsheet-undo-dialog'), 'Sheet Demo');
        await page.getByTestId('spreadsheet-undo-dialog-confirm').click();
        await page.getByTestId('undo-result').waitFor({ timeout: 120_000 });
        await expectTextIncludes(page.getByTestId('undo-result'), 'Undo finished.');
        await eventually(async () => assert.equal(await priceOf(page, changed.id), changed.price));
      } finally {
        await rm(folder, { recursive: true, force: true });
      }
    },
  },
];
