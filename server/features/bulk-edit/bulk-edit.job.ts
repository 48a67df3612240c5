// A bulk edit as a job (issue 12): each slice works waves of 40 products (4 requests of 10) from the job's
// checkpoint. Before a wave is sent its previous values are saved in the job's backup; after the answer the counts,
// the failed products (the job's outcomes) and the checkpoint are saved in one write. A slice that finds its first
// wave already backed up is a resumed one (its worker died after sending): it re-reads those products and writes
// only those not yet at the new value, so nothing is written twice. Cancel is looked at between waves.
import { z } from 'zod';
import type { BulkEditError } from '../../../common/contracts/bulk-edit';
import type { JobKind } from '../../../common/contracts/jobs';
import { MAX_SNAPSHOT_TARGETS, type SnapshotTargets } from '../../../common/contracts/store-history';
import { type BigCommerceClient, type BigCommerceClientFactory } from '../../integrations/bigcommerce';
import type { JobKindDefinition, JobUndo } from '../../jobs/job-kinds';
import { failedItem, type JobRow, type JobStore } from '../../jobs/job-store';
import { jobSlice, planOnce, sliceTimeUp, type BeforeWait } from '../../jobs/slice';
import { openCredentials, type Sealer, type SealedCredentials } from '../../jobs/sealed-credentials';
import type { SliceHandler, SliceOutcome } from '../../jobs/job-queue';
import type { Logger } from '../../logger';
import {
  planEdit,
  readSourceDescription,
  resolveScope,
  toPreview,
  touchedBy,
  type Backup,
  type EditField,
  type Plan,
  type PlanItem,
} from './bulk-edit.service';
import type { Scope } from '../../../common/contracts/bulk-edit';

/** Products written at once: 8 batches of 10, in flight together through the store's scheduler. */
export const WAVE_SIZE = 80;

const scopeSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('category'), categoryId: z.number().int() }),
  z.object({ kind: z.literal('brand'), brandId: z.number().int() }),
  z.object({ kind: z.literal('specific'), productIds: z.array(z.number().int()) }),
  z.object({ kind: z.literal('all') }),
]) satisfies z.ZodType<Scope>;

/** What a job's `input` holds (no secret), as stored in the job row. */
export const bulkEditInputSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('reset-page-title'), field: z.literal('page_title'), scope: scopeSchema }),
  z.object({
    kind: z.literal('copy-description'),
    field: z.literal('description'),
    scope: scopeSchema,
    sourceProductId: z.number().int(),
    sourceStoreHash: z.string(),
  }),
  z.object({ kind: z.literal('undo'), field: z.enum(['description', 'page_title']), undoOf: z.string() }),
]);
export type BulkEditInput = z.infer<typeof bulkEditInputSchema>;

export type BulkEditJobDeps = {
  store: JobStore;
  clients: BigCommerceClientFactory;
  getCipher: () => Promise<Sealer>;
  logger: Logger;
  now?: () => Date;
  /**
   * Tests only: called at each point where a worker may die (before a wave is sent, after it landed and before it is
   * settled, after it is settled). A test makes it never return, as a killed process would, and runs the slice again.
   */
  faults?: (point: FaultPoint, jobId: string) => Promise<void>;
  /** How a job waits for its before-job snapshot (Store History); left out, it does not wait. */
  before?: BeforeWait;
};

/** Where a slice may stop for good (issue 29's crash points). */
export type FaultPoint = 'before-send' | 'before-settle' | 'after-settle';

/** The plan of an undo: each backed-up product back to its saved value, if it is not there already. */
export async function planUndo(
  client: BigCommerceClient,
  backup: Backup,
  field: EditField,
  signal?: AbortSignal,
): Promise<Plan> {
  const ids = Object.keys(backup).map(Number);
  const resolved = await resolveScope(client, { kind: 'specific', productIds: ids }, field, signal);
  const items: PlanItem[] = [];
  for (const product of resolved.products) {
    const saved = backup[String(product.id)];
    if (saved && product.value !== saved.value) {
      items.push({ id: product.id, name: product.name, current: product.value, next: saved.value });
    }
  }
  return {
    items,
    total: ids.length,
    skipped: resolved.products.length - items.length,
    errors: resolved.notFound.map((id) => ({
      productId: id,
      name: null,
      reason: 'Product not found in the store',
    })),
  };
}

