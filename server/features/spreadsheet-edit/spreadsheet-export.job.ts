// An export as a job (issue 45): the first slice counts the products in scope and plans one step per page of 250
// (or per 250 listed ids), then a last step that writes the file. Each page step reads its products with their
// variants and custom fields in one request, keeps the values it read (the export's cells, for the preview's "changed
// since the export") and a part in the object store; the last step streams the parts into the XLSX or CSV file, so
// memory stays flat in the catalogue's size. Steps are settled with the platform's compare-and-set, so a resumed job
// goes on from the first step not settled; a step read again writes the same part and the same cells.
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { z } from 'zod';
import {
  EXPORT_TTL_MS,
  spreadsheetExportFilePath,
  type ExportResult,
  type ExportScope,
} from '../../../common/contracts/spreadsheet-edit';
import {
  cellOf,
  CUSTOM_FIELD_PREFIX,
  customFieldColumn,
  exportLayout,
  liveValue,
  type CellValue,
  type ColumnDef,
} from '../../../common/spreadsheet-edit/columns';
import type { BigCommerceClient, BigCommerceClientFactory } from '../../integrations/bigcommerce';
import type { JobKindDefinition } from '../../jobs/job-kinds';
import type { SliceOutcome } from '../../jobs/job-queue';
import type { JobRow, JobStore } from '../../jobs/job-store';
import { isLive, jobSlice, planOnce, settleWave, sliceTimeUp } from '../../jobs/slice';
import { openCredentials, type Sealer } from '../../jobs/sealed-credentials';
import type { Logger } from '../../logger';
import type { ObjectStorage } from '../../storage/object-storage';
import { readCatalogLookups } from './catalog-lookups';
import { exportContentType, exportFileName } from './sheet-io/sheet-io';
import { createSheetWriter } from './sheet-io/sheet-writer';
import type { SpreadsheetRepository } from './spreadsheet-repository';

/** Products per page: getProducts' `limit` maximum (products_catalog.v3.yml LimitParam, 250). */
export const EXPORT_PAGE = 250;
/** Asking for this header means every custom field name the exported products have. */
export const ALL_CUSTOM_FIELDS = `${CUSTOM_FIELD_PREFIX}*`;

const scopeSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('all') }),
  z.object({ kind: z.literal('category'), categoryId: z.number().int() }),
  z.object({ kind: z.literal('brand'), brandId: z.number().int() }),
  z.object({ kind: z.literal('specific'), productIds: z.array(z.number().int()) }),
]) satisfies z.ZodType<ExportScope>;

export const exportInputSchema = z.object({
  exportId: z.string(),
  scope: scopeSchema,
  channelId: z.number().int().optional(),
  columns: z.array(z.string()),
  format: z.enum(['xlsx', 'csv']),
});
export type ExportInput = z.infer<typeof exportInputSchema>;

export type ExportStep = { page: number } | { ids: number[] } | { assemble: true };

/** One part: the products and variants a page step read, their cells in the columns' value space. */
export type ExportPart = {
  /** Products the step read (the job's progress), whichever sheets were asked for. */
  read: number;
  products: { id: number; cells: Record<string, unknown> }[];
  variants: { id: number; cells: Record<string, unknown> }[];
};

export type ExportJobDeps = {
  jobs: JobStore;
  repository: SpreadsheetRepository;
  storage: ObjectStorage;
  clients: BigCommerceClientFactory;
  getCipher: () => Promise<Sealer>;
  logger: Logger;
  now?: () => Date;
};

export const exportPartKey = (exportId: string, index: number) =>
  `spreadsheet-exports/${exportId}/part-${String(index).padStart(6, '0')}.json`;
export const exportFileKey = (exportId: string, fileName: string) =>
  `spreadsheet-exports/${exportId}/${fileName}`;

