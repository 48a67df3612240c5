// The preview of an uploaded sheet against the live store (issue 45): every row's cells read with the columns'
// documented rules, compared with the store's values now and, when the file carries a known export id, with what the
// export wrote (a cell whose store value changed since then is a warning the job's `sinceExport` decides). Rows are
// read 250 at a time, each group with one request for its products (or variants), so a preview costs what the API's
// page size allows.
import {
  type CellChange,
  type CellNote,
  type PreviewCounts,
  type PreviewRow,
} from '../../../common/contracts/spreadsheet-edit';
import {
  columnOf,
  liveValue,
  parseCell,
  priceWarning,
  sameValue,
  type CatalogLookups,
  type CellValue,
  type ColumnDef,
  type SheetName,
} from '../../../common/spreadsheet-edit/columns';
import { cellNote, noteValue } from '../../../common/spreadsheet-edit/cell-notes';
import { ERROR_CODES } from '../../../common/errors';
import { AppError } from '../../errors';
import type { BigCommerceClient } from '../../integrations/bigcommerce';
import type { PlannedField, StoredPreviewRow } from './spreadsheet-repository';

/** Rows read from the store at once: getProducts' `limit` maximum (products_catalog.v3.yml LimitParam). */
export const PREVIEW_CHUNK = 250;
/** Variant SKUs looked up one by one (getVariants documents `sku`, not `sku:in`): at most this many per preview. */
const MAX_VARIANT_SKU_LOOKUPS = 500;

/** One row of the sheet as the file layer reads it. */
export type SheetRowInput = { sheet: SheetName; row: number; cells: Map<string, CellValue> };

/** The key column of each sheet. */
export const KEY_HEADER: Record<SheetName, string> = { Products: 'ID', Variants: 'Variant ID' };

/** What the export wrote for the rows of a chunk (by item id), when the file came from a known export. */
export type ExportCellsReader = (
  sheet: SheetName,
  ids: readonly number[],
) => Promise<Map<number, Record<string, unknown>>>;

/** A kept row and its place in the sheet's order (`seq`): what the preview's pages list in that order. */
export type NumberedPreviewRow = { seq: number; row: StoredPreviewRow };

export type PreviewOutcome = {
  counts: PreviewCounts;
  /** The kept rows in sheet order, when the deps have no `keep` (which took them as they came). */
  rows: StoredPreviewRow[];
  ignoredColumns: string[];
  /** Rows with a cell whose store value changed since the export. */
  staleRows: number;
  /** Rows without errors whose every change is such a cell: written only with `sinceExport: 'take-sheet'`. */
  staleOnlyRows: number;
};

const positiveId = (value: CellValue): number | undefined => {
  const number = typeof value === 'number' ? value : typeof value === 'string' ? Number(value.trim()) : NaN;
  return Number.isSafeInteger(number) && number > 0 ? number : undefined;
};

/** A cell as the preview keeps it: a NUL (refused by the column's rule) cannot be stored in PostgreSQL's jsonb. */
const kept = (raw: CellValue): CellValue =>
  typeof raw === 'string' ? raw.replaceAll('\u0000', '\uFFFD') : raw;

type LiveItem = Record<string, unknown> & { id: number };

/** Reads the live products of a chunk: id:in (products_catalog.v3.yml 9694) with their custom fields. */
async function liveProducts(
  client: BigCommerceClient,
  ids: readonly number[],
  columns: readonly ColumnDef[],
  signal?: AbortSignal,
): Promise<Map<number, LiveItem>> {
  if (ids.length === 0) return new Map();
  const fields = new Set(['name', 'sku']);
  for (const column of columns) {
    if (column.rule.type !== 'read-only' && column.rule.type !== 'custom-field')
      fields.add(column.field.split('.')[0]!);
  }
  const custom = columns.some((column) => column.rule.type === 'custom-field');
  const page = await client.products.list({
    query: {
      'id:in': ids.join(','),
      include_fields: [...fields].join(','),
      ...(custom ? { include: 'custom_fields' } : {}),
    },
    limit: PREVIEW_CHUNK,
    ...(signal ? { signal } : {}),
  });
  return new Map(page.items.map((item) => [item.id, item as LiveItem]));
}

/**
 * Reads the live variants of a chunk: by their products (`product_id:in`, product-variants_catalog.v3.yml getVariants;
 * it documents `id` for one variant only), or one by one when the sheet has no Product ID column.
 */
