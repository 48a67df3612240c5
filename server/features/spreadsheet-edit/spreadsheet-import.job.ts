// A previewed sheet written to the store as a job (issue 45), and its undo. The first slice plans one item per
// previewed row (rows with errors are left out and listed as failed; with `sinceExport: 'keep-store'` a cell whose
// store value changed since the export is left out and listed as skipped). Each wave of up to 50 rows of one sheet
// reads its items once more, writes only the cells whose store value is still the one the preview saw (a cell that
// moved since is skipped and listed; one already at the new value, after a restart, counts as written), saves the
// values it overwrites in the job's backup, then writes products 10 per request and variants 50 per request
// (products_catalog.v3.yml updateProducts, product-variants_catalog.v3.yml updateVariantsBatch) and custom fields one
// by one. Waves are settled with the platform's compare-and-set, so a resumed job goes on from the first wave not
// settled. The undo is the same writer with the backup's values, each written back only where the job's value stands.
import { z } from 'zod';
import type { JobItemOutcome } from '../../../common/contracts/jobs';
import { MAX_SNAPSHOT_TARGETS, type SnapshotTargets } from '../../../common/contracts/store-history';
import {
  columnOf,
  customFieldName,
  liveValue,
  sameValue,
  type SheetName,
} from '../../../common/spreadsheet-edit/columns';
import { cellNote, noteValue, type CodedNote } from '../../../common/spreadsheet-edit/cell-notes';
import type { BigCommerceClient, BigCommerceClientFactory } from '../../integrations/bigcommerce';
import type { JobKindDefinition, JobUndo } from '../../jobs/job-kinds';
import type { SliceOutcome } from '../../jobs/job-queue';
import type { JobRow, JobStore } from '../../jobs/job-store';
import { isLive, jobSlice, planOnce, settleWave, sliceTimeUp, type BeforeWait } from '../../jobs/slice';
import { openCredentials, type Sealer } from '../../jobs/sealed-credentials';
import type { Logger } from '../../logger';
import type { PlannedField, SpreadsheetRepository } from './spreadsheet-repository';

/** Rows written per wave: 5 product batches of 10, or one variant batch of 50. */
export const IMPORT_WAVE = 50;

export const importInputSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('import'),
    previewId: z.string(),
    sinceExport: z.enum(['keep-store', 'take-sheet']),
    beforeSnapshotId: z.string().optional(),
  }),
  z.object({ kind: z.literal('undo'), undoOf: z.string(), beforeSnapshotId: z.string().optional() }),
]);
export type ImportInput = z.infer<typeof importInputSchema>;

/** One row to write: its key, its name and the fields (each with the value the store must still hold). */
export type ImportItem = {
  sheet: SheetName;
  row: number;
  productId: number;
  variantId?: number;
  name: string;
  fields: PlannedField[];
};

/** What the backup keeps of a row: the values it overwrote and the ones it wrote, by column. */
export type ImportBackupEntry = {
  sheet: SheetName;
  row: number;
  productId: number;
  variantId?: number;
  name: string;
  before: Record<string, unknown>;
  after: Record<string, unknown>;
};
export type ImportBackup = Record<string, ImportBackupEntry>;

const itemKey = (item: { sheet: SheetName; productId: number; variantId?: number }) =>
  item.sheet === 'Products' ? `p:${item.productId}` : `v:${item.variantId}`;

export type ImportJobDeps = {
  jobs: JobStore;
  repository: SpreadsheetRepository;
  clients: BigCommerceClientFactory;
  getCipher: () => Promise<Sealer>;
  logger: Logger;
  before?: BeforeWait;
  now?: () => Date;
};

/** Why an item was skipped or failed: a coded note (said in the reader's language on the screen), or BigCommerce's text. */
type Reason = string | CodedNote;
const reasonFields = (reason: Reason) =>
  typeof reason === 'string'
    ? { reason }
    : { reason: reason.message, reasonCode: reason.code, reasonParams: reason.params };