/** The filters of a scope on getProducts (products_catalog.v3.yml: `categories:in` 9738, `channel_id:in` 9748, `brand_id` 9870). */
function scopeQuery(scope: ExportScope, channelId: number | undefined): Record<string, string | number> {
  const query: Record<string, string | number> = {};
  if (scope.kind === 'category') query['categories:in'] = scope.categoryId;
  if (scope.kind === 'brand') query.brand_id = scope.brandId;
  if (channelId !== undefined) query['channel_id:in'] = channelId;
  return query;
}

/** The product fields a page reads: those of the columns asked for (`include_fields`, products_catalog.v3.yml 9568). */
function productFields(columns: readonly ColumnDef[]): string {
  const fields = new Set(['name']);
  for (const column of columns) {
    if (column.rule.type === 'custom-field' || column.rule.type === 'read-only') continue;
    fields.add(column.field.split('.')[0]!);
  }
  return [...fields].join(',');
}

/** The columns of the layout with `Custom Field: *` left as asked (expanded when the file is written). */
export const layoutOf = (input: ExportInput) => exportLayout(input.columns);

export async function readStep(
  client: BigCommerceClient,
  input: ExportInput,
  step: { page: number } | { ids: number[] },
  signal?: AbortSignal,
): Promise<ExportPart> {
  const layout = layoutOf(input);
  const productColumns = layout.find((sheet) => sheet.sheet === 'Products')?.columns ?? [];
  const variantColumns = layout.find((sheet) => sheet.sheet === 'Variants')?.columns ?? [];
  const wantsCustom = input.columns.some((header) => header.startsWith(CUSTOM_FIELD_PREFIX));
  const include = [
    ...(variantColumns.length > 0 ? ['variants'] : []),
    ...(wantsCustom ? ['custom_fields'] : []),
  ];
  const query: Record<string, string | number> = {
    ...scopeQuery(input.scope, input.channelId),
    // sort=id (products_catalog.v3.yml 9535): pages stay in one order while the export reads them.
    sort: 'id',
    include_fields: productFields(productColumns),
    ...(include.length > 0 ? { include: include.join(',') } : {}),
  };
  if ('ids' in step) query['id:in'] = step.ids.join(',');
  const page = await client.products.list({
    query,
    limit: EXPORT_PAGE,
    ...('page' in step ? { page: step.page } : {}),
    ...(signal ? { signal } : {}),
  });
  const part: ExportPart = { read: page.items.length, products: [], variants: [] };
  for (const product of page.items) {
    const record = product as Record<string, unknown>;
    const cells: Record<string, unknown> = {};
    for (const column of productColumns) {
      if (column.header === ALL_CUSTOM_FIELDS) continue;
      cells[column.header] = liveValue(column, record);
    }
    if (input.columns.includes(ALL_CUSTOM_FIELDS)) {
      for (const field of (record.custom_fields as { name: string; value: string }[] | undefined) ?? []) {
        const header = `${CUSTOM_FIELD_PREFIX}${field.name}`;
        if (!(header in cells)) cells[header] = field.value;
      }
    }
    if (productColumns.length > 0) part.products.push({ id: product.id, cells });
    // A simple product's base variant (no option values) is not a Variants row (issue 45).
    for (const variant of (record.variants as Record<string, unknown>[] | undefined) ?? []) {
      const options = variant.option_values as unknown[] | undefined;
      if (!options || options.length === 0) continue;
      const variantCells: Record<string, unknown> = {};
      for (const column of variantColumns) {
        variantCells[column.header] =
          column.header === 'Options' ? cellOf(column, variant, EMPTY_LOOKUPS) : liveValue(column, variant);
      }
      part.variants.push({ id: Number(variant.id), cells: variantCells });
    }
  }
  return part;
}

const EMPTY_LOOKUPS = {
  brandIdByName: new Map<string, number>(),
  brandNameById: new Map<number, string>(),
  categoryIdsByPath: new Map<string, number[]>(),
  categoryPathById: new Map<number, string>(),
};