async function liveVariants(
  client: BigCommerceClient,
  rows: readonly { variantId: number; productId: number | undefined }[],
  signal?: AbortSignal,
): Promise<Map<number, LiveItem>> {
  const found = new Map<number, LiveItem>();
  const productIds = [...new Set(rows.flatMap((row) => (row.productId ? [row.productId] : [])))];
  // A chunk's products in one filter (it holds at most PREVIEW_CHUNK rows, so as many ids: a URL of some 2,800
  // characters at most), read 250 a page: the pages its variants fill, the fewest the API allows (bench P13).
  for (let i = 0; i < productIds.length; i += PREVIEW_CHUNK) {
    const chunk = productIds.slice(i, i + PREVIEW_CHUNK);
    for (let page = 1; ; page++) {
      const answer = await client.variants.list({
        query: { 'product_id:in': chunk.join(',') },
        limit: 250,
        page,
        ...(signal ? { signal } : {}),
      });
      for (const item of answer.items) found.set(item.id, item);
      if (!answer.pagination || page >= answer.pagination.total_pages) break;
    }
  }
  for (const row of rows) {
    if (row.productId || found.has(row.variantId)) continue;
    const answer = await client.variants.list({
      query: { id: row.variantId },
      ...(signal ? { signal } : {}),
    });
    for (const item of answer.items) found.set(item.id, item);
  }
  return found;
}

const optionsText = (variant: LiveItem) =>
  ((variant.option_values as { option_display_name?: string; label?: string }[] | undefined) ?? [])
    .map((value) => `${value.option_display_name ?? ''}=${value.label ?? ''}`)
    .join('; ');

export type PreviewDeps = {
  client: BigCommerceClient;
  lookups: CatalogLookups;
  exportCells?: ExportCellsReader;
  signal?: AbortSignal;
  /**
   * Takes the kept rows a chunk at a time (the database, so that memory stays flat in the sheet's size); a row whose
   * SKU is still to be checked against the store comes at the end, with the place it had. Without it the outcome
   * holds them.
   */
  keep?: (rows: readonly NumberedPreviewRow[]) => Promise<void>;
};

/**
 * Previews the rows of a sheet: the headers it has (in the file's order) and its rows (as the file layer reads them,
 * sheet by sheet). Answers the counts, the rows that change, fail or warn, and the columns it does not know.
 */
export async function previewSheets(
  deps: PreviewDeps,
  sheets: readonly { name: SheetName; headers: readonly string[] }[],
  rows: AsyncIterable<SheetRowInput> | Iterable<SheetRowInput>,
): Promise<PreviewOutcome> {
  const columnsBySheet = new Map<SheetName, ColumnDef[]>();
  const ignoredColumns: string[] = [];
  for (const sheet of sheets) {
    if (!sheet.headers.includes(KEY_HEADER[sheet.name])) {
      throw new AppError(
        ERROR_CODES.invalidInput,
        `The ${sheet.name} sheet has no ${KEY_HEADER[sheet.name]} column: it is how rows are matched to the store`,
      );
    }
    const columns: ColumnDef[] = [];
    for (const header of sheet.headers) {
      if (header === 'Export ID') continue;
      const column = columnOf(sheet.name, header);
      if (!column) ignoredColumns.push(`${sheet.name}: ${header}`);
      else if (column.rule.type !== 'read-only') columns.push(column);
    }
    columnsBySheet.set(sheet.name, columns);
  }
  // Rows and unchanged rows are counted as read; the rest as each kept row is final (after its SKU checks).
  const counts: PreviewCounts = { rows: 0, changed: 0, unchanged: 0, errors: 0, warnings: 0 };
  let staleRows = 0;
  let staleOnlyRows = 0;
  const collected: NumberedPreviewRow[] = [];
  const keep =
    deps.keep ??
    ((rows: readonly NumberedPreviewRow[]) => {
      collected.push(...rows);
      return Promise.resolve();
    });
  let seq = 0;
  const tally = (result: StoredPreviewRow) => {
    const { view } = result;
    if (view.errors.length > 0) counts.errors++;
    else if (result.fields.some((field) => !field.stale)) counts.changed++;
    else if (result.fields.length > 0) staleOnlyRows++;
    if (view.warnings.length > 0) counts.warnings++;
    if ((view.stale?.length ?? 0) > 0) staleRows++;
  };
  // Rows whose new SKU is checked against the store once every row is read: they may gain an error then.
  const held: NumberedPreviewRow[] = [];
  const skuRows = new Map<string, { sheet: SheetName; row: number; itemId: number }>();
  const skuChecks: {
    sku: string;
    stored: StoredPreviewRow;
    column: string;
    itemId: number;
    sheet: SheetName;
  }[] = [];
  const seenKeys = new Map<string, number>();

  let chunk: SheetRowInput[] = [];
  const flush = async () => {
    if (chunk.length === 0) return;
    const sheet = chunk[0]!.sheet;
    const columns = columnsBySheet.get(sheet) ?? [];
    const results = await previewChunk(deps, sheet, columns, chunk, seenKeys);
    const final: NumberedPreviewRow[] = [];
    for (const result of results) {
      counts.rows++;
      const { view } = result;
      if (view.errors.length === 0 && view.changes.length === 0) counts.unchanged++;
      let checked = false;
      for (const field of result.fields) {
        if (field.field !== 'sku' || typeof field.write !== 'string' || field.write === '') continue;
        const itemId = view.key.variantId ?? view.key.productId;
        const key = field.write.toLowerCase();
        const first = skuRows.get(key);
        if (first && first.itemId !== itemId) {
          view.errors.push({
            column: field.column,
            ...cellNote('skuInSheet', { sku: field.write, sheet: first.sheet, row: first.row }),
          });
        } else {
          skuRows.set(key, { sheet, row: view.row, itemId });
          skuChecks.push({ sku: field.write, stored: result, column: field.column, itemId, sheet });
          checked = true;
        }
      }
      if (view.changes.length > 0 || view.errors.length > 0 || view.warnings.length > 0) {
        const numbered = { seq: seq++, row: result };
        if (checked) held.push(numbered);
        else {
          tally(result);
          final.push(numbered);
        }
      }
    }
    chunk = [];
    if (final.length > 0) await keep(final);
  };
  for await (const row of rows) {
    if (chunk.length > 0 && (chunk[0]!.sheet !== row.sheet || chunk.length >= PREVIEW_CHUNK)) await flush();
    chunk.push(row);
  }
  await flush();
  await checkSkusInStore(deps, skuChecks);
  for (const numbered of held) tally(numbered.row);
  for (let i = 0; i < held.length; i += PREVIEW_CHUNK) await keep(held.slice(i, i + PREVIEW_CHUNK));
  collected.sort((a, b) => a.seq - b.seq);
  return {
    counts,
    rows: collected.map((entry) => entry.row),
    ignoredColumns,
    staleRows,
    staleOnlyRows,
  };
}