const rowOutcome = (
  item: { sheet: SheetName; productId: number; variantId?: number; row: number },
  name: string,
  outcome: JobItemOutcome['outcome'],
  reason: Reason,
): JobItemOutcome => ({
  kind: item.sheet === 'Products' ? 'product' : 'variant',
  key: {
    id: item.sheet === 'Products' ? item.productId : (item.variantId ?? 0),
    productId: item.productId,
    ...(item.variantId !== undefined ? { variantId: item.variantId } : {}),
    sheet: item.sheet,
    row: item.row,
  },
  name,
  outcome,
  ...reasonFields(reason),
});

const cellOutcome = (item: ImportItem, column: string, reason: CodedNote): JobItemOutcome => ({
  kind: 'cell',
  key: {
    productId: item.productId,
    ...(item.variantId !== undefined ? { variantId: item.variantId } : {}),
    sheet: item.sheet,
    row: item.row,
    column,
  },
  name: item.name,
  outcome: 'skipped',
  ...reasonFields(reason),
});

/** The plan of an import: every previewed row, those with errors failed up front, stale cells per `sinceExport`. */
async function planImport(
  repository: SpreadsheetRepository,
  input: Extract<ImportInput, { kind: 'import' }>,
): Promise<{ items: ImportItem[]; outcomes: JobItemOutcome[]; skipped: number }> {
  const items: ImportItem[] = [];
  const outcomes: JobItemOutcome[] = [];
  let skipped = 0;
  for (let after = -1; ;) {
    const page = await repository.previewRows(input.previewId, after, 1000);
    if (page.length === 0) break;
    after = page[page.length - 1]!.seq;
    for (const { row } of page) {
      const { view } = row;
      const key = {
        sheet: view.sheet,
        row: view.row,
        productId: view.key.productId,
        ...(view.key.variantId !== undefined ? { variantId: view.key.variantId } : {}),
      };
      if (view.errors.length > 0) {
        outcomes.push({
          ...rowOutcome(
            key,
            view.name,
            'failed',
            view.errors.map((error) => `${error.column}: ${error.message}`).join('; '),
          ),
          reasonNotes: view.errors,
        });
        continue;
      }
      const item: ImportItem = { ...key, name: view.name, fields: [] };
      for (const field of row.fields) {
        if (field.stale && input.sinceExport === 'keep-store') {
          outcomes.push(cellOutcome(item, field.column, cellNote('keptStoreValue')));
        } else item.fields.push(field);
      }
      if (item.fields.length === 0) {
        if (row.fields.length > 0) {
          skipped++;
          outcomes.push(rowOutcome(key, view.name, 'skipped', cellNote('allChangedSinceExport')));
        }
        continue;
      }
      items.push(item);
    }
  }
  // Products first, then variants: waves hold one sheet's rows.
  items.sort((a, b) => (a.sheet === b.sheet ? 0 : a.sheet === 'Products' ? -1 : 1));
  return { items, outcomes, skipped };
}

/** The plan of an undo: every backed-up row back to the values it had, where the job's values still stand. */
export function planUndo(backup: ImportBackup): ImportItem[] {
  const items = Object.values(backup).map((entry) => ({
    sheet: entry.sheet,
    row: entry.row,
    productId: entry.productId,
    ...(entry.variantId !== undefined ? { variantId: entry.variantId } : {}),
    name: entry.name,
    fields: Object.keys(entry.before).map((column) => ({
      column,
      field: columnOf(entry.sheet, column)?.field ?? column,
      live: entry.after[column],
      write: entry.before[column],
    })),
  }));
  items.sort((a, b) => (a.sheet === b.sheet ? 0 : a.sheet === 'Products' ? -1 : 1));
  return items;
}