export function bulkEditSlice(deps: BulkEditJobDeps): SliceHandler {
  const now = deps.now ?? (() => new Date());
  return jobSlice(
    { jobs: deps.store, logger: deps.logger, now, ...(deps.before ? { before: deps.before } : {}) },
    { unexpected: 'The job stopped on an unexpected error. Please try again.', logged: 'job slice failed' },
    (row) => runSlice(deps, row, now),
  );
}

async function runSlice(deps: BulkEditJobDeps, row: JobRow, now: () => Date): Promise<SliceOutcome> {
  const cipher = await deps.getCipher();
  if (!row.credentialsSealed) throw new Error('The job has no store credentials left');
  const credentials = openCredentials(cipher, row.id, row.credentialsSealed);
  const client = deps.clients.forStore(credentials.target, { caller: row.owner });
  const input = bulkEditInputSchema.parse(row.input);
  const field = input.field;

  const planned = await planOnce<PlanItem>(deps.store, row, now, async () => {
    const { items, total, skipped, errors } = await makePlan(deps, client, credentials, input, row);
    return { items, total, skipped, outcomes: errors.map(failedItem) };
  });
  if (!planned) return 'finished';
  const { plan } = planned;
  let checkpoint = planned.checkpoint;
  let backup = planned.row.backup as Backup;

  const started = Date.now();
  let first = true;
  while (checkpoint < plan.length) {
    const fresh = await deps.store.get(row.id);
    if (!fresh || fresh.cancelRequested) {
      await deps.store.finish(row.id, 'cancelled', now());
      return 'finished';
    }
    const wave = plan.slice(checkpoint, checkpoint + WAVE_SIZE);
    let toWrite = wave;
    let alreadyDone = 0;
    if (first && wave.some((item) => backup[String(item.id)] !== undefined)) {
      // A resumed slice: the wave may have landed before the worker died. Write only what is not there yet.
      const resolved = await resolveScope(
        client,
        { kind: 'specific', productIds: wave.map((i) => i.id) },
        field,
      );
      const current = new Map(resolved.products.map((p) => [p.id, p.value]));
      toWrite = wave.filter((item) => current.get(item.id) !== item.next);
      alreadyDone = wave.length - toWrite.length;
    }
    first = false;
    const entries: Backup = {};
    for (const item of toWrite) {
      if (backup[String(item.id)] === undefined)
        entries[String(item.id)] = { name: item.name, value: item.current };
    }
    if (Object.keys(entries).length > 0) {
      await deps.store.addBackup(row.id, entries);
      backup = { ...backup, ...entries };
    }
    await deps.faults?.('before-send', row.id);
    const { written, errors } = await writeWave(client, row.id, deps.store, field, toWrite);
    await deps.faults?.('before-settle', row.id);
    const from = checkpoint;
    checkpoint += wave.length;
    const settled = await deps.store.settleBatch(row.id, {
      from,
      checkpoint,
      succeeded: alreadyDone + written,
      failed: errors.length,
      outcomes: errors.map(failedItem),
    });
    if (!settled) {
      // Another slice of this job settled the wave first (an expired slice and its retry both ran, issue 29): the
      // wave is counted once, by that slice. Go on from where the row says, checking the next wave against the store
      // as a resumed slice does, since that slice may have sent it already (or died after settling).
      const fresh = await deps.store.get(row.id);
      if (!fresh || ['done', 'failed', 'cancelled'].includes(fresh.state)) return 'finished';
      checkpoint = fresh.checkpoint;
      backup = fresh.backup as Backup;
      first = true;
      continue;
    }
    await deps.faults?.('after-settle', row.id);
    if (checkpoint < plan.length && sliceTimeUp(started)) return 'more';
  }
  await deps.store.finish(row.id, 'done', now());
  return 'finished';
}

/** Rounds of "read the store, send what did not land" after dropped connections, before giving up on a product. */
const VERIFY_ROUNDS = 4;

/**
 * Writes a wave. A batch whose connection dropped after it was sent is not resent blindly: the products are read
 * from the store, those already at the new value count as written, and only the others go again.
 */
