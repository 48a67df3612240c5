// The rows an import could not write, as a sheet to fix and upload again (issue 45): per sheet, its key columns, the
// row's name, every column the failed rows were to change (the sheet's own cells) and the reason in a last column.
import { PassThrough, Readable } from 'node:stream';
import type { JobItemOutcome } from '../../../common/contracts/jobs';
import type { CellValue, SheetName } from '../../../common/spreadsheet-edit/columns';
import type { JobRow } from '../../jobs/job-store';
import type { ImportItem } from './spreadsheet-import.job';
import { exportContentType } from './sheet-io/sheet-io';
import { createSheetWriter } from './sheet-io/sheet-writer';

const REASON = 'Reason';
const KEYS: Record<SheetName, string[]> = {
  Products: ['ID', 'Name'],
  Variants: ['Product ID', 'Variant ID', 'Name'],
};

type FailedRow = {
  sheet: SheetName;
  productId: number;
  variantId?: number;
  name: string;
  reason: string;
  row: number;
};

function failedRowsOf(outcomes: readonly JobItemOutcome[]): FailedRow[] {
  return outcomes.flatMap((outcome) => {
    if (outcome.outcome !== 'failed' || (outcome.kind !== 'product' && outcome.kind !== 'variant')) return [];
    const key = outcome.key as { productId?: number; variantId?: number; sheet?: SheetName; row?: number };
    return [
      {
        sheet: key.sheet ?? (outcome.kind === 'product' ? 'Products' : 'Variants'),
        productId: key.productId ?? 0,
        ...(key.variantId !== undefined ? { variantId: key.variantId } : {}),
        name: outcome.name,
        reason: outcome.reason ?? '',
        row: key.row ?? 0,
      },
    ];
  });
}

/** The failed rows' sheet of an import job, as an XLSX stream. */
export function failedRowsSheet(job: JobRow): {
  body: ReadableStream;
  fileName: string;
  contentType: string;
} {
  const failed = failedRowsOf((job.outcomes as JobItemOutcome[] | null) ?? []);
  const plan = (job.plan as ImportItem[] | null) ?? [];
  const planned = new Map(plan.map((item) => [`${item.sheet}:${item.row}`, item]));
  const sheets: { name: SheetName; headers: string[] }[] = [];
  for (const name of ['Products', 'Variants'] as const) {
    const rows = failed.filter((row) => row.sheet === name);
    if (rows.length === 0 && !(name === 'Products' && failed.length === 0)) continue;
    const columns: string[] = [];
    for (const row of rows) {
      for (const field of planned.get(`${name}:${row.row}`)?.fields ?? []) {
        if (!columns.includes(field.column)) columns.push(field.column);
      }
    }
    sheets.push({ name, headers: [...KEYS[name], ...columns, REASON] });
  }
  const out = new PassThrough();
  const writer = createSheetWriter(out, { format: 'xlsx', sheets, exportId: `failed-rows-${job.id}` });
  void (async () => {
    try {
      for (const sheet of sheets) {
        for (const row of failed.filter((entry) => entry.sheet === sheet.name)) {
          const cells = new Map<string, CellValue>(
            (planned.get(`${sheet.name}:${row.row}`)?.fields ?? []).map((field) => [
              field.column,
              field.cell ?? null,
            ]),
          );
          const values: CellValue[] = sheet.headers.map((header) => {
            if (header === 'ID' || header === 'Product ID') return row.productId;
            if (header === 'Variant ID') return row.variantId ?? null;
            if (header === 'Name') return row.name;
            if (header === REASON) return row.reason;
            return cells.get(header) ?? null;
          });
          await writer.addRow(sheet.name, values);
        }
      }
      await writer.finish();
    } catch (error) {
      out.destroy(error instanceof Error ? error : new Error(String(error)));
    }
  })();
  return {
    body: Readable.toWeb(out) as ReadableStream,
    fileName: 'failed-rows.xlsx',
    contentType: exportContentType('xlsx', sheets),
  };
}