/** The live products (with custom fields) or variants of a wave, by their id. */
async function readWave(
  client: BigCommerceClient,
  wave: readonly ImportItem[],
): Promise<Map<number, Record<string, unknown>>> {
  const found = new Map<number, Record<string, unknown>>();
  if (wave[0]!.sheet === 'Products') {
    const custom = wave.some((item) => item.fields.some((field) => field.field.startsWith('custom_fields.')));
    const fields = new Set(['name']);
    for (const item of wave)
      for (const field of item.fields)
        if (!field.field.startsWith('custom_fields.')) fields.add(field.field.split('.')[0]!);
    // id:in (products_catalog.v3.yml 9694), include_fields (9568), include=custom_fields.
    const page = await client.products.list({
      query: {
        'id:in': wave.map((item) => item.productId).join(','),
        include_fields: [...fields].join(','),
        ...(custom ? { include: 'custom_fields' } : {}),
      },
      limit: 250,
    });
    for (const product of page.items) found.set(product.id, product);
    return found;
  }
  const productIds = [...new Set(wave.map((item) => item.productId))];
  // product_id:in (product-variants_catalog.v3.yml getVariants).
  for (let page = 1; ; page++) {
    const answer = await client.variants.list({
      query: { 'product_id:in': productIds.join(',') },
      limit: 250,
      page,
    });
    for (const variant of answer.items) found.set(variant.id, variant);
    if (!answer.pagination || page >= answer.pagination.total_pages) break;
  }
  return found;
}

/** The body of one item's update: the fields as BigCommerce takes them (`custom_url` as an object). */
function updateBody(item: ImportItem, fields: readonly PlannedField[]): Record<string, unknown> {
  const body: Record<string, unknown> = { id: item.sheet === 'Products' ? item.productId : item.variantId };
  for (const field of fields) {
    if (field.field.startsWith('custom_fields.')) continue;
    // custom_url: {url, is_customized} (products_catalog.v3.yml customUrl_Full).
    if (field.field === 'custom_url.url') body.custom_url = { url: field.write, is_customized: true };
    else body[field.field] = field.write;
  }
  return body;
}

type WaveResult = {
  written: number;
  failed: number;
  skipped: number;
  outcomes: JobItemOutcome[];
};