async function writeWave(
  client: BigCommerceClient,
  jobId: string,
  store: JobStore,
  field: EditField,
  items: PlanItem[],
): Promise<{ written: number; errors: BulkEditError[] }> {
  const errors: BulkEditError[] = [];
  let written = 0;
  let pending = items;
  for (let round = 0; pending.length > 0; round++) {
    const byId = new Map(pending.map((item) => [item.id, item]));
    const report = await client.updateProductsInBatches(
      pending.map((item) => ({ id: item.id, [field]: item.next })),
      {
        retry: 'job',
        verifyBeforeResend: true,
        onProgress: (progress) => {
          if (progress.waiting) {
            const { retry, of, waitMs } = progress.waiting;
            // Only shown to the user: a failed write of it must not fail the job (nor go unhandled).
            store.setWaiting(jobId, { retry, of, waitMs }).catch(() => undefined);
          }
        },
      },
    );
    const uncertain: { item: PlanItem; reason: string }[] = [];
    for (const result of report.results) {
      const item = byId.get(result.id);
      if (!item) continue;
      byId.delete(result.id);
      if (result.ok) written++;
      else if (['bc_network', 'bc_timeout'].includes(result.error.code) && result.error.mayHaveBeenApplied) {
        uncertain.push({ item, reason: result.error.message });
      } else errors.push({ productId: item.id, name: item.name, reason: result.error.message });
    }
    // Every product gets an outcome, so the counts add up to the total (issue 29): one the report left out failed.
    for (const item of byId.values()) {
      errors.push({
        productId: item.id,
        name: item.name,
        reason: 'BigCommerce did not answer for this product',
      });
    }
    if (uncertain.length === 0) break;
    const ids = uncertain.map(({ item }) => item.id);
    const resolved = await resolveScope(client, { kind: 'specific', productIds: ids }, field);
    const current = new Map(resolved.products.map((product) => [product.id, product.value]));
    const landed = uncertain.filter(({ item }) => current.get(item.id) === item.next);
    written += landed.length;
    const again = uncertain.filter(({ item }) => current.get(item.id) !== item.next);
    if (round + 1 >= VERIFY_ROUNDS) {
      for (const { item, reason } of again) errors.push({ productId: item.id, name: item.name, reason });
      break;
    }
    pending = again.map(({ item }) => item);
  }
  return { written, errors };
}

async function makePlan(
  deps: BulkEditJobDeps,
  client: BigCommerceClient,
  credentials: SealedCredentials,
  input: BulkEditInput,
  row: JobRow,
): Promise<Plan> {
  switch (input.kind) {
    case 'reset-page-title':
      return planEdit(await resolveScope(client, input.scope, 'page_title'), '');
    case 'copy-description': {
      const source = deps.clients.forStore(credentials.source ?? credentials.target, { caller: row.owner });
      const description = await readSourceDescription(source, input.sourceProductId);
      const sameStore = (credentials.source ?? credentials.target).storeHash === credentials.target.storeHash;
      return planEdit(
        await resolveScope(client, input.scope, 'description'),
        description,
        sameStore ? input.sourceProductId : undefined,
      );
    }
    case 'undo': {
      const undone = await deps.store.get(input.undoOf);
      return planUndo(client, (undone?.backup as Backup | undefined) ?? {}, input.field);
    }
  }
}

/**
 * What an undo touches (its before-job snapshot, issue 32): the products the job backed up, or, past what one snapshot
 * names by id, the job's own scope (an undo of an undo: every product).
 */
export function undoTargets(row: JobRow): SnapshotTargets {
  const ids = Object.keys(row.backup as Backup).map(Number);
  if (ids.length <= MAX_SNAPSHOT_TARGETS) return { products: ids };
  const input = bulkEditInputSchema.parse(row.input);
  return input.kind === 'undo' ? { productsWhere: {} } : touchedBy(input.scope);
}

/** The field a bulk-edit job wrote (its undo writes it back). */
const fieldOf = (row: JobRow): EditField => bulkEditInputSchema.parse(row.input).field;

/**
 * The bulk edits' job kinds (issue 30: registered with the platform, which imports no feature): Reset Page Title
 * and Copy Description back up what they overwrite, download it and undo it; an undo is a job of its own.
 */
export function bulkEditJobKinds(deps: BulkEditJobDeps): JobKindDefinition[] {
  const slice = bulkEditSlice(deps);
  const undo: JobUndo = {
    kind: 'undo',
    preview: async (row, client) => {
      const field = fieldOf(row);
      return toPreview(await planUndo(client, row.backup as Backup, field), field);
    },
    input: (row): BulkEditInput => ({ kind: 'undo', field: fieldOf(row), undoOf: row.id }),
    before: undoTargets,
  };
  const backup = (row: JobRow) => ({
    jobId: row.id,
    storeHash: row.storeHash,
    field: fieldOf(row),
    products: Object.entries(row.backup as Backup).map(([id, saved]) => ({
      id: Number(id),
      name: saved.name,
      value: saved.value,
    })),
  });
  const kinds: JobKind[] = ['reset-page-title', 'copy-description', 'undo'];
  return kinds.map((kind) => ({ kind, slice, input: bulkEditInputSchema, backup, undo }));
}
