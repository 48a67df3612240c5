// Spreadsheet Edit (issue 45) over HTTP against the app's sandbox, on both databases: export a sheet, change the
// store, edit the file with the same library a user's spreadsheet would be written with, preview it against the live
// store, run it, undo it, and compare the whole store field by field with what it was.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  FINAL_JOB_STATES,
  jobPath,
  jobResponseSchema,
  jobUndoPath,
  type JobView,
} from '../../../common/contracts/jobs';
import {
  previewResponseSchema,
  SPREADSHEET_EXPORT_PATH,
  SPREADSHEET_JOBS_PATH,
  SPREADSHEET_PREVIEW_PATH,
  spreadsheetFailedRowsPath,
  spreadsheetPreviewPagePath,
  type PreviewResponse,
} from '../../../common/contracts/spreadsheet-edit';
import { job } from '../../db/schema';
import { testDatabaseKinds } from '../../test/harness';
import { waitFor } from '../../test/wait-for';
import { DEMO_STORE as DEMO, type Json, useToolTestServer } from '../../test/store-tools';
import type { CellValue } from './sheet-io/sheet-io';
import { openSpreadsheet } from './sheet-io/sheet-reader';
import { createSpreadsheetRepository, MAX_KEPT_PER_OWNER } from './spreadsheet-repository';
import { createSheetWriter } from './sheet-io/sheet-writer';

/** The net under a hung run, never the expected time (issue 43). */
const EVENT_TIMEOUT_MS = 240_000;
const LIMITS = { maxRows: 100_000, maxUnpackedBytes: 200 * 1024 * 1024 };

type Product = Json & {
  id: number;
  name: string;
  price: number;
  page_title: string;
  variants?: (Json & { id: number; price: number | null; option_values: unknown[]; sku: string })[];
  custom_fields?: { id: number; name: string; value: string }[];
};