export async function planExport(
  client: BigCommerceClient,
  input: ExportInput,
): Promise<{ steps: ExportStep[]; total: number }> {
  if (input.scope.kind === 'specific') {
    const steps: ExportStep[] = [];
    for (let i = 0; i < input.scope.productIds.length; i += EXPORT_PAGE) {
      steps.push({ ids: input.scope.productIds.slice(i, i + EXPORT_PAGE) });
    }
    return { steps: [...steps, { assemble: true }], total: input.scope.productIds.length };
  }
  // One product to learn the total (meta.pagination.total, products_catalog.v3.yml getProducts 200).
  const first = await client.products.list({
    query: { ...scopeQuery(input.scope, input.channelId), include_fields: 'name' },
    limit: 1,
  });
  const total = first.pagination?.total ?? first.items.length;
  const pages = Math.ceil(total / EXPORT_PAGE);
  const steps: ExportStep[] = Array.from({ length: pages }, (_, i) => ({ page: i + 1 }));
  return { steps: [...steps, { assemble: true }], total };
}

async function readPart(storage: ObjectStorage, key: string): Promise<ExportPart> {
  const object = await storage.getObjectStream(key);
  if (!object) return { read: 0, products: [], variants: [] };
  const chunks: Buffer[] = [];
  for await (const chunk of object.body) chunks.push(Buffer.from(chunk as Uint8Array));
  return JSON.parse(Buffer.concat(chunks).toString('utf8')) as ExportPart;
}