/** Works one wave: checks each cell against the store, backs up, writes, and answers its outcomes. */
async function writeWave(
  deps: ImportJobDeps,
  client: BigCommerceClient,
  jobId: string,
  wave: readonly ImportItem[],
  /** The backup's entries of the wave's rows (a row backed up once keeps its first values). */
  backup: ImportBackup,
): Promise<WaveResult> {
  const live = await readWave(client, wave);
  const result: WaveResult = { written: 0, failed: 0, skipped: 0, outcomes: [] };
  const toWrite: { item: ImportItem; fields: PlannedField[]; current: Record<string, unknown> }[] = [];
  for (const item of wave) {
    const id = item.sheet === 'Products' ? item.productId : item.variantId!;
    const record = live.get(id);
    if (!record) {
      result.failed++;
      result.outcomes.push(
        rowOutcome(
          item,
          item.name,
          'failed',
          cellNote(item.sheet === 'Products' ? 'productGone' : 'variantGone'),
        ),
      );
      continue;
    }
    const fields: PlannedField[] = [];
    const current: Record<string, unknown> = {};
    let landed = 0;
    for (const field of item.fields) {
      const column = columnOf(item.sheet, field.column);
      if (!column) continue;
      const now = liveValue(column, record);
      if (sameValue(now, field.live)) {
        fields.push(field);
        current[field.column] = now;
      } else if (sameValue(now, field.write)) {
        // Already at the new value: a resumed wave that landed before its worker stopped.
        landed++;
      } else {
        result.outcomes.push(
          cellOutcome(item, field.column, cellNote('changedSincePreview', { now: noteValue(now) })),
        );
      }
    }
    if (fields.length === 0) {
      if (landed > 0) result.written++;
      else {
        result.skipped++;
        result.outcomes.push(rowOutcome(item, item.name, 'skipped', cellNote('allChangedSincePreview')));
      }
      continue;
    }
    toWrite.push({ item, fields, current });
  }
  // The values about to be overwritten, saved before anything is sent (a row backed up once keeps its first values).
  const entries: ImportBackup = {};
  for (const { item, fields, current } of toWrite) {
    const key = itemKey(item);
    const earlier = backup[key];
    entries[key] = {
      sheet: item.sheet,
      row: item.row,
      productId: item.productId,
      ...(item.variantId !== undefined ? { variantId: item.variantId } : {}),
      name: item.name,
      before: { ...current, ...(earlier?.before ?? {}) },
      after: {
        ...(earlier?.after ?? {}),
        ...Object.fromEntries(fields.map((field) => [field.column, field.write])),
      },
    };
  }
  if (Object.keys(entries).length > 0) await deps.jobs.addBackup(jobId, entries);
  const failures = new Map<string, string>();
  const batchItems = toWrite
    .map(({ item, fields }) => ({ item, body: updateBody(item, fields) }))
    .filter(({ body }) => Object.keys(body).length > 1);
  if (batchItems.length > 0) {
    const products = wave[0]!.sheet === 'Products';
    const send: BigCommerceClient['updateProductsInBatches'] = (items, options) =>
      products
        ? client.updateProductsInBatches(items, options)
        : client.updateVariantsInBatches(items, options);
    const report = await send(
      batchItems.map(({ body }) => body as { id: number }),
      {
        retry: 'job',
        onProgress: (progress) => {
          if (progress.waiting) {
            const { retry, of, waitMs } = progress.waiting;
            deps.jobs.setWaiting(jobId, { retry, of, waitMs }).catch(() => undefined);
          }
        },
      },
    );
    report.results.forEach((outcome, index) => {
      if (!outcome.ok) failures.set(itemKey(batchItems[index]!.item), outcome.error.message);
    });
  }
  // Custom fields, one request each (products_catalog.v3.yml createCustomField, updateCustomField, deleteCustomField).
  for (const { item, fields } of toWrite) {
    if (failures.has(itemKey(item))) continue;
    const custom = fields.filter((field) => field.field.startsWith('custom_fields.'));
    if (custom.length === 0) continue;
    const record = live.get(item.productId) ?? {};
    const existing =
      (record.custom_fields as { id: number; name: string; value: string }[] | undefined) ?? [];
    try {
      for (const field of custom) {
        const name = customFieldName(field.column);
        const found = existing.find((entry) => entry.name === name);
        if (field.write === null) {
          if (found) await client.products.customFields.delete(item.productId, found.id);
        } else if (found) {
          await client.products.customFields.update(item.productId, found.id, { value: field.write });
        } else {
          await client.products.customFields.create(item.productId, { name, value: field.write });
        }
      }
    } catch (error) {
      failures.set(itemKey(item), error instanceof Error ? error.message : String(error));
    }
  }
  for (const { item } of toWrite) {
    const failure = failures.get(itemKey(item));
    if (failure) {
      result.failed++;
      result.outcomes.push(rowOutcome(item, item.name, 'failed', failure));
    } else result.written++;
  }
  return result;
}

function importSlice(deps: ImportJobDeps) {
  const now = deps.now ?? (() => new Date());
  return jobSlice(
    { jobs: deps.jobs, logger: deps.logger, now, ...(deps.before ? { before: deps.before } : {}) },
    {
      unexpected: 'The import stopped on an unexpected error. Please try again.',
      logged: 'spreadsheet slice failed',
    },
    async (row: JobRow): Promise<SliceOutcome> => {
      const cipher = await deps.getCipher();
      if (!row.credentialsSealed) throw new Error('The job has no store credentials left');
      const credentials = openCredentials(cipher, row.id, row.credentialsSealed);
      const client = deps.clients.forStore(credentials.target, { caller: row.owner });
      const input = importInputSchema.parse(row.input);
      const planned = await planOnce<ImportItem>(deps.jobs, row, now, async () => {
        if (input.kind === 'import') {
          const { items, outcomes, skipped } = await planImport(deps.repository, input);
          const failed = outcomes.filter(
            (outcome) => outcome.outcome === 'failed' && outcome.kind !== 'cell',
          );
          // Rows left as the store has them are skipped, not written (the result's exact counts).
          return {
            items,
            total: items.length + failed.length + skipped,
            skipped,
            outcomes,
            skippedApart: true,
          };
        }
        const undone = await deps.jobs.get(input.undoOf);
        const items = planUndo((undone?.backup as ImportBackup | undefined) ?? {});
        return { items, total: items.length, skipped: 0, outcomes: [] };
      });
      if (!planned) return 'finished';
      const plan = planned.plan;
      let checkpoint = planned.checkpoint;
      const started = Date.now();
      const end = async (_row: JobRow, state: 'cancelled') => deps.jobs.finish(row.id, state, now());
      while (checkpoint < plan.length) {
        // The state alone between waves, and the backup of the wave's rows alone (issue 45: memory flat in the sheet's size).
        if (!(await isLive(deps.jobs, row.id, end))) return 'finished';
        const sheet = plan[checkpoint]!.sheet;
        let stop = checkpoint;
        while (stop < plan.length && stop - checkpoint < IMPORT_WAVE && plan[stop]!.sheet === sheet) stop++;
        const wave = plan.slice(checkpoint, stop);
        const earlier = (await deps.jobs.backupEntries(row.id, wave.map(itemKey))) as ImportBackup;
        const result = await writeWave(deps, client, row.id, wave, earlier);
        const settled = await settleWave(deps.jobs, row.id, {
          from: checkpoint,
          checkpoint: stop,
          succeeded: result.written,
          failed: result.failed,
          skipped: result.skipped,
          outcomes: result.outcomes,
        });
        if (!settled) return 'finished';
        checkpoint = settled.checkpoint;
        if (checkpoint < plan.length && sliceTimeUp(started)) return 'more';
      }
      await deps.jobs.finish(row.id, 'done', now());
      return 'finished';
    },
  );
}