describe.each(testDatabaseKinds())('Spreadsheet Edit (%s)', (kind) => {
  const app = useToolTestServer(kind);
  let folder = '';
  beforeAll(async () => {
    folder = await mkdtemp(join(tmpdir(), 'bct-sheet-test-'));
  });
  afterAll(async () => {
    await rm(folder, { recursive: true, force: true });
  });

  const request = (path: string, init: RequestInit, cookie: string) =>
    app.server.request(path, {
      ...init,
      headers: { ...(init.headers ?? {}), ...(cookie ? { cookie } : {}) },
    });
  const postJson = async (path: string, body: unknown, cookie: string) => {
    const res = await request(
      path,
      { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) },
      cookie,
    );
    return { res, body: (await res.json()) as Json };
  };
  const ended = (id: string) =>
    waitFor(
      async () => {
        const [row] = await app.server.database.db.select().from(job).where(eq(job.id, id));
        return row && FINAL_JOB_STATES.includes(row.state as JobView['state']) ? row : undefined;
      },
      { what: `job ${id} to end`, timeoutMs: EVENT_TIMEOUT_MS, intervalMs: 100 },
    );
  /** Every product of the demo store with its variants and custom fields, dates aside. */
  const wholeStore = async (): Promise<Product[]> => {
    const all: Product[] = [];
    for (let page = 1; ; page++) {
      const answer = await app.sandbox<{ data: Product[]; meta: { pagination: { total_pages: number } } }>(
        `/v3/catalog/products?limit=250&page=${page}&sort=id&include=variants,custom_fields`,
      );
      all.push(...answer.data);
      if (page >= answer.meta.pagination.total_pages) break;
    }
    return all.map(({ date_modified: _modified, ...product }) => ({
      ...product,
      variants: product.variants?.map(({ date_modified: _variantModified, ...variant }) => variant),
    }));
  };
  const putProduct = async (id: number, body: Json) => {
    const res = await app.server.request(`/sandbox/stores/sandbox-demo/v3/catalog/products/${id}`, {
      method: 'PUT',
      headers: { 'X-Auth-Token': DEMO.accessToken, 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });
    expect(res.status).toBe(200);
  };
  /** Writes a sheet with the app's own file layer, as a spreadsheet would save the user's edits. */
  const writeSheet = async (
    name: string,
    exportId: string,
    sheets: { name: 'Products' | 'Variants'; headers: string[]; rows: CellValue[][] }[],
  ): Promise<string> => {
    const out = new PassThrough();
    const chunks: Buffer[] = [];
    out.on('data', (chunk: Buffer) => chunks.push(chunk));
    const done = new Promise((resolve) => out.on('end', resolve));
    const writer = createSheetWriter(out, {
      format: 'xlsx',
      sheets: sheets.map(({ name: sheet, headers }) => ({ name: sheet, headers })),
      exportId,
    });
    for (const sheet of sheets) for (const row of sheet.rows) await writer.addRow(sheet.name, row);
    await writer.finish();
    await done;
    const path = join(folder, name);
    await writeFile(path, Buffer.concat(chunks));
    return path;
  };
  const preview = async (
    path: string,
    cookie: string,
  ): Promise<PreviewResponse & { ignoredColumns: string[] }> => {
    const form = new FormData();
    form.set(
      'file',
      new File(
        [new Uint8Array(await import('node:fs/promises').then((fs) => fs.readFile(path)))],
        'products.xlsx',
      ),
    );
    form.set('storeCredentials', JSON.stringify(DEMO));
    const res = await request(SPREADSHEET_PREVIEW_PATH, { method: 'POST', body: form }, cookie);
    const body = (await res.json()) as Json;
    expect(res.status, JSON.stringify(body).slice(0, 400)).toBe(200);
    return { ...previewResponseSchema.parse(body), ignoredColumns: body.ignoredColumns as string[] };
  };

  it(
    'exports, previews every changed cell against the live store, writes it, and an undo puts the store back as it was',
    async () => {
      const store = await wholeStore();
      const withVariants = store.find(
        (product) =>
          (product.variants ?? []).filter((variant) => variant.option_values.length > 0).length >= 2,
      )!;
      const simple = store.filter(
        (product) => (product.variants ?? []).length === 1 && product.id !== withVariants.id,
      );
      const [plain, stale, broken] = simple;
      expect(withVariants && plain && stale && broken).toBeTruthy();
      const ids = [withVariants.id, plain!.id, stale!.id, broken!.id];
      // A variant with a price of its own, which the sheet will empty ("use the product's price").
      const pricedVariant = withVariants.variants!.find((variant) => variant.option_values.length > 0)!;
      const priced = await app.server.request(
        `/sandbox/stores/sandbox-demo/v3/catalog/products/${withVariants.id}/variants/${pricedVariant.id}`,
        {
          method: 'PUT',
          headers: { 'X-Auth-Token': DEMO.accessToken, 'Content-Type': 'application/json' },
          body: JSON.stringify({ price: 50 }),
        },
      );
      expect(priced.status).toBe(200);

      // 1. Export as XLSX: a job whose result links to the file.
      const started = await postJson(
        SPREADSHEET_EXPORT_PATH,
        {
          storeCredentials: DEMO,
          targetOption: 'specific',
          targetValue: ids.join(','),
          columns: [
            'ID',
            'Name',
            'Price',
            'Page Title',
            'Brand',
            'Categories',
            'Variant ID',
            'Options',
            'SKU',
          ],
          format: 'xlsx',
        },
        '',
      );
      expect(started.res.status, JSON.stringify(started.body)).toBe(200);
      const cookie = started.res.headers.get('set-cookie')?.split(';')[0] ?? '';
      const exportJob = await ended((started.body.job as JobView).id);
      expect(exportJob.state, exportJob.message ?? '').toBe('done');
      const result = exportJob.result as {
        exportId: string;
        downloadUrl: string;
        products: number;
        variants: number;
      };
      expect(result.products).toBe(4);
      expect(result.variants).toBe(
        withVariants.variants!.filter((variant) => variant.option_values.length > 0).length,
      );
      const link = await request(result.downloadUrl, { redirect: 'manual' }, cookie);
      expect(link.status).toBe(302);
      const location = link.headers.get('location')!;
      expect(location.startsWith('/')).toBe(true);
      // Nobody else gets the file.
      expect((await request(result.downloadUrl, { redirect: 'manual' }, '')).status).toBe(404);
      const file = await app.server.request(location);
      expect(file.status).toBe(200);
      const exported = join(folder, 'exported.xlsx');
      await writeFile(exported, new Uint8Array(await file.arrayBuffer()));
      const opened = await openSpreadsheet(exported, LIMITS);
      expect(opened.exportId).toBe(result.exportId);
      const rows: { sheet: string; cells: Map<string, CellValue> }[] = [];
      for await (const row of opened.rows()) rows.push(row);
      const productRow = (id: number) =>
        rows.find((row) => row.sheet === 'Products' && row.cells.get('ID') === id)!;
      expect(productRow(plain!.id).cells.get('Name')).toBe(plain!.name);
      expect(productRow(plain!.id).cells.get('Price')).toBe(plain!.price);

      // 2. The store changes after the export: the stale product's page title.
      await putProduct(stale!.id, { page_title: 'Changed in the store' });

      // 3. The user edits the file: a price, a cleared page title, a variant's price emptied, bad cells.
      const products = opened.sheets.find((sheet) => sheet.name === 'Products')!;
      const variants = opened.sheets.find((sheet) => sheet.name === 'Variants')!;
      const edit = (
        row: { cells: Map<string, CellValue> },
        changes: Record<string, CellValue>,
        headers: string[],
      ) => headers.map((header) => (header in changes ? changes[header]! : (row.cells.get(header) ?? null)));
      const productRows = rows.filter((row) => row.sheet === 'Products');
      const variantRows = rows.filter((row) => row.sheet === 'Variants');
      const firstVariant = variantRows.find((row) => row.cells.get('Variant ID') === pricedVariant.id)!;
      const edited = await writeSheet('edited.xlsx', result.exportId, [
        {
          name: 'Products',
          headers: [...products.headers, 'Notes'],
          rows: productRows.map((row) => {
            const id = row.cells.get('ID');
            const changes: Record<string, CellValue> =
              id === plain!.id
                ? { Price: 123.45, 'Page Title': '' }
                : id === stale!.id
                  ? { Price: 77 }
                  : id === broken!.id
                    ? { Price: 'abc', Brand: 'No Such Brand' }
                    : {};
            return [...edit(row, changes, products.headers), 'ignored'];
          }),
        },
        {
          name: 'Variants',
          headers: variants.headers,
          rows: variantRows.map((row) =>
            edit(row, row === firstVariant ? { Price: null } : {}, variants.headers),
          ),
        },
      ]);

      // 4. The preview: each change with the store's value and the value to write; bad cells named; the stale cell.
      const shown = await preview(edited, cookie);
      expect(shown.ignoredColumns).toEqual(['Products: Notes']);
      expect(shown.counts.rows).toBe(rows.length);
      const byKey = (productId: number, variantId?: number) =>
        shown.rows.find((row) => row.key.productId === productId && row.key.variantId === variantId);
      expect(byKey(plain!.id)!.changes).toEqual([
        { column: 'Price', live: plain!.price, sheet: 123.45, write: 123.45 },
        { column: 'Page Title', live: plain!.page_title, sheet: null, write: '' },
      ]);
      expect(byKey(broken!.id)!.errors).toEqual([
        {
          column: 'Price',
          message: 'Price must be a number',
          code: 'notNumber',
          params: { column: 'Price' },
        },
        {
          column: 'Brand',
          message: 'Brand "No Such Brand" does not exist in the store',
          code: 'unknownBrand',
          params: { name: 'No Such Brand' },
        },
      ]);
      const staleRow = byKey(stale!.id)!;
      expect(staleRow.stale).toEqual(['Page Title']);
      expect(staleRow.warnings.map((warning) => warning.column)).toContain('Page Title');
      const variantId = firstVariant.cells.get('Variant ID') as number;
      expect(byKey(withVariants.id, variantId)!.changes).toEqual([
        { column: 'Price', live: 50, sheet: null, write: null },
      ]);
      expect(shown.counts.errors).toBe(1);
      // The next page of a one-page preview is empty; another visitor sees none of it.
      // Read again (a reload), the first page says all the upload said: rows, counts, ignored and stale columns.
      const page = await request(spreadsheetPreviewPagePath(shown.previewId, '-1'), {}, cookie);
      expect(previewResponseSchema.parse(await page.json())).toEqual(shown);
      expect(shown).toMatchObject({ staleRows: 1, staleOnlyRows: 0, nextCursor: null });
      expect((await request(spreadsheetPreviewPagePath(shown.previewId, '-1'), {}, '')).status).toBe(404);

      const before = await wholeStore();
      // 5. Run it (sinceExport defaults to keep-store): the stale cell keeps the store's value.
      const run = await postJson(
        SPREADSHEET_JOBS_PATH,
        { storeCredentials: DEMO, previewId: shown.previewId },
        cookie,
      );
      expect(run.res.status, JSON.stringify(run.body)).toBe(200);
      const imported = await ended((run.body.job as JobView).id);
      expect(imported.state, imported.message ?? '').toBe('done');
      const after = await wholeStore();
      const find = (all: Product[], id: number) => all.find((product) => product.id === id)!;
      expect(find(after, plain!.id)).toMatchObject({ price: 123.45, page_title: '' });
      expect(find(after, stale!.id)).toMatchObject({ price: 77, page_title: 'Changed in the store' });
      expect(find(after, broken!.id)).toEqual(find(before, broken!.id));
      expect(
        find(after, withVariants.id).variants!.find((variant) => variant.id === variantId)!.price,
      ).toBeNull();
      expect(imported.failed).toBe(1);
      // Backed up: the plain product, the stale one's price and the variant (counted in the database, issue 45).
      expect(Object.keys(imported.backup as object)).toHaveLength(3);
      const view = jobResponseSchema.parse(
        await (await request(jobPath(imported.id), {}, cookie)).json(),
      ).job;
      expect(view).toMatchObject({ backedUp: 3, succeeded: imported.succeeded, failed: 1 });
      const outcomes = imported.outcomes as { kind: string; outcome: string; key: Json }[];
      const skippedCell: unknown = expect.objectContaining({
        kind: 'cell',
        outcome: 'skipped',
        key: expect.objectContaining({ column: 'Page Title' }) as unknown,
        reason: 'Changed in the store since the export: the store’s value is kept',
        reasonCode: 'keptStoreValue',
      });
      expect(outcomes).toContainEqual(skippedCell);
      // The row left out for its errors keeps each cell's note, coded for the screen's language.
      const failedRow = outcomes.find((outcome) => outcome.outcome === 'failed') as
        { reasonNotes?: { column: string; code?: string }[] } | undefined;
      expect(failedRow?.reasonNotes?.map((note) => [note.column, note.code])).toEqual([
        ['Price', 'notNumber'],
        ['Brand', 'unknownBrand'],
      ]);
      // Every product the job did not name is untouched.
      const untouched = (all: Product[]) => all.filter((product) => !ids.includes(product.id));
      expect(untouched(after)).toEqual(untouched(before));
      // The rows that failed, as a sheet with the reason in a column.
      const failed = await request(spreadsheetFailedRowsPath(imported.id), {}, cookie);
      expect(failed.status).toBe(200);
      const failedPath = join(folder, 'failed.xlsx');
      await writeFile(failedPath, new Uint8Array(await failed.arrayBuffer()));
      const failedRows: { cells: Map<string, CellValue> }[] = [];
      for await (const row of (await openSpreadsheet(failedPath, LIMITS)).rows()) failedRows.push(row);
      expect(failedRows).toHaveLength(1);
      expect(failedRows[0]!.cells.get('ID')).toBe(broken!.id);
      expect(String(failedRows[0]!.cells.get('Reason'))).toContain(
        'Brand "No Such Brand" does not exist in the store',
      );

      // 6. Undo: the store as it was before the import, field by field.
      const undo = await postJson(jobUndoPath(imported.id), { storeCredentials: DEMO }, cookie);
      expect(undo.res.status, JSON.stringify(undo.body)).toBe(200);
      const undone = await ended((undo.body.job as JobView).id);
      expect(undone.state, undone.message ?? '').toBe('done');
      expect(await wholeStore()).toEqual(before);
    },
    EVENT_TIMEOUT_MS * 2,
  );

  it('keeps at most 20 previews and 20 exports per owner, dropping the oldest with their rows', async () => {
    const repository = createSpreadsheetRepository(app.server.database.db);
    const counts = { rows: 1, changed: 1, unchanged: 0, errors: 0, warnings: 0 };
    const row = {
      view: {
        sheet: 'Products' as const,
        row: 2,
        key: { productId: 1 },
        name: 'x',
        changes: [],
        errors: [],
        warnings: [],
      },
      fields: [],
    };
    for (let i = 0; i <= MAX_KEPT_PER_OWNER; i++) {
      const at = new Date(Date.UTC(2026, 0, 1, 0, i));
      await repository.createPreview(
        { id: `cap-preview-${i}`, owner: 'visitor:cap', storeHash: 'sandbox-demo', exportId: null, counts },
        [row],
        at,
        60_000_000,
      );
      await repository.createExport({
        id: `cap-export-${i}`,
        owner: 'visitor:cap',
        storeHash: 'sandbox-demo',
        jobId: `job-${i}`,
        fileName: '',
        contentType: '',
        createdAt: at,
        expiresAt: new Date(at.getTime() + 60_000_000),
      });
      await repository.addExportCells(`cap-export-${i}`, [
        { sheet: 'Products', itemId: 1, cells: { Price: i } },
      ]);
    }
    expect(await repository.getPreview('cap-preview-0')).toBeUndefined();
    expect(await repository.previewRows('cap-preview-0', -1, 10)).toEqual([]);
    // A preview still being read when it is dropped gets no more rows: none outlive it.
    expect(await repository.addPreviewRows('cap-preview-0', [{ seq: 1, row }])).toBe(false);
    expect(await repository.previewRows('cap-preview-0', -1, 10)).toEqual([]);
    expect(await repository.addPreviewRows('cap-preview-1', [{ seq: 1, row }])).toBe(true);
    expect(await repository.previewRows('cap-preview-1', -1, 10)).toHaveLength(2);
    expect(await repository.getPreview('cap-preview-1')).toBeDefined();
    expect(await repository.getPreview(`cap-preview-${MAX_KEPT_PER_OWNER}`)).toBeDefined();
    expect(await repository.getExport('cap-export-0')).toBeUndefined();
    expect((await repository.exportCells('cap-export-0', 'Products', [1])).size).toBe(0);
    expect(await repository.getExport('cap-export-1')).toBeDefined();
  });

  it('refuses what it cannot read, with a message naming it', async () => {
    const form = new FormData();
    form.set('file', new File(['not a spreadsheet'], 'products.xlsx'));
    form.set('storeCredentials', JSON.stringify(DEMO));
    const res = await app.server.request(SPREADSHEET_PREVIEW_PATH, { method: 'POST', body: form });
    expect(res.status).toBe(400);
    expect(((await res.json()) as Json).code).toBe('invalid_input');
    const noFile = new FormData();
    noFile.set('storeCredentials', JSON.stringify(DEMO));
    const missing = await app.server.request(SPREADSHEET_PREVIEW_PATH, { method: 'POST', body: noFile });
    expect(missing.status).toBe(400);
    expect(await missing.json()).toMatchObject({ error: 'Please choose an XLSX or CSV file' });
  });
});