/** Writes the file from the parts (Products' rows, then Variants'), into the object store. */
async function assemble(
  deps: ExportJobDeps,
  client: BigCommerceClient,
  input: ExportInput,
  parts: number,
): Promise<ExportResult> {
  const lookups = await readCatalogLookups(client);
  const layout = layoutOf(input);
  // `Custom Field: *`: every custom field name the products have, in order of first appearance.
  if (input.columns.includes(ALL_CUSTOM_FIELDS)) {
    const names: string[] = [];
    for (let i = 0; i < parts; i++) {
      for (const product of (await readPart(deps.storage, exportPartKey(input.exportId, i))).products) {
        for (const header of Object.keys(product.cells)) {
          if (
            header.startsWith(CUSTOM_FIELD_PREFIX) &&
            header !== ALL_CUSTOM_FIELDS &&
            !names.includes(header)
          ) {
            names.push(header);
          }
        }
      }
    }
    const products = layout.find((sheet) => sheet.sheet === 'Products');
    if (products) {
      products.columns = [
        ...products.columns.filter(
          (column) => column.header !== ALL_CUSTOM_FIELDS && !names.includes(column.header),
        ),
        ...names.map(customFieldColumn),
      ];
    }
  }
  const sheets = layout.map((sheet) => ({
    name: sheet.sheet,
    headers: sheet.columns.map((column) => column.header),
  }));
  const fileName = exportFileName(input.format, sheets);
  const folder = await mkdtemp(join(tmpdir(), 'bct-export-'));
  const path = join(folder, fileName);
  let products = 0;
  let variants = 0;
  try {
    const out = createWriteStream(path);
    const closed = new Promise<void>((resolve, reject) => {
      out.on('close', resolve);
      out.on('error', reject);
    });
    const writer = createSheetWriter(out, { format: input.format, sheets, exportId: input.exportId });
    for (const { sheet, columns } of layout) {
      for (let i = 0; i < parts; i++) {
        const part = await readPart(deps.storage, exportPartKey(input.exportId, i));
        const items = sheet === 'Products' ? part.products : part.variants;
        for (const item of items) {
          await writer.addRow(sheet, rowCells(columns, item.cells, lookups));
          if (sheet === 'Products') products++;
          else variants++;
        }
      }
    }
    await writer.finish();
    await closed;
    const { size } = await stat(path);
    const key = exportFileKey(input.exportId, fileName);
    await deps.storage.putObject(key, createReadStream(path), {
      contentType: exportContentType(input.format, sheets),
      contentLength: size,
    });
    await deps.repository.finishExport(input.exportId, { objectKey: key, products, variants });
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
  for (let i = 0; i < parts; i++) await deps.storage.deleteObject(exportPartKey(input.exportId, i));
  return {
    exportId: input.exportId,
    downloadUrl: spreadsheetExportFilePath(input.exportId),
    fileName,
    products,
    variants,
  };
}

/** A row's cells as the sheet shows them: names for a brand and categories, the rest as read. */
export function rowCells(
  columns: readonly ColumnDef[],
  cells: Record<string, unknown>,
  lookups: Parameters<typeof cellOf>[2],
): CellValue[] {
  return columns.map((column) => {
    const value = cells[column.header];
    if (column.header === 'Options') return typeof value === 'string' ? value : null;
    if (column.rule.type === 'brand' || column.rule.type === 'categories') {
      return cellOf(column, { [column.field]: value ?? (column.rule.type === 'brand' ? 0 : []) }, lookups);
    }
    if (value === null || value === undefined) return null;
    if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return value;
    return JSON.stringify(value);
  });
}

export function spreadsheetExportJobKind(deps: ExportJobDeps): JobKindDefinition {
  const now = deps.now ?? (() => new Date());
  const slice = jobSlice(
    { jobs: deps.jobs, logger: deps.logger, now },
    {
      unexpected: 'The export stopped on an unexpected error. Please try again.',
      logged: 'export slice failed',
    },
    async (row: JobRow): Promise<SliceOutcome> => {
      const cipher = await deps.getCipher();
      if (!row.credentialsSealed) throw new Error('The job has no store credentials left');
      const credentials = openCredentials(cipher, row.id, row.credentialsSealed);
      const client = deps.clients.forStore(credentials.target, { caller: row.owner });
      const input = exportInputSchema.parse(row.input);
      const planned = await planOnce<ExportStep>(deps.jobs, row, now, async () => {
        const { steps, total } = await planExport(client, input);
        return { items: steps, total, skipped: 0, outcomes: [] };
      });
      if (!planned) return 'finished';
      const { plan } = planned;
      let checkpoint = planned.checkpoint;
      const started = Date.now();
      const end = async (_row: JobRow, state: 'cancelled') => deps.jobs.finish(row.id, state, now());
      while (checkpoint < plan.length) {
        if (!(await isLive(deps.jobs, row.id, end))) return 'finished';
        const step = plan[checkpoint]!;
        if ('assemble' in step) {
          const result = await assemble(deps, client, input, checkpoint);
          await deps.jobs.finish(row.id, 'done', now(), null, result);
          return 'finished';
        }
        const part = await readStep(client, input, step);
        await deps.storage.putObject(exportPartKey(input.exportId, checkpoint), JSON.stringify(part), {
          contentType: 'application/json',
        });
        await deps.repository.addExportCells(input.exportId, [
          ...part.products.map((item) => ({
            sheet: 'Products' as const,
            itemId: item.id,
            cells: item.cells,
          })),
          ...part.variants.map((item) => ({
            sheet: 'Variants' as const,
            itemId: item.id,
            cells: item.cells,
          })),
        ]);
        const settled = await settleWave(deps.jobs, row.id, {
          from: checkpoint,
          checkpoint: checkpoint + 1,
          succeeded: part.read,
          failed: 0,
          outcomes: [],
        });
        if (!settled) return 'finished';
        checkpoint = settled.checkpoint;
        if (checkpoint < plan.length && sliceTimeUp(started)) return 'more';
      }
      return 'finished';
    },
  );
  return { kind: 'spreadsheet-export', slice, input: exportInputSchema };
}

/** When an export's row says it is kept until. */
export const exportExpiry = (now: Date) => new Date(now.getTime() + EXPORT_TTL_MS);