/** What a job touches, for its before-job snapshot: its products by id, or every product past one snapshot's bound. */
export function importTargets(productIds: readonly number[]): SnapshotTargets {
  const ids = [...new Set(productIds)];
  return ids.length <= MAX_SNAPSHOT_TARGETS ? { products: ids } : { productsWhere: {} };
}

/** What an undo would write back now: each backed-up row's cells, from the job's value to the one before. */
async function undoPreview(row: JobRow, client: BigCommerceClient) {
  const items = planUndo(row.backup as ImportBackup);
  const rows: {
    sheet: SheetName;
    row: number;
    productId: number;
    variantId?: number;
    name: string;
    changes: { column: string; now: unknown; back: unknown }[];
    skipped: string[];
  }[] = [];
  for (let i = 0; i < items.length;) {
    let end = i;
    while (end < items.length && end - i < IMPORT_WAVE && items[end]!.sheet === items[i]!.sheet) end++;
    const wave = items.slice(i, end);
    const live = await readWave(client, wave);
    for (const item of wave) {
      const record = live.get(item.sheet === 'Products' ? item.productId : item.variantId!);
      const changes: { column: string; now: unknown; back: unknown }[] = [];
      const skipped: string[] = [];
      for (const field of item.fields) {
        const column = columnOf(item.sheet, field.column);
        if (!column || !record) continue;
        const now = liveValue(column, record);
        if (sameValue(now, field.live)) changes.push({ column: field.column, now, back: field.write });
        else if (!sameValue(now, field.write)) skipped.push(field.column);
      }
      rows.push({
        sheet: item.sheet,
        row: item.row,
        productId: item.productId,
        ...(item.variantId !== undefined ? { variantId: item.variantId } : {}),
        name: item.name,
        changes,
        skipped,
      });
    }
    i = end;
  }
  return { total: items.length, rows: rows.slice(0, 1000) };
}

export function spreadsheetImportJobKinds(deps: ImportJobDeps): JobKindDefinition[] {
  const slice = importSlice(deps);
  const undo: JobUndo = {
    kind: 'spreadsheet-undo',
    preview: undoPreview,
    input: (row): ImportInput => ({ kind: 'undo', undoOf: row.id }),
    before: (row) => importTargets(Object.values(row.backup as ImportBackup).map((entry) => entry.productId)),
  };
  const backup = (row: JobRow) => ({
    jobId: row.id,
    storeHash: row.storeHash,
    rows: Object.values(row.backup as ImportBackup),
  });
  return (['spreadsheet-import', 'spreadsheet-undo'] as const).map((kind) => ({
    kind,
    slice,
    input: importInputSchema,
    backup,
    undo,
  }));
}
