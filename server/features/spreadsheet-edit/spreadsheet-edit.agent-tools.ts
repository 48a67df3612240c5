// Spreadsheet Edit for AI agents (issue 45). `update_products` takes rows of cells by column header, with the same
// checks and preview as an uploaded sheet (every changed cell with the store's value now and the value to write, the
// errors naming the column) and the write tools' `confirmation` flow; confirmed, it starts the same import job as the
// screen (before-job snapshot, backup, per-cell staleness check, undo in the app). `export_products` reads the
// products as the export would write them and answers a summary, the whole rows kept as a `bct://` resource.
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import {
  PREVIEW_TTL_MS,
  type PreviewCounts,
  type PreviewRow,
} from '../../../common/contracts/spreadsheet-edit';
import { exportRequestSchema } from '../../../common/contracts/spreadsheet-edit';
import {
  ALL_COLUMN_HEADERS,
  customFieldColumn,
  isCustomFieldHeader,
  type CellValue,
  type SheetName,
} from '../../../common/spreadsheet-edit/columns';
import { agentTool, type AgentTool, type AgentToolContext } from '../../agent-tools/agent-tools';
import { storeIdInput } from '../../agent-tools/tool-inputs';
import { writeTool, type JobWriteDeps } from '../../agent-tools/write-tool';
import { parseInput } from '../../errors';
import { assertRoomForJob } from '../../jobs/job-store';
import { readCatalogLookups } from './catalog-lookups';
import {
  ALL_CUSTOM_FIELDS,
  layoutOf,
  planExport,
  readStep,
  rowCells,
  type ExportInput,
} from './spreadsheet-export.job';
import { KEY_HEADER, previewSheets, type SheetRowInput } from './spreadsheet-preview';
import type { StoredPreviewRow } from './spreadsheet-repository';
import { startSpreadsheetImport, type ImportStartDeps } from './spreadsheet-start';

export type SpreadsheetAgentDeps = ImportStartDeps & JobWriteDeps;

/** Rows one `update_products` call takes (a sheet of more goes through the app's upload). */
export const MAX_AGENT_ROWS = 1_000;
/** Products one `export_products` call reads (a larger catalogue goes through the app's export job). */
export const MAX_AGENT_EXPORT = 5_000;

const cellInput = z.union([z.string().max(100_000), z.number(), z.boolean(), z.null()]);

const rowsInput = z
  .array(
    z.object({
      productId: z.number().int().positive(),
      variantId: z.number().int().positive().optional(),
      fields: z
        .record(z.string().max(300), cellInput)
        .describe(
          'New values by column header, e.g. {"Price": 19.99, "Page Title": ""}; a variant row takes the Variants columns ("Price": null = use the product\'s price)',
        ),
    }),
  )
  .min(1)
  .max(MAX_AGENT_ROWS);

type Prepared = {
  credentials: { storeHash: string; accessToken: string };
  rows: z.infer<typeof rowsInput>;
};
type Preview = { counts: PreviewCounts; rows: StoredPreviewRow[] };

/** The agent's rows as the sheets an upload would have: key columns, then every header its rows name. */
function asSheets(rows: Prepared['rows']): {
  sheets: { name: SheetName; headers: string[] }[];
  input: SheetRowInput[];
} {
  const headers: Record<SheetName, Set<string>> = { Products: new Set(), Variants: new Set() };
  const input: SheetRowInput[] = rows.map((row, index) => {
    const sheet: SheetName = row.variantId === undefined ? 'Products' : 'Variants';
    const cells = new Map<string, CellValue>();
    if (sheet === 'Products') cells.set('ID', row.productId);
    else {
      cells.set('Product ID', row.productId);
      cells.set('Variant ID', row.variantId ?? null);
    }
    for (const [header, value] of Object.entries(row.fields)) {
      headers[sheet].add(header);
      cells.set(header, value);
    }
    return { sheet, row: index + 1, cells };
  });
  const sheets = (['Products', 'Variants'] as const)
    .filter((sheet) => input.some((row) => row.sheet === sheet))
    .map((sheet) => ({
      name: sheet,
      headers: [...(sheet === 'Variants' ? ['Product ID'] : []), KEY_HEADER[sheet], ...headers[sheet]],
    }));
  // Rows of one sheet together, as a file holds them.
  input.sort((a, b) => (a.sheet === b.sheet ? a.row - b.row : a.sheet === 'Products' ? -1 : 1));
  return { sheets, input };
}

async function previewRows(prepared: Prepared, context: AgentToolContext): Promise<Preview> {
  const client = context.client(prepared.credentials);
  const lookups = await readCatalogLookups(client, context.signal);
  const { sheets, input } = asSheets(prepared.rows);
  const outcome = await previewSheets({ client, lookups, signal: context.signal }, sheets, input);
  return { counts: outcome.counts, rows: outcome.rows };
}

