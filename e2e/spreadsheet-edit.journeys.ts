// Journey of Spreadsheet Edit (issue 45): export three products with their variants as XLSX, edit the file in the test
// with the app's own reader and writer (a new price, a bad one), preview it against the live store, run it, undo it;
// then the screen's Vietnamese texts and axe on the preview. A sandbox store of its own keeps the demo store as it was.
import assert from 'node:assert/strict';
import { createWriteStream } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import type { Page } from 'playwright-core';
import yauzl from 'yauzl';
import { PREVIEW_PAGE_SIZE } from '../common/contracts/spreadsheet-edit';
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

async function sandboxProducts(page: Page, hash = HASH): Promise<Product[]> {
  const res = await page.request.get(
    `/sandbox/stores/${hash}/v3/catalog/products?include=variants&limit=250`,
    {
      headers: { 'X-Auth-Token': `${hash}-token` },
    },
  );
  assert.equal(res.status(), 200);
  return ((await res.json()) as { data: Product[] }).data;
}

const priceOf = async (page: Page, id: number, hash = HASH) =>
  (await sandboxProducts(page, hash)).find((product) => product.id === id)?.price;

/** One file of a ZIP, as text. */
function zipEntryText(zipPath: string, name: string): Promise<string> {
  return new Promise((resolve, reject) => {
    yauzl.open(zipPath, { lazyEntries: true }, (error, zip) => {
      if (error) return reject(error);
      const names: string[] = [];
      zip.on('entry', (entry: yauzl.Entry) => {
        names.push(entry.fileName);
        if (entry.fileName !== name) return zip.readEntry();
        zip.openReadStream(entry, (streamError, stream) => {
          if (streamError) return reject(streamError);
          const chunks: Buffer[] = [];
          stream.on('data', (chunk: Buffer) => chunks.push(chunk));
          stream.on('end', () => {
            zip.close();
            resolve(Buffer.concat(chunks).toString('utf8'));
          });
          stream.on('error', reject);
        });
      });
      zip.on('end', () => reject(new Error(`${name} is not in the ZIP (${names.join(', ')})`)));
      zip.readEntry();
    });
  });
}

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
        // The bad cell's error, said in Vietnamese from its code.
        await expectText(brokenRow.getByTestId('preview-error'), 'Price: Price phải là một số');
        await expectNoSeriousViolations(page, 'spreadsheet-edit with its preview (vi)');
        await chooseLanguage(page, 'en');

        // Run: asked first, naming the store, the rows and the rows left out.
        await page.getByTestId('import-run-button').click();
        await expectText(
          page.getByTestId('import-run-dialog'),
          /Rows to change in Sheet Demo: 1\. The 1 rows with errors are left out\./,
        );
        const started = page.waitForResponse((response) =>
          response.url().endsWith('/api/spreadsheet-edit/jobs'),
        );
        await page.getByTestId('import-run-dialog-confirm').click();
        // A reload once it started: the screen finds the import again and shows its result once it ends.
        assert.equal((await started).status(), 200);
        await page.reload();
        await page.getByTestId('spreadsheet-edit').waitFor();
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
  {
    name: "Spreadsheet Edit: CSV of 105 products, a price changed in the store since the export, Load more, keep the store's then take the sheet's",
    run: async ({ newPage, screenshot }) => {
      const hash = 'sandbox-e2e-sheet-csv';
      const folder = await mkdtemp(join(tmpdir(), 'bct-e2e-sheet-csv-'));
      try {
        const page = await openToolWithStores(newPage, {
          tab: 'spreadsheet-edit',
          create: [{ hash, token: `${hash}-token`, kind: 'demo' }],
          stores: [
            {
              id: `e2e-${hash}`,
              name: 'CSV Demo',
              storeHash: hash,
              apiToken: `${hash}-token`,
              clientId: 'client-sheet-csv',
              createdAt: '2026-04-01T09:30:00.000Z',
              source: 'local',
            },
          ],
        });
        // More simple products than one preview page holds, each priced so that +1 is no big move.
        const chosen = (await sandboxProducts(page, hash))
          .filter((product) => (product.variants ?? []).length === 1 && product.price >= 4)
          .slice(0, PREVIEW_PAGE_SIZE + 5);
        assert.equal(chosen.length, PREVIEW_PAGE_SIZE + 5, 'the demo store has enough simple products');
        const [stale, other] = chosen;
        assert.ok(stale && other);

        // Export them as CSV: a ZIP with products.csv and variants.csv.
        await page.getByTestId('export-scope-specific').check();
        await page.getByTestId('export-target-value').fill(chosen.map((product) => product.id).join(', '));
        await page.getByTestId('export-format-csv').check();
        await page.getByTestId('export-button').click();
        await page.getByTestId('export-result').waitFor({ timeout: 180_000 });
        await expectText(page.getByTestId('export-counts'), `${chosen.length} products, 0 variants`);
        const downloading = page.waitForEvent('download');
        await page.getByTestId('export-download').click();
        const zipPath = join(folder, 'exported.zip');
        await (await downloading).saveAs(zipPath);
        assert.match(await zipEntryText(zipPath, 'variants.csv'), /^\uFEFF?Export ID,/);

        // Edit products.csv (its Export ID column kept): every price up by 1.
        const rows: string[][] = parse(await zipEntryText(zipPath, 'products.csv'), { bom: true });
        const headers = rows[0]!;
        assert.equal(headers[0], 'Export ID');
        const idAt = headers.indexOf('ID');
        const priceAt = headers.indexOf('Price');
        const sheetPrice = new Map<number, number>();
        for (const row of rows.slice(1)) {
          const price = Math.round((Number(row[priceAt]) + 1) * 100) / 100;
          sheetPrice.set(Number(row[idAt]), price);
          row[priceAt] = String(price);
        }
        const csvPath = join(folder, 'products.csv');
        await writeFile(csvPath, stringify(rows));

        // Meanwhile, the store changes one product's price.
        const storePrice = Math.round((stale.price + 7) * 100) / 100;
        const put = await page.request.put(`/sandbox/stores/${hash}/v3/catalog/products/${stale.id}`, {
          headers: { 'X-Auth-Token': `${hash}-token` },
          data: { price: storePrice },
        });
        assert.equal(put.status(), 200);

        // Preview: 104 rows change, the stale one warns; 100 rows first, Load more shows the rest.
        await page.getByTestId('import-file').setInputFiles(csvPath);
        await page.getByTestId('import-preview-button').click();
        await page.getByTestId('spreadsheet-preview').waitFor({ timeout: 120_000 });
        await expectText(page.getByTestId('preview-count-rows'), String(chosen.length));
        await expectText(page.getByTestId('preview-count-changed'), String(chosen.length - 1));
        await expectText(page.getByTestId('preview-count-warnings'), '1');
        await eventually(async () =>
          assert.equal(await page.getByTestId('preview-row').count(), PREVIEW_PAGE_SIZE),
        );
        await page.getByTestId('preview-load-more').click();
        await eventually(async () =>
          assert.equal(await page.getByTestId('preview-row').count(), chosen.length),
        );
        assert.equal(await page.getByTestId('preview-load-more').count(), 0);
        const staleRow = page.locator(`[data-testid="preview-row"][data-product-id="${stale.id}"]`);
        await expectText(
          staleRow.getByTestId('preview-warning'),
          `Price: Price changed in the store since the export (${stale.price} → ${storePrice})`,
        );
        await expectText(
          staleRow.getByTestId('preview-change'),
          `Price: ${storePrice} → ${sheetPrice.get(stale.id)}`,
        );
        await page.getByTestId('since-keep-store').waitFor();
        assert.equal(await page.getByTestId('since-keep-store').isChecked(), true);
        await expectNoSeriousViolations(page, 'spreadsheet-edit with a stale cell (en)');
        await chooseLanguage(page, 'vi');
        await expectText(
          staleRow.getByTestId('preview-warning'),
          `Price: Price đã thay đổi trong store kể từ lần xuất (${stale.price.toLocaleString('vi')} → ${storePrice.toLocaleString('vi')})`,
        );
        await expectNoSeriousViolations(page, 'spreadsheet-edit with a stale cell (vi)');
        await chooseLanguage(page, 'en');
        await screenshot(page, 'spreadsheet-edit-stale');

        // Run with the default: the store keeps its value, the others take the sheet's.
        await page.getByTestId('import-run-button').click();
        await page.getByTestId('import-run-dialog-confirm').click();
        await page.getByTestId('import-result').waitFor({ timeout: 180_000 });
        // Exact counts: the row left as the store has it is skipped, not written.
        await expectText(page.getByTestId('import-result-written'), String(chosen.length - 1));
        await expectText(page.getByTestId('import-result-skipped'), '1');
        await expectTextIncludes(
          page.getByTestId('import-result-outcomes'),
          'Changed in the store since the export: the store’s value is kept',
        );
        assert.equal(await priceOf(page, stale.id, hash), storePrice);
        assert.equal(await priceOf(page, other.id, hash), sheetPrice.get(other.id));

        // The same file again, taking the sheet's value: only the stale cell is left to write.
        await page.getByTestId('import-file').setInputFiles(csvPath);
        await page.getByTestId('import-preview-button').click();
        await page.getByTestId('spreadsheet-preview').waitFor({ timeout: 120_000 });
        await expectText(page.getByTestId('preview-count-changed'), '0');
        await eventually(async () => assert.equal(await page.getByTestId('preview-row').count(), 1));
        // A reload shows the same preview again: its counts, its row and the choice for the stale cell.
        await page.reload();
        await page.getByTestId('spreadsheet-preview').waitFor({ timeout: 60_000 });
        await expectText(page.getByTestId('preview-count-rows'), String(chosen.length));
        await expectText(page.getByTestId('preview-count-changed'), '0');
        await eventually(async () => assert.equal(await page.getByTestId('preview-row').count(), 1));
        await expectText(
          page
            .locator(`[data-testid="preview-row"][data-product-id="${stale.id}"]`)
            .getByTestId('preview-change'),
          `Price: ${storePrice} → ${sheetPrice.get(stale.id)}`,
        );
        await page.getByTestId('since-take-sheet').check();
        await page.getByTestId('import-run-button').click();
        // The run counts the row the choice writes.
        await expectTextIncludes(page.getByTestId('import-run-dialog'), ': 1. The values they replace');
        await page.getByTestId('import-run-dialog-confirm').click();
        await page.getByTestId('import-result').waitFor({ timeout: 120_000 });
        await expectText(page.getByTestId('import-result-written'), '1');
        assert.equal(await priceOf(page, stale.id, hash), sheetPrice.get(stale.id));
      } finally {
        await rm(folder, { recursive: true, force: true });
      }
    },
  },
];