async function previewChunk(
  deps: PreviewDeps,
  sheet: SheetName,
  columns: readonly ColumnDef[],
  rows: readonly SheetRowInput[],
  seenKeys: Map<string, number>,
): Promise<StoredPreviewRow[]> {
  const keyHeader = KEY_HEADER[sheet];
  const keyed = rows.map((row) => ({
    row,
    id: positiveId(row.cells.get(keyHeader) ?? null),
    productId: sheet === 'Variants' ? positiveId(row.cells.get('Product ID') ?? null) : undefined,
  }));
  const ids = [...new Set(keyed.flatMap((entry) => (entry.id ? [entry.id] : [])))];
  const live =
    sheet === 'Products'
      ? await liveProducts(deps.client, ids, columns, deps.signal)
      : await liveVariants(
          deps.client,
          keyed.flatMap((entry) => (entry.id ? [{ variantId: entry.id, productId: entry.productId }] : [])),
          deps.signal,
        );
  const exported = deps.exportCells
    ? await deps.exportCells(sheet, ids)
    : new Map<number, Record<string, unknown>>();
  return keyed.map(({ row, id, productId }) => {
    const errors: CellNote[] = [];
    const warnings: CellNote[] = [];
    const changes: CellChange[] = [];
    const fields: PlannedField[] = [];
    const stale: string[] = [];
    const view = (name: string, key: PreviewRow['key']): StoredPreviewRow => ({
      view: {
        sheet,
        row: row.row,
        key,
        name,
        changes,
        errors,
        warnings,
        ...(stale.length > 0 ? { stale } : {}),
      },
      fields,
    });
    if (!id) {
      errors.push({ column: keyHeader, ...cellNote('keyInvalid', { column: keyHeader }) });
      return view('', { productId: productId ?? 0 });
    }
    const seenAt = seenKeys.get(`${sheet}:${id}`);
    if (seenAt !== undefined) {
      errors.push({ column: keyHeader, ...cellNote('keyRepeated', { column: keyHeader, id, row: seenAt }) });
      return view(
        '',
        sheet === 'Products' ? { productId: id } : { productId: productId ?? 0, variantId: id },
      );
    }
    seenKeys.set(`${sheet}:${id}`, row.row);
    const item = live.get(id);
    if (!item) {
      errors.push({
        column: keyHeader,
        ...cellNote(sheet === 'Products' ? 'productMissing' : 'variantMissing', { id }),
      });
      return view(
        '',
        sheet === 'Products' ? { productId: id } : { productId: productId ?? 0, variantId: id },
      );
    }
    const itemProductId = sheet === 'Products' ? id : Number(item.product_id);
    if (sheet === 'Variants' && productId !== undefined && productId !== itemProductId) {
      errors.push({
        column: 'Product ID',
        ...cellNote('variantOfOtherProduct', { id, owner: itemProductId, product: productId }),
      });
    }
    const name =
      sheet === 'Products'
        ? typeof item.name === 'string'
          ? item.name
          : ''
        : optionsText(item) || (typeof item.sku === 'string' ? item.sku : '');
    const exportedCells = exported.get(id);
    for (const column of columns) {
      if (!row.cells.has(column.header)) continue;
      const raw = row.cells.get(column.header) ?? null;
      const parsed = parseCell(column, raw, deps.lookups);
      if (!parsed.ok) {
        errors.push({
          column: column.header,
          code: parsed.code,
          params: parsed.params,
          message: parsed.message,
        });
        continue;
      }
      const liveNow = liveValue(column, item);
      if (sameValue(liveNow, parsed.value)) continue;
      changes.push({ column: column.header, live: liveNow, sheet: kept(raw), write: parsed.value });
      const planned: PlannedField = {
        column: column.header,
        field: column.field,
        live: liveNow,
        write: parsed.value,
        cell: kept(raw),
      };
      if (
        exportedCells &&
        column.header in exportedCells &&
        !sameValue(exportedCells[column.header], liveNow)
      ) {
        planned.stale = true;
        stale.push(column.header);
        warnings.push({
          column: column.header,
          ...cellNote('changedSinceExport', {
            column: column.header,
            exported: noteValue(exportedCells[column.header]),
            live: noteValue(liveNow),
          }),
        });
      }
      const price = priceWarning(column, liveNow, parsed.value);
      if (price) warnings.push({ column: column.header, ...price });
      fields.push(planned);
    }
    return view(name, sheet === 'Products' ? { productId: id } : { productId: itemProductId, variantId: id });
  });
}