const updateProductsTool = (deps: SpreadsheetAgentDeps) =>
  writeTool(deps, {
    name: 'update_products',
    title: 'Update products and variants',
    description: `Change any field of products and variants, as Spreadsheet Edit does with a sheet: rows of {productId, variantId?, fields: {<column header>: value}}, at most ${MAX_AGENT_ROWS}. Columns: ${ALL_COLUMN_HEADERS.filter((h) => !['ID', 'Product ID', 'Variant ID', 'Options'].includes(h)).join(', ')}, and "Custom Field: <name>" (null removes it). Brand by name, Categories as paths such as "Shoes/Running" separated by "; ". Without \`confirmation\`: the preview (counts; each changed cell with the store's value now and the value to write; errors naming the column; warnings for a price becoming 0 or moving by more than half) and a confirmation token; with that token (10 minutes): the write, as a job (rows with errors left out; a cell changed in the store since the preview is skipped; backup, progress in job_status, undo in the app).`,
    input: { storeId: storeIdInput('The store to write'), rows: rowsInput },
    confirms: 'the write, as a job',
    answers: 'job',
    jobKind: 'spreadsheet-import',
    prepare: async (args, context) => ({
      credentials: await context.credentials(args.storeId),
      rows: args.rows,
    }),
    preview: previewRows,
    shown: (preview: Preview): { counts: PreviewCounts; rows: PreviewRow[] } => ({
      counts: preview.counts,
      rows: preview.rows.map((row) => row.view),
    }),
    start: async (jobId, prepared, preview, context) => {
      const owner = `user:${context.userId}`;
      await assertRoomForJob(deps.jobStore, owner, prepared.credentials.storeHash);
      const previewId = randomUUID();
      await deps.spreadsheets.createPreview(
        {
          id: previewId,
          owner,
          storeHash: prepared.credentials.storeHash,
          exportId: null,
          counts: preview.counts,
        },
        preview.rows,
        new Date(),
        PREVIEW_TTL_MS,
      );
      return startSpreadsheetImport(deps, {
        id: jobId,
        owner,
        credentials: prepared.credentials,
        previewId,
        // No export: nothing can have changed since one.
        sinceExport: 'take-sheet',
        signal: context.signal,
      });
    },
    detail: (job, _prepared, preview) => ({
      storeHash: job.storeHash,
      jobId: job.id,
      rows: preview.counts.changed,
    }),
  });

const DEFAULT_EXPORT_COLUMNS = [
  'ID',
  'Name',
  'SKU',
  'Price',
  'Sale Price',
  'Inventory Level',
  'Visible',
  'Brand',
  'Categories',
];

const exportProductsTool = agentTool({
  name: 'export_products',
  title: 'Export products as rows',
  description: `Read products (and, when "Variant ID" is among the columns, their variants) as Spreadsheet Edit's export writes them: one row per product or variant, cells by column header (Brand by name, Categories as paths). Scope: targetOption all, category (id), brand (id) or specific (comma-separated ids), optionally one channelId. Answers the counts and the first rows; fullDump links every row as a resource. At most ${MAX_AGENT_EXPORT} products per call (use the app's export for more).`,
  access: 'read',
  input: {
    storeId: storeIdInput('The store'),
    targetOption: z.enum(['all', 'category', 'brand', 'specific']).default('all'),
    targetValue: z.string().max(20_000).optional(),
    channelId: z.number().int().positive().optional(),
    columns: z
      .array(z.string().max(300))
      .max(100)
      .default(DEFAULT_EXPORT_COLUMNS)
      .describe(`Column headers; "${ALL_CUSTOM_FIELDS}" for every custom field`),
  },
  run: async (args, context) => {
    const storeCredentials = await context.credentials(args.storeId);
    const command = parseInput(exportRequestSchema, { ...args, storeCredentials, format: 'xlsx' });
    const client = context.client(storeCredentials);
    const input: ExportInput = {
      exportId: 'agent',
      scope: command.scope,
      ...(command.channelId !== undefined ? { channelId: command.channelId } : {}),
      columns: command.columns,
      format: 'xlsx',
    };
    const lookups = await readCatalogLookups(client, context.signal);
    const layout = layoutOf(input);
    const { steps, total } = await planExport(client, input);
    const rows: Record<SheetName, Record<string, CellValue>[]> = { Products: [], Variants: [] };
    let read = 0;
    for (const step of steps) {
      if ('assemble' in step || read >= MAX_AGENT_EXPORT) break;
      const part = await readStep(client, input, step, context.signal);
      read += part.read;
      for (const { sheet, columns } of layout) {
        for (const item of sheet === 'Products' ? part.products : part.variants) {
          const fixed = columns.filter((column) => column.header !== ALL_CUSTOM_FIELDS);
          const extra = Object.keys(item.cells)
            .filter(
              (header) => isCustomFieldHeader(header) && !fixed.some((column) => column.header === header),
            )
            .map(customFieldColumn);
          const all = [...fixed, ...extra];
          const cells = rowCells(all, item.cells, lookups);
          rows[sheet].push(
            Object.fromEntries(all.map((column, index) => [column.header, cells[index] ?? null])),
          );
        }
      }
    }
    const fullDump = await context.keepDump?.({
      tool: 'export_products',
      name: 'products.json',
      description: `Products of store ${storeCredentials.storeHash} as Spreadsheet Edit exports them (${rows.Products.length} products, ${rows.Variants.length} variants)`,
      data: rows,
    });
    return {
      total,
      products: rows.Products.length,
      variants: rows.Variants.length,
      truncated: total > MAX_AGENT_EXPORT,
      sample: { products: rows.Products.slice(0, 20), variants: rows.Variants.slice(0, 20) },
      ...(fullDump ? { fullDump } : {}),
    };
  },
});

/** Spreadsheet Edit's tools: `update_products` (write) and `export_products` (read). */
export function spreadsheetEditAgentTools(deps: SpreadsheetAgentDeps): AgentTool[] {
  return [exportProductsTool, updateProductsTool(deps)];
}