/**
 * A SKU the sheet gives that another product or variant of the store holds (SKUs are unique across products and
 * variants: products_catalog.v3.yml `sku:in` 10068 for products' SKUs, getVariants `sku` for variants').
 */
async function checkSkusInStore(
  deps: PreviewDeps,
  checks: readonly {
    sku: string;
    stored: StoredPreviewRow;
    column: string;
    itemId: number;
    sheet: SheetName;
  }[],
): Promise<void> {
  if (checks.length === 0) return;
  const owners = new Map<string, { kind: 'product' | 'variant'; id: number }[]>();
  const add = (sku: string, owner: { kind: 'product' | 'variant'; id: number }) =>
    owners.set(sku.toLowerCase(), [...(owners.get(sku.toLowerCase()) ?? []), owner]);
  const skus = [...new Set(checks.map((check) => check.sku))];
  for (let i = 0; i < skus.length; i += 50) {
    const page = await deps.client.products.list({
      query: { 'sku:in': skus.slice(i, i + 50).join(','), include_fields: 'sku' },
      limit: 250,
      ...(deps.signal ? { signal: deps.signal } : {}),
    });
    for (const product of page.items)
      if (typeof product.sku === 'string') add(product.sku, { kind: 'product', id: product.id });
  }
  for (const sku of skus.slice(0, MAX_VARIANT_SKU_LOOKUPS)) {
    const page = await deps.client.variants.list({
      query: { sku },
      ...(deps.signal ? { signal: deps.signal } : {}),
    });
    for (const variant of page.items) {
      // A simple product's base variant carries the product's SKU: that is the product's own.
      const options = (variant as Record<string, unknown>).option_values as unknown[] | undefined;
      if (!options || options.length === 0) continue;
      if (typeof variant.sku === 'string') add(variant.sku, { kind: 'variant', id: variant.id });
    }
  }
  for (const check of checks) {
    const holders = owners.get(check.sku.toLowerCase()) ?? [];
    const own = check.sheet === 'Products' ? 'product' : 'variant';
    const other = holders.find((holder) => !(holder.kind === own && holder.id === check.itemId));
    if (other) {
      check.stored.view.errors.push({
        column: check.column,
        ...cellNote(other.kind === 'product' ? 'skuOfProduct' : 'skuOfVariant', {
          sku: check.sku,
          id: other.id,
        }),
      });
    }
  }
}
